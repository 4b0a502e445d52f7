import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CalculationStarted, ProjectView } from '@pvplan/contract';
import JSZip from 'jszip';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultJobHandlers } from '../src/modules/jobs/job-handlers';
import { JobWorker } from '../src/modules/jobs/job-worker';
import type { AssessmentSummary } from '../src/modules/projects/assessment';
import {
  bearer,
  dialectsUnderTest,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

/*
 * Issue 7: a plan's summary records where its load, tariff and feed-in price came from as structured
 * labels (contract calculation-sources.ts) next to the English phrases older plans have, and the
 * reports say them in the reader's language.
 */

const E = '/estimate-tools/estimate-tools/early';
const F = '/estimate-tools/estimate-tools/fast';
const CM = '/estimate-tools/estimate-tools/config-manage';
const MEMBER = '13800000002';
const WUHAN = { areaCode: '420100', latitudeDeg: 30.59, longitudeDeg: 114.3 };

/** The text of a PDF as poppler's pdftotext reads it, with every run of white space made one space. */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pvplan-sources-')), 'r.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Chinese text with the line breaks and spaces of the PDF layout taken out. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

describe.each(dialectsUnderTest())('calculation source labels on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string> = {};
  let admin: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers = externalHeaders(await login(t.app, MEMBER));
    admin = bearer(await login(t.app, 'admin'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (url: string, payload: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload: payload as object });

  async function createProject(body: Record<string, unknown>): Promise<ProjectView> {
    const answer = envelopeOf(await inject(`${E}/savePro`, { projType: 'pv', ...WUHAN, ...body }));
    expect(answer.code).toBe(200);
    return answer.data as ProjectView;
  }

  async function drainJobs(): Promise<void> {
    const worker = new JobWorker({
      db: t.database.db,
      dialect: t.database.dialect,
      handlers: defaultJobHandlers(),
      logger: pino({ level: 'silent' }),
      pollMs: 50,
      retryDelayMs: 0,
    });
    await worker.drain();
  }

  async function summaryOf(projId: string, planId: number): Promise<AssessmentSummary> {
    const result = await t.app.inject({
      method: 'GET',
      url: `${E}/getPlanResult?projId=${projId}&planId=${planId}`,
      headers,
    });
    return (envelopeOf(result).data as { summary: AssessmentSummary }).summary;
  }

  let pvProjId = '';
  let pvPlanId = 0;

  it('stores the labels of a PV plan next to the English phrases', async () => {
    const p = await createProject({
      projName: '来源标签测试工厂',
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
    });
    pvProjId = p.projId;
    const saved = envelopeOf(
      await inject(`${E}/saveUpdateConfigModelData`, {
        projId: pvProjId,
        pv: { capacityKwp: 600, tiltDeg: 20, azimuthDeg: 180, dcAcRatio: 1.2 },
        load: { source: 'constant', averageLoadKw: 400 },
      }),
    );
    expect(saved.code).toBe(200);
    const started = envelopeOf(await inject(`${E}/pvStartExecuteCalculation`, { projId: pvProjId }));
    expect(started.code).toBe(200);
    await drainJobs();
    pvPlanId = (started.data as CalculationStarted).planId;
    const summary = await summaryOf(pvProjId, pvPlanId);

    expect(summary.load.label).toEqual({ kind: 'constant', kw: 400 });
    expect(summary.load.source).toBe('constant 400 kW');

    // Wuhan's published table (seed), the large-industry 1–10 kV row, with Hubei's TOU table.
    const tariff = summary.tariff.label;
    expect(tariff).toMatchObject({
      kind: 'priceStore',
      areaCode: '420100',
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
    });
    if (tariff?.kind !== 'priceStore') throw new Error('expected a price-store label');
    expect(tariff.title.length).toBeGreaterThan(0);
    expect(tariff.month).toMatch(/^\d{4}-\d{2}$/);
    expect(tariff.tou?.title.length).toBeGreaterThan(0);
    // The phrase older plans stored is still written, built from the same table.
    expect(summary.tariff.source.startsWith(`${tariff.title} (${tariff.month}; large_industry kv1_10)`)).toBe(
      true,
    );
    expect(summary.tariff.source).toContain(`; TOU ${tariff.tou?.title} (${tariff.tou?.effectiveMonth})`);
    if (tariff.calendarRules) {
      expect(tariff.calendarRules.year).toBe(2023);
      expect(summary.tariff.source).toContain(
        `; calendar rules on 2023: ${tariff.calendarRules.rules.join(' | ')}`,
      );
    } else expect(summary.tariff.source).not.toContain('calendar rules');

    // The coal-fired benchmark of Hubei (china-domain.md §2.3: 0.4161 yuan/kWh).
    expect(summary.economics.feedInLabel).toEqual({
      kind: 'coalBenchmark',
      yuanPerKwh: 0.4161,
      area: 'hubei',
      areaNameZh: '湖北',
      areaNameEn: 'Hubei',
      verified: true,
    });
    expect(summary.economics.feedInYuanPerKwh).toBe(0.4161);
    expect(summary.economics.feedInSource).toBe('coal benchmark 湖北 (燃煤发电基准价)');
  });

  /** The project's Chinese PDF and Word reports say its sources in Chinese, none of the English phrases. */
  async function expectChineseReports(projId: string): Promise<void> {
    const pdf = await inject(`${E}/exportPDF`, { projId });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    const zh = squeezed(text);
    expect(zh).toContain('恒定负荷400kW');
    expect(zh).toContain('湖北燃煤发电基准价');
    expect(zh).toContain('元/kWh（湖北燃煤发电基准价）');
    expect(zh).toContain('大工业（两部制），1-10（20）千伏）');
    expect(zh).toContain('；分时时段：');
    expect(zh).toContain('起执行）');
    // The project section names the category and voltage in Chinese too.
    expect(zh).toContain('用电类别大工业（两部制）');
    for (const english of [
      'coal benchmark',
      'constant 400',
      'large_industry',
      'kv1_10',
      '; TOU',
      'calendar rules',
    ])
      expect(text).not.toContain(english);

    const word = await inject(`${E}/exportWord`, { projId });
    expect(word.statusCode).toBe(200);
    const xml =
      (await (await JSZip.loadAsync(word.rawPayload)).file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toContain('湖北燃煤发电基准价');
    expect(xml).toContain('恒定负荷 400 kW');
    expect(xml).not.toContain('coal benchmark');
    expect(xml).not.toContain('constant 400 kW');
  }

  /** The project's English PDF says its sources in English, the benchmark area named in English. */
  async function expectEnglishPdf(projId: string): Promise<void> {
    const pdf = await inject(`${E}/exportPDF`, { projId }, { 'accept-language': 'en' });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Constant load of 400 kW');
    expect(text).toContain('Coal-fired benchmark price of Hubei');
    expect(text).toContain('Large industry (two-part)');
    expect(text).toContain('TOU periods:');
    expect(text).not.toContain('coal benchmark 湖北');
  }

  it('says the sources in Chinese in the Chinese PDF and Word reports, not the English phrases', async () => {
    await expectChineseReports(pvProjId);
  });

  it('says them in English in the English PDF', async () => {
    await expectEnglishPdf(pvProjId);
  });

  it("reports a plan stored before the labels in the reader's language, its phrases read as labels", async () => {
    const row = await t.database.db
      .selectFrom('project_plans')
      .select(['summary_json'])
      .where('id', '=', pvPlanId)
      .executeTakeFirstOrThrow();
    const summary = JSON.parse(row.summary_json ?? '{}') as {
      load: Record<string, unknown>;
      tariff: Record<string, unknown>;
      economics: Record<string, unknown>;
    };
    delete summary.load.label;
    delete summary.tariff.label;
    delete summary.economics.feedInLabel;
    await t.database.db
      .updateTable('project_plans')
      .set({ summary_json: JSON.stringify(summary) })
      .where('id', '=', pvPlanId)
      .execute();
    const old = await summaryOf(pvProjId, pvPlanId);
    expect(old.load.label).toBeUndefined();
    expect(old.load.source).toBe('constant 400 kW');
    expect(old.tariff.source).toContain('; TOU ');

    // The phrases are said in the reader's language, as for a plan with labels.
    await expectChineseReports(pvProjId);
    await expectEnglishPdf(pvProjId);

    // A phrase no server wrote is shown as stored.
    const odd = { ...summary, load: { ...summary.load, source: 'hand-made load 7' } };
    await t.database.db
      .updateTable('project_plans')
      .set({ summary_json: JSON.stringify(odd) })
      .where('id', '=', pvPlanId)
      .execute();
    const oddPdf = await inject(`${E}/exportPDF`, { projId: pvProjId });
    expect(pdfText(oddPdf.rawPayload).replace(/\s+/g, ' ')).toContain('hand-made load 7');
  });

  it('labels monthly energy entered, and the quick estimate’s prices', async () => {
    const monthly = await createProject({
      projName: '月度电量标签',
      projType: 'es',
      userCategory: 'general_ci',
      voltageLevel: 'kv1_10',
    });
    const saved = envelopeOf(
      await inject('/estimate-tools/estimate-tools/pves/saveUpdatePvesInfo', {
        projId: monthly.projId,
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 1, strategy: 'oneChargeOneDischarge' },
        load: { source: 'monthly', monthlyKwh: new Array(12).fill(100_000) },
        economics: { feedInYuanPerKwh: 0.3 },
      }),
    );
    expect(saved.code).toBe(200);
    const started = envelopeOf(await inject(`${E}/esStartExecuteCalculation`, { projId: monthly.projId }));
    expect(started.code, started.msg).toBe(200);
    await drainJobs();
    const summary = await summaryOf(monthly.projId, (started.data as CalculationStarted).planId);
    expect(summary.load.label).toEqual({ kind: 'monthly', monthsGiven: 12, monthsEstimated: 0 });
    expect(summary.load.source).toBe('monthly energy (entered)');
    expect(summary.economics.feedInLabel).toEqual({ kind: 'economics', yuanPerKwh: 0.3 });
    expect(summary.economics.feedInSource).toBe('user');

    // No area code: no coal benchmark, and the quick estimate gives no feed-in price.
    const created = envelopeOf(
      await inject(`${E}/savePro`, {
        projName: '快速测算标签',
        projType: 'fast',
        latitudeDeg: WUHAN.latitudeDeg,
        longitudeDeg: WUHAN.longitudeDeg,
      }),
    );
    expect(created.code, created.msg).toBe(200);
    const fast = created.data as ProjectView;
    const price = envelopeOf(
      await inject(`${F}/savePrice`, {
        projId: fast.projId,
        peak: 1.2,
        flat: 0.7,
        valley: 0.3,
        daySlots: Array.from({ length: 48 }, (_, s) => (s < 16 ? 3 : s >= 20 && s < 24 ? 1 : 2)),
      }),
    );
    expect(price.code).toBe(200);
    const fastStarted = envelopeOf(
      await inject(`${F}/startCalculation`, {
        projId: fast.projId,
        averageLoadKw: 300,
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 1, strategy: 'oneChargeOneDischarge' },
      }),
    );
    expect(fastStarted.code).toBe(200);
    await drainJobs();
    const fastSummary = await summaryOf(fast.projId, (fastStarted.data as CalculationStarted).planId);
    expect(fastSummary.tariff.label).toEqual({ kind: 'fastPrices' });
    expect(fastSummary.tariff.source).toBe('prices of the quick estimate (fast/savePrice)');
    expect(fastSummary.economics.feedInLabel).toEqual({ kind: 'none' });
    expect(fastSummary.economics.feedInSource).toBe('none (no PV)');
    const pdf = await inject(`${F}/exportPdf`, { projId: fast.projId });
    expect(pdf.statusCode).toBe(200);
    const zh = squeezed(pdfText(pdf.rawPayload));
    expect(zh).toContain('快速测算中填写的电价');
    expect(zh).toContain('恒定负荷300kW');
  });

  it('labels the calendar rules of a TOU table on the model year and says them in the report', async () => {
    // Zhejiang's TOU table (浙发改价格〔2024〕21号, seeded) has a holiday deep valley; the store holds
    // no Zhejiang prices, so a test table (as projects-tariff.test.ts) is entered first.
    const table = await t.app.inject({
      method: 'POST',
      url: `${CM}/insertOrUpdate`,
      headers: admin,
      payload: {
        kind: 'agencyPrice',
        areaCode: '330000',
        month: '2025-07',
        sourceTitle: '测试电价（浙江，非官方数据）',
        fundsIncludedInEnergyPrices: true,
        rows: [
          {
            userCategory: 'large_industry',
            voltageLevel: 'kv1_10',
            sharp: 1.2,
            peak: 1.0,
            flat: 0.6,
            valley: 0.3,
            deepValley: 0.15,
            demandYuanPerKwMonth: 40,
          },
        ],
      },
    });
    expect(envelopeOf(table).code).toBe(200);
    const hangzhou = { areaCode: '330100', latitudeDeg: 30.27, longitudeDeg: 120.15 };
    const p = await createProject({
      projName: '日历规则标签',
      projType: 'es',
      ...hangzhou,
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
    });
    for (const [url, body] of [
      [
        `${E}/insertOrUpdatePriceInfo`,
        {
          areaCode: hangzhou.areaCode,
          userCategory: 'large_industry',
          voltageLevel: 'kv1_10',
          month: '2025-07',
        },
      ],
      [
        '/estimate-tools/estimate-tools/pves/saveUpdatePvesInfo',
        {
          es: { productId: 'ci-cabinet-100kw-215kwh', units: 1, strategy: 'oneChargeOneDischarge' },
          load: { source: 'constant', averageLoadKw: 100 },
        },
      ],
    ] as const) {
      const answer = envelopeOf(await inject(url, { projId: p.projId, ...body }));
      expect(answer.code, answer.msg).toBe(200);
    }
    const started = envelopeOf(await inject(`${E}/esStartExecuteCalculation`, { projId: p.projId }));
    expect(started.code, started.msg).toBe(200);
    await drainJobs();
    const summary = await summaryOf(p.projId, (started.data as CalculationStarted).planId);
    const label = summary.tariff.label;
    if (label?.kind !== 'priceStore') throw new Error('expected a price-store label');
    expect(label).toMatchObject({ title: '测试电价（浙江，非官方数据）', month: '2025-07' });
    expect(label.tou?.title).toContain('浙发改价格〔2024〕21号');
    expect(label.calendarRules?.year).toBe(2023);
    expect(label.calendarRules?.rules).toContain('春节、劳动节、国庆节 10:00-14:00 深谷');
    // The 2023 holidays come from the State Council's notice for 2023 (国办发明电〔2022〕16号).
    expect(label.calendarRules?.holidayDocuments).toEqual(['国办发明电〔2022〕16号']);
    expect(summary.tariff.source).toContain(
      '; calendar rules on 2023: 春节、劳动节、国庆节 10:00-14:00 深谷',
    );

    const pdf = await inject(`${E}/exportPDF`, { projId: p.projId });
    expect(pdf.statusCode).toBe(200);
    const zh = squeezed(pdfText(pdf.rawPayload));
    expect(zh).toContain('2023年的日历规则：春节、劳动节、国庆节10:00-14:00深谷');
    expect(zh).not.toContain('calendarrules');
  });

  it("labels the load module's monthly energy and its synthetic series", async () => {
    const p = await createProject({
      projName: '负荷模块标签',
      projType: 'es',
      userCategory: 'general_ci',
      voltageLevel: 'kv1_10',
    });
    const saved = envelopeOf(
      await inject('/estimate-tools/estimate-tools/pves/saveUpdatePvesInfo', {
        projId: p.projId,
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 1, strategy: 'oneChargeOneDischarge' },
        load: { source: 'auto' },
      }),
    );
    expect(saved.code, saved.msg).toBe(200);
    // January and April given (load module, early/saveOrUpdateUserPowerDatas): ten months estimated.
    const months = envelopeOf(
      await inject(`${E}/saveOrUpdateUserPowerDatas`, {
        projId: p.projId,
        datas: [
          { month: 1, valley: 24_800, flat: 37_200, peak: 111_600 },
          { month: 4, valley: 24_000, flat: 36_000, peak: 108_000 },
        ],
      }),
    );
    expect(months.code, months.msg).toBe(200);
    const calculate = async () => {
      const started = envelopeOf(await inject(`${E}/esStartExecuteCalculation`, { projId: p.projId }));
      expect(started.code, started.msg).toBe(200);
      await drainJobs();
      return summaryOf(p.projId, (started.data as CalculationStarted).planId);
    };
    const monthly = await calculate();
    expect(monthly.load.label).toEqual({ kind: 'bills', monthsGiven: 2, monthsEstimated: 10 });
    expect(monthly.load.source).toBe(
      'monthly energy (bills / electricity file): 2 months given, 10 estimated from their daily mean',
    );

    // A 15-minute year generated from those months (load module, as load.test.ts builds it).
    const touSlots = Array.from({ length: 12 }, () =>
      Array.from({ length: 48 }, (_, s) => (s < 16 ? 3 : s < 24 ? 2 : 1)),
    );
    const info = envelopeOf(
      await inject(`${E}/saveLoadInfo`, {
        projId: p.projId,
        industry: 'process_24h',
        workingWeekdays: [1, 2, 3, 4, 5, 6],
        year: 2025,
        touSlots,
      }),
    );
    expect(info.code, info.msg).toBe(200);
    const built = envelopeOf(
      await inject(`${E}/insertOrUpdateLoadInfoNew`, { projId: p.projId, info: { loadSource: 'synthetic' } }),
    );
    expect(built.code, built.msg).toBe(200);
    const series = await calculate();
    expect(series.load.label).toEqual({
      kind: 'synthetic',
      startLocal: '2025-01-01 00:00',
      stepMinutes: 15,
      coveredHours: 8760,
      totalHours: 8760,
    });
    expect(series.load.source).toBe(
      'load data (synthetic, from 2025-01-01 00:00, 15-min, 8760 of 8760 hours measured)',
    );
  });
});
