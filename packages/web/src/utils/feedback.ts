import type { App } from 'antd';

type AppApis = ReturnType<typeof App.useApp>;

/** Identical toasts within this window are shown once (spec 000 §9). */
export const TOAST_DEDUP_MS = 3000;

/** Remembers when each text was last shown; answers whether it may be shown now. */
export function createDeduper(windowMs: number, now: () => number = Date.now): (key: string) => boolean {
  const lastShown = new Map<string, number>();
  return (key) => {
    const time = now();
    for (const [seen, at] of lastShown) if (time - at >= windowMs) lastShown.delete(seen);
    if (lastShown.has(key)) return false;
    lastShown.set(key, time);
    return true;
  };
}

type ToastType = 'success' | 'error' | 'warning' | 'info';

type FeedbackApis = Pick<AppApis, 'message' | 'modal'>;

let apis: FeedbackApis | null = null;
const mayShow = createDeduper(TOAST_DEDUP_MS);

/** Called once by the app shell with antd's context-aware APIs (App.useApp()). */
export function bindFeedback(next: FeedbackApis | null): void {
  apis = next;
}

/** A toast from anywhere (request layer, pages); identical ones within 3 s are dropped. */
export function toast(type: ToastType, text: string, durationSeconds?: number): void {
  if (!text || !mayShow(`${type}:${text}`)) return;
  if (!apis) {
    console.warn(`[toast:${type}] ${text}`);
    return;
  }
  void apis.message.open({ type, content: text, duration: durationSeconds });
}

export function modalApi(): AppApis['modal'] | null {
  return apis?.modal ?? null;
}
