const KEY = 'routeQueries';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Remembers the query a page was last shown with, so a breadcrumb link can restore it (spec 000 §2). */
export function rememberQuery(pathname: string, search: string): void {
  const all = read();
  all[pathname] = search;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage disabled: breadcrumb links open the page without its query.
  }
}

export function savedQuery(pathname: string): string {
  return read()[pathname] ?? '';
}
