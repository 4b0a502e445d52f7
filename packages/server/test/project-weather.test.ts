/**
 * The weather source a project chooses (issue 4 "a project records which source it used, and
 * reports show it"): pvConfig.weather → the calculation → the plan's recorded label → the report.
 *
 * Online sources go through a local stand-in for PVGIS (as test/weather.test.ts does): its TMY answer
 * is written here from the Beijing IWEC EPW (../shared/weather), re-stamped in UTC as PVGIS stamps
 * its hours, so that the same year reaches the engine by two routes (PVGIS JSON re-expressed at UTC+8
 * and laid on the model year; the EPW uploaded as a weather file). The reference is the engine run
 * directly on the EPW (`simulatePvSystem`, years set to the model year): both plans must match it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BestDipAngle,
  type CalculationStarted,
  POWER_COST_MAP_PATH,
  type PowerCostMap,
  type ProjectView,
  parseWeatherSourceLabel,
  type WeatherDatasetView,
  type WeatherSourceLabel,
  weatherSourceText,
} from '@pvplan/contract';
import { bestOrientation, parseEpw, simulatePvSystem, type WeatherData } from '@pvplan/engine';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentSummary } from '../src/modules/projects/assessment';
import { MODEL_STEPS } from '../src/modules/projects/assessment';
import { weatherOnModelYear } from '../src/modules/projects/weather-year';
import {
  dialectsUnderTest,
  drainQueuedJobs,
  type EnvelopeBody,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHARED = path.resolve(HERE, '../../../../shared');
const BEIJING_IWEC = path.join(SHARED, 'weather/CHN_Beijing.Beijing.545110_IWEC.epw');
const NASA_2DAYS = path.join(HERE, 'fixtures/weather/nasa_power_hourly_beijing_2days.json');

const E = '/estimate-tools/estimate-tools/early';
const W = '/estimate-tools/estimate-tools/weather';
const FAST = '/estimate-tools/estimate-tools/fast';
const OWNER = '13800000002';
const OTHER = '13800000001';

/** The IWEC station (EPW LOCATION line): 39.80 N, 116.47 E, UTC+8, 32 m. */
const BEIJING = { latitudeDeg: 39.8, longitudeDeg: 116.47 };
const PV = { capacityKwp: 500, tiltDeg: 30, azimuthDeg: 180, dcAcRatio: 1.2 };

// ---------------------------------------------------------------------------------------------
// Unit: laying a series on the model year (hand-worked expectations)
// ---------------------------------------------------------------------------------------------

/**
 * A series of `n` rows of `stepMinutes` whose first interval starts at local `start` (UTC+8), with
 * EPW-style end labels (hour 24 stays on the day it closes) and GHI/DNI/DHI/temp/wind from `value(i)`.
 */
function series(start: Date, stepMinutes: number, n: number, value: (i: number) => number): WeatherData {
  const year = new Int32Array(n);
  const month = new Int32Array(n);
  const day = new Int32Array(n);
  const hour = new Int32Array(n);
  const minute = new Int32Array(n);
  const v = Float64Array.from({ length: n }, (_, i) => value(i));
  for (let i = 0; i < n; i++) {
    const s = new Date(start.getTime() + i * stepMinutes * 60_000);
    const midnight = Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate());
    const minutes = (s.getTime() + stepMinutes * 60_000 - midnight) / 60_000;
    year[i] = s.getUTCFullYear();
    month[i] = s.getUTCMonth() + 1;
    day[i] = s.getUTCDate();
    hour[i] = Math.floor(minutes / 60);
    minute[i] = minutes % 60;
  }
  return {
    format: 'csv',
    site: { name: 't', latitudeDeg: 39.8, longitudeDeg: 116.47, tzOffsetHours: 8, altitudeM: 32 },
    length: n,
    stepMinutes,
    year,
    month,
    day,
    hour,
    minute,
    ghiWm2: v,
    dniWm2: v.slice(),
    dhiWm2: v.slice(),
    tempAirC: v.slice(),
    windSpeedMs: v.slice(),
    pressurePa: new Float64Array(n).fill(Number.NaN),
    albedo: new Float64Array(n).fill(Number.NaN),
    irradianceShiftMinutes: -24,
    source: {
      fileLabel: 'end',
      fileTzOffsetHours: 8,
      irradianceTimeOffsetHours: Number.NaN,
      windHeightM: 10,
      monthsSelected: [],
      hasDni: true,
      hasDhi: true,
      insertedRows: 0,
      assumptions: [],
      corrections: [],
    },
  };
}

const noFallback = (): WeatherData => {
  throw new Error('the fallback must not be needed');
};

describe('weather laid on the model year', () => {
  it('puts a UTC year re-expressed at UTC+8 back in calendar order (the last 8 rows open 1 January)', () => {
    // Rows start 1 January 08:00 local and run to 1 January 08:00 of the next year; value = row index.
    const utcYear = series(new Date(Date.UTC(2018, 0, 1, 8)), 60, 8760, (i) => i);
    const out = weatherOnModelYear(utcYear, noFallback);
    if (typeof out === 'string') throw new Error(out);
    expect(out.weather.length).toBe(MODEL_STEPS);
    expect(out.weather.ghiWm2[0]).toBe(8752); // 1 January 00:00–01:00 is the first of the wrapped rows
    expect(out.weather.ghiWm2[7]).toBe(8759);
    expect(out.weather.ghiWm2[8]).toBe(0);
    expect(out.weather.ghiWm2[8759]).toBe(8751);
    expect([out.weather.month[0], out.weather.day[0], out.weather.hour[0]]).toEqual([1, 1, 1]);
    expect([out.weather.month[8759], out.weather.day[8759], out.weather.hour[8759]]).toEqual([12, 31, 24]);
    expect(out.weather.irradianceShiftMinutes).toBe(-24); // hourly rows keep their sun instant
    expect(out.filledHours).toBe(0);
  });

  it('averages 15-minute data per hour, with the sun at mid-hour', () => {
    // Value = quarter of the hour (0, 1, 2, 3): every hour's mean is 1.5.
    const quarter = series(new Date(Date.UTC(2023, 0, 1)), 15, 8760 * 4, (i) => i % 4);
    const out = weatherOnModelYear(quarter, noFallback);
    if (typeof out === 'string') throw new Error(out);
    expect(out.weather.ghiWm2[0]).toBe(1.5);
    expect(out.weather.ghiWm2[4321]).toBe(1.5);
    expect(out.weather.irradianceShiftMinutes).toBe(-30);
  });

  it('drops 29 February of a leap year', () => {
    // 2024: value = day of the year (0-based); 1 March is day 60 of 2024 and day 59 of the model year.
    const leap = series(new Date(Date.UTC(2024, 0, 1)), 60, 8784, (i) => Math.floor(i / 24));
    const out = weatherOnModelYear(leap, noFallback);
    if (typeof out === 'string') throw new Error(out);
    expect(out.weather.ghiWm2[59 * 24]).toBe(60);
    expect(out.weather.ghiWm2[58 * 24]).toBe(58); // 28 February
  });

  it('fills a missing hour from the same clock hour of the month and says how many', () => {
    // Value = day of the year; 2 January 10:00 missing → mean of the other January days at 10:00:
    // (0 + 2 + 3 + … + 30) / 30 = 464 / 30.
    const gap = series(new Date(Date.UTC(2023, 0, 1)), 60, 8760, (i) =>
      i === 34 ? Number.NaN : Math.floor(i / 24),
    );
    const out = weatherOnModelYear(gap, noFallback);
    if (typeof out === 'string') throw new Error(out);
    expect(out.weather.ghiWm2[34]).toBeCloseTo(464 / 30, 12);
    expect(out.filledHours).toBe(1);
  });

  it('takes temperature and wind from the fallback year when the data has none', () => {
    const noTemp = series(new Date(Date.UTC(2023, 0, 1)), 60, 8760, () => 100);
    noTemp.tempAirC.fill(Number.NaN);
    const climate = series(new Date(Date.UTC(2023, 0, 1)), 60, 8760, (i) => i / 1000);
    const out = weatherOnModelYear(noTemp, () => climate);
    if (typeof out === 'string') throw new Error(out);
    expect(out.climateFilled).toBe(true);
    expect(out.weather.tempAirC[5000]).toBe(5);
    expect(out.weather.windSpeedMs[5000]).toBe(100);
  });

  it('refuses two days and two-hour steps', () => {
    expect(
      weatherOnModelYear(
        series(new Date(Date.UTC(2023, 5, 1)), 60, 48, () => 1),
        noFallback,
      ),
    ).toBe('notAYear');
    expect(
      weatherOnModelYear(
        series(new Date(Date.UTC(2023, 0, 1)), 120, 4380, () => 1),
        noFallback,
      ),
    ).toBe('step');
  });
});

// ---------------------------------------------------------------------------------------------
// API: the choice, the calculation, the record, the report
// ---------------------------------------------------------------------------------------------

/** EPW data lines (8760). */
function epwLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .slice(8)
    .filter((line) => line.trim() !== '');
}

/**
 * A PVGIS 5.3 TMY JSON answer (JRC "API non-interactive service" layout, as the fixture of
 * weather.test.ts) holding the EPW's year: UTC hour k of 2018 carries the EPW row of local hour k + 8
 * (UTC+8), the last 8 UTC hours the first local hours of 1 January; hour means (time offset 0.5 h).
 */
function pvgisFromEpw(epw: string, latitudeDeg: number, longitudeDeg: number): string {
  const lines = epwLines(epw);
  const elevation = Number(epw.split(/\r?\n/)[0]?.split(',')[9]);
  const pad = (v: number) => String(v).padStart(2, '0');
  const rows = [];
  for (let k = 0; k < 8760; k++) {
    const f = (lines[(k + 8) % 8760] as string).split(',');
    const t = new Date(Date.UTC(2018, 0, 1, k));
    rows.push({
      'time(UTC)': `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}:${pad(t.getUTCHours())}00`,
      T2m: Number(f[6]),
      RH: Number(f[8]),
      'G(h)': Number(f[13]),
      'Gb(n)': Number(f[14]),
      'Gd(h)': Number(f[15]),
      'IR(h)': Number(f[12]),
      WS10m: Number(f[21]),
      WD10m: Number(f[20]),
      SP: Number(f[9]),
    });
  }
  return JSON.stringify({
    inputs: {
      location: { latitude: latitudeDeg, longitude: longitudeDeg, elevation, irradiance_time_offset: 0.5 },
      meteo_data: { radiation_db: 'PVGIS-SARAH3', meteo_db: 'ERA5', year_min: 2005, year_max: 2023 },
    },
    outputs: {
      months_selected: Array.from({ length: 12 }, (_, m) => ({ month: m + 1, year: 2018 })),
      tmy_hourly: rows,
    },
  });
}

/** The stand-in for PVGIS and NASA POWER: serves the year built from the EPW, or fails as told. */
class ProviderStandIn {
  mode: 'ok' | 'hang' | 'error' = 'ok';
  readonly requests: URL[] = [];
  private readonly answers = new Map<string, string>();
  base = '';
  private readonly server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.requests.push(url);
    if (this.mode === 'hang') return;
    if (this.mode === 'error') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Location over the sea. Please, select another location' }));
      return;
    }
    if (url.pathname.endsWith('/tmy')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const key = `${url.searchParams.get('lat')},${url.searchParams.get('lon')}`;
      let body = this.answers.get(key);
      if (body === undefined) {
        body = pvgisFromEpw(
          this.epw,
          Number(url.searchParams.get('lat')),
          Number(url.searchParams.get('lon')),
        );
        this.answers.set(key, body);
      }
      res.end(body);
      return;
    }
    if (url.pathname.endsWith('/hourly/point')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(fs.readFileSync(NASA_2DAYS));
      return;
    }
    res.writeHead(404).end();
  });

  constructor(private readonly epw: string) {}

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  count(pathEnd: string): number {
    return this.requests.filter((url) => url.pathname.endsWith(pathEnd)).length;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe.each(dialectsUnderTest())('the weather source of a project on %s', (dialect) => {
  const epw = fs.readFileSync(BEIJING_IWEC, 'utf8');
  const providers = new ProviderStandIn(epw);
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    await providers.start();
    t = await startTestApp(dialect, {
      WEATHER_PVGIS_URL: `${providers.base}/pvgis/api/v5_3`,
      WEATHER_NASA_POWER_URL: `${providers.base}/power/api/temporal/hourly/point`,
      WEATHER_HTTP_TIMEOUT_MS: '2000',
      WEATHER_NASA_POWER_YEAR: '2023',
    });
    headers.owner = externalHeaders(await login(t.app, OWNER));
    headers.other = externalHeaders(await login(t.app, OTHER));
  });
  afterAll(async () => {
    await t?.close();
    await providers.stop();
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    who: string,
    payload?: unknown,
    language = 'zh-CN',
  ): Promise<EnvelopeBody & { status: number }> {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...headers[who], 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }
  const post = (url: string, who: string, payload: unknown = {}, language = 'zh-CN') =>
    call('POST', url, who, payload, language);

  const drainJobs = () => drainQueuedJobs(t);

  /** A PV project at a site with the quick-estimate prices (the seeded price store holds Hubei only). */
  async function project(site = BEIJING, weather?: unknown, who = 'owner'): Promise<ProjectView> {
    const created = await post(`${E}/savePro`, who, {
      projName: '北京屋顶',
      projType: 'pv',
      areaCode: '110105',
      ...site,
    });
    expect(created.code).toBe(200);
    const p = created.data as ProjectView;
    const prices = await post(`${FAST}/savePrice`, who, {
      projId: p.projId,
      flat: 0.75,
      feedInYuanPerKwh: 0.3598,
    });
    expect(prices.code).toBe(200);
    const saved = await post(`${E}/saveUpdateConfigModelData`, who, {
      projId: p.projId,
      pv: { ...PV, ...(weather === undefined ? {} : { weather }) },
      load: { source: 'constant', averageLoadKw: 300 },
      economics: { feedInYuanPerKwh: 0.3598 },
    });
    expect(saved.code).toBe(200);
    return p;
  }

  async function calculate(p: ProjectView, who = 'owner') {
    const started = await post(`${E}/pvStartExecuteCalculation`, who, { projId: p.projId });
    expect(started.code, started.msg).toBe(200);
    await drainJobs();
    const planId = (started.data as CalculationStarted).planId;
    const read = async (language: string) =>
      (await call('GET', `${E}/getPlanResult?projId=${p.projId}&planId=${planId}`, who, undefined, language))
        .data as {
        plan: { status: string; error: string | null };
        summary: AssessmentSummary;
        warnings: string[];
      };
    const zh = await read('zh-CN');
    expect(zh.plan.status, zh.plan.error ?? '').toBe('succeeded');
    const en = await read('en');
    const label = parseWeatherSourceLabel(zh.summary.weather.source) as WeatherSourceLabel;
    expect(label).not.toBeNull();
    return { planId, summary: zh.summary, label, warningsZh: zh.warnings, warningsEn: en.warnings };
  }

  /** The engine run directly on the EPW, every row in the model year (2023): the reference. */
  function referenceAnnualAcKwh(): number {
    return simulatePvSystem({
      weather: parseEpw(epw),
      system: {
        arrays: [{ tiltDeg: PV.tiltDeg, azimuthDeg: PV.azimuthDeg, dcKw: PV.capacityKwp }],
        acKw: PV.capacityKwp / PV.dcAcRatio,
        lossesPercent: 14,
        albedo: 0.2,
      },
      site: BEIJING,
      models: { coerceYear: 2023 },
    }).annual.acKwh;
  }

  async function uploadEpw(who: string): Promise<WeatherDatasetView> {
    const boundary = `----pvplan${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="CHN_Beijing_IWEC.epw"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(epw),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `${W}/upload`,
      headers: { ...headers[who], 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const body = envelopeOf(response);
    expect(body.code, body.msg).toBe(200);
    return body.data as WeatherDatasetView;
  }

  let climatologyMonthlyKwh: number[] = [];

  it('refuses a file source without a dataset, in Chinese and in English, and saves nothing', async () => {
    const p = await project();
    for (const [language, text] of [
      ['zh-CN', '气象来源为“文件”时，请选择一个已上传的气象数据集'],
      ['en', 'choose one of your uploaded weather datasets for the weather source "file"'],
    ] as const) {
      const refused = await post(
        `${E}/saveUpdateConfigModelData`,
        'owner',
        { projId: p.projId, pv: { ...PV, weather: { source: 'file' } } },
        language,
      );
      expect(refused.status).toBe(400);
      expect(refused.msg).toContain(text);
      expect(refused.msg).toContain('pv.weather.datasetId');
    }
    const unknownKind = await post(`${E}/saveUpdateConfigModelData`, 'owner', {
      projId: p.projId,
      pv: { ...PV, weather: { source: 'meteonorm' } },
    });
    expect(unknownKind.status).toBe(400);
    const configs = await post(`${E}/getProJConfigPvModel`, 'owner', { projId: p.projId });
    expect(JSON.stringify(configs.data)).not.toContain('meteonorm');
  });

  it('records the built-in climatology with its stations by default', async () => {
    const p = await project();
    const { label, summary } = await calculate(p);
    expect(label).toMatchObject({ kind: 'climatology', requested: 'climatology', latitudeDeg: 39.8 });
    expect(label.stations?.[0]?.nameZh).toBe('北京');
    expect(weatherSourceText('zh-CN', summary.weather.source)).toMatch(
      /^内置气候数据合成典型年（参考气象站：北京 \d+ km/,
    );
    expect(weatherSourceText('en', summary.weather.source)).toMatch(
      /^Built-in climatology, synthetic typical year \(stations: Beijing \d+ km/,
    );
    climatologyMonthlyKwh = summary.pv?.monthlyAcKwh ?? [];
    expect(climatologyMonthlyKwh).toHaveLength(12);
  });

  it('calculates on PVGIS when chosen, records it, matches the engine on the same year and caches the answer', async () => {
    const before = providers.count('/tmy');
    const p = await project(BEIJING, { source: 'pvgis' });
    const { label, summary, planId } = await calculate(p);
    expect(label).toMatchObject({
      kind: 'pvgis',
      requested: 'pvgis',
      name: 'PVGIS TMY',
      database: 'PVGIS-SARAH3',
      latitudeDeg: 39.8,
      longitudeDeg: 116.47,
    });
    // Reference: the engine on the EPW the stand-in's answer was written from (same hours, same sun instants).
    const reference = referenceAnnualAcKwh();
    expect(summary.pv?.annualAcKwh).toBeCloseTo(reference, 3);
    // The choice changes the result: the IWEC year is not the climatology's synthetic year (their
    // annual sums are close — the climatology is calibrated on Beijing — but the months are not).
    const monthly = summary.pv?.monthlyAcKwh ?? [];
    const largestMonthlyGap = Math.max(
      ...monthly.map((kwh, m) => Math.abs(kwh / (climatologyMonthlyKwh[m] ?? 1) - 1)),
    );
    expect(largestMonthlyGap).toBeGreaterThan(0.05);
    // The plan keeps the choice and what was used.
    const row = await t.database.db
      .selectFrom('project_plans')
      .select('inputs_json')
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.inputs_json).weather).toMatchObject({
      choice: { source: 'pvgis' },
      label: { kind: 'pvgis' },
    });
    // One request: the start fetched and cached it, the job read the cache; so does a second plan.
    await calculate(p);
    expect(providers.count('/tmy') - before).toBe(1);

    // The reports name the source in the reader's language.
    for (const [language, text] of [
      ['zh-CN', 'PVGIS 典型气象年（PVGIS-SARAH3，坐标 39.80°N 116.47°E）'],
      ['en', 'PVGIS typical meteorological year (PVGIS-SARAH3, at 39.80°N 116.47°E)'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${E}/exportWord`,
        headers: { ...headers.owner, 'accept-language': language },
        payload: { projId: p.projId },
      });
      expect(response.statusCode).toBe(200);
      const zip = await JSZip.loadAsync(response.rawPayload);
      expect(await zip.file('word/document.xml')?.async('string')).toContain(text);
    }
  });

  it("calculates on the owner's uploaded weather file and refuses another user's dataset", async () => {
    const dataset = await uploadEpw('owner');
    const p = await project(BEIJING, { source: 'file', datasetId: String(dataset.id) });
    const { label, summary } = await calculate(p);
    expect(label).toMatchObject({ kind: 'file', datasetId: dataset.id, fileName: 'CHN_Beijing_IWEC.epw' });
    expect(summary.pv?.annualAcKwh).toBeCloseTo(referenceAnnualAcKwh(), 3);
    expect(weatherSourceText('zh-CN', summary.weather.source)).toBe(
      `上传的气象文件“CHN_Beijing_IWEC.epw”（数据集 ${dataset.id}）`,
    );

    const foreign = await uploadEpw('other');
    const q = await project(BEIJING, { source: 'file', datasetId: String(foreign.id) });
    for (const [language, text] of [
      ['zh-CN', `项目所选的气象数据集（${foreign.id}）不存在或不属于项目创建者`],
      ['en', `The weather dataset chosen for this project (${foreign.id}) does not exist`],
    ] as const) {
      const refused = await post(`${E}/pvStartExecuteCalculation`, 'owner', { projId: q.projId }, language);
      expect(refused.status).toBe(404);
      expect(refused.msg).toContain(text);
    }
    const plans = await t.database.db
      .selectFrom('project_plans')
      .select('id')
      .where('proj_id', '=', Number(q.projId))
      .execute();
    expect(plans).toHaveLength(0);
  });

  it('falls back to the climatology with a warning when PVGIS fails, and records why', async () => {
    // Another site (answers are cached by coordinates): Tianjin.
    const tianjin = { latitudeDeg: 39.13, longitudeDeg: 117.2 };
    const plain = await calculate(await project(tianjin));
    providers.mode = 'error';
    try {
      const failed = await calculate(await project(tianjin, { source: 'pvgis' }));
      expect(failed.label).toMatchObject({
        kind: 'climatology',
        requested: 'pvgis',
        fallbackReason: 'failed',
      });
      // The fallback is exactly the climatology plan of the same site.
      expect(failed.summary.pv?.annualAcKwh).toBe(plain.summary.pv?.annualAcKwh);
      expect(failed.warningsZh).toContain(
        'PVGIS返回错误（HTTP 400: Location over the sea. Please, select another location），本次计算改用了内置气候数据',
      );
      expect(failed.warningsEn).toContain(
        'PVGIS answered with an error (HTTP 400: Location over the sea. Please, select another location): this calculation used the built-in climatology instead',
      );
      expect(weatherSourceText('zh-CN', failed.summary.weather.source)).toMatch(
        /；所选的PVGIS不可用，已改用内置气候数据$/,
      );
      expect(weatherSourceText('en', failed.summary.weather.source)).toMatch(
        /; used because the chosen PVGIS was unavailable$/,
      );

      providers.mode = 'hang';
      const slow = await calculate(
        await project({ latitudeDeg: 38.04, longitudeDeg: 114.51 }, { source: 'pvgis' }),
      );
      expect(slow.label).toMatchObject({
        kind: 'climatology',
        requested: 'pvgis',
        fallbackReason: 'timeout',
      });
      expect(slow.warningsZh).toContain('PVGIS在2秒内未响应，本次计算改用了内置气候数据');
      expect(slow.warningsEn).toContain(
        'PVGIS did not answer within 2 s: this calculation used the built-in climatology instead',
      );
    } finally {
      providers.mode = 'ok';
    }
  });

  it('refuses an online answer that is not a year (NASA POWER, two days) with a clear message', async () => {
    const p = await project(BEIJING, { source: 'nasaPower' });
    for (const [language, text] of [
      ['zh-CN', '气象数据“NASA POWER hourly 2023”未覆盖全年每个月的每个时刻'],
      ['en', 'The weather data "NASA POWER hourly 2023" does not cover every month and hour of a year'],
    ] as const) {
      const refused = await post(`${E}/pvStartExecuteCalculation`, 'owner', { projId: p.projId }, language);
      expect(refused.status).toBe(422);
      expect(refused.msg).toContain(text);
    }
  });

  it('finds the best tilt and draws the yield map on the chosen weather, as the calculation does', async () => {
    const p = await project(BEIJING, { source: 'pvgis' });
    const best = (await post(`${E}/getBestDipAngle`, 'owner', { projId: p.projId })).data as BestDipAngle;
    expect(parseWeatherSourceLabel(best.weatherSource)).toMatchObject({ kind: 'pvgis', requested: 'pvgis' });
    // Reference: the engine's best orientation on the EPW the stand-in's answer was written from.
    const prepared = simulatePvSystem({
      weather: parseEpw(epw),
      system: { arrays: [{ tiltDeg: BEIJING.latitudeDeg, azimuthDeg: 180, dcKw: 1 }], acKw: 1, albedo: 0.2 },
      site: BEIJING,
      models: { coerceYear: 2023 },
    });
    const reference = bestOrientation({
      poa: prepared.prepared.poaContext,
      albedo: 0.2,
      latitudeDeg: BEIJING.latitudeDeg,
    });
    expect(best.tiltDeg).toBe(Math.round(reference.tiltDeg * 10) / 10);
    expect(best.azimuthDeg).toBe(Math.round(reference.azimuthDeg * 10) / 10);
    expect(best.poaGlobalKwhM2).toBeCloseTo(reference.poaGlobalKwhM2, 1);
    // The same site on the climatology answers on the climatology: the choice reaches the best tilt.
    const plain = (await post(`${E}/getBestDipAngle`, 'owner', { projId: (await project()).projId }))
      .data as BestDipAngle;
    expect(parseWeatherSourceLabel(plain.weatherSource)?.kind).toBe('climatology');
    expect(plain.poaGlobalKwhM2).not.toBe(best.poaGlobalKwhM2);

    // The yield map: the same weather, and the calculation's best orientation.
    const map = (await post(POWER_COST_MAP_PATH, 'owner', { projId: p.projId })).data as PowerCostMap;
    expect(parseWeatherSourceLabel(map.weatherSource)).toMatchObject({ kind: 'pvgis' });
    expect(map.refined).toMatchObject({ tiltDeg: best.tiltDeg, azimuthDeg: best.azimuthDeg });
    // At the configured 30°/180° the map's kWh/kWp is the plan's annual AC energy per kWp.
    const { summary } = await calculate(p);
    expect(map.current).toMatchObject({ tiltDeg: PV.tiltDeg, azimuthDeg: PV.azimuthDeg });
    expect(map.current.yieldKwhPerKwp).toBeCloseTo((summary.pv?.annualAcKwh ?? 0) / PV.capacityKwp, 1);
  });

  it('does not keep a best tilt found on the fallback: the next call tries the chosen source again', async () => {
    const baoding = { latitudeDeg: 38.87, longitudeDeg: 115.46 };
    const p = await project(baoding, { source: 'pvgis' });
    const bestTiltRows = () =>
      t.database.db
        .selectFrom('project_cache')
        .select('cache_key')
        .where('proj_id', '=', Number(p.projId))
        .where('cache_key', '=', 'bestDipAngle')
        .execute();
    providers.mode = 'error';
    try {
      const fallback = (await post(`${E}/getBestDipAngle`, 'owner', { projId: p.projId }))
        .data as BestDipAngle;
      expect(parseWeatherSourceLabel(fallback.weatherSource)).toMatchObject({
        kind: 'climatology',
        requested: 'pvgis',
        fallbackReason: 'failed',
      });
      expect(await bestTiltRows()).toHaveLength(0);
    } finally {
      providers.mode = 'ok';
    }
    const best = (await post(`${E}/getBestDipAngle`, 'owner', { projId: p.projId })).data as BestDipAngle;
    expect(parseWeatherSourceLabel(best.weatherSource)).toMatchObject({ kind: 'pvgis', requested: 'pvgis' });
    expect(await bestTiltRows()).toHaveLength(1);
  });

  it("keeps other users out and refuses a locked project's calculation", async () => {
    const p = await project(BEIJING, { source: 'pvgis' });
    const stranger = await post(`${E}/pvStartExecuteCalculation`, 'other', { projId: p.projId });
    expect(stranger.status).toBe(403);
    expect(stranger.msg).toBe('无权访问该项目');
    const { planId } = await calculate(p);
    const locked = await post(`${E}/lockedHistoryPlan`, 'owner', { projId: p.projId, hisId: planId });
    expect(locked.code).toBe(200);
    const zh = await post(`${E}/pvStartExecuteCalculation`, 'owner', { projId: p.projId });
    expect(zh.status).toBe(409);
    expect(zh.msg).toBe('项目已锁定，请先解锁后再修改或计算');
    const en = await post(`${E}/pvStartExecuteCalculation`, 'owner', { projId: p.projId }, 'en');
    expect(en.msg).toBe('The project is locked: unlock it before changing or calculating');
  });
});
