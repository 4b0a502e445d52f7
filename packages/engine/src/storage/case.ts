/**
 * A storage case (`pvplan-engine storage-dispatch <case.json>`): load, optional PV, TOU tariff,
 * battery, meter constraints and a strategy, validated from plain JSON, dispatched and summarised.
 * The JSON format is documented in packages/engine/README.md ("Storage dispatch case"). Pure.
 */
import { EngineInputError, type EngineInputErrorCode } from '../errors.js';
import { type CoalBenchmarkArea, coalBenchmarkPriceYuanPerKwh } from '../tariff/feedIn.js';
import { normaliseTouSlots, type RawTouSlot, touScheduleFromHourRanges } from '../tariff/schedule.js';
import type { SeriesTimeBase } from '../tariff/timebase.js';
import {
  type PeriodValues,
  type TariffPrices,
  TOU_PERIOD_KEYS,
  type TouPeriod,
  type TouSchedule,
} from '../tariff/types.js';
import { batteryLimits, efficienciesFromRoundTrip, validateBatteryParams } from './battery.js';
import {
  batteryFromProduct,
  degradationFromProduct,
  STORAGE_CATALOGUE,
  storageProduct,
} from './catalogue.js';
import { type DegradationParams, validateDegradationParams } from './degradation.js';
import { storageTariffFromTou } from './fromTariff.js';
import {
  DEFAULT_HORIZON_DAYS,
  effectiveOptimiseOptions,
  type Highs,
  type OptimiseOptions,
  optimiseDispatch,
} from './lpDispatch.js';
import {
  batteryLifeFromDispatch,
  type MonthlyStorageRow,
  monthlyStorageSummary,
  type ResampledFlows,
  resampleFlows,
  type StorageLife,
  type StorageSavings,
  storageSavingsByComponent,
} from './report.js';
import { simulateRunModel } from './ruleDispatch.js';
import { deriveRunModel } from './runModel.js';
import { dispatchWithoutStorage } from './series.js';
import type {
  BatteryParams,
  BatteryState,
  BillBreakdown,
  CalendarDate,
  DispatchResult,
  EnergySummary,
  RunModel,
  SettlementMode,
  StorageSite,
  StorageTariffSeries,
} from './types.js';
import { type WorkingDayCalendar, workingDayMask } from './workingDays.js';

/** Strategy names of a case: 一充一放, 两充两放 (rule-based run model) or the LP optimum. */
export type StorageCaseStrategy = 'rule-1c' | 'rule-2c' | 'optimal';

/** A validated case, ready to run. */
export interface StorageCase {
  readonly name: string;
  readonly description: string | null;
  readonly tariff: StorageTariffSeries;
  readonly site: StorageSite;
  readonly battery: BatteryParams;
  /** Catalogue origin of the battery, when it came from one. */
  readonly product: { readonly productId: string; readonly units: number } | null;
  readonly initialState: BatteryState;
  readonly degradation: DegradationParams;
  readonly life: {
    readonly years: number;
    readonly method: 'rainflow' | 'throughput';
    readonly policy: 'none' | 'replace' | 'augment';
  };
  readonly strategy: StorageCaseStrategy;
  readonly optimal: OptimiseOptions;
  readonly output: { readonly series: boolean; readonly seriesStepMinutes: number };
}

/** Everything `runStorageCase` reports. Bills are over the case horizon; `annual` is × 365 / days. */
export interface StorageCaseReport {
  readonly name: string;
  readonly strategy: StorageCaseStrategy;
  /** How the dispatch was computed, in words. */
  readonly method: string;
  readonly timeBase: {
    readonly start: string;
    readonly stepMinutes: number;
    readonly steps: number;
    readonly days: number;
    readonly workingDays: number;
    readonly annualisationFactor: number;
  };
  readonly battery: {
    readonly productId: string | null;
    readonly units: number | null;
    readonly energyKwh: number;
    readonly powerKw: number;
    readonly usableKwh: number;
    readonly maxChargeKw: number;
    readonly maxDischargeKw: number;
    readonly roundTripEfficiency: number;
    readonly auxiliaryKw: number;
  };
  readonly bill: {
    /** The site as it is, without storage (with its PV, if any). */
    readonly withoutStorage: BillBreakdown;
    readonly withStorage: BillBreakdown;
    /** Without PV or storage; null when the case has no PV. */
    readonly withoutPvOrStorage: BillBreakdown | null;
  };
  readonly annual: {
    readonly billBeforeYuan: number;
    readonly billAfterYuan: number;
    readonly savingsYuan: number;
    readonly savingsByComponentYuan: {
      readonly arbitrage: number;
      readonly demandCharge: number;
      readonly pvSelfConsumption: number;
      readonly auxiliary: number;
    };
    /** Bill without PV or storage and the PV's own saving (null without PV). */
    readonly billWithoutPvYuan: number | null;
    readonly pvSavingsYuan: number | null;
  };
  /** Horizon savings by component with the attribution details. */
  readonly savings: StorageSavings;
  readonly energy: EnergySummary;
  readonly throughput: {
    readonly chargeKwh: number;
    readonly chargeFromGridKwh: number;
    readonly chargeFromPvKwh: number;
    readonly dischargeKwh: number;
    readonly lossKwh: number;
    readonly equivalentFullCycles: number;
    readonly equivalentFullCyclesPerYear: number;
  };
  readonly monthly: readonly MonthlyStorageRow[];
  readonly degradation: StorageLife;
  /** The run model (charge/discharge windows per month) of a rule strategy; null for `optimal`. */
  readonly runModel: RunModel | null;
  readonly series: (ResampledFlows & { readonly start: string }) | null;
  /** The full-resolution dispatch (not printed by the CLI). */
  readonly dispatch: DispatchResult;
}

// ---------------------------------------------------------------------------------------------
// Validation helpers: every message names the JSON path.

type Obj = Record<string, unknown>;

function fail(code: EngineInputErrorCode, path: string, msg: string): never {
  throw new EngineInputError(code, `${path}: ${msg}`);
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function obj(v: unknown, path: string, code: EngineInputErrorCode): Obj {
  if (!isObj(v)) fail(code, path, 'must be an object');
  return v;
}

function known(o: Obj, path: string, code: EngineInputErrorCode, keys: readonly string[]): void {
  for (const k of Object.keys(o)) {
    if (!keys.includes(k)) fail(code, `${path}.${k}`, `unknown field (expected one of ${keys.join(', ')})`);
  }
}

interface NumOpts {
  readonly min?: number;
  readonly max?: number;
  /** Exclusive lower bound. */
  readonly above?: number;
  readonly integer?: boolean;
}

function num(v: unknown, path: string, code: EngineInputErrorCode, o: NumOpts = {}): number {
  if (typeof v !== 'number' || !Number.isFinite(v))
    fail(code, path, `must be a finite number (got ${typeof v === 'number' ? v : JSON.stringify(v)})`);
  if (o.integer && !Number.isInteger(v)) fail(code, path, `must be an integer (got ${v})`);
  if (o.min !== undefined && v < o.min) fail(code, path, `must be ≥ ${o.min} (got ${v})`);
  if (o.above !== undefined && !(v > o.above)) fail(code, path, `must be > ${o.above} (got ${v})`);
  if (o.max !== undefined && v > o.max) fail(code, path, `must be ≤ ${o.max} (got ${v})`);
  return v;
}

function optNum(v: unknown, path: string, code: EngineInputErrorCode, o: NumOpts = {}): number | undefined {
  return v === undefined || v === null ? undefined : num(v, path, code, o);
}

function bool(v: unknown, path: string, code: EngineInputErrorCode, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') fail(code, path, `must be true or false (got ${JSON.stringify(v)})`);
  return v;
}

function oneOf<T extends string>(
  v: unknown,
  path: string,
  code: EngineInputErrorCode,
  allowed: readonly T[],
): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    fail(code, path, `must be one of ${allowed.map((a) => `"${a}"`).join(', ')} (got ${JSON.stringify(v)})`);
  }
  return v as T;
}

function numArray(v: unknown, path: string, code: EngineInputErrorCode, min?: number): Float64Array {
  if (!Array.isArray(v)) fail(code, path, 'must be an array of numbers');
  const out = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isFinite(x))
      fail(code, `${path}[${i}]`, `must be a finite number (got ${JSON.stringify(x)})`);
    if (min !== undefined && x < min) fail(code, `${path}[${i}]`, `must be ≥ ${min} (got ${x})`);
    out[i] = x;
  }
  return out;
}

function date(v: unknown, path: string, code: EngineInputErrorCode): CalendarDate {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  if (!m) fail(code, path, `must be a date "YYYY-MM-DD" (got ${JSON.stringify(v)})`);
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const ms = Date.UTC(d.year, d.month - 1, d.day);
  if (new Date(ms).getUTCMonth() !== d.month - 1 || new Date(ms).getUTCDate() !== d.day) {
    fail(code, path, `${v} is not a calendar date`);
  }
  return d;
}

function dateText(d: CalendarDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

const PERIOD_BY_NAME: Readonly<Record<string, TouPeriod>> = {
  sharp: 0,
  peak: 1,
  flat: 2,
  valley: 3,
  deepValley: 4,
};

function period(v: unknown, path: string): TouPeriod {
  if (typeof v === 'string' && v in PERIOD_BY_NAME) return PERIOD_BY_NAME[v]!;
  if (v === 0 || v === 1 || v === 2 || v === 3 || v === 4) return v;
  return fail(
    'TARIFF_INVALID',
    path,
    `must be a period name (sharp, peak, flat, valley, deepValley) or code 0–4 (got ${JSON.stringify(v)})`,
  );
}

function periodValues(v: unknown, path: string): PeriodValues {
  const o = obj(v, path, 'TARIFF_INVALID');
  known(o, path, 'TARIFF_INVALID', TOU_PERIOD_KEYS);
  const out: Record<string, number> = {};
  for (const k of TOU_PERIOD_KEYS) {
    const x = optNum(o[k], `${path}.${k}`, 'TARIFF_INVALID', { min: 0 });
    if (x !== undefined) out[k] = x;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sections

function parseSchedule(t: Obj): TouSchedule {
  const hasGrid = t.touSchedule !== undefined;
  const hasRanges = t.touHourRanges !== undefined;
  if (hasGrid === hasRanges) {
    fail(
      'TARIFF_INVALID',
      'tariff',
      'give exactly one of touSchedule (12 × 48 half-hour periods) or touHourRanges',
    );
  }
  if (hasGrid) {
    const g = t.touSchedule;
    if (!Array.isArray(g) || g.length !== 12)
      fail('TARIFF_INVALID', 'tariff.touSchedule', 'must hold 12 months');
    const months: RawTouSlot[][] = g.map((row, m) => {
      if (!Array.isArray(row) || row.length !== 48) {
        fail('TARIFF_INVALID', `tariff.touSchedule[${m}]`, 'must hold 48 half-hour slots (null = hidden)');
      }
      return row.map((s, i) => (s === null ? null : period(s, `tariff.touSchedule[${m}][${i}]`)));
    });
    return normaliseTouSlots(months);
  }
  const r = t.touHourRanges;
  if (!Array.isArray(r) || r.length === 0)
    fail('TARIFF_INVALID', 'tariff.touHourRanges', 'must be a non-empty array');
  return touScheduleFromHourRanges(
    r.map((rule, i) => {
      const p = `tariff.touHourRanges[${i}]`;
      const o = obj(rule, p, 'TARIFF_INVALID');
      known(o, p, 'TARIFF_INVALID', ['months', 'ranges']);
      const months = numArray(o.months, `${p}.months`, 'TARIFF_INVALID');
      if (!Array.isArray(o.ranges)) fail('TARIFF_INVALID', `${p}.ranges`, 'must be an array');
      return {
        months: Array.from(months),
        ranges: o.ranges.map((x, j) => {
          const q = `${p}.ranges[${j}]`;
          const ro = obj(x, q, 'TARIFF_INVALID');
          known(ro, q, 'TARIFF_INVALID', ['fromHour', 'toHour', 'period']);
          return {
            fromHour: num(ro.fromHour, `${q}.fromHour`, 'TARIFF_INVALID'),
            toHour: num(ro.toHour, `${q}.toHour`, 'TARIFF_INVALID'),
            period: period(ro.period, `${q}.period`),
          };
        }),
      };
    }),
  );
}

function parseCalendar(c: Obj, start: CalendarDate, days: number): Uint8Array | undefined {
  if (c.workingDays !== undefined && c.workingDayMask !== undefined) {
    fail('SCENARIO_INVALID', 'constraints', 'give workingDays or workingDayMask, not both');
  }
  if (c.workingDayMask !== undefined) {
    const m = numArray(c.workingDayMask, 'constraints.workingDayMask', 'SCENARIO_INVALID');
    if (m.length !== days) {
      fail(
        'SCENARIO_INVALID',
        'constraints.workingDayMask',
        `needs one 0/1 entry per day (${days}), got ${m.length}`,
      );
    }
    return Uint8Array.from(m, (x) => (x ? 1 : 0));
  }
  if (c.workingDays === undefined) return undefined;
  const w = obj(c.workingDays, 'constraints.workingDays', 'SCENARIO_INVALID');
  known(w, 'constraints.workingDays', 'SCENARIO_INVALID', ['weekdays', 'restDates', 'workDates']);
  const dates = (v: unknown, p: string): CalendarDate[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v)) fail('SCENARIO_INVALID', p, 'must be an array of "YYYY-MM-DD" dates');
    return v.map((x, i) => date(x, `${p}[${i}]`, 'SCENARIO_INVALID'));
  };
  const cal: WorkingDayCalendar = {
    ...(w.weekdays !== undefined
      ? { weekdays: Array.from(numArray(w.weekdays, 'constraints.workingDays.weekdays', 'SCENARIO_INVALID')) }
      : {}),
    restDates: dates(w.restDates, 'constraints.workingDays.restDates'),
    workDates: dates(w.workDates, 'constraints.workingDays.workDates'),
  };
  return workingDayMask(start, days, cal);
}

/** Expand a daily profile (24 hourly values or one per step) over the horizon. */
function expandProfile(
  p: Obj,
  stepMinutes: number,
  start: CalendarDate,
  days: number,
  working: Uint8Array | undefined,
): Float64Array {
  const spd = 1440 / stepMinutes;
  const dayValues = (v: unknown, path: string): Float64Array => {
    const a = numArray(v, path, 'LOAD_INVALID', 0);
    if (a.length === spd) return a;
    if (a.length === 24)
      return Float64Array.from({ length: spd }, (_, s) => a[Math.floor((s * stepMinutes) / 60)]!);
    return fail(
      'LOAD_INVALID',
      path,
      `needs 24 hourly values or ${spd} values (one per step), got ${a.length}`,
    );
  };
  const work = dayValues(p.workingDayKw, 'load.profile.workingDayKw');
  const rest = p.restDayKw === undefined ? work : dayValues(p.restDayKw, 'load.profile.restDayKw');
  const factor =
    p.monthlyFactor === undefined
      ? null
      : numArray(p.monthlyFactor, 'load.profile.monthlyFactor', 'LOAD_INVALID', 0);
  if (factor && factor.length !== 12) fail('LOAD_INVALID', 'load.profile.monthlyFactor', 'needs 12 values');
  const out = new Float64Array(days * spd);
  const t0 = Date.UTC(start.year, start.month - 1, start.day);
  for (let d = 0; d < days; d++) {
    const src = !working || working[d] === 1 ? work : rest;
    const f = factor ? factor[new Date(t0 + d * 86_400_000).getUTCMonth()]! : 1;
    for (let s = 0; s < spd; s++) out[d * spd + s] = src[s]! * f;
  }
  return out;
}

function parseBattery(v: unknown): {
  params: BatteryParams;
  product: StorageCase['product'];
  degradation: DegradationParams;
  initialSoc?: number;
} {
  const b = obj(v, 'battery', 'STORAGE_INVALID');
  const code = 'STORAGE_INVALID';
  let params: BatteryParams;
  let product: StorageCase['product'] = null;
  // Class defaults of the catalogue ([P], catalogue.ts) when no product is named.
  let degradation = degradationFromProduct(STORAGE_CATALOGUE[0]!);
  if (b.productId !== undefined) {
    known(b, 'battery', code, ['productId', 'units', 'initialSocFraction']);
    if (typeof b.productId !== 'string') fail(code, 'battery.productId', 'must be a string');
    const p = storageProduct(b.productId);
    const units = num(b.units ?? 1, 'battery.units', code, { integer: true, min: 1, max: 10000 });
    params = batteryFromProduct(p, units);
    product = { productId: p.id, units };
    degradation = degradationFromProduct(p);
  } else {
    known(b, 'battery', code, [
      'energyKwh',
      'powerKw',
      'roundTripEfficiency',
      'chargeEfficiency',
      'dischargeEfficiency',
      'socMinFraction',
      'socMaxFraction',
      'auxiliaryKw',
      'maxCRate',
      'maxChargeCRate',
      'maxDischargeCRate',
      'initialSocFraction',
    ]);
    const energyKwh = num(b.energyKwh, 'battery.energyKwh', code, { above: 0 });
    const powerKw = num(b.powerKw, 'battery.powerKw', code, { above: 0 });
    const hasSplit = b.chargeEfficiency !== undefined || b.dischargeEfficiency !== undefined;
    if (hasSplit && b.roundTripEfficiency !== undefined) {
      fail(code, 'battery', 'give roundTripEfficiency or chargeEfficiency + dischargeEfficiency, not both');
    }
    const eff = hasSplit
      ? {
          chargeEfficiency: num(b.chargeEfficiency, 'battery.chargeEfficiency', code, { above: 0, max: 1 }),
          dischargeEfficiency: num(b.dischargeEfficiency, 'battery.dischargeEfficiency', code, {
            above: 0,
            max: 1,
          }),
        }
      : efficienciesFromRoundTrip(
          num(b.roundTripEfficiency ?? 0.88, 'battery.roundTripEfficiency', code, { above: 0, max: 1 }),
        );
    const cRate = optNum(b.maxCRate, 'battery.maxCRate', code, { above: 0 }) ?? powerKw / energyKwh;
    params = {
      energyKwh,
      powerKw,
      socMinFraction: num(b.socMinFraction ?? 0.05, 'battery.socMinFraction', code, { min: 0, max: 1 }),
      socMaxFraction: num(b.socMaxFraction ?? 0.95, 'battery.socMaxFraction', code, { min: 0, max: 1 }),
      ...eff,
      auxiliaryKw: num(b.auxiliaryKw ?? 0, 'battery.auxiliaryKw', code, { min: 0 }),
      maxChargeCRate: optNum(b.maxChargeCRate, 'battery.maxChargeCRate', code, { above: 0 }) ?? cRate,
      maxDischargeCRate:
        optNum(b.maxDischargeCRate, 'battery.maxDischargeCRate', code, { above: 0 }) ?? cRate,
    };
  }
  validateBatteryParams(params);
  const initialSoc = optNum(b.initialSocFraction, 'battery.initialSocFraction', code, {
    min: params.socMinFraction,
    max: params.socMaxFraction,
  });
  return { params, product, degradation, ...(initialSoc !== undefined ? { initialSoc } : {}) };
}

const PEAK_PLANS = ['none', 'monthHourly'] as const;
const LOOKAHEADS = ['hourly', 'full'] as const;

const TOP_KEYS = [
  'name',
  'description',
  'load',
  'pv',
  'tariff',
  'battery',
  'degradation',
  'life',
  'constraints',
  'strategy',
  'optimal',
  'output',
] as const;

/**
 * Validate a case document (parsed JSON) and build the engine inputs.
 * @throws EngineInputError SCENARIO_INVALID (structure, calendar, strategy, output), LOAD_INVALID
 *   (load and PV series), TARIFF_INVALID (schedule, prices), STORAGE_INVALID (battery, constraints),
 *   PARAM_OUT_OF_RANGE (life, horizon); every message starts with the JSON path
 */
export function parseStorageCase(doc: unknown): StorageCase {
  const c = obj(doc, 'case', 'SCENARIO_INVALID');
  known(c, 'case', 'SCENARIO_INVALID', TOP_KEYS);
  const name = c.name === undefined ? 'storage case' : String(c.name);
  const description = typeof c.description === 'string' ? c.description : null;

  // Load and time base.
  const l = obj(c.load, 'load', 'LOAD_INVALID');
  known(l, 'load', 'LOAD_INVALID', ['start', 'stepMinutes', 'kw', 'profile']);
  const start = date(l.start, 'load.start', 'LOAD_INVALID');
  const stepMinutes = num(l.stepMinutes, 'load.stepMinutes', 'LOAD_INVALID');
  if (stepMinutes !== 15 && stepMinutes !== 30 && stepMinutes !== 60) {
    fail('LOAD_INVALID', 'load.stepMinutes', `must be 15, 30 or 60 (got ${stepMinutes})`);
  }
  const spd = 1440 / stepMinutes;
  if ((l.kw === undefined) === (l.profile === undefined)) {
    fail('LOAD_INVALID', 'load', 'give exactly one of kw (the series) or profile (a daily shape)');
  }
  const constraints = c.constraints === undefined ? {} : obj(c.constraints, 'constraints', 'STORAGE_INVALID');
  known(constraints, 'constraints', 'STORAGE_INVALID', [
    'transformerKva',
    'powerFactor',
    'antiBackflow',
    'maxDemandTargetKw',
    'gridChargingAllowed',
    'workingDays',
    'workingDayMask',
  ]);
  let loadKw: Float64Array;
  let days: number;
  let working: Uint8Array | undefined;
  if (l.kw !== undefined) {
    loadKw = numArray(l.kw, 'load.kw', 'LOAD_INVALID', 0);
    if (loadKw.length === 0 || loadKw.length % spd !== 0) {
      fail(
        'LOAD_INVALID',
        'load.kw',
        `must cover whole days from 00:00 (${loadKw.length} steps of ${stepMinutes} min)`,
      );
    }
    days = loadKw.length / spd;
    working = parseCalendar(constraints, start, days);
  } else {
    const p = obj(l.profile, 'load.profile', 'LOAD_INVALID');
    known(p, 'load.profile', 'LOAD_INVALID', ['days', 'workingDayKw', 'restDayKw', 'monthlyFactor']);
    days = num(p.days, 'load.profile.days', 'LOAD_INVALID', { integer: true, min: 1, max: 3660 });
    working = parseCalendar(constraints, start, days);
    loadKw = expandProfile(p, stepMinutes, start, days, working);
  }
  const timeBase: SeriesTimeBase = { start, stepMinutes, stepCount: loadKw.length };

  // PV.
  let pvKw: Float64Array | undefined;
  let settlement: SettlementMode = 'surplusFeedIn';
  if (c.pv !== undefined && c.pv !== null) {
    const p = obj(c.pv, 'pv', 'LOAD_INVALID');
    known(p, 'pv', 'LOAD_INVALID', ['kw', 'settlement']);
    pvKw = numArray(p.kw, 'pv.kw', 'LOAD_INVALID', 0);
    if (pvKw.length !== loadKw.length) {
      fail('LOAD_INVALID', 'pv.kw', `needs the load's ${loadKw.length} steps, got ${pvKw.length}`);
    }
    if (p.settlement !== undefined) {
      settlement = oneOf(p.settlement, 'pv.settlement', 'STORAGE_INVALID', [
        'surplusFeedIn',
        'fullFeedIn',
        'zeroExport',
      ]);
    }
  }
  const antiBackflow = bool(constraints.antiBackflow, 'constraints.antiBackflow', 'STORAGE_INVALID', false);
  if (antiBackflow) {
    if (pvKw && settlement === 'fullFeedIn') {
      fail(
        'STORAGE_INVALID',
        'constraints.antiBackflow',
        'a full feed-in PV plant exports by definition (use surplusFeedIn or zeroExport)',
      );
    }
    settlement = 'zeroExport';
  }

  // Tariff.
  const t = obj(c.tariff, 'tariff', 'TARIFF_INVALID');
  known(t, 'tariff', 'TARIFF_INVALID', [
    'touSchedule',
    'touHourRanges',
    'energyYuanPerKwh',
    'energyYuanPerKwhByMonth',
    'fundsYuanPerKwh',
    'fundsIncludedInEnergyPrices',
    'demandChargeYuanPerKwMonth',
    'feedInPriceYuanPerKwh',
    'feedInCoalBenchmarkArea',
  ]);
  const schedule = parseSchedule(t);
  let byMonth: PeriodValues[] | undefined;
  if (t.energyYuanPerKwhByMonth !== undefined) {
    if (!Array.isArray(t.energyYuanPerKwhByMonth) || t.energyYuanPerKwhByMonth.length !== 12) {
      fail('TARIFF_INVALID', 'tariff.energyYuanPerKwhByMonth', 'needs 12 monthly price sets');
    }
    byMonth = t.energyYuanPerKwhByMonth.map((x, i) =>
      periodValues(x, `tariff.energyYuanPerKwhByMonth[${i}]`),
    );
  }
  const prices: TariffPrices = {
    energyYuanPerKwh:
      t.energyYuanPerKwh === undefined && byMonth
        ? {}
        : periodValues(t.energyYuanPerKwh, 'tariff.energyYuanPerKwh'),
    ...(byMonth ? { energyYuanPerKwhByMonth: byMonth } : {}),
    fundsYuanPerKwh: num(t.fundsYuanPerKwh ?? 0, 'tariff.fundsYuanPerKwh', 'TARIFF_INVALID', { min: 0 }),
    fundsIncludedInEnergyPrices: bool(
      t.fundsIncludedInEnergyPrices,
      'tariff.fundsIncludedInEnergyPrices',
      'TARIFF_INVALID',
      true,
    ),
  };
  if (t.feedInPriceYuanPerKwh !== undefined && t.feedInCoalBenchmarkArea !== undefined) {
    fail('TARIFF_INVALID', 'tariff', 'give feedInPriceYuanPerKwh or feedInCoalBenchmarkArea, not both');
  }
  let feedIn = 0;
  if (t.feedInCoalBenchmarkArea !== undefined) {
    if (typeof t.feedInCoalBenchmarkArea !== 'string')
      fail('TARIFF_INVALID', 'tariff.feedInCoalBenchmarkArea', 'must be an area name');
    feedIn = coalBenchmarkPriceYuanPerKwh(t.feedInCoalBenchmarkArea as CoalBenchmarkArea);
  } else if (t.feedInPriceYuanPerKwh !== undefined) {
    feedIn = num(t.feedInPriceYuanPerKwh, 'tariff.feedInPriceYuanPerKwh', 'TARIFF_INVALID', { min: 0 });
  } else if (pvKw && settlement !== 'zeroExport') {
    fail(
      'TARIFF_INVALID',
      'tariff',
      `PV exports under ${settlement}: give feedInPriceYuanPerKwh or feedInCoalBenchmarkArea`,
    );
  }
  const tariff = storageTariffFromTou({
    schedule,
    prices,
    timeBase,
    feedInPriceYuanPerKwh: feedIn,
    demandChargeYuanPerKwMonth: num(
      t.demandChargeYuanPerKwMonth ?? 0,
      'tariff.demandChargeYuanPerKwMonth',
      'TARIFF_INVALID',
      {
        min: 0,
      },
    ),
    ...(working ? { workingDayMask: working } : {}),
  });

  // Battery, degradation, life.
  const bat = parseBattery(c.battery);
  let degradation = bat.degradation;
  if (c.degradation !== undefined) {
    const d = obj(c.degradation, 'degradation', 'STORAGE_INVALID');
    known(d, 'degradation', 'STORAGE_INVALID', Object.keys(degradation));
    const over: Record<string, number> = {};
    for (const k of Object.keys(d)) over[k] = num(d[k], `degradation.${k}`, 'STORAGE_INVALID');
    degradation = { ...degradation, ...over };
    validateDegradationParams(degradation);
  }
  const lifeObj = c.life === undefined ? {} : obj(c.life, 'life', 'PARAM_OUT_OF_RANGE');
  known(lifeObj, 'life', 'PARAM_OUT_OF_RANGE', ['years', 'method', 'policy']);
  const life = {
    years: num(lifeObj.years ?? 10, 'life.years', 'PARAM_OUT_OF_RANGE', { integer: true, min: 1, max: 100 }),
    method: oneOf(lifeObj.method ?? 'rainflow', 'life.method', 'PARAM_OUT_OF_RANGE', [
      'rainflow',
      'throughput',
    ]),
    policy: oneOf(lifeObj.policy ?? 'none', 'life.policy', 'PARAM_OUT_OF_RANGE', [
      'none',
      'replace',
      'augment',
    ]),
  };

  // Site constraints.
  const site: StorageSite = {
    loadKw,
    ...(pvKw ? { pvKw } : {}),
    settlement,
    ...(constraints.transformerKva !== undefined
      ? {
          transformerKva: num(constraints.transformerKva, 'constraints.transformerKva', 'STORAGE_INVALID', {
            above: 0,
          }),
        }
      : {}),
    powerFactor: num(constraints.powerFactor ?? 0.9, 'constraints.powerFactor', 'STORAGE_INVALID', {
      above: 0,
      max: 1,
    }),
    ...(constraints.maxDemandTargetKw !== undefined && constraints.maxDemandTargetKw !== null
      ? {
          maxDemandTargetKw: num(
            constraints.maxDemandTargetKw,
            'constraints.maxDemandTargetKw',
            'STORAGE_INVALID',
            {
              min: 0,
            },
          ),
        }
      : {}),
    gridChargingAllowed: bool(
      constraints.gridChargingAllowed,
      'constraints.gridChargingAllowed',
      'STORAGE_INVALID',
      true,
    ),
  };

  // Strategy and output.
  const strategy = oneOf(c.strategy, 'strategy', 'SCENARIO_INVALID', [
    'rule-1c',
    'rule-2c',
    'optimal',
  ] as const);
  const opt = c.optimal === undefined ? {} : obj(c.optimal, 'optimal', 'SCENARIO_INVALID');
  known(opt, 'optimal', 'SCENARIO_INVALID', [
    'horizonDays',
    'demandTargetPenaltyYuanPerKwh',
    'peakPlan',
    'lookahead',
  ]);
  const horizon = opt.horizonDays ?? DEFAULT_HORIZON_DAYS;
  const optimal: OptimiseOptions = {
    peakPlan: oneOf(opt.peakPlan ?? 'monthHourly', 'optimal.peakPlan', 'SCENARIO_INVALID', PEAK_PLANS),
    lookahead: oneOf(opt.lookahead ?? 'hourly', 'optimal.lookahead', 'SCENARIO_INVALID', LOOKAHEADS),
    horizonDays:
      horizon === 'month'
        ? 'month'
        : num(horizon, 'optimal.horizonDays', 'PARAM_OUT_OF_RANGE', { integer: true, min: 1, max: 7 }),
    ...(opt.demandTargetPenaltyYuanPerKwh !== undefined
      ? {
          demandTargetPenaltyYuanPerKwh: num(
            opt.demandTargetPenaltyYuanPerKwh,
            'optimal.demandTargetPenaltyYuanPerKwh',
            'PARAM_OUT_OF_RANGE',
            { min: 0 },
          ),
        }
      : {}),
  };
  const out = c.output === undefined ? {} : obj(c.output, 'output', 'SCENARIO_INVALID');
  known(out, 'output', 'SCENARIO_INVALID', ['series', 'seriesStepMinutes']);
  const seriesStepMinutes = num(
    out.seriesStepMinutes ?? stepMinutes,
    'output.seriesStepMinutes',
    'SCENARIO_INVALID',
    {
      integer: true,
    },
  );
  if (seriesStepMinutes % stepMinutes !== 0 || 1440 % seriesStepMinutes !== 0) {
    fail(
      'SCENARIO_INVALID',
      'output.seriesStepMinutes',
      `must be a multiple of the ${stepMinutes}-min load step that divides 1440 (got ${seriesStepMinutes})`,
    );
  }
  const lim = batteryLimits(bat.params, 1);
  const initialStored =
    bat.initialSoc !== undefined ? bat.initialSoc * bat.params.energyKwh : lim.minStoredKwh;
  return {
    name,
    description,
    tariff,
    site,
    battery: bat.params,
    product: bat.product,
    initialState: { storedEnergyKwh: initialStored, sohFraction: 1 },
    degradation,
    life,
    strategy,
    optimal,
    output: { series: bool(out.series, 'output.series', 'SCENARIO_INVALID', true), seriesStepMinutes },
  };
}

/**
 * Run a case: dispatch with its strategy (rule-based run model derived from the tariff, or the LP
 * optimum), then bills before/after, savings by component, monthly energy, throughput and cycles,
 * degradation over the project life and the series.
 * @param highs loaded HiGHS runtime; required for `optimal`
 */
export function runStorageCase(c: StorageCase, highs?: Highs): StorageCaseReport {
  let runModel: RunModel | null = null;
  let dispatch: DispatchResult;
  let method: string;
  if (c.strategy === 'optimal') {
    if (!highs)
      throw new EngineInputError('OPTIMISATION_FAILED', 'the optimal strategy needs a loaded HiGHS solver');
    dispatch = optimiseDispatch(highs, c.battery, c.site, c.tariff, c.initialState, c.optimal);
    const { horizonDays: h, peakPlan } = effectiveOptimiseOptions(c.tariff, c.optimal);
    const planned = peakPlan === 'monthHourly';
    method =
      (h === 'month'
        ? 'linear program per calendar month (HiGHS dual simplex), perfect foresight'
        : h === 1
          ? 'linear program per day (HiGHS dual simplex), perfect foresight of the day'
          : `rolling ${h}-day linear programs, first day kept${c.optimal.lookahead === 'full' ? '' : ', later days on hourly means'} (HiGHS dual simplex)`) +
      (planned ? '; monthly demand peaks planned first by one LP per month on hourly means' : '');
  } else {
    const strategy = c.strategy === 'rule-1c' ? 'oneChargeOneDischarge' : 'twoChargeTwoDischarge';
    runModel = deriveRunModel(c.battery, c.tariff, strategy);
    dispatch = simulateRunModel(c.battery, c.site, c.tariff, runModel, c.initialState);
    method =
      c.strategy === 'rule-1c'
        ? 'rule-based TOU run model 一充一放 (one charge, one discharge per day), derived per month from the tariff'
        : 'rule-based TOU run model 两充两放 (up to two charges and two discharges per day), derived per month from the tariff';
  }
  const before = dispatchWithoutStorage(c.tariff, c.site);
  let withoutPv: DispatchResult | null = null;
  if (c.site.pvKw) {
    const { pvKw: _pv, ...noPv } = c.site;
    withoutPv = dispatchWithoutStorage(c.tariff, noPv);
  }
  const savings = storageSavingsByComponent(c.battery, c.site, c.tariff, dispatch, c.initialState);
  const days = dispatch.flows.dischargeKw.length / (1440 / c.tariff.stepMinutes);
  const annual = 365 / days;
  const e = dispatch.energy;
  const chargeKwh = e.gridToBatteryKwh + e.pvToBatteryKwh;
  const stored = dispatch.flows.storedEnergyKwh;
  const lossKwh =
    chargeKwh - e.batteryDischargeKwh - (stored[stored.length - 1]! - c.initialState.storedEnergyKwh);
  const lim = batteryLimits(c.battery, 1);
  const start = c.tariff.startDate!;
  const working = c.tariff.workingDayMask;
  let workingDays = days;
  if (working) {
    workingDays = 0;
    for (const w of working) workingDays += w;
  }
  return {
    name: c.name,
    strategy: c.strategy,
    method,
    timeBase: {
      start: dateText(start),
      stepMinutes: c.tariff.stepMinutes,
      steps: dispatch.flows.dischargeKw.length,
      days,
      workingDays,
      annualisationFactor: annual,
    },
    battery: {
      productId: c.product?.productId ?? null,
      units: c.product?.units ?? null,
      energyKwh: c.battery.energyKwh,
      powerKw: c.battery.powerKw,
      usableKwh: lim.usableKwh,
      maxChargeKw: lim.maxChargeKw,
      maxDischargeKw: lim.maxDischargeKw,
      roundTripEfficiency: c.battery.chargeEfficiency * c.battery.dischargeEfficiency,
      auxiliaryKw: c.battery.auxiliaryKw,
    },
    bill: {
      withoutStorage: before.bill,
      withStorage: dispatch.bill,
      withoutPvOrStorage: withoutPv?.bill ?? null,
    },
    annual: {
      billBeforeYuan: before.bill.totalYuan * annual,
      billAfterYuan: dispatch.bill.totalYuan * annual,
      savingsYuan: savings.totalYuan * annual,
      savingsByComponentYuan: {
        arbitrage: savings.arbitrageYuan * annual,
        demandCharge: savings.demandChargeYuan * annual,
        pvSelfConsumption: savings.pvSelfConsumptionYuan * annual,
        auxiliary: savings.auxiliaryYuan * annual,
      },
      billWithoutPvYuan: withoutPv ? withoutPv.bill.totalYuan * annual : null,
      pvSavingsYuan: withoutPv ? (withoutPv.bill.totalYuan - before.bill.totalYuan) * annual : null,
    },
    savings,
    energy: e,
    throughput: {
      chargeKwh,
      chargeFromGridKwh: e.gridToBatteryKwh,
      chargeFromPvKwh: e.pvToBatteryKwh,
      dischargeKwh: e.batteryDischargeKwh,
      lossKwh,
      equivalentFullCycles: e.equivalentFullCycles,
      equivalentFullCyclesPerYear: e.equivalentFullCycles * annual,
    },
    monthly: monthlyStorageSummary(c.battery, c.tariff, before, dispatch, c.initialState.storedEnergyKwh),
    degradation: batteryLifeFromDispatch(
      c.degradation,
      c.battery,
      c.tariff,
      dispatch,
      c.initialState.storedEnergyKwh,
      c.life,
    ),
    runModel,
    series: c.output.series
      ? {
          start: dateText(start),
          ...resampleFlows(dispatch.flows, c.tariff.stepMinutes, c.output.seriesStepMinutes),
        }
      : null,
    dispatch,
  };
}
