/**
 * Where the membership page returns after a successful payment (spec 001 §4: "the user returns to
 * the stored previous route, or home"). Pages that send a user to the membership page store where
 * they were with rememberReturnRoute (or pass `state.from` when navigating).
 */
const STORAGE_KEY = 'vipReturnRoute';
export const HOME_ROUTE = '/homeindex';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers a route of this app (a path starting with "/", not the membership pages themselves). */
export function rememberReturnRoute(path: string): void {
  if (!isReturnable(path)) return;
  storage()?.setItem(STORAGE_KEY, path);
}

export function isReturnable(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/openVip')
  );
}

/** The stored route (once: it is cleared), or home. */
export function takeReturnRoute(): string {
  const store = storage();
  const stored = store?.getItem(STORAGE_KEY) ?? null;
  store?.removeItem(STORAGE_KEY);
  return isReturnable(stored) ? stored : HOME_ROUTE;
}
