/**
 * Weather sources through the real app: uploads (parsed once, cached, quality report, corrections,
 * line-numbered errors), the PVGIS and NASA POWER adapters against a local HTTP server that serves
 * small answers in the providers' formats (test/fixtures/weather, written from the documented
 * layouts: JRC "API non-interactive service" TMY JSON; POWER hourly point API JSON as pvlib
 * `get_nasa_power` reads it), timeouts, offline, answer caching, and the climatology fallback.
 *
 * The fixture answers are hand-written (no network here): two days each, with irradiance values of
 * a clear and a cloudy day whose DNI was not made to close with GHI/DHI — the quality report
 * flags that, which shows it is attached. Expected sums are worked out from the fixture values.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  WeatherDatasetView,
  WeatherInspectView,
  WeatherResolveView,
  WeatherSourceOption,
} from '@pvplan/contract';
import { climateAt } from '@pvplan/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchProviderText, WeatherProviderError } from '../src/modules/weather/weather-http';
import { dialectsUnderTest, envelopeOf, externalHeaders, login, startTestApp, type TestApp } from './harness';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(HERE, 'fixtures/weather');
/** The folder holding `shared/` (CONVENTIONS: real weather files live in ../shared/weather). */
const SHARED = path.resolve(HERE, '../../../../shared');
const BEIJING_CSWD = path.join(SHARED, 'weather/CHN_Beijing.Beijing.545110_CSWD.epw');

const PREFIX = '/estimate-tools/estimate-tools/weather';
const USER = '13800000001';
const OTHER_USER = '13800000002';

function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

function multipart(parts: Array<{ name: string; value?: string; filename?: string; bytes?: Buffer }>) {
  const boundary = `----pvplanweather${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.bytes) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Σ of EPW field 14 (global horizontal radiation, Wh/m²) over the data lines, kWh/m² — read by hand here. */
function epwAnnualGhiKwhM2(text: string): number {
  const lines = text
    .split(/\r?\n/)
    .slice(8)
    .filter((line) => line.trim() !== '');
  expect(lines).toHaveLength(8760);
  return lines.reduce((sum, line) => sum + Number(line.split(',')[13]), 0) / 1000;
}

/** A local stand-in for the providers: serves the fixtures, counts requests, can hang, drop or refuse. */
class FixtureServer {
  mode: 'ok' | 'hang' | 'drop' | 'error' = 'ok';
  readonly requests: URL[] = [];
  private readonly server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.requests.push(url);
    if (this.mode === 'hang') return; // never answers
    if (this.mode === 'drop') {
      req.socket.destroy();
      return;
    }
    if (this.mode === 'error') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ message: 'Location over the sea. Please, select another location', status: 400 }),
      );
      return;
    }
    const name = url.pathname.endsWith('/tmy')
      ? 'pvgis_tmy_beijing_2days.json'
      : url.pathname.endsWith('/hourly/point')
        ? 'nasa_power_hourly_beijing_2days.json'
        : null;
    if (!name) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(fixture(name));
  });
  base = '';

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

describe('provider HTTP helper', () => {
  it('calls a refused connection offline', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const failure = await fetchProviderText('PVGIS', `http://127.0.0.1:${port}/tmy`, 2000).catch((e) => e);
    expect(failure).toBeInstanceOf(WeatherProviderError);
    expect(failure.reason).toBe('offline');
    expect(failure.detail).toMatch(/ECONNREFUSED/);
  });

  it('times out a server that does not answer', async () => {
    const server = new FixtureServer();
    await server.start();
    server.mode = 'hang';
    const started = Date.now();
    const failure = await fetchProviderText('PVGIS', `${server.base}/api/tmy`, 200).catch((e) => e);
    expect(failure.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    await server.stop();
  });
});

describe.each(dialectsUnderTest())('weather sources on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const providers = new FixtureServer();

  beforeAll(async () => {
    await providers.start();
    t = await startTestApp(dialect, {
      WEATHER_PVGIS_URL: `${providers.base}/pvgis/api/v5_3`,
      WEATHER_NASA_POWER_URL: `${providers.base}/power/api/temporal/hourly/point`,
      WEATHER_HTTP_TIMEOUT_MS: '300',
      WEATHER_NASA_POWER_YEAR: '2023',
    });
    token = await login(t.app, USER);
    otherToken = await login(t.app, OTHER_USER);
  });
  afterAll(async () => {
    await t?.close();
    await providers.stop();
  });

  function post(url: string, payload: unknown, language = 'zh-CN', who = token) {
    return t.app.inject({
      method: 'POST',
      url: `${PREFIX}/${url}`,
      headers: { ...externalHeaders(who), 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });
  }

  function upload(
    url: 'upload' | 'inspect',
    fileName: string,
    bytes: Buffer,
    options?: unknown,
    language = 'zh-CN',
    who = token,
  ) {
    const body = multipart([
      { name: 'file', filename: fileName, bytes },
      ...(options === undefined ? [] : [{ name: 'options', value: JSON.stringify(options) }]),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `${PREFIX}/${url}`,
      headers: { ...externalHeaders(who), 'accept-language': language, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  async function counts() {
    const db = t.database.db;
    const n = async (table: 'weather_series' | 'weather_datasets' | 'weather_api_cache') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const files = (dir: string): number =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .reduce((k, e) => k + (e.isDirectory() ? files(path.join(dir, e.name)) : 1), 0)
        : 0;
    return {
      series: await n('weather_series'),
      datasets: await n('weather_datasets'),
      answers: await n('weather_api_cache'),
      objects: files(t.filesDir),
    };
  }

  const beijing = { latitudeDeg: 39.9042, longitudeDeg: 116.4074, tzOffsetHours: 8 };

  it('lists the four sources with the configured API addresses', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${PREFIX}/sources`,
      headers: externalHeaders(token),
    });
    const sources = envelopeOf(response).data as WeatherSourceOption[];
    expect(sources.map((s) => s.kind)).toEqual(['file', 'nasa_power', 'pvgis', 'climatology']);
    expect(sources.find((s) => s.kind === 'pvgis')?.baseUrl).toBe(`${providers.base}/pvgis/api/v5_3`);
    expect(sources.find((s) => s.kind === 'pvgis')?.timeoutMs).toBe(300);
  });

  it('PVGIS: requests the TMY at rounded coordinates, re-expresses UTC at +8, caches the answer', async () => {
    const before = providers.count('/tmy');
    const response = await post('resolve', { site: beijing, preference: { kind: 'pvgis', fallback: false } });
    const body = envelopeOf(response);
    expect(body.code).toBe(200);
    const view = body.data as WeatherResolveView;
    expect(providers.count('/tmy')).toBe(before + 1);
    const request = providers.requests.at(-1) as URL;
    expect(request.pathname).toBe('/pvgis/api/v5_3/tmy');
    expect(request.searchParams.get('lat')).toBe('39.9');
    expect(request.searchParams.get('lon')).toBe('116.41');
    expect(request.searchParams.get('outputformat')).toBe('json');

    expect(view.source.kind).toBe('pvgis');
    expect(view.source.detail).toMatchObject({
      latitudeDeg: 39.9,
      longitudeDeg: 116.41,
      fromCache: false,
      radiationDb: 'PVGIS-SARAH3',
      meteoDb: 'ERA5',
      tzOffsetHours: 8,
    });
    expect(view.notice).toBeNull();
    // Row 20180101:0000 (UTC) covers 00:00–01:00 UTC: interval end 09:00 at +08:00.
    expect(view.summary.firstLabelEnd).toBe('2018-01-01T09:00:00+08:00');
    expect(view.summary.lastLabelEnd).toBe('2018-01-03T08:00:00+08:00');
    expect(view.summary.rowCount).toBe(48);
    // Σ G(h) of the fixture: 1822 + 1110 Wh/m².
    expect(view.summary.annualGhiKwhM2).toBeCloseTo(2.932, 9);
    expect(view.summary.monthlyGhiKwhM2[0]).toBeCloseTo(2.932, 9);
    const codes = view.source.qualityFindings.map((f) => f.code);
    expect(codes).toContain('CLOSURE_FAILED');
    expect(codes).toContain('TIME_SHIFT_UNDETERMINED');

    // Second call, nearby point with the same rounded coordinates: no HTTP request.
    const again = envelopeOf(
      await post('resolve', {
        site: { ...beijing, latitudeDeg: 39.9001, longitudeDeg: 116.4111 },
        preference: { kind: 'pvgis' },
      }),
    ).data as WeatherResolveView;
    expect(providers.count('/tmy')).toBe(before + 1);
    expect(again.source.detail.fromCache).toBe(true);
    expect(again.summary).toEqual(view.summary);
    const cached = await t.database.db
      .selectFrom('weather_api_cache')
      .selectAll()
      .where('provider', '=', 'pvgis')
      .execute();
    expect(cached.map((row) => row.cache_key)).toEqual(['pvgis:tmy:39.90:116.41']);
  });

  it('NASA POWER: one UTC calendar year of hourly data, fill values missing, cached', async () => {
    const before = providers.count('/hourly/point');
    const view = envelopeOf(
      await post('resolve', { site: beijing, preference: { kind: 'nasa_power', fallback: false } }),
    ).data as WeatherResolveView;
    expect(providers.count('/hourly/point')).toBe(before + 1);
    const q = (providers.requests.at(-1) as URL).searchParams;
    expect(q.get('start')).toBe('20230101');
    expect(q.get('end')).toBe('20231231');
    expect(q.get('time-standard')).toBe('UTC');
    expect(q.get('community')).toBe('RE');
    expect(q.get('format')).toBe('JSON');
    expect(q.get('latitude')).toBe('39.9');
    expect(q.get('longitude')).toBe('116.4');
    expect(q.get('parameters')?.split(',')).toEqual([
      'ALLSKY_SFC_SW_DWN',
      'ALLSKY_SFC_SW_DNI',
      'ALLSKY_SFC_SW_DIFF',
      'T2M',
      'WS10M',
      'PS',
    ]);
    expect(view.source.kind).toBe('nasa_power');
    expect(view.source.name).toBe('NASA POWER hourly 2023');
    // Stamp 2023060100 = start of the UTC hour → interval end 01:00 UTC = 09:00 at +08:00.
    expect(view.summary.firstLabelEnd).toBe('2023-06-01T09:00:00+08:00');
    // Σ ALLSKY_SFC_SW_DWN of the fixture: 2 × 5365 Wh/m².
    expect(view.summary.annualGhiKwhM2).toBeCloseTo(10.73, 9);
    expect(view.source.qualityFindings.map((f) => f.code)).toContain('GAPS');

    await post('resolve', { site: beijing, preference: { kind: 'nasa_power' } });
    expect(providers.count('/hourly/point')).toBe(before + 1);
    // Another year is another request.
    await post('resolve', { site: beijing, preference: { kind: 'nasa_power', year: 2022 } });
    expect(providers.count('/hourly/point')).toBe(before + 2);
  });

  it('timeout: a clear message in zh-CN and en, or the climatology with a notice', async () => {
    providers.mode = 'hang';
    try {
      const site = { latitudeDeg: 31.23, longitudeDeg: 121.47, tzOffsetHours: 8 };
      const before = await counts();
      const zh = envelopeOf(await post('resolve', { site, preference: { kind: 'pvgis', fallback: false } }));
      expect(zh.code).toBe(504);
      expect(zh.err).toBe('ERR_WEATHER_PROVIDER_TIMEOUT');
      expect(zh.msg).toBe('PVGIS在0.3秒内没有响应，请稍后重试，或改用上传的气象文件或内置气候数据');
      const en = envelopeOf(
        await post('resolve', { site, preference: { kind: 'pvgis', fallback: false } }, 'en'),
      );
      expect(en.msg).toMatch(/^PVGIS did not answer within 0\.3 s/);

      const fell = envelopeOf(await post('resolve', { site, preference: { kind: 'pvgis' } }, 'en'));
      expect(fell.code).toBe(200);
      const view = fell.data as WeatherResolveView;
      expect(view.source.kind).toBe('climatology');
      expect(view.source.detail).toMatchObject({ fallbackFrom: 'pvgis', fallbackReason: 'timeout' });
      expect(view.notice).toMatch(/^PVGIS is unavailable, the built-in climatology was used instead/);
      expect(view.summary.rowCount).toBe(8760);
      expect((await counts()).answers).toBe(before.answers);
    } finally {
      providers.mode = 'ok';
    }
  });

  it('offline (connection dropped) and an HTTP error answer: their own messages, nothing cached', async () => {
    const site = { latitudeDeg: 23.13, longitudeDeg: 113.26, tzOffsetHours: 8 };
    const before = await counts();
    providers.mode = 'drop';
    try {
      const zh = envelopeOf(
        await post('resolve', { site, preference: { kind: 'nasa_power', fallback: false } }),
      );
      expect(zh.code).toBe(503);
      expect(zh.err).toBe('ERR_WEATHER_PROVIDER_OFFLINE');
      expect(zh.msg).toMatch(/^无法连接NASA POWER（网络不可用或服务器无响应）/);
      providers.mode = 'error';
      const en = envelopeOf(
        await post('resolve', { site, preference: { kind: 'pvgis', fallback: false } }, 'en'),
      );
      expect(en.code).toBe(502);
      expect(en.msg).toBe(
        'PVGIS answered with an error: HTTP 400: Location over the sea. Please, select another location',
      );
    } finally {
      providers.mode = 'ok';
    }
    expect((await counts()).answers).toBe(before.answers);
  });

  it('climatology: a synthetic year whose months sum to the station table (engine README "Exact monthly totals")', async () => {
    const view = envelopeOf(await post('resolve', { site: beijing, preference: { kind: 'climatology' } }))
      .data as WeatherResolveView;
    expect(view.source.kind).toBe('climatology');
    expect(view.source.qualityFindings).toEqual([]);
    expect(String(view.source.detail.stations)).toMatch(/Beijing/);
    expect(view.summary.rowCount).toBe(8760);
    // Σ GHI of month m = ghiKwhM2Day[m] × days of month m (2023, the generator's default year).
    const climate = climateAt(beijing.latitudeDeg, beijing.longitudeDeg);
    const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    climate.ghiKwhM2Day.forEach((ghi, m) => {
      expect(view.summary.monthlyGhiKwhM2[m]).toBeCloseTo(ghi * (days[m] ?? 0), 2);
    });
  });

  it('upload: an EPW is parsed once, its report finds the CSWD 30-minute shift, the correction removes it', async () => {
    const bytes = fs.readFileSync(BEIJING_CSWD);
    const first = envelopeOf(await upload('upload', 'beijing.epw', bytes));
    expect(first.code).toBe(200);
    const view = first.data as WeatherDatasetView;
    expect(view.format).toBe('epw');
    expect(view.cached).toBe(false);
    expect(view.summary.rowCount).toBe(8760);
    expect(view.summary.site.tzOffsetHours).toBe(8);
    expect(view.summary.annualGhiKwhM2).toBeCloseTo(epwAnnualGhiKwhM2(bytes.toString('utf8')), 6);
    // shared/reference/README.md: the CSWD files are ~30 min early and do not close.
    const shift = view.quality.findings.find((f) => f.code === 'TIME_SHIFT');
    expect(shift?.values.estimatedShiftMinutes).toBeGreaterThan(25);
    expect(shift?.values.estimatedShiftMinutes).toBeLessThan(35);
    expect(view.quality.findings.map((f) => f.code)).toContain('CLOSURE_FAILED');

    const counted = await counts();
    const second = envelopeOf(await upload('upload', 'beijing-again.epw', bytes)).data as WeatherDatasetView;
    expect(second.id).toBe(view.id);
    expect(second.cached).toBe(true);
    expect(await counts()).toEqual(counted);

    const stored = envelopeOf(
      await t.app.inject({
        method: 'GET',
        url: `${PREFIX}/quality/${view.id}`,
        headers: externalHeaders(token),
      }),
    ).data as WeatherDatasetView;
    expect(stored.quality).toEqual(view.quality);
    const foreign = envelopeOf(
      await t.app.inject({
        method: 'GET',
        url: `${PREFIX}/quality/${view.id}`,
        headers: externalHeaders(otherToken),
      }),
    );
    expect(foreign.err).toBe('ERR_RESOURCE_NOT_FOUND');

    expect(envelopeOf(await post('applyCorrections', { id: view.id, corrections: {} })).err).toBe(
      'ERR_VALIDATION',
    );
    const corrected = envelopeOf(
      await post('applyCorrections', { id: view.id, corrections: shift?.suggestedCorrection }),
    ).data as WeatherDatasetView;
    expect(corrected.id).not.toBe(view.id);
    expect(corrected.parentId).toBe(view.id);
    expect(corrected.summary.corrections.map((c) => c.kind)).toEqual(['time_shift', 'dni_from_ghi_dhi']);
    // Weather README: after the suggested correction the Beijing CSWD file gives δ ≈ 0 and closes.
    const codes = corrected.quality.findings.map((f) => f.code);
    expect(codes).not.toContain('TIME_SHIFT');
    expect(codes).not.toContain('CLOSURE_FAILED');
    expect(Math.abs(corrected.quality.timing?.estimatedShiftMinutes ?? 99)).toBeLessThan(5);
    // The energy-conserving shift keeps the annual GHI (a full year wraps).
    expect(corrected.summary.annualGhiKwhM2).toBeCloseTo(view.summary.annualGhiKwhM2, 0);

    const list = envelopeOf(await post('datasets', {})).data as WeatherDatasetView[];
    expect(list.map((d) => d.id)).toEqual([corrected.id, view.id]);

    const resolved = envelopeOf(
      await post('resolve', { site: beijing, preference: { kind: 'file', datasetId: corrected.id } }),
    ).data as WeatherResolveView;
    expect(resolved.source).toMatchObject({ kind: 'file', name: 'beijing.epw' });
    expect(resolved.source.detail).toMatchObject({ datasetId: corrected.id, format: 'epw' });
    expect(resolved.source.detail.corrections).toMatch(/^time_shift 30 min, dni_from_ghi_dhi$/);
  });

  it('a broken file: the engine line in the envelope (zh-CN, en), nothing stored', async () => {
    const before = await counts();
    const bytes = fixture('pvgis_tmy_broken.csv');
    const zh = envelopeOf(await upload('upload', 'broken.csv', bytes));
    expect(zh.code).toBe(400);
    expect(zh.err).toBe('ERR_WEATHER_FILE_INVALID_AT_LINE');
    expect(zh.msg).toBe('气象文件第13行有误：数值无效（PVGIS G(h) at 20180101:0500 is not a number）');
    const en = envelopeOf(await upload('upload', 'broken.csv', bytes, undefined, 'en'));
    expect(en.msg).toBe('Weather file, line 13: invalid value (PVGIS G(h) at 20180101:0500 is not a number)');
    const inspected = envelopeOf(await upload('inspect', 'broken.csv', bytes));
    expect(inspected.err).toBe('ERR_WEATHER_FILE_INVALID_AT_LINE');
    const bad = envelopeOf(await upload('upload', 'x.csv', bytes, { tzOffsetHours: 99 }));
    expect(bad.err).toBe('ERR_VALIDATION');
    expect(await counts()).toEqual(before);
  });

  it('a generic CSV (GB18030, Chinese headers): inspect, refuse without mapping, parse with it', async () => {
    const bytes = fixture('station_hourly_gbk.csv');
    const inspected = envelopeOf(await upload('inspect', 'station.csv', bytes)).data as WeatherInspectView;
    expect(inspected.format).toBe('csv');
    expect(inspected.csv?.columns).toEqual(['时间', '总辐射(W/m2)', '气温(℃)', '风速(m/s)']);
    expect(inspected.csv?.sampleRows[0]).toEqual(['2023-06-15 01:00', '0', '22', '2.0']);
    expect(inspected.preview).toBeNull();

    const before = await counts();
    const refused = envelopeOf(await upload('upload', 'station.csv', bytes));
    expect(refused.err).toBe('ERR_WEATHER_FILE_INVALID_AT_LINE');
    expect(await counts()).toEqual(before);

    const options = {
      latitudeDeg: 39.9,
      longitudeDeg: 116.4,
      csv: {
        timestamp: 0,
        timestampFormat: 'YYYY-MM-DD HH:mm',
        timeZone: 'local',
        label: 'end',
        ghi: 1,
        tempAir: 2,
        windSpeed: 3,
      },
    };
    const view = envelopeOf(await upload('upload', 'station.csv', bytes, options)).data as WeatherDatasetView;
    expect(view.format).toBe('csv');
    expect(view.summary.rowCount).toBe(24);
    expect(view.summary.site.tzOffsetHours).toBe(8);
    expect(view.summary.firstLabelEnd).toBe('2023-06-15T01:00:00+08:00');
    // Σ of the 总辐射 column: 4945 Wh/m².
    expect(view.summary.annualGhiKwhM2).toBeCloseTo(4.945, 9);
    expect(view.quality.findings.find((f) => f.code === 'COMPONENTS_MISSING')?.severity).toBe('error');
    expect(view.quality.findings.find((f) => f.code === 'GAPS' && f.field === 'windSpeed')).toBeDefined();
  });

  it('a GB18030 CSV mapped by column names (UTC) is read again, decoded the same way, at the site offset', async () => {
    const options = {
      latitudeDeg: 39.9,
      longitudeDeg: 116.4,
      tzOffsetHours: 0,
      csv: {
        timestamp: '时间',
        timestampFormat: 'YYYY-MM-DD HH:mm',
        timeZone: 'utc',
        label: 'end',
        ghi: '总辐射(W/m2)',
        tempAir: '气温(℃)',
        windSpeed: '风速(m/s)',
      },
    };
    const bytes = fixture('station_hourly_gbk.csv');
    const view = envelopeOf(await upload('upload', 'station-utc.csv', bytes, options))
      .data as WeatherDatasetView;
    expect(view.summary.site.tzOffsetHours).toBe(0);
    expect(view.summary.firstLabelEnd).toBe('2023-06-15T01:00:00+00:00');
    // The stored file is read again at UTC+8: its Chinese column names must still be found.
    const resolved = envelopeOf(
      await post('resolve', { site: beijing, preference: { kind: 'file', datasetId: view.id } }),
    );
    expect(resolved.code, String(resolved.msg)).toBe(200);
    const data = resolved.data as WeatherResolveView;
    expect(data.summary.site.tzOffsetHours).toBe(8);
    expect(data.summary.firstLabelEnd).toBe('2023-06-15T09:00:00+08:00');
    // Σ of the 总辐射 column: 4945 Wh/m², whatever the offset.
    expect(data.summary.annualGhiKwhM2).toBeCloseTo(4.945, 9);
  });

  it('an uploaded PVGIS file (UTC) is re-expressed at the site offset when resolved', async () => {
    const view = envelopeOf(await upload('upload', 'pvgis.json', fixture('pvgis_tmy_beijing_2days.json')))
      .data as WeatherDatasetView;
    expect(view.format).toBe('pvgis_tmy_json');
    expect(view.summary.site.tzOffsetHours).toBe(0);
    expect(view.summary.firstLabelEnd).toBe('2018-01-01T01:00:00+00:00');
    const before = providers.requests.length;
    const resolved = envelopeOf(
      await post('resolve', { site: beijing, preference: { kind: 'file', datasetId: view.id } }),
    ).data as WeatherResolveView;
    expect(resolved.summary.site.tzOffsetHours).toBe(8);
    expect(resolved.summary.firstLabelEnd).toBe('2018-01-01T09:00:00+08:00');
    expect(resolved.summary.annualGhiKwhM2).toBeCloseTo(2.932, 9);
    expect(resolved.source.detail.tzOffsetHours).toBe(8);
    expect(providers.requests.length).toBe(before);

    const missing = envelopeOf(
      await post(
        'resolve',
        { site: beijing, preference: { kind: 'file', datasetId: view.id } },
        'zh-CN',
        otherToken,
      ),
    );
    expect(missing.err).toBe('ERR_RESOURCE_NOT_FOUND');
  });
});
