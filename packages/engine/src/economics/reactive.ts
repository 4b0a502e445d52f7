/**
 * Reactive power at the grid meter before and after PV: monthly power factor from bill energies,
 * the power-factor adjustment charge (力调电费, 《功率因数调整电费办法》 (83)水电财字第215号), and the
 * compensation that restores a target power factor, with a device recommendation.
 * Domain background: china-domain.md §6.
 */
import { EngineInputError } from '../errors.js';

function bad(message: string): never {
  throw new EngineInputError('ECONOMICS_INVALID', message);
}

/**
 * Monthly average power factor from metered energies (china-domain.md §6, [F 68, 69]):
 * PF = P / √(P² + Q²), P = forward active kWh, Q = reactive kvarh. P = Q = 0 gives 1 (nothing drawn).
 * @param activeKwh active energy, kWh
 * @param reactiveKvarh reactive energy, kvarh
 */
export function powerFactorFromEnergy(activeKwh: number, reactiveKvarh: number): number {
  if (!(activeKwh >= 0) || !(reactiveKvarh >= 0)) bad('active and reactive energy must be ≥ 0');
  const s = Math.hypot(activeKwh, reactiveKvarh);
  return s === 0 ? 1 : activeKwh / s;
}

/** Round a power factor half-up to `decimals` places, as the monthly bill does (2 places). */
export function roundPowerFactor(pf: number, decimals = 2): number {
  const k = 10 ** decimals;
  return Math.floor(pf * k + 0.5 + 1e-9) / k;
}

/**
 * The power-factor adjustment table: percent of the adjustment base charged (+) or credited (−)
 * for a monthly power factor `pf` (already rounded) under the standard `standardPf` (0.90, 0.85 or 0.80).
 * The national table lives in the tariff module; pass it (or a provincial variant) in.
 */
export type PowerFactorAdjustmentFn = (standardPf: number, pf: number) => number;

/** One month of a C&I bill for the reactive assessment. */
export interface ReactiveMonthInput {
  /** Free label, e.g. '2025-07'. */
  readonly label?: string;
  /** Forward active energy from the grid without PV, kWh. */
  readonly activeKwh: number;
  /** Forward (inductive) reactive energy, kvarh. */
  readonly reactiveKvarh: number;
  /** Reverse reactive energy (over-compensation), kvarh; counted only with `countReverseReactive`. */
  readonly reverseReactiveKvarh?: number;
  /** PV energy used on site this month, kWh: it comes off the forward active energy. */
  readonly pvSelfConsumedKwh: number;
  /** Adjustment base without PV (basic charge + energy charge of the month), yuan. */
  readonly chargeBaseBeforeYuan: number;
  /** Adjustment base with PV (smaller energy charge), yuan; defaults to the base without PV. */
  readonly chargeBaseAfterYuan?: number;
}

/** Power-factor assessment inputs. */
export interface PowerFactorAssessInput {
  readonly months: readonly ReactiveMonthInput[];
  /** Assessment standard of the user: 0.90, 0.85 or 0.80 (china-domain.md §6). */
  readonly standardPf: number;
  readonly adjustmentPercent: PowerFactorAdjustmentFn;
  /** Add reverse kvarh to Q (some grid areas do, [F 72]); default false. */
  readonly countReverseReactive?: boolean;
}

/** One month before and after PV. */
export interface ReactiveMonthResult {
  readonly label: string | undefined;
  readonly activeBeforeKwh: number;
  readonly activeAfterKwh: number;
  readonly reactiveKvarh: number;
  /** Unrounded PF. */
  readonly pfBefore: number;
  readonly pfAfter: number;
  /** PF rounded to 2 decimals, the value looked up in the table. */
  readonly pfBeforeRounded: number;
  readonly pfAfterRounded: number;
  readonly adjustmentPercentBefore: number;
  readonly adjustmentPercentAfter: number;
  /** Adjustment charge (+) or credit (−), yuan. */
  readonly adjustmentBeforeYuan: number;
  readonly adjustmentAfterYuan: number;
  /** adjustmentAfter − adjustmentBefore: the reactive cost caused by PV, yuan. */
  readonly extraCostYuan: number;
}

/** Whole assessment: months plus totals. */
export interface PowerFactorAssessResult {
  readonly months: ReactiveMonthResult[];
  /** PF over the period from summed energies (unrounded). */
  readonly pfBeforePeriod: number;
  readonly pfAfterPeriod: number;
  readonly adjustmentBeforeYuan: number;
  readonly adjustmentAfterYuan: number;
  readonly extraCostYuan: number;
}

function reactiveOf(m: ReactiveMonthInput, countReverse: boolean): number {
  return m.reactiveKvarh + (countReverse ? (m.reverseReactiveKvarh ?? 0) : 0);
}

function checkMonth(m: ReactiveMonthInput, i: number): void {
  for (const k of ['activeKwh', 'reactiveKvarh', 'pvSelfConsumedKwh', 'chargeBaseBeforeYuan'] as const) {
    if (!(m[k] >= 0) || !Number.isFinite(m[k])) bad(`month ${i}: ${k} must be a finite number ≥ 0`);
  }
  if (m.reverseReactiveKvarh !== undefined && !(m.reverseReactiveKvarh >= 0))
    bad(`month ${i}: reverse kvarh < 0`);
  if (m.chargeBaseAfterYuan !== undefined && !(m.chargeBaseAfterYuan >= 0))
    bad(`month ${i}: base after PV < 0`);
}

/**
 * Power factor at the meter before and after PV, month by month, and the adjustment charge.
 * After PV the forward active energy falls by the self-consumed PV energy while the reactive
 * energy drawn by motors and transformers stays, so the PF falls (inverters at unity PF;
 * china-domain.md §6 [F 71–74]). Adjustment = table percent(standard, rounded PF) × base.
 */
export function assessPowerFactor(input: PowerFactorAssessInput): PowerFactorAssessResult {
  const { standardPf, adjustmentPercent } = input;
  if (!(standardPf > 0 && standardPf <= 1)) bad(`standard PF must be in (0, 1], got ${standardPf}`);
  const countReverse = input.countReverseReactive ?? false;
  const months: ReactiveMonthResult[] = [];
  let pSumBefore = 0;
  let pSumAfter = 0;
  let qSum = 0;
  let before = 0;
  let after = 0;
  input.months.forEach((m, i) => {
    checkMonth(m, i);
    const q = reactiveOf(m, countReverse);
    const pAfter = Math.max(0, m.activeKwh - m.pvSelfConsumedKwh);
    const pfBefore = powerFactorFromEnergy(m.activeKwh, q);
    const pfAfter = powerFactorFromEnergy(pAfter, q);
    const pfBeforeRounded = roundPowerFactor(pfBefore);
    const pfAfterRounded = roundPowerFactor(pfAfter);
    const pctBefore = adjustmentPercent(standardPf, pfBeforeRounded);
    const pctAfter = adjustmentPercent(standardPf, pfAfterRounded);
    const costBefore = (pctBefore / 100) * m.chargeBaseBeforeYuan;
    const costAfter = (pctAfter / 100) * (m.chargeBaseAfterYuan ?? m.chargeBaseBeforeYuan);
    months.push({
      label: m.label,
      activeBeforeKwh: m.activeKwh,
      activeAfterKwh: pAfter,
      reactiveKvarh: q,
      pfBefore,
      pfAfter,
      pfBeforeRounded,
      pfAfterRounded,
      adjustmentPercentBefore: pctBefore,
      adjustmentPercentAfter: pctAfter,
      adjustmentBeforeYuan: costBefore,
      adjustmentAfterYuan: costAfter,
      extraCostYuan: costAfter - costBefore,
    });
    pSumBefore += m.activeKwh;
    pSumAfter += pAfter;
    qSum += q;
    before += costBefore;
    after += costAfter;
  });
  return {
    months,
    pfBeforePeriod: powerFactorFromEnergy(pSumBefore, qSum),
    pfAfterPeriod: powerFactorFromEnergy(pSumAfter, qSum),
    adjustmentBeforeYuan: before,
    adjustmentAfterYuan: after,
    extraCostYuan: after - before,
  };
}

/**
 * Capacitive compensation that raises the power factor of a load P from pf1 to pf2:
 * Q_c = P · (tan φ₁ − tan φ₂), φ = arccos(pf) (standard sizing rule, china-domain.md §6 [P]).
 * @param activePowerKw average active power, kW
 * @returns kvar (0 when pf1 ≥ pf2)
 */
export function compensationKvar(activePowerKw: number, pfFrom: number, pfTo: number): number {
  if (!(pfFrom > 0 && pfFrom <= 1) || !(pfTo > 0 && pfTo <= 1)) bad('power factors must be in (0, 1]');
  const tan = (pf: number) => Math.sqrt(1 - pf * pf) / pf;
  return Math.max(0, activePowerKw * (tan(pfFrom) - tan(pfTo)));
}

/** Default module/step sizes of compensation devices, kvar (common catalogue steps, [P]). */
export const COMPENSATION_STEP_SIZES_KVAR: readonly number[] = [10, 20, 30, 50, 100];

/** A set of identical modules. */
export interface CompensationModule {
  readonly sizeKvar: number;
  readonly count: number;
}

/**
 * Round a need up to catalogue modules: as many of the largest size as fit, then the smallest
 * size that covers the remainder. E.g. 325.7 kvar with [10, 20, 30, 50, 100] → 3 × 100 + 1 × 30 = 330.
 */
export function roundUpToModules(
  needKvar: number,
  sizesKvar: readonly number[] = COMPENSATION_STEP_SIZES_KVAR,
): { totalKvar: number; modules: CompensationModule[] } {
  if (sizesKvar.length === 0 || sizesKvar.some((s) => !(s > 0))) bad('module sizes must be > 0');
  if (!(needKvar >= 0)) bad('compensation need must be ≥ 0');
  const sizes = [...sizesKvar].sort((a, b) => a - b);
  const largest = sizes[sizes.length - 1]!;
  const eps = 1e-9 * Math.max(1, needKvar);
  if (needKvar <= eps) return { totalKvar: 0, modules: [] };
  let n = Math.floor((needKvar + eps) / largest);
  let rest = needKvar - n * largest;
  const modules: CompensationModule[] = [];
  if (rest <= eps) rest = 0;
  let extra: number | undefined;
  if (rest > 0) extra = sizes.find((s) => s + eps >= rest);
  if (extra === largest) {
    n += 1;
    extra = undefined;
  }
  if (n > 0) modules.push({ sizeKvar: largest, count: n });
  if (extra !== undefined) modules.push({ sizeKvar: extra, count: 1 });
  return { totalKvar: n * largest + (extra ?? 0), modules };
}

/** Compensation sizing inputs. */
export interface CompensationAssessInput {
  readonly months: readonly (ReactiveMonthInput & {
    /** Hours in the month during which the reactive demand must be compensated (e.g. working hours). */
    readonly operatingHours: number;
  })[];
  /** PF to reach after PV (default 0.95, the top of the 0.90 table's reward band). */
  readonly targetPf?: number;
  /** Sizing margin on the worst month (default 0.15; practice 10–20 %, [P]). */
  readonly marginFraction?: number;
  /** Catalogue steps, kvar (default COMPENSATION_STEP_SIZES_KVAR). */
  readonly moduleSizesKvar?: readonly number[];
  /** 'auto' (default): SVG when PV is present, else a stepped capacitor bank. */
  readonly device?: 'auto' | 'svg' | 'capacitor';
  readonly countReverseReactive?: boolean;
  /** Transformer rating, kVA, to report the compensation as a share of it. */
  readonly transformerKva?: number;
}

/** Per-month need. */
export interface CompensationMonth {
  readonly label: string | undefined;
  readonly netActiveKwh: number;
  readonly reactiveKvarh: number;
  /** Q − P·tan φ₂, kvarh (≥ 0). */
  readonly requiredKvarh: number;
  /** requiredKvarh ÷ operating hours = P̄ (tan φ₁ − tan φ₂), kvar. */
  readonly requiredKvar: number;
  /** PF after PV with the recommended compensation running all operating hours. */
  readonly pfCompensated: number;
}

/** Compensation recommendation. */
export interface CompensationAssessResult {
  readonly months: CompensationMonth[];
  readonly targetPf: number;
  /** Largest monthly need, kvar. */
  readonly requiredKvar: number;
  readonly withMarginKvar: number;
  /** Installed size after rounding up to catalogue modules, kvar. */
  readonly recommendedKvar: number;
  readonly modules: CompensationModule[];
  readonly device: 'svg' | 'capacitor';
  /** Why this device (English sentence). */
  readonly deviceReason: string;
  /** recommendedKvar ÷ transformer kVA; null when no rating was given. Practice screens 15–30 % [P]. */
  readonly shareOfTransformer: number | null;
}

/**
 * Reactive compensation needed after PV so the monthly PF reaches `targetPf`, sized on the worst
 * month: Q_c = (Q − P_net·tan φ₂) / hours (the energy form of P·(tan φ₁ − tan φ₂)), plus a margin,
 * rounded up to catalogue modules. Device: an SVG (static var generator, fast and stepless, with CT
 * feedback at the grid meter) when PV is present, because the net active power then swings quickly
 * and can reach zero, where stepped capacitors over-compensate and register reverse kvarh
 * (china-domain.md §6 [F 72, 73]); otherwise an automatically switched capacitor bank, the cheaper
 * device for a steady inductive load.
 */
export function assessCompensation(input: CompensationAssessInput): CompensationAssessResult {
  const targetPf = input.targetPf ?? 0.95;
  if (!(targetPf > 0 && targetPf <= 1)) bad(`target PF must be in (0, 1], got ${targetPf}`);
  const margin = input.marginFraction ?? 0.15;
  if (!(margin >= 0)) bad('margin must be ≥ 0');
  const countReverse = input.countReverseReactive ?? false;
  const tan2 = Math.sqrt(1 - targetPf * targetPf) / targetPf;
  const needs = input.months.map((m, i) => {
    checkMonth(m, i);
    if (!(m.operatingHours > 0)) bad(`month ${i}: operatingHours must be > 0`);
    const p = Math.max(0, m.activeKwh - m.pvSelfConsumedKwh);
    const q = reactiveOf(m, countReverse);
    const kvarh = Math.max(0, q - p * tan2);
    return { m, p, q, kvarh, kvar: kvarh / m.operatingHours };
  });
  const required = needs.reduce((s, n) => Math.max(s, n.kvar), 0);
  const withMargin = required * (1 + margin);
  const rounded = roundUpToModules(withMargin, input.moduleSizesKvar ?? COMPENSATION_STEP_SIZES_KVAR);
  const hasPv = input.months.some((m) => m.pvSelfConsumedKwh > 0);
  const choice = input.device ?? 'auto';
  const device = choice === 'auto' ? (hasPv ? 'svg' : 'capacitor') : choice;
  const deviceReason =
    choice !== 'auto'
      ? `Device chosen by the user (${device}).`
      : hasPv
        ? 'PV makes the net active power vary quickly and fall towards zero at midday; an SVG follows the reactive demand steplessly without over-compensating.'
        : 'Without PV the inductive load is steady; an automatically switched capacitor bank is the economical choice.';
  const months: CompensationMonth[] = needs.map((n) => {
    const qLeft = Math.max(0, n.q - rounded.totalKvar * n.m.operatingHours);
    return {
      label: n.m.label,
      netActiveKwh: n.p,
      reactiveKvarh: n.q,
      requiredKvarh: n.kvarh,
      requiredKvar: n.kvar,
      pfCompensated: powerFactorFromEnergy(n.p, qLeft),
    };
  });
  const kva = input.transformerKva;
  if (kva !== undefined && !(kva > 0)) bad('transformer kVA must be > 0');
  return {
    months,
    targetPf,
    requiredKvar: required,
    withMarginKvar: withMargin,
    recommendedKvar: rounded.totalKvar,
    modules: rounded.modules,
    device,
    deviceReason,
    shareOfTransformer: kva === undefined ? null : rounded.totalKvar / kva,
  };
}
