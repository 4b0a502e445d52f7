/**
 * Rainflow cycle counting, ASTM E1049-85 (reapproved 2017), "Standard Practices for Cycle Counting
 * in Fatigue Analysis", §5.4.4 (rainflow counting for a history that is not repeated: the residue
 * is counted as half cycles).
 */

/** One counted range: `count` is 1 (full cycle) or 0.5 (half cycle). */
export interface RainflowCycle {
  /** |peak − valley| in the unit of the series. */
  readonly range: number;
  /** (peak + valley) / 2. */
  readonly mean: number;
  readonly count: 0.5 | 1;
}

/** Peaks and valleys of a series (ASTM §3.2.10/§3.2.14): the first and last points, and every slope reversal; plateaus collapse. */
export function turningPoints(series: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < series.length; i++) {
    const v = series[i]!;
    const k = out.length;
    if (k > 0 && v === out[k - 1]) continue;
    if (k >= 2 && (out[k - 1]! - out[k - 2]!) * (v - out[k - 1]!) > 0) {
      out[k - 1] = v; // same direction: the previous point was not a reversal
      continue;
    }
    out.push(v);
  }
  return out;
}

/**
 * Rainflow cycles in extraction order (ASTM E1049-85 §5.4.4): with X the most recent range and Y
 * the range before it, while X ≥ Y count Y — as half a cycle (and drop its first point) if it
 * contains the starting point, else as a full cycle (dropping both its points); at the end each
 * remaining range is half a cycle.
 * @param series load history (here: state of charge)
 */
export function rainflowCycles(series: ArrayLike<number>): RainflowCycle[] {
  const pts = turningPoints(series);
  const stack: number[] = [];
  const out: RainflowCycle[] = [];
  const push = (a: number, b: number, count: 0.5 | 1) =>
    out.push({ range: Math.abs(a - b), mean: (a + b) / 2, count });
  for (const p of pts) {
    stack.push(p);
    while (stack.length >= 3) {
      const k = stack.length;
      const x = Math.abs(stack[k - 1]! - stack[k - 2]!);
      const y = Math.abs(stack[k - 2]! - stack[k - 3]!);
      if (x < y) break;
      if (k === 3) {
        // Y contains the starting point S: half cycle, S moves to Y's second point.
        push(stack[0]!, stack[1]!, 0.5);
        stack.shift();
      } else {
        push(stack[k - 3]!, stack[k - 2]!, 1);
        stack.splice(k - 3, 2);
      }
    }
  }
  for (let i = 0; i + 1 < stack.length; i++) push(stack[i]!, stack[i + 1]!, 0.5);
  return out;
}

/** Cycle counts summed by range, ascending (ASTM Table 4 layout). */
export function rainflowHistogram(cycles: readonly RainflowCycle[]): { range: number; count: number }[] {
  const m = new Map<number, number>();
  for (const c of cycles) m.set(c.range, (m.get(c.range) ?? 0) + c.count);
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([range, count]) => ({ range, count }));
}
