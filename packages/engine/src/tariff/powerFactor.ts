import { EngineInputError } from '../errors.js';
import type { PowerFactorStandard } from './types.js';

/**
 * One national power-factor adjustment table: rows of [actual PF in hundredths, adjustment %].
 * Negative % = reduction (减收, a bonus), positive % = surcharge (增收). Below the last row the
 * surcharge grows by `tailPctPerHundredth` for every further 0.01.
 */
export interface PowerFactorAdjustmentTable {
  readonly standard: PowerFactorStandard;
  readonly rows: readonly (readonly [pfHundredths: number, pct: number])[];
  readonly tailPctPerHundredth: number;
}

/*
 * 《功率因数调整电费办法》, (83)水电财字第215号, 原水利电力部 / 国家物价局, 1983, tables 1–3 (still
 * applied by the grid companies). Transcribed from the structure of the document as quoted by:
 *  - [a] the rule text on the 0.90 table: +0.5 % per 0.01 from 0.89 to 0.70, +1 % per 0.01 from 0.69
 *    to 0.65, +2 % per 0.01 below; worked example PF 0.60 → +25 %
 *    (https://wapiknow.baidu.com/question/471692641.html);
 *  - [b] a public implementation citing the Jiangsu SGCC copy of the tables
 *    (http://www.js.sgcc.com.cn/html/files/2021-09/29/20210929145633338232143.pdf; code id 1108943603,
 *    package `cronx`): 0.90 table rewards 0.15 % per 0.01 to −0.75 % at ≥0.95; 0.80 table −1.15 % at
 *    0.91 and −1.30 % at ≥0.92; penalty bands of 0.5 / 1 / 2 % per 0.01 over 20 / 5 / open points;
 *  - [c] a real State Grid Chongqing bill (Aug 2026): PF 0.97, standard 0.90, ratio −0.75 %
 *    (china-domain.md §6, F 20).
 * UNVERIFIED: the cap of the 0.85 table. The 0.1 %/0.15 % step pattern of the document gives −1.10 %
 * at 0.94–1.00 (used here); source [b] codes −1.0 %, inconsistent with its own 0.15 % steps. Check
 * against a provincial copy before relying on 0.85-standard bonuses above 0.93.
 */
export const POWER_FACTOR_ADJUSTMENT_TABLES: Readonly<
  Record<'0.90' | '0.85' | '0.80', PowerFactorAdjustmentTable>
> = {
  '0.90': {
    standard: 0.9,
    tailPctPerHundredth: 2,
    // biome-ignore format: one table row per pair
    rows: [
      [100, -0.75], [99, -0.75], [98, -0.75], [97, -0.75], [96, -0.75], [95, -0.75],
      [94, -0.6], [93, -0.45], [92, -0.3], [91, -0.15], [90, 0],
      [89, 0.5], [88, 1], [87, 1.5], [86, 2], [85, 2.5], [84, 3], [83, 3.5], [82, 4], [81, 4.5], [80, 5],
      [79, 5.5], [78, 6], [77, 6.5], [76, 7], [75, 7.5], [74, 8], [73, 8.5], [72, 9], [71, 9.5], [70, 10],
      [69, 11], [68, 12], [67, 13], [66, 14], [65, 15],
    ],
  },
  '0.85': {
    standard: 0.85,
    tailPctPerHundredth: 2,
    // biome-ignore format: one table row per pair
    rows: [
      [100, -1.1], [99, -1.1], [98, -1.1], [97, -1.1], [96, -1.1], [95, -1.1], [94, -1.1],
      [93, -0.95], [92, -0.8], [91, -0.65], [90, -0.5], [89, -0.4], [88, -0.3], [87, -0.2], [86, -0.1],
      [85, 0],
      [84, 0.5], [83, 1], [82, 1.5], [81, 2], [80, 2.5], [79, 3], [78, 3.5], [77, 4], [76, 4.5], [75, 5],
      [74, 5.5], [73, 6], [72, 6.5], [71, 7], [70, 7.5], [69, 8], [68, 8.5], [67, 9], [66, 9.5], [65, 10],
      [64, 11], [63, 12], [62, 13], [61, 14], [60, 15],
    ],
  },
  '0.80': {
    standard: 0.8,
    tailPctPerHundredth: 2,
    // biome-ignore format: one table row per pair
    rows: [
      [100, -1.3], [99, -1.3], [98, -1.3], [97, -1.3], [96, -1.3], [95, -1.3], [94, -1.3], [93, -1.3],
      [92, -1.3], [91, -1.15], [90, -1], [89, -0.9], [88, -0.8], [87, -0.7], [86, -0.6], [85, -0.5],
      [84, -0.4], [83, -0.3], [82, -0.2], [81, -0.1],
      [80, 0],
      [79, 0.5], [78, 1], [77, 1.5], [76, 2], [75, 2.5], [74, 3], [73, 3.5], [72, 4], [71, 4.5], [70, 5],
      [69, 5.5], [68, 6], [67, 6.5], [66, 7], [65, 7.5], [64, 8], [63, 8.5], [62, 9], [61, 9.5], [60, 10],
      [59, 11], [58, 12], [57, 13], [56, 14], [55, 15],
    ],
  },
};

function tableFor(standard: number): PowerFactorAdjustmentTable {
  if (standard === 0.9) return POWER_FACTOR_ADJUSTMENT_TABLES['0.90'];
  if (standard === 0.85) return POWER_FACTOR_ADJUSTMENT_TABLES['0.85'];
  if (standard === 0.8) return POWER_FACTOR_ADJUSTMENT_TABLES['0.80'];
  throw new EngineInputError(
    'TARIFF_INVALID',
    `power-factor standard must be 0.90, 0.85 or 0.80, got ${String(standard)}`,
  );
}

/**
 * Round a power factor to 2 decimals, half up, as the rule requires ("取小数后二位，二位以后四舍五入").
 * @returns the power factor in hundredths (0–100)
 */
export function powerFactorHundredths(pf: number): number {
  // The small offset keeps values such as 0.825 (stored as 0.82499999…) rounding up.
  return Math.floor(pf * 100 + 0.5 + 1e-9);
}

/**
 * Power-factor adjustment percentage, 《功率因数调整电费办法》 (83)水电财字第215号 (1983), tables 1–3.
 * The actual power factor is first rounded to 2 decimals (half up).
 * @param standard 0.90, 0.85 or 0.80
 * @param actualPf the month's average power factor, 0–1
 * @returns adjustment in percent of (basic + energy charge): negative = reduction (bonus),
 *   positive = surcharge
 * @throws EngineInputError TARIFF_INVALID for another standard, PARAM_OUT_OF_RANGE for PF outside 0–1
 */
export function powerFactorAdjustmentPct(standard: PowerFactorStandard, actualPf: number): number {
  const table = tableFor(standard);
  if (!Number.isFinite(actualPf) || actualPf < 0 || actualPf > 1) {
    throw new EngineInputError('PARAM_OUT_OF_RANGE', `power factor must lie in 0–1, got ${String(actualPf)}`);
  }
  const h = powerFactorHundredths(actualPf);
  const top = table.rows[0]![0];
  const last = table.rows[table.rows.length - 1]!;
  if (h >= last[0]) return table.rows[top - h]![1];
  return last[1] + (last[0] - h) * table.tailPctPerHundredth;
}

/**
 * Monthly average power factor P / √(P² + Q²) from the month's active and reactive energy (the
 * definition used for the adjustment; 0 when P = 0 and Q > 0).
 * @param activeKwh forward active energy bought in the month, kWh
 * @param reactiveKvarh reactive energy in the month, kvarh
 * @returns power factor (unrounded), or NaN when both are zero
 */
export function monthlyPowerFactor(activeKwh: number, reactiveKvarh: number): number {
  const s = Math.hypot(activeKwh, reactiveKvarh);
  return s === 0 ? Number.NaN : activeKwh / s;
}
