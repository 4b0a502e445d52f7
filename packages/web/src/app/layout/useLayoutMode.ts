import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

/** Viewports at most this wide get the mobile layout (spec 000 §2). */
export const MOBILE_MAX_WIDTH_PX = 800;
const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

function subscribeWidth(listener: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Mobile by user agent or by a viewport of at most 800 px. */
export function useIsMobile(): boolean {
  const narrow = useSyncExternalStore(subscribeWidth, () => window.matchMedia(MOBILE_QUERY).matches);
  return narrow || MOBILE_AGENT.test(navigator.userAgent);
}

function subscribeFullscreen(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

export function useIsFullscreen(): boolean {
  return useSyncExternalStore(subscribeFullscreen, () => document.fullscreenElement !== null);
}

export async function toggleFullscreen(): Promise<void> {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch (error) {
    console.warn('[fullscreen] refused', error);
  }
}

/** Whether the URL asks for the embedded view (spec 000 §2: the URL contains `embed`). */
export function useIsEmbedded(): boolean {
  // Re-rendered on every navigation through useLocation; the answer is read from the address itself.
  useLocation();
  return window.location.href.includes('embed');
}
