import { useRef } from 'react';

/** Wraps `action` so it runs at most once per `intervalMs` (spec 000 §9: notification click 2 s). */
export function useThrottledAction(action: () => void, intervalMs: number): () => void {
  const lastRun = useRef(0);
  return () => {
    const now = Date.now();
    if (now - lastRun.current < intervalMs) return;
    lastRun.current = now;
    action();
  };
}
