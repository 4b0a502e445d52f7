import { useEffect } from 'react';

declare const __APP_VERSION__: string;

/** How often the deployed version is checked. */
export const VERSION_CHECK_MS = 60_000;
const VERSION_KEY = 'appVersion';

/** The version this page runs (set at build time). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/**
 * New application version → reload (spec 000 §4). The build writes `version.json`; a version
 * differing from the one this page was built with (or from the stored one) reloads the page.
 */
export function useVersionWatch(): void {
  useEffect(() => {
    try {
      localStorage.setItem(VERSION_KEY, APP_VERSION);
    } catch {
      // Storage disabled: the check below still compares against the running build.
    }
    if (APP_VERSION === 'dev') return undefined;
    const check = async () => {
      try {
        const response = await fetch(`${import.meta.env.BASE_URL}version.json?t=${Date.now()}`, {
          cache: 'no-store',
        });
        if (!response.ok) return;
        const deployed = ((await response.json()) as { version?: unknown }).version;
        if (typeof deployed === 'string' && deployed !== APP_VERSION) window.location.reload();
      } catch {
        // Offline or mid-deploy: try again at the next tick.
      }
    };
    const timer = setInterval(() => void check(), VERSION_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
