/**
 * Files of a project and the roof repair before PV (spec 001 §7: early/deleteFile,
 * pv/pv-config/uploadPlantRepair and queryPlantRepair; early/uploadProjectFile and getProjectFiles
 * are ours): attachments are images or PDFs, stored once per content; deleting is for the owner,
 * never while the project is locked, logical (the row stays), and the bytes go only when nothing
 * refers to them any more. The repair's cost can join the PV capex as a quotation line.
 */
import type { CalculationStarted, PlantRepairView, ProjectFileView, ProjectView } from '@pvplan/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentSummary } from '../src/modules/projects/assessment';
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

const E = '/estimate-tools/estimate-tools/early';
const PVC = '/estimate-tools/estimate-tools/pv/pv-config';
const OWNER = '13800000002';
const OTHER = '13800000001';
const EDITOR = '13800000003';
/** Wuhan: the seeded price store holds the Hubei tariff. */
const WUHAN = { areaCode: '420100', latitudeDeg: 30.59, longitudeDeg: 114.3 };

/** Two repair items: 1 200 m² × 85 yuan/m² = 102 000 yuan; 300 m² × 120.5 yuan/m² = 36 150 yuan. */
const ITEMS = [
  { name: '彩钢瓦更换', areaM2: 1200, unitPriceYuanPerM2: 85 },
  { name: '防水层翻新', areaM2: 300, unitPriceYuanPerM2: 120.5, remark: '含天沟' },
];
const ITEMS_TOTAL_YUAN = 138_150;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----pvplanfiles${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dialectsUnderTest())('project files and the roof repair on %s', (dialect) => {
  let t: TestApp;
  let photo: Buffer;
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    headers.owner = externalHeaders(await login(t.app, OWNER));
    headers.other = externalHeaders(await login(t.app, OTHER));
    headers.editor = externalHeaders(await login(t.app, EDITOR));
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8899aa' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
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

  async function project(who = 'owner'): Promise<ProjectView> {
    const created = await post(`${E}/savePro`, who, {
      projName: '武汉厂房',
      projType: 'pv',
      userCategory: 'large_industry',
      voltageLevel: 'kv1_10',
      ...WUHAN,
    });
    expect(created.code, created.msg).toBe(200);
    const p = created.data as ProjectView;
    const saved = await post(`${E}/saveUpdateConfigModelData`, who, {
      projId: p.projId,
      pv: { capacityKwp: 500, tiltDeg: 20, azimuthDeg: 180 },
      load: { source: 'constant', averageLoadKw: 400 },
    });
    expect(saved.code, saved.msg).toBe(200);
    return p;
  }

  async function attach(
    projId: string,
    file: { name: string; bytes: Buffer },
    kind = 'plantRepair',
    who = 'owner',
    language = 'zh-CN',
  ) {
    const body = multipart({ projId, kind }, file);
    const response = await t.app.inject({
      method: 'POST',
      url: `${E}/uploadProjectFile`,
      headers: { ...headers[who], 'accept-language': language, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }

  const drainJobs = () => drainQueuedJobs(t);

  async function calculate(projId: string): Promise<{ planId: number; summary: AssessmentSummary }> {
    const started = await post(`${E}/pvStartExecuteCalculation`, 'owner', { projId });
    expect(started.code, started.msg).toBe(200);
    await drainJobs();
    const planId = (started.data as CalculationStarted).planId;
    const result = await call('GET', `${E}/getPlanResult?projId=${projId}&planId=${planId}`, 'owner');
    const data = result.data as { summary: AssessmentSummary };
    return { planId, summary: data.summary };
  }

  it('attaches images and PDFs, serves them, lists them, and refuses other content in both languages', async () => {
    const p = await project();
    const png = await attach(p.projId, { name: '屋面现状.png', bytes: photo });
    expect(png.code, png.msg).toBe(200);
    const view = png.data as ProjectFileView;
    expect(view).toMatchObject({
      source: 'project',
      kind: 'plantRepair',
      fileName: '屋面现状.png',
      contentType: 'image/png',
      sizeBytes: photo.length,
    });
    const served = await t.app.inject({ method: 'GET', url: view.fileUrl as string });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, photo)).toBe(0);
    const pdf = await attach(p.projId, { name: '检测报告.pdf', bytes: PDF }, 'attachment');
    expect((pdf.data as ProjectFileView).contentType).toBe('application/pdf');

    for (const [language, text] of [
      ['zh-CN', '文件“notes.txt”不能作为附件：仅支持图片（PNG、JPG、WEBP、BMP、GIF）和 PDF'],
      [
        'en',
        '"notes.txt" cannot be attached: only images (PNG, JPG, WEBP, BMP, GIF) and PDF files are accepted',
      ],
    ] as const) {
      const refused = await attach(
        p.projId,
        { name: 'notes.txt', bytes: Buffer.from('just text') },
        'attachment',
        'owner',
        language,
      );
      expect(refused.status).toBe(400);
      expect(refused.msg).toBe(text);
    }
    const badKind = await attach(p.projId, { name: 'a.png', bytes: photo }, 'drawing');
    expect(badKind.status).toBe(400);
    const stranger = await attach(p.projId, { name: 'a.png', bytes: photo }, 'attachment', 'other');
    expect(stranger.status).toBe(403);

    const listed = await post(`${E}/getProjectFiles`, 'owner', { projId: p.projId });
    expect((listed.data as ProjectFileView[]).map((f) => f.fileName)).toEqual([
      '屋面现状.png',
      '检测报告.pdf',
    ]);
    const rows = await t.database.db
      .selectFrom('project_files')
      .select('id')
      .where('proj_id', '=', Number(p.projId))
      .execute();
    expect(rows).toHaveLength(2); // the refused uploads stored nothing
  });

  it('saves and reads the roof repair with its amounts, photos and quotation line', async () => {
    const p = await project();
    const png = (await attach(p.projId, { name: '屋面.png', bytes: photo })).data as ProjectFileView;
    const saved = await post(`${PVC}/uploadPlantRepair`, 'owner', {
      projId: p.projId,
      items: ITEMS,
      remark: '北侧屋面渗漏',
      fileIds: [png.fileId],
    });
    expect(saved.code, saved.msg).toBe(200);
    const repair = saved.data as PlantRepairView;
    expect(repair.items.map((i) => i.amountYuan)).toEqual([102_000, 36_150]);
    expect(repair).toMatchObject({
      totalAreaM2: 1500,
      totalYuan: ITEMS_TOTAL_YUAN,
      vatRate: 0.09,
      includeInCapex: false,
      remark: '北侧屋面渗漏',
      quotationItem: {
        name: '厂房屋面修缮',
        unitPriceYuan: ITEMS_TOTAL_YUAN,
        quantity: 1,
        unit: '项',
        vatRate: 0.09,
      },
    });
    expect(repair.files.map((f) => f.fileId)).toEqual([png.fileId]);

    const zh = await call('GET', `${PVC}/queryPlantRepair?projId=${p.projId}`, 'owner');
    expect(zh.data).toEqual(repair);
    const en = await call('GET', `${PVC}/queryPlantRepair?projId=${p.projId}`, 'owner', undefined, 'en');
    expect((en.data as PlantRepairView).quotationItem).toMatchObject({
      name: 'Roof repair before PV',
      unit: 'lot',
    });
    const none = await call('GET', `${PVC}/queryPlantRepair?projId=${(await project()).projId}`, 'owner');
    expect(none).toMatchObject({ code: 200, data: null });
  });

  it('refuses bad repair input in both languages and keeps the saved repair', async () => {
    const p = await project();
    expect((await post(`${PVC}/uploadPlantRepair`, 'owner', { projId: p.projId, items: ITEMS })).code).toBe(
      200,
    );
    const empty = await post(`${PVC}/uploadPlantRepair`, 'owner', { projId: p.projId, items: [] });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('参数校验失败');
    const negative = await post(
      `${PVC}/uploadPlantRepair`,
      'owner',
      { projId: p.projId, items: [{ name: '彩钢瓦', areaM2: -5, unitPriceYuanPerM2: 80 }] },
      'en',
    );
    expect(negative.status).toBe(400);
    expect(negative.msg).toContain('items.0.areaM2');
    const special = await post(`${PVC}/uploadPlantRepair`, 'owner', {
      projId: p.projId,
      items: [{ name: '<script>', areaM2: 5, unitPriceYuanPerM2: 80 }],
    });
    expect(special.msg).toBe('输入项包含特殊字符，请重新填写');
    // A file of another project is not this project's.
    const q = await project();
    const foreign = (await attach(q.projId, { name: 'q.png', bytes: photo })).data as ProjectFileView;
    for (const [language, text] of [
      ['zh-CN', '文件不存在、已被删除或不属于该项目'],
      ['en', 'The file does not exist, was deleted, or does not belong to this project'],
    ] as const) {
      const refused = await post(
        `${PVC}/uploadPlantRepair`,
        'owner',
        { projId: p.projId, items: ITEMS, fileIds: [foreign.fileId] },
        language,
      );
      expect(refused.status).toBe(404);
      expect(refused.msg).toBe(text);
    }
    const kept = await call('GET', `${PVC}/queryPlantRepair?projId=${p.projId}`, 'owner');
    expect((kept.data as PlantRepairView).totalYuan).toBe(ITEMS_TOTAL_YUAN);
    const stranger = await call('GET', `${PVC}/queryPlantRepair?projId=${p.projId}`, 'other');
    expect(stranger.status).toBe(403);
  });

  it('puts the repair cost into the capex as a quotation line, and takes it out again', async () => {
    const p = await project();
    const before = await calculate(p.projId);
    const included = await post(`${PVC}/uploadPlantRepair`, 'owner', {
      projId: p.projId,
      items: ITEMS,
      includeInCapex: true,
    });
    expect(included.code, included.msg).toBe(200);
    const configs = await post(`${E}/getProJConfigPvModel`, 'owner', { projId: p.projId });
    // No quotation was saved: the turnkey price (500 kWp × 3 yuan/W) becomes the first line.
    expect((configs.data as { economics: { pvQuotation: unknown[] } }).economics.pvQuotation).toEqual([
      { name: '光伏系统总包', unitPriceYuan: 3, quantity: 500_000, unit: 'W', vatRate: 0.13 },
      { name: '厂房屋面修缮', unitPriceYuan: ITEMS_TOTAL_YUAN, quantity: 1, unit: '项', vatRate: 0.09 },
    ]);
    const after = await calculate(p.projId);
    expect(
      after.summary.economics.indicators.totalInvestmentYuan -
        before.summary.economics.indicators.totalInvestmentYuan,
    ).toBeCloseTo(ITEMS_TOTAL_YUAN, 6);

    const removed = await post(`${PVC}/uploadPlantRepair`, 'owner', { projId: p.projId, items: ITEMS });
    expect(removed.code).toBe(200);
    const back = await post(`${E}/getProJConfigPvModel`, 'owner', { projId: p.projId });
    expect((back.data as { economics: { pvQuotation?: unknown } }).economics.pvQuotation).toBeUndefined();
  });

  it('deletes a file for the owner only, logically, and keeps shared bytes until the last reference goes', async () => {
    const p = await project();
    const editorId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', EDITOR)
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await post(`${E}/batchSetAuthority`, 'owner', {
          projIds: [p.projId],
          userIds: [editorId],
          permission: 'edit',
        })
      ).code,
    ).toBe(200);
    // A photo no other test uses, attached twice: one stored object, two references.
    const own = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const first = (await attach(p.projId, { name: '一.png', bytes: own })).data as ProjectFileView;
    const second = (await attach(p.projId, { name: '二.png', bytes: own }, 'attachment', 'editor'))
      .data as ProjectFileView;
    expect(second.fileUrl).toBe(first.fileUrl);
    await post(`${PVC}/uploadPlantRepair`, 'owner', {
      projId: p.projId,
      items: ITEMS,
      fileIds: [first.fileId, second.fileId],
    });

    for (const [language, text] of [
      ['zh-CN', '只有项目创建人可以执行该操作'],
      ['en', 'Only the creator of the project can do this'],
    ] as const) {
      const editor = await post(
        `${E}/deleteFile`,
        'editor',
        { projId: p.projId, fileId: first.fileId },
        language,
      );
      expect(editor.status).toBe(403);
      expect(editor.msg).toBe(text);
    }
    const stranger = await post(`${E}/deleteFile`, 'other', { projId: p.projId, fileId: first.fileId });
    expect(stranger.status).toBe(403);
    expect(stranger.msg).toBe('无权访问该项目');
    const badId = await post(`${E}/deleteFile`, 'owner', { projId: p.projId, fileId: 'abc' });
    expect(badId.status).toBe(400);
    const badSource = await post(`${E}/deleteFile`, 'owner', {
      projId: p.projId,
      fileId: first.fileId,
      source: 'weather',
    });
    expect(badSource.status).toBe(400);

    const one = await post(`${E}/deleteFile`, 'owner', { projId: p.projId, fileId: first.fileId });
    expect(one.data).toEqual({ fileId: first.fileId, source: 'project', blobRemoved: false });
    expect((await t.app.inject({ method: 'GET', url: second.fileUrl as string })).statusCode).toBe(200);
    const repair = (await call('GET', `${PVC}/queryPlantRepair?projId=${p.projId}`, 'owner'))
      .data as PlantRepairView;
    expect(repair.files.map((f) => f.fileId)).toEqual([second.fileId]);

    const again = await post(`${E}/deleteFile`, 'owner', { projId: p.projId, fileId: first.fileId }, 'en');
    expect(again.status).toBe(404);
    expect(again.msg).toBe('The file does not exist, was deleted, or does not belong to this project');

    const two = await post(`${E}/deleteFile`, 'owner', { projId: p.projId, fileId: second.fileId });
    expect(two.data).toEqual({ fileId: second.fileId, source: 'project', blobRemoved: true });
    expect((await t.app.inject({ method: 'GET', url: second.fileUrl as string })).statusCode).toBe(404);
    const rows = await t.database.db
      .selectFrom('project_files')
      .select(['id', 'is_delete', 'deleted_by'])
      .where('proj_id', '=', Number(p.projId))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => Number(r.is_delete))).toEqual([1, 1]); // logical: the rows stay
    expect(
      ((await post(`${E}/getProjectFiles`, 'owner', { projId: p.projId })).data as unknown[]).length,
    ).toBe(0);
  });

  it('refuses deleting while the project is locked on a plan', async () => {
    const p = await project();
    const file = (await attach(p.projId, { name: 'x.png', bytes: photo })).data as ProjectFileView;
    const { planId } = await calculate(p.projId);
    expect((await post(`${E}/lockedHistoryPlan`, 'owner', { projId: p.projId, hisId: planId })).code).toBe(
      200,
    );
    const zh = await post(`${E}/deleteFile`, 'owner', { projId: p.projId, fileId: file.fileId });
    expect(zh.status).toBe(409);
    expect(zh.msg).toBe('项目已锁定，请先解锁后再修改或计算');
    const en = await post(`${E}/deleteFile`, 'owner', { projId: p.projId, fileId: file.fileId }, 'en');
    expect(en.msg).toBe('The project is locked: unlock it before changing or calculating');
    const locked = await attach(p.projId, { name: 'y.png', bytes: photo });
    expect(locked.status).toBe(409);
    expect((await post(`${E}/unlockProAndHistoryPlan`, 'owner', { projId: p.projId })).code).toBe(200);
    expect((await post(`${E}/deleteFile`, 'owner', { projId: p.projId, fileId: file.fileId })).code).toBe(
      200,
    );
  });

  it('deletes a bill file of the project through the bills module', async () => {
    const p = await project();
    const body = multipart({ projId: p.projId }, { name: '电费单.png', bytes: photo });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${E}/uploadElectricBillFile`,
      headers: { ...headers.owner, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(envelopeOf(uploaded).code, envelopeOf(uploaded).msg).toBe(200);
    const listed = (await post(`${E}/getProjectFiles`, 'owner', { projId: p.projId }))
      .data as ProjectFileView[];
    const bill = listed.find((f) => f.source === 'bill');
    expect(bill).toMatchObject({ kind: 'bill', fileName: '电费单.png' });
    const wrongSource = await post(`${E}/deleteFile`, 'owner', {
      projId: p.projId,
      fileId: bill?.fileId,
      source: 'load',
    });
    expect(wrongSource.status).toBe(404);
    const deleted = await post(`${E}/deleteFile`, 'owner', {
      projId: p.projId,
      fileId: bill?.fileId,
      source: 'bill',
    });
    expect(deleted.data).toEqual({ fileId: bill?.fileId, source: 'bill', blobRemoved: true });
    const files = await post(`${E}/selectElectricBillInfosByProId`, 'owner', { projId: p.projId });
    expect(files.data).toEqual([]);
  });
});
