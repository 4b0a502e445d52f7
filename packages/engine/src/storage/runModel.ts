import { EngineInputError } from '../errors.js';
import { batteryLimits, validateBatteryParams } from './battery.js';
import { storageLayout } from './series.js';
import type { BatteryParams, RunModel, RunModelWindow, StorageTariffSeries } from './types.js';

/**
 * Rule-based TOU run model (运行模式): 一充一放 / 两充两放 derived from each month's tariff
 * schedule — charge in valley (or flat) periods, discharge in sharp/peak periods — as the
 * user-editable list of windows of the product's getRunModel/saveRunModel calls.
 */

type Strategy = 'oneChargeOneDischarge' | 'twoChargeTwoDischarge';

/** Throw `STORAGE_INVALID` unless the run model has 12 months in order and sane, non-overlapping windows. */
export function validateRunModel(model: RunModel): void {
  const bad = (msg: string): never => {
    throw new EngineInputError('STORAGE_INVALID', `run model: ${msg}`);
  };
  if (model.months.length !== 12) bad(`needs 12 months, got ${model.months.length}`);
  model.months.forEach((m, i) => {
    if (m.month !== i + 1) bad(`month ${i + 1} is listed as ${m.month}`);
    const ws = [...m.windows].sort((a, b) => a.startMinute - b.startMinute);
    let lastEnd = 0;
    for (const w of ws) {
      if (!(w.startMinute >= 0 && w.endMinute <= 1440 && w.startMinute < w.endMinute)) {
        bad(`month ${m.month}: window ${w.startMinute}–${w.endMinute} min is outside 0–1440 or empty`);
      }
      if (w.mode !== 'charge' && w.mode !== 'discharge')
        bad(`month ${m.month}: unknown mode ${String(w.mode)}`);
      if (!(Number.isFinite(w.powerKw) && w.powerKw >= 0)) bad(`month ${m.month}: power must be ≥ 0`);
      if (w.startMinute < lastEnd) bad(`month ${m.month}: windows overlap at minute ${w.startMinute}`);
      lastEnd = w.endMinute;
    }
  });
}

/** Per-step schedule of one month's windows: mode 0 idle, 1 charge, 2 discharge; power kW. */
export interface DaySchedule {
  readonly mode: Uint8Array;
  readonly powerKw: Float64Array;
}

/** Expand windows onto a day of `stepMinutes` steps; a step belongs to the window holding its start. */
export function daySchedule(windows: readonly RunModelWindow[], stepMinutes: number): DaySchedule {
  const spd = 1440 / stepMinutes;
  const mode = new Uint8Array(spd);
  const powerKw = new Float64Array(spd);
  for (const w of windows) {
    for (let s = 0; s < spd; s++) {
      const m = s * stepMinutes;
      if (m >= w.startMinute && m < w.endMinute) {
        mode[s] = w.mode === 'charge' ? 1 : 2;
        powerKw[s] = w.powerKw;
      }
    }
  }
  return { mode, powerKw };
}

interface Win {
  start: number; // step
  len: number;
  avgPrice: number;
}

interface Cycle {
  charge: Win;
  discharge: Win;
  valueYuan: number;
}

/** Best contiguous sub-window of `len` steps in [a, b): lowest (charge) or highest (discharge) mean price. */
function bestSubWindow(price: Float64Array, a: number, b: number, len: number, lowest: boolean): Win {
  const l = Math.min(len, b - a);
  let sum = 0;
  for (let i = a; i < a + l; i++) sum += price[i]!;
  let best = sum;
  let bestStart = a;
  for (let s = a + 1; s + l <= b; s++) {
    sum += price[s + l - 1]! - price[s - 1]!;
    if (lowest ? sum < best - 1e-12 : sum > best + 1e-12) {
      best = sum;
      bestStart = s;
    }
  }
  return { start: bestStart, len: l, avgPrice: best / l };
}

/**
 * Windows of one representative day.
 * @param code period code per step of the day
 * @param price import price per step, yuan/kWh
 */
function dayWindows(
  params: BatteryParams,
  code: Uint8Array,
  price: Float64Array,
  dtHours: number,
  strategy: Strategy,
): RunModelWindow[] {
  const lim = batteryLimits(params, 1);
  if (lim.usableKwh <= 0 || lim.maxChargeKw <= 0 || lim.maxDischargeKw <= 0) return [];
  const etaRt = params.chargeEfficiency * params.dischargeEfficiency;
  const nc = Math.max(
    1,
    Math.ceil(lim.usableKwh / (params.chargeEfficiency * lim.maxChargeKw * dtHours) - 1e-9),
  );
  const nd = Math.max(
    1,
    Math.ceil((lim.usableKwh * params.dischargeEfficiency) / (lim.maxDischargeKw * dtHours) - 1e-9),
  );
  // Runs of one class: high = sharp/peak, flat, low = valley/deep valley.
  const cls = (c: number) => (c <= 1 ? 2 : c === 2 ? 1 : 0);
  const charges: Win[] = [];
  const discharges: Win[] = [];
  for (let a = 0; a < code.length; ) {
    let b = a + 1;
    while (b < code.length && cls(code[b]!) === cls(code[a]!)) b++;
    const k = cls(code[a]!);
    if (k === 2) discharges.push(bestSubWindow(price, a, b, nd, false));
    else charges.push(bestSubWindow(price, a, b, nc, true));
    a = b;
  }
  const cycles: Cycle[] = [];
  for (const c of charges) {
    for (const d of discharges) {
      if (c.start + c.len > d.start) continue;
      const eDis = Math.min(
        lim.usableKwh * params.dischargeEfficiency,
        lim.maxDischargeKw * d.len * dtHours,
        lim.maxChargeKw * c.len * dtHours * etaRt,
      );
      const value = eDis * d.avgPrice - (eDis / etaRt) * c.avgPrice;
      if (value > 1e-9) cycles.push({ charge: c, discharge: d, valueYuan: value });
    }
  }
  let best: Cycle[] = [];
  let bestValue = 0;
  for (const cy of cycles) {
    if (cy.valueYuan > bestValue) {
      bestValue = cy.valueYuan;
      best = [cy];
    }
  }
  if (strategy === 'twoChargeTwoDischarge') {
    for (const a of cycles) {
      const aEnd = a.discharge.start + a.discharge.len;
      for (const b of cycles) {
        if (b.charge.start < aEnd) continue;
        if (a.valueYuan + b.valueYuan > bestValue + 1e-9) {
          bestValue = a.valueYuan + b.valueYuan;
          best = [a, b];
        }
      }
    }
  }
  const sm = dtHours * 60;
  const out: RunModelWindow[] = [];
  for (const cy of best) {
    out.push({
      startMinute: cy.charge.start * sm,
      endMinute: (cy.charge.start + cy.charge.len) * sm,
      mode: 'charge',
      powerKw: lim.maxChargeKw,
    });
    out.push({
      startMinute: cy.discharge.start * sm,
      endMinute: (cy.discharge.start + cy.discharge.len) * sm,
      mode: 'discharge',
      powerKw: lim.maxDischargeKw,
    });
  }
  return out;
}

/**
 * Derive the rule-based run model from the tariff schedule of each month.
 *
 * For each month the representative day is the first working day of that month in the series
 * (the first day if none works). Its steps are split into runs of high (sharp/peak), flat and low
 * (valley/deep valley) periods. Each low or flat run offers one charge window (the cheapest
 * contiguous stretch long enough to fill the usable energy at full power) and each high run one
 * discharge window (the dearest stretch long enough to empty it). A cycle pairs a charge window
 * with a later discharge window; its value is E·p̄_dis − (E/η_rt)·p̄_ch with E the energy both
 * windows and the battery allow. 一充一放 keeps the best cycle; 两充两放 the best two cycles in
 * sequence (charge, discharge, charge, discharge) when they beat the best single cycle. Windows run
 * at the PCS/C-rate power limit; months without a positive cycle (or absent from the series) get
 * no windows.
 * @param params battery ratings (sizes the windows)
 * @param tariff TOU series with its calendar
 * @param strategy 一充一放 or 两充两放
 */
export function deriveRunModel(
  params: BatteryParams,
  tariff: StorageTariffSeries,
  strategy: Strategy,
): RunModel {
  validateBatteryParams(params);
  if (strategy !== 'oneChargeOneDischarge' && strategy !== 'twoChargeTwoDischarge') {
    throw new EngineInputError('STORAGE_INVALID', `unknown run-model strategy ${String(strategy)}`);
  }
  const layout = storageLayout(tariff);
  const spd = layout.stepsPerDay;
  const months: { month: number; windows: RunModelWindow[] }[] = [];
  for (let m = 1; m <= 12; m++) {
    let day = -1;
    for (let d = 0; d < layout.days; d++) {
      if (layout.monthOfDay[d] !== m) continue;
      if (day < 0) day = d;
      if (layout.workingDay[d] === 1) {
        day = d;
        break;
      }
    }
    if (day < 0) {
      months.push({ month: m, windows: [] });
      continue;
    }
    const code = tariff.periodCode.subarray(day * spd, (day + 1) * spd);
    const price = tariff.energyPriceYuanPerKwh.subarray(day * spd, (day + 1) * spd);
    months.push({ month: m, windows: dayWindows(params, code, price, layout.dtHours, strategy) });
  }
  return { strategy, months };
}
