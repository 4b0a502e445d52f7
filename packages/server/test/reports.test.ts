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
import { dialectsUnderTest, envelopeOf, externalHeaders, login, startTestApp, type TestApp } from './harness';

const E = '/estimate-tools/estimate-tools/early';
const F = '/estimate-tools/estimate-tools/fast';
const MEMBER = '13800000002';
const PREMIUM = '13800000003';
const WUHAN = { areaCode: '420100', latitudeDeg: 30.59, longitudeDeg: 114.3 };

/** The text of a PDF as poppler's pdftotext reads it (the fonts must carry real Unicode text). */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pvplan-report-')), 'r.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

async function docxXml(docx: Buffer): Promise<{ xml: string; media: string[] }> {
  const zip = await JSZip.loadAsync(docx);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  return { xml, media: Object.keys(zip.files).filter((name) => name.startsWith('word/media/')) };
}

describe.each(dialectsUnderTest())('reports on %s', (dialect) => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers.member = externalHeaders(await login(t.app, MEMBER));
    headers.premium = externalHeaders(await login(t.app, PREMIUM));
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (url: string, who: string, payload: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers[who], ...extra }, payload: payload as object });

  async function createProject(body: Record<string, unknown>): Promise<ProjectView> {
    const answer = envelopeOf(await inject(`${E}/savePro`, 'member', { projType: 'pv', ...WUHAN, ...body }));
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

  let projId = '';
  let irrText = '';

  it('computes a PV plan to report on', async () => {
    const p = await createProject({
      projName: '武汉报告测试工厂',
      customerName: '某制造公司',
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
    });
    projId = p.projId;
    const saved = envelopeOf(
      await inject(`${E}/saveUpdateConfigModelData`, 'member', {
        projId,
        pv: { capacityKwp: 600, tiltDeg: 20, azimuthDeg: 180, dcAcRatio: 1.2 },
        load: { source: 'constant', averageLoadKw: 400 },
      }),
    );
    expect(saved.code).toBe(200);
    const started = envelopeOf(await inject(`${E}/pvStartExecuteCalculation`, 'member', { projId }));
    expect(started.code).toBe(200);
    await drainJobs();
    const planId = (started.data as CalculationStarted).planId;
    const result = await t.app.inject({
      method: 'GET',
      url: `${E}/getPlanResult?projId=${projId}&planId=${planId}`,
      headers: headers.member,
    });
    const summary = (envelopeOf(result).data as { summary: AssessmentSummary }).summary;
    const irr = summary.headline.projectIrrAfterTax;
    expect(irr).not.toBeNull();
    // The result pages show the IRR as a percentage with two decimals.
    irrText = `${((irr as number) * 100).toFixed(2)}%`;
  });

  it('exports a PDF with real Chinese text: project name, IRR, headings, cash-flow table', async () => {
    const response = await inject(`${E}/exportPDF`, 'member', {}, { projId, questTime: String(Date.now()) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('武汉报告测试工厂');
    expect(text).toContain('分布式光伏项目收益评估报告');
    expect(text).toContain(irrText);
    for (const heading of [
      '项目概况',
      '核心指标',
      '计算假设',
      '逐月光伏发电量',
      '累计现金流',
      '25年现金流量表',
    ])
      expect(text).toContain(heading);
    // Axis titles of the charts are text in the PDF too.
    expect(text).toContain('电量 (kWh)');
    expect(text).toContain('金额 (万元)');
  });

  it('exports the PDF in English when the request asks for it', async () => {
    const response = await inject(
      `${E}/exportPDF`,
      'member',
      { projId },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Distributed PV Income Assessment Report');
    expect(text).toContain('25-year cash flow');
    expect(text).toContain(irrText);
  });

  it('exports a Word file with the project name, the IRR and the two chart images', async () => {
    const response = await inject(`${E}/exportWord`, 'member', { projId });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('wordprocessingml');
    const { xml, media } = await docxXml(response.rawPayload);
    expect(xml).toContain('武汉报告测试工厂');
    expect(xml).toContain(irrText);
    expect(xml).toContain('25年现金流量表');
    expect(media).toHaveLength(2);
  });

  it('exports the quick storage estimate (fast/exportPdf, fast/wordExport) with the monthly consumption chart', async () => {
    const p = await createProject({ projName: '储能快速测算样例', projType: 'fast' });
    // Valley 0–8 h, peak 10–12 and 17–22 h, flat otherwise (half-hour slots; codes 1 peak, 2 flat, 3 valley).
    const daySlots = Array.from({ length: 48 }, (_, s) => {
      const h = s / 2;
      if (h < 8) return 3;
      return (h >= 10 && h < 12) || (h >= 17 && h < 22) ? 1 : 2;
    });
    const price = envelopeOf(
      await inject(`${F}/savePrice`, 'member', {
        projId: p.projId,
        peak: 1.2,
        flat: 0.7,
        valley: 0.3,
        daySlots,
      }),
    );
    expect(price.code).toBe(200);
    const started = envelopeOf(
      await inject(`${F}/startCalculation`, 'member', {
        projId: p.projId,
        averageLoadKw: 300,
        es: { productId: 'ci-cabinet-100kw-215kwh', units: 1, strategy: 'oneChargeOneDischarge' },
      }),
    );
    expect(started.code).toBe(200);
    await drainJobs();
    const pdf = await inject(`${F}/exportPdf`, 'member', { projId: p.projId });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const s of ['储能快速测算报告', '储能快速测算样例', '逐月用电量', '运行策略', '一充一放'])
      expect(text).toContain(s);
    const word = await inject(`${F}/wordExport`, 'member', { projId: p.projId });
    expect(word.statusCode).toBe(200);
    expect((await docxXml(word.rawPayload)).xml).toContain('储能快速测算样例');
  });

  it("refuses another user's project with the envelope, not a file", async () => {
    for (const url of [`${E}/exportPDF`, `${E}/exportWord`, `${F}/exportPdf`, `${F}/wordExport`]) {
      const response = await inject(url, 'premium', { projId });
      expect(response.statusCode).toBe(403);
      expect(envelopeOf(response).err).toBe('ERR_PROJECT_FORBIDDEN');
    }
  });

  it('says clearly in zh and en that a project without a finished plan has no report', async () => {
    const empty = await createProject({ projName: '未测算项目', projType: 'fast' });
    const zh = await inject(`${F}/exportPdf`, 'member', { projId: empty.projId });
    expect(zh.statusCode).toBe(409);
    expect(envelopeOf(zh).msg).toBe('该项目还没有计算完成的方案，请先完成收益测算再导出报告');
    const en = await inject(
      `${E}/exportWord`,
      'member',
      { projId: empty.projId },
      { 'accept-language': 'en' },
    );
    expect(envelopeOf(en).msg).toBe(
      'This project has no finished plan yet; run the income assessment before exporting a report',
    );
  });
});

describe('reports without the CJK font', () => {
  it('names the package to install (fonts-noto-cjk) and the setting REPORT_FONT_PATH', async () => {
    const saved = process.env.REPORT_FONT_PATH;
    process.env.REPORT_FONT_PATH = '/nonexistent/NotoSansCJK-Regular.ttc';
    let t: TestApp | undefined;
    try {
      t = await startTestApp('sqlite');
      const headers = externalHeaders(await login(t.app, MEMBER));
      const project = envelopeOf(
        await t.app.inject({
          method: 'POST',
          url: `${E}/savePro`,
          headers,
          payload: { projName: '无字体', projType: 'pv', ...WUHAN },
        }),
      ).data as ProjectView;
      const response = await t.app.inject({
        method: 'POST',
        url: `${E}/exportPDF`,
        headers,
        payload: { projId: project.projId },
      });
      expect(response.statusCode).toBe(500);
      expect(envelopeOf(response).msg).toContain('fonts-noto-cjk');
      expect(envelopeOf(response).msg).toContain('REPORT_FONT_PATH');
    } finally {
      if (saved === undefined) delete process.env.REPORT_FONT_PATH;
      else process.env.REPORT_FONT_PATH = saved;
      await t?.close();
    }
  });
});
