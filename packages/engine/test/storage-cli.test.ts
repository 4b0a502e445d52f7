/**
 * `pvplan-engine storage-dispatch <case.json>` end to end: spawns the CLI (node
 * bin/pvplan-engine.mjs) on the bundled example cases (packages/engine/examples/storage) and checks
 * its JSON against values worked out by hand or recomputed here from the case file with plain code
 * that shares nothing with the engine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENGINE = fileURLToPath(new URL('../', import.meta.url));
const CLI = path.join(ENGINE, 'bin', 'pvplan-engine.mjs');
const EXAMPLES = path.join(ENGINE, 'examples', 'storage');
const TMP = mkdtempSync(path.join(tmpdir(), 'pvplan-storage-'));

interface Run {
  code: number | null;
  json: Report;
  stderr: string;
}

// The fields of the printed report the tests read.
interface Report {
  strategy: string;
  timeBase: { steps: number; days: number; annualisationFactor: number; workingDays: number };
  bill: {
    withoutStorage: { totalYuan: number };
    withStorage: { totalYuan: number; monthlyMaxImportKw: number[] };
  };
  annual: {
    billBeforeYuan: number;
    billAfterYuan: number;
    savingsYuan: number;
    savingsByComponentYuan: Record<'arbitrage' | 'demandCharge' | 'pvSelfConsumption' | 'auxiliary', number>;
    billWithoutPvYuan: number | null;
  };
  throughput: { chargeKwh: number; dischargeKwh: number; lossKwh: number; equivalentFullCycles: number };
  monthly: { month: string; dischargeKwh: number; billAfterYuan: number; billBeforeYuan: number }[];
  degradation: { cycleFadeFractionPerYear: number; years: { sohEndFraction: number }[] };
  series: null | {
    stepMinutes: number;
    chargeKw: number[];
    dischargeKw: number[];
    socFraction: number[];
    gridImportKw: number[];
    gridExportKw: number[];
  };
}

function run(file: string, ...args: string[]): Run {
  const r = spawnSync(process.execPath, [CLI, 'storage-dispatch', file, '--compact', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    code: r.status,
    json: r.status === 0 ? (JSON.parse(r.stdout) as Report) : ({} as Report),
    stderr: r.stderr,
  };
}

function example(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(EXAMPLES, name), 'utf8')) as Record<string, unknown>;
}

function writeCase(name: string, doc: unknown): string {
  const f = path.join(TMP, name);
  writeFileSync(f, JSON.stringify(doc));
  return f;
}

describe('storage-dispatch on the hand-check case (examples/storage/hand-check-1day.json)', () => {
  // By hand (the case's description): 100 kW load all day; valley 0.30 (00–08), peak 1.00 (08–12),
  // flat 0.60 (12–24); battery 200 kWh, 100 kW, 90 % each way, SOC 0–1, empty at 00:00.
  // 一充一放: charge window 200/(0.9·100) = 2.2 h → 00–03, discharge 200·0.9/100 = 1.8 h → 08–10.
  // Charge 100, 100, 22.22 kW (stores 90 + 90 + 20 = 200 kWh); discharge 100 kW (draws 111.1 kWh),
  // then 88.9·0.9 = 80 kW. Bill 8·100·0.3 + 4·100·1.0 + 12·100·0.6 = 1360 → 1360 + 222.22·0.3 − 180
  // = 1246.667 yuan/day; ×365 for the annual figures.
  const before = 1360;
  const after = 1360 + (200 / 0.9) * 0.3 - 180;
  const file = path.join(EXAMPLES, 'hand-check-1day.json');

  it('rule-1c: bills, components, throughput, cycles, degradation and series', () => {
    const r = run(file);
    expect(r.code, r.stderr).toBe(0);
    const j = r.json;
    expect(j.timeBase.annualisationFactor).toBe(365);
    expect(j.bill.withoutStorage.totalYuan).toBeCloseTo(before, 9);
    expect(j.bill.withStorage.totalYuan).toBeCloseTo(after, 9);
    expect(j.annual.billBeforeYuan).toBeCloseTo(before * 365, 6);
    expect(j.annual.billAfterYuan).toBeCloseTo(after * 365, 6);
    expect(j.annual.savingsByComponentYuan.arbitrage).toBeCloseTo((before - after) * 365, 6);
    expect(j.annual.savingsByComponentYuan.demandCharge).toBe(0);
    expect(j.annual.savingsByComponentYuan.pvSelfConsumption).toBe(0);
    expect(j.throughput.chargeKwh).toBeCloseTo(200 / 0.9, 9);
    expect(j.throughput.dischargeKwh).toBeCloseTo(180, 9);
    expect(j.throughput.lossKwh).toBeCloseTo(200 / 0.9 - 180, 9);
    expect(j.throughput.equivalentFullCycles).toBeCloseTo(0.9, 12);
    // Throughput aging: 200 kWh drawn from the cells per day = 1 cycle of the 200 kWh nameplate,
    // 365/yr; fade 365/6000 × (1 − 0.7) = 0.01825 + 1 %/yr calendar.
    expect(j.degradation.cycleFadeFractionPerYear).toBeCloseTo(0.01825, 12);
    expect(j.degradation.years[0]!.sohEndFraction).toBeCloseTo(0.97175, 12);
    const s = j.series!;
    expect(s.stepMinutes).toBe(60);
    expect(s.chargeKw.slice(0, 4)).toEqual([100, 100, 22.222, 0]);
    expect(s.dischargeKw.slice(7, 11)).toEqual([0, 100, 80, 0]);
    expect(s.socFraction[2]).toBe(1);
    expect(s.socFraction[9]).toBe(0);
    expect(s.gridImportKw[0]).toBe(200);
    expect(s.gridImportKw[9]).toBe(20);
  });

  it('optimal (LP) reaches the hand optimum: 180 kWh out is the most the battery gives, 1.00 the dearest price, 0.30 the cheapest', () => {
    // From empty, one fill of 200 kWh (222.2 kWh bought at ≥ 0.30) delivers at most 180 kWh, sold at
    // ≤ 1.00; no later price exceeds the 12–24 flat 0.60 that recharging would cost, so no second cycle.
    const r = run(file, '--strategy', 'optimal', '--no-series');
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.strategy).toBe('optimal');
    expect(r.json.bill.withStorage.totalYuan).toBeCloseTo(after, 6);
    expect(r.json.series).toBeNull();
  });

  it('PV and grid in one pool (transformer-limited charge): components by hand', () => {
    // Same day with flat 08–18, peak 18–22, flat 22–24; PV 150 kW at 10–13; feed-in 0.2; transformer
    // 130 kVA at PF 1 (grid charging ≤ 30 kW over the 100 kW load). 00–03: 90 kWh AC → 81 kWh stored;
    // 10–13: PV stores 45 + 45 + 29 kWh (exports 17.78 kWh); 18–20: 100 + 80 kW out, PV share
    // 119/200 = 0.595. pvSelf = 107.1 − 0.2 · 132.22 = 80.656; arbitrage = 72.9 − 90 · 0.3 = 45.9.
    // PV-only bill: 8·100·0.3 + 7·100·0.6 + 4·100·1.0 + 2·100·0.6 − 150·0.2 = 1150 (10–13 buy nothing).
    const doc = example('hand-check-1day.json');
    const pv = new Array<number>(24).fill(0);
    pv[10] = pv[11] = pv[12] = 150;
    doc.pv = { kw: pv };
    doc.tariff = {
      ...(doc.tariff as object),
      touHourRanges: [
        {
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          ranges: [
            { fromHour: 0, toHour: 8, period: 'valley' },
            { fromHour: 8, toHour: 18, period: 'flat' },
            { fromHour: 18, toHour: 22, period: 'peak' },
            { fromHour: 22, toHour: 24, period: 'flat' },
          ],
        },
      ],
      feedInPriceYuanPerKwh: 0.2,
    };
    doc.constraints = { transformerKva: 130, powerFactor: 1 };
    const f = writeCase('mixed.json', doc);
    const r = run(f);
    expect(r.code, r.stderr).toBe(0);
    const c = r.json.annual.savingsByComponentYuan;
    const exported = 50 - 29 / 0.9;
    expect(c.pvSelfConsumption / 365).toBeCloseTo(107.1 - 0.2 * (150 - exported), 9);
    expect(c.arbitrage / 365).toBeCloseTo(72.9 - 27, 9);
    expect(r.json.bill.withoutStorage.totalYuan).toBeCloseTo(1150, 9);
    // Without PV or storage: 8·100·0.3 + 10·100·0.6 + 4·100·1.0 + 2·100·0.6 = 1360.
    expect(r.json.annual.billWithoutPvYuan! / 365).toBeCloseTo(1360, 9);
    // The LP optimum is never worse than the rule (same meter constraints).
    const o = run(f, '--strategy', 'optimal', '--no-series');
    expect(o.code, o.stderr).toBe(0);
    expect(o.json.bill.withStorage.totalYuan).toBeLessThanOrEqual(r.json.bill.withStorage.totalYuan + 1e-3);
  });

  it('invalid cases exit with code 2 and the error code, path and message on stderr', () => {
    const doc = example('hand-check-1day.json');
    (doc.load as { kw: number[] }).kw = new Array(20).fill(100);
    const bad = run(writeCase('bad-load.json', doc));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^pvplan-engine: LOAD_INVALID: load\.kw: must cover whole days/);
    const doc2 = example('hand-check-1day.json');
    doc2.strategy = 'rule-3c';
    const bad2 = run(writeCase('bad-strategy.json', doc2));
    expect(bad2.code).toBe(2);
    expect(bad2.stderr).toMatch(/SCENARIO_INVALID: strategy: must be one of "rule-1c", "rule-2c", "optimal"/);
    expect(run(path.join(TMP, 'missing.json')).code).toBe(1);
    expect(spawnSync(process.execPath, [CLI, 'storage-dispatch'], { encoding: 'utf8' }).status).toBe(64);
  });
});

/** Weekday 1 (Monday) … 7 (Sunday) of a local date. */
function isoWeekday(ms: number): number {
  const d = new Date(ms).getUTCDay();
  return d === 0 ? 7 : d;
}

function isWorking(doc: ExampleDoc, ms: number): boolean {
  const wd = doc.constraints.workingDays;
  const iso = new Date(ms).toISOString().slice(0, 10);
  return wd.workDates.includes(iso) || (!wd.restDates.includes(iso) && wd.weekdays.includes(isoWeekday(ms)));
}

function countWorkingDays(doc: ExampleDoc): number {
  const t0 = Date.parse(`${doc.load.start}T00:00:00Z`);
  let n = 0;
  for (let d = 0; d < doc.load.profile.days; d++) if (isWorking(doc, t0 + d * 86_400_000)) n++;
  return n;
}

interface ExampleDoc {
  load: {
    start: string;
    stepMinutes: number;
    profile: { days: number; workingDayKw: number[]; restDayKw: number[]; monthlyFactor: number[] };
  };
  pv?: { kw: number[] };
  tariff: {
    touHourRanges: { months: number[]; ranges: { fromHour: number; toHour: number; period: string }[] }[];
    energyYuanPerKwh: Record<string, number>;
    demandChargeYuanPerKwMonth: number;
  };
  constraints: { workingDays: { weekdays: number[]; restDates: string[]; workDates: string[] } };
}

/**
 * The bill without storage, recomputed from the case file with plain loops (hourly profile values,
 * hour-aligned TOU ranges, ISO weekdays, holiday lists): energy by the hour and the demand charge on
 * each calendar month's highest import. With PV (hourly), import = max(load − PV, 0) and the surplus
 * earns `feedIn`.
 */
function independentBill(doc: ExampleDoc, feedIn: number, withPv: boolean): number {
  const p = doc.load.profile;
  const t0 = Date.parse(`${doc.load.start}T00:00:00Z`);
  let energy = 0;
  const monthMax = new Map<string, number>();
  for (let d = 0; d < p.days; d++) {
    const ms = t0 + d * 86_400_000;
    const iso = new Date(ms).toISOString().slice(0, 10);
    const month = new Date(ms).getUTCMonth() + 1;
    const working = isWorking(doc, ms);
    const rule = doc.tariff.touHourRanges.find((r) => r.months.includes(month))!;
    for (let h = 0; h < 24; h++) {
      const load = (working ? p.workingDayKw[h]! : p.restDayKw[h]!) * p.monthlyFactor[month - 1]!;
      const pv = withPv ? doc.pv!.kw[d * 24 + h]! : 0;
      const period = rule.ranges.find((r) => h >= r.fromHour && h < r.toHour)!.period;
      const imp = Math.max(0, load - pv);
      energy += imp * doc.tariff.energyYuanPerKwh[period]! - Math.max(0, pv - load) * feedIn;
      const key = iso.slice(0, 7);
      monthMax.set(key, Math.max(monthMax.get(key) ?? 0, imp));
    }
  }
  let demand = 0;
  for (const m of monthMax.values()) demand += doc.tariff.demandChargeYuanPerKwMonth * m;
  return energy + demand;
}

describe('storage-dispatch on the bundled factory examples', () => {
  it('Zhejiang two-shift factory (15-min, rule-2c): bill before by independent recomputation, consistent summary', () => {
    const doc = example('zhejiang-two-shift-factory.json') as unknown as ExampleDoc;
    const r = run(path.join(EXAMPLES, 'zhejiang-two-shift-factory.json'));
    expect(r.code, r.stderr).toBe(0);
    const j = r.json;
    expect(j.timeBase.steps).toBe(35040);
    expect(j.timeBase.workingDays).toBe(countWorkingDays(doc));
    expect(j.annual.billBeforeYuan).toBeCloseTo(independentBill(doc, 0, false), 4);
    const c = j.annual.savingsByComponentYuan;
    expect(c.arbitrage + c.demandCharge + c.pvSelfConsumption + c.auxiliary).toBeCloseTo(
      j.annual.savingsYuan,
      3,
    );
    expect(j.annual.savingsYuan).toBeCloseTo(j.annual.billBeforeYuan - j.annual.billAfterYuan, 6);
    // Auxiliaries: 4 × 1.2 kW all year at the hour's price (no PV): −Σ 4.8 kW × price × 1 h.
    expect(c.auxiliary).toBeLessThan(0);
    // The demand target (950 kW) holds: the rule never charges above it.
    for (const m of j.bill.withStorage.monthlyMaxImportKw) expect(m).toBeLessThanOrEqual(950 + 1e-9);
    expect(j.monthly).toHaveLength(12);
    const sumMonths = j.monthly.reduce((a, m) => a + m.billAfterYuan, 0);
    expect(sumMonths).toBeCloseTo(j.annual.billAfterYuan, 4);
    expect(j.monthly.reduce((a, m) => a + m.dischargeKwh, 0)).toBeCloseTo(j.throughput.dischargeKwh, 4);
    expect(j.series!.socFraction).toHaveLength(8760); // hourly series of a 15-min dispatch
  });

  it('Jiangsu PV + storage (hourly, rule-1c): bills before with and without PV by independent recomputation', () => {
    const doc = example('jiangsu-pv-storage.json') as unknown as ExampleDoc;
    const r = run(path.join(EXAMPLES, 'jiangsu-pv-storage.json'), '--no-series');
    expect(r.code, r.stderr).toBe(0);
    // Jiangsu coal benchmark 0.391 yuan/kWh (tariff/feedIn.ts, china-domain.md §3).
    expect(r.json.annual.billBeforeYuan).toBeCloseTo(independentBill(doc, 0.391, true), 4);
    expect(r.json.annual.billWithoutPvYuan!).toBeCloseTo(independentBill(doc, 0.391, false), 4);
    const c = r.json.annual.savingsByComponentYuan;
    expect(c.pvSelfConsumption).toBeGreaterThan(0);
    expect(c.arbitrage + c.demandCharge + c.pvSelfConsumption + c.auxiliary).toBeCloseTo(
      r.json.annual.savingsYuan,
      3,
    );
  });
});
