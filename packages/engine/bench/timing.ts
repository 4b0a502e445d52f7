/** Timing helpers shared by the benches. */

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Wall time of each of `runs` calls of `fn`, ms. */
export function time(runs: number, fn: () => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Median wall time of `runs` calls of `fn`, ms. */
export function timeMs(runs: number, fn: () => void): number {
  return median(time(runs, fn));
}
