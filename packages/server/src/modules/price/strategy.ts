import type { StrategyCycle, StrategyWindow, TouPeriodCode } from '@pvplan/contract';
import { slotRangeLabel } from './tou-grid';

/** A storage system for the daily arbitrage strategy. */
export interface StorageParams {
  readonly powerKw: number;
  readonly energyKwh: number;
  /** Usable share of the nameplate energy, 0–1. */
  readonly depthOfDischarge: number;
  /** AC–AC round-trip efficiency, 0–1. */
  readonly roundTripEfficiency: number;
}

/**
 * The day's price windows: maximal runs of equal period over the 48 half-hour slots, in day order;
 * the last run joins the first when both have the same period (the day repeats).
 * @param periods 48 period codes; @param prices 48 marginal prices, yuan/kWh (equal within a period)
 */
export function priceWindows(periods: ArrayLike<number>, prices: ArrayLike<number>): StrategyWindow[] {
  const n = periods.length;
  const runs: Array<{ from: number; count: number }> = [];
  let start = 0;
  for (let slot = 1; slot <= n; slot += 1) {
    if (slot === n || periods[slot] !== periods[start]) {
      runs.push({ from: start, count: slot - start });
      start = slot;
    }
  }
  if (runs.length > 1) {
    const first = runs[0]!;
    const last = runs[runs.length - 1]!;
    if (periods[first.from] === periods[last.from]) {
      runs.pop();
      runs[0] = { from: last.from, count: last.count + first.count };
    }
  }
  return runs.map((run) => ({
    fromSlot: run.from,
    slotCount: run.count,
    period: periods[run.from] as TouPeriodCode,
    priceYuanPerKwh: prices[run.from] as number,
    label: slotRangeLabel(run.from, run.count),
  }));
}

/**
 * One charge/discharge cycle: the energy delivered is limited by the usable energy, by the discharge
 * window (P × hours) and by what the charge window can store (P × hours × η). Revenue
 * = E_dis × p_dis − (E_dis / η) × p_ch (china-domain.md §4.4); null when it is not positive.
 */
export function cycleValue(
  charge: StrategyWindow,
  discharge: StrategyWindow,
  storage: StorageParams,
): StrategyCycle | null {
  const eta = storage.roundTripEfficiency;
  const usableKwh = storage.energyKwh * storage.depthOfDischarge;
  const dischargeKwh = Math.min(
    usableKwh,
    storage.powerKw * (discharge.slotCount / 2),
    storage.powerKw * (charge.slotCount / 2) * eta,
  );
  const revenue = dischargeKwh * discharge.priceYuanPerKwh - (dischargeKwh / eta) * charge.priceYuanPerKwh;
  if (!(revenue > 1e-9)) return null;
  return { charge, discharge, dischargeKwh, revenueYuanPerDay: revenue };
}

const total = (cycles: readonly StrategyCycle[]) =>
  cycles.reduce((sum, cycle) => sum + cycle.revenueYuanPerDay, 0);

/**
 * The best daily arbitrage with one cycle (一充一放) and with up to two (两充两放). Two cycles must
 * follow each other round the clock: charge₁ → discharge₁ → charge₂ → discharge₂ → charge₁ next day,
 * each in a different window; the battery is empty at the start of each charge.
 */
export function dayStrategy(
  windows: readonly StrategyWindow[],
  storage: StorageParams,
): { oneCycle: StrategyCycle[]; best: StrategyCycle[] } {
  const w = windows.length;
  let one: StrategyCycle[] = [];
  for (let c = 0; c < w; c += 1) {
    for (let d = 0; d < w; d += 1) {
      if (c === d) continue;
      const cycle = cycleValue(windows[c]!, windows[d]!, storage);
      if (cycle && cycle.revenueYuanPerDay > total(one)) one = [cycle];
    }
  }
  let best = one;
  // Windows in circular order starting at c1: offsets 0 < a < b < e < w.
  for (let c1 = 0; c1 < w; c1 += 1) {
    for (let a = 1; a < w; a += 1) {
      for (let b = a + 1; b < w; b += 1) {
        for (let e = b + 1; e < w; e += 1) {
          const first = cycleValue(windows[c1]!, windows[(c1 + a) % w]!, storage);
          const second = cycleValue(windows[(c1 + b) % w]!, windows[(c1 + e) % w]!, storage);
          if (!first || !second) continue;
          const pair = [first, second];
          if (total(pair) > total(best) + 1e-9) best = pair;
        }
      }
    }
  }
  const byStart = (x: StrategyCycle, y: StrategyCycle) => x.charge.fromSlot - y.charge.fromSlot;
  return { oneCycle: [...one].sort(byStart), best: [...best].sort(byStart) };
}
