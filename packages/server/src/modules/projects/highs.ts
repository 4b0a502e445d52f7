import type { Highs } from '@pvplan/engine';

let highsPromise: Promise<Highs> | null = null;

/** The HiGHS LP solver (WebAssembly), loaded once per process and shared by every calculation. */
export function loadHighs(): Promise<Highs> {
  highsPromise ??= (async () => {
    const loader = (await import('highs')).default as unknown as () => Promise<Highs>;
    return loader();
  })().catch((error: unknown) => {
    highsPromise = null;
    throw error;
  });
  return highsPromise;
}
