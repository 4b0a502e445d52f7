import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, startE2eApp } from './support/app';
import { type AssessmentApi, assessmentApi, tokenOf, WUHAN_SITE } from './support/assessmentApi';

/**
 * The reactive compensation assessment (issue 7, spec 001 §2 result pages and §6 "reactive
 * compensation assessment"; pv/pv-config assessPowerFactor, assessCompensation, getPowerFactorAssess,
 * getCompensationAssess): on a PV project with a calculated plan (stored through the API), the
 * result page's reactive tab takes three months of bill figures, checks them, runs both
 * assessments, and shows the power factors, adjustment charges and kvar the server stored; the
 * figures are also worked by hand (PF = kWh / √(kWh² + kvarh²), Q_c = (Q − P·tan φ₂) / h) and the
 * form and results come back after a reload. Two confirmed bills of the project (July complete,
 * August without reactive energy) fill the form through "从电费单填入", and the adjustment base after
 * PV is estimated by the server from the bill's average energy price (July, August) or the plan's
 * tariff (September) and shown as estimated.
 */

const MEMBER = '13800000002';
const CALCULATION_MS = 150_000;

/** Bill figures without PV: July–September, kWh, kvarh, adjustment base in yuan. */
const BILL = [
  { month: 7, activeKwh: 450_000, reactiveKvarh: 200_000, chargeBaseYuan: 300_000 },
  { month: 8, activeKwh: 460_000, reactiveKvarh: 215_000, chargeBaseYuan: 305_000 },
  { month: 9, activeKwh: 380_000, reactiveKvarh: 160_000, chargeBaseYuan: 260_000 },
] as const;
const TRANSFORMER_KVA = 1250;

interface StoredMonth {
  label: string;
  activeKwh: number;
  reactiveKvarh: number;
  pvSelfConsumedKwh: number;
  operatingHours: number;
  chargeBaseBeforeYuan: number;
  chargeBaseAfterYuan: number;
  chargeBaseAfterSource: string;
  afterPriceYuanPerKwh: number | null;
}
interface PowerFactorStored {
  id: number;
  input: { standardPf: number; pvSource: string; months: StoredMonth[] };
  result: {
    months: { label: string; pfBeforeRounded: number; pfAfterRounded: number; extraCostYuan: number }[];
    pfBeforePeriod: number;
    pfAfterPeriod: number;
    adjustmentBeforeYuan: number;
    adjustmentAfterYuan: number;
    extraCostYuan: number;
  };
}
interface CompensationStored {
  id: number;
  input: { transformerKva: number | null; targetPf: number };
  result: {
    months: { label: string; requiredKvar: number }[];
    requiredKvar: number;
    recommendedKvar: number;
    device: 'svg' | 'capacitor';
    shareOfTransformer: number | null;
  };
}

let app: E2eApp;
let view: E2ePage;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(async () => {
  view = await openPage(app);
  await loginWithPassword(app, view.page, MEMBER, undefined, 'user-menu-trigger');
});
afterEach(async () => {
  await view?.context.close();
});

/** An element on screen: the shell keeps visited views alive (hidden) with the same test ids. */
const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
/**
 * As the page writes a reactive figure (reactiveFormat): each quantity at one fixed precision with
 * thousands separators, yuan with 2 decimals, kvar whole.
 */
const num = (value: number, digits: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const text = async (page: Page, testId: string) => (await byId(page, testId).first().textContent()) ?? '';

/** A PV project on the Wuhan site (1 250 kVA transformer) with one calculated plan. */
async function pvProjectWithPlan(api: AssessmentApi): Promise<{ projId: string; planId: number }> {
  const { projId } = await api.call<{ projId: string }>('/early/savePro', {
    projName: 'E2E 无功补偿',
    projType: 'pv',
    transformerKva: TRANSFORMER_KVA,
    ...WUHAN_SITE,
  });
  await api.call('/early/saveUpdateConfigModelData', {
    projId,
    pv: { capacityKwp: 500, tiltDeg: 20 },
    load: { source: 'constant', averageLoadKw: 600 },
  });
  const planId = await api.run('/early/pvStartExecuteCalculation', { projId });
  return { projId, planId };
}

/** The bills' charges: July and August adjustment bases of BILL split into basic + energy charge. */
const BILL_CHARGES = [
  { basicChargeYuan: 30_000, energyChargeYuan: 270_000 },
  { basicChargeYuan: 30_000, energyChargeYuan: 275_000 },
] as const;
/** A 1 × 1 PNG: the stored file behind the bills typed by hand (no recognition is run). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Two confirmed bills of the project, entered by hand on one uploaded file (as the bill review
 * saves them): July complete, August without its reactive energy.
 */
async function confirmedBills(api: AssessmentApi, token: string, projId: string, year: number) {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'bill.png');
  const uploaded = await fetch(`${app.baseUrl}/estimate-tools/estimate-tools/early/uploadElectricBillFile`, {
    method: 'POST',
    headers: { Token: token, OutUser: '1' },
    body: form,
  });
  const upload = (await uploaded.json()) as { code: number; msg: string; data: { fileUrl: string } };
  expect(upload.code, upload.msg).toBe(200);
  const file = await api.call<{ id: number }>('/early/saveElectricBillFileUrl', {
    projId,
    fileUrl: upload.data.fileUrl,
    recognise: false,
  });
  const bills = [
    {
      billMonth: `${year}-07`,
      totalKwh: BILL[0].activeKwh,
      reactiveKvarh: BILL[0].reactiveKvarh,
      basicChargeBasis: 'capacity',
      ...BILL_CHARGES[0],
      pfStandard: 0.9,
    },
    {
      billMonth: `${year}-08`,
      totalKwh: BILL[1].activeKwh,
      basicChargeBasis: 'capacity',
      ...BILL_CHARGES[1],
      pfStandard: 0.9,
    },
  ];
  for (const [tableNo, fields] of bills.entries()) {
    const bill = await api.call<{ id: number }>('/billDetail/saveBillDetail', {
      fileId: file.id,
      tableNo,
      fields,
    });
    await api.call('/early/updateElectricityBillState', { id: bill.id, state: 'confirmed' });
  }
}

describe('reactive compensation assessment', () => {
  it(
    'enters bill figures, runs the assessment and shows the stored PF, charges and kvar; reloads them',
    async () => {
      const { page } = view;
      const api = assessmentApi(app, await tokenOf(page));
      const { projId, planId } = await pvProjectWithPlan(api);
      const plan = await api.call<{ summary: { pv: { monthlySelfConsumedKwh: number[] } } }>(
        `/early/getPlanResult?projId=${projId}&planId=${planId}&series=0`,
      );
      // Bills of the form's default year (last year).
      const year = new Date().getFullYear() - 1;
      await confirmedBills(api, await tokenOf(page), projId, year);

      await page.goto(
        `${app.baseUrl}/isolarbp/#/preliminaryStage/distributedPhotovoltaicResult?projId=${projId}`,
      );
      await byId(page, 'result-tab-reactive').click();
      await byId(page, 'reactive-empty').waitFor({ state: 'visible', timeout: 20_000 });
      // The project's transformer capacity is offered.
      expect(await byId(page, 'reactive-transformer').inputValue()).toBe(String(TRANSFORMER_KVA));

      // Nothing entered: one complete month is asked for, and nothing is sent.
      let sent = 0;
      page.on('request', (request) => {
        if (request.url().includes('/pv/pv-config/assess')) sent += 1;
      });
      await byId(page, 'reactive-run').click();
      await expect
        .poll(() => text(page, 'reactive-form-error'))
        .toContain('请至少完整填写一个月的有功电量、无功电量和力调计费基数');
      // A half-filled month names the missing figure.
      await byId(page, 'reactive-activeKwh-7').fill(String(BILL[0].activeKwh));
      await byId(page, 'reactive-run').click();
      await expect
        .poll(() => page.locator('.ant-form-item-explain-error').allTextContents())
        .toEqual(expect.arrayContaining(['请填写该月的无功电量（kvarh）', '请填写该月的力调计费基数（元）']));
      expect(sent).toBe(0);

      // Filled from the confirmed bills: July whole, August without its reactive energy (said so).
      await byId(page, 'reactive-fill-bills').click();
      await byId(page, 'reactive-fill-report').waitFor({ state: 'visible' });
      expect(await text(page, 'reactive-fill-report')).toContain(`已从电费单填入：${year}-07、${year}-08`);
      expect(await text(page, 'reactive-fill-missing')).toBe(`${year}-08：电费单缺少无功电量，请手动填写。`);
      expect(await byId(page, 'reactive-activeKwh-7').inputValue()).toBe(String(BILL[0].activeKwh));
      expect(await byId(page, 'reactive-reactiveKvarh-7').inputValue()).toBe(String(BILL[0].reactiveKvarh));
      expect(await byId(page, 'reactive-chargeBaseYuan-7').inputValue()).toBe(String(BILL[0].chargeBaseYuan));
      expect(await byId(page, 'reactive-activeKwh-8').inputValue()).toBe(String(BILL[1].activeKwh));
      expect(await byId(page, 'reactive-chargeBaseYuan-8').inputValue()).toBe(String(BILL[1].chargeBaseYuan));
      expect(await byId(page, 'reactive-reactiveKvarh-8').inputValue()).toBe('');
      // The rest by hand: August's reactive energy and September.
      await byId(page, 'reactive-reactiveKvarh-8').fill(String(BILL[1].reactiveKvarh));
      await byId(page, 'reactive-activeKwh-9').fill(String(BILL[2].activeKwh));
      await byId(page, 'reactive-reactiveKvarh-9').fill(String(BILL[2].reactiveKvarh));
      await byId(page, 'reactive-chargeBaseYuan-9').fill(String(BILL[2].chargeBaseYuan));
      // The bill's own PF next to the figures: 450 000 / √(450 000² + 200 000²) = 0.9138.
      expect(await text(page, 'reactive-bill-pf-7')).toBe('0.914');
      await byId(page, 'reactive-standard-0.9').click();

      const assessedPf = page.waitForResponse((response) => response.url().includes('/assessPowerFactor'));
      const assessedComp = page.waitForResponse((response) => response.url().includes('/assessCompensation'));
      await byId(page, 'reactive-run').click();
      expect(((await (await assessedPf).json()) as { code: number }).code).toBe(200);
      expect(((await (await assessedComp).json()) as { code: number }).code).toBe(200);
      await byId(page, 'reactive-results').waitFor({ state: 'visible', timeout: 20_000 });

      // What the server stored.
      const pf = await api.call<PowerFactorStored>(`/pv/pv-config/getPowerFactorAssess?projId=${projId}`);
      const comp = await api.call<CompensationStored>(`/pv/pv-config/getCompensationAssess?projId=${projId}`);
      expect(pf.input.pvSource).toBe(`plan ${planId}`);
      // Labelled with the form's default year (last year), so the server takes the right plan month.
      expect(pf.input.months.map((m) => m.label)).toEqual([`${year}-07`, `${year}-08`, `${year}-09`]);
      // The PV energy is the plan's self-consumption of that calendar month.
      for (const [index, month] of BILL.entries()) {
        expect(pf.input.months[index]?.pvSelfConsumedKwh).toBe(
          plan.summary.pv.monthlySelfConsumedKwh[month.month - 1],
        );
      }
      expect(pf.input.months[0]?.pvSelfConsumedKwh).toBeGreaterThan(0);
      // The base after PV, estimated: base − PV kWh × the bill's energy charge ÷ kWh (July, August),
      // else the plan tariff's average energy price of the month (September).
      for (const index of [0, 1]) {
        const month = pf.input.months[index]!;
        const price = BILL_CHARGES[index]!.energyChargeYuan / BILL[index]!.activeKwh;
        expect(month.chargeBaseAfterSource).toBe('billPrice');
        expect(month.afterPriceYuanPerKwh).toBeCloseTo(price, 9);
        expect(month.chargeBaseAfterYuan).toBeCloseTo(
          BILL[index]!.chargeBaseYuan - month.pvSelfConsumedKwh * price,
          6,
        );
      }
      const september = pf.input.months[2]!;
      expect(september.chargeBaseAfterSource).toBe('tariffPrice');
      expect(september.afterPriceYuanPerKwh).toBeGreaterThan(0);
      expect(september.chargeBaseAfterYuan).toBeCloseTo(
        BILL[2].chargeBaseYuan - september.pvSelfConsumedKwh * september.afterPriceYuanPerKwh!,
        6,
      );
      expect(await byId(page, 'reactive-base-estimated').count()).toBe(3);
      expect(await byId(page, 'reactive-month-base-after').allTextContents()).toEqual(
        pf.input.months.map((m) => num(m.chargeBaseAfterYuan, 2)),
      );
      await byId(page, 'reactive-base-after-note').waitFor({ state: 'visible' });

      // The page shows exactly those figures.
      expect(await text(page, 'reactive-pf-before')).toContain(pf.result.pfBeforePeriod.toFixed(3));
      expect(await text(page, 'reactive-pf-after')).toContain(pf.result.pfAfterPeriod.toFixed(3));
      expect(await text(page, 'reactive-adjust-before')).toContain(
        `${num(pf.result.adjustmentBeforeYuan, 2)} 元`,
      );
      expect(await text(page, 'reactive-adjust-after')).toContain(
        `${num(pf.result.adjustmentAfterYuan, 2)} 元`,
      );
      expect(await text(page, 'reactive-extra-cost')).toContain(`${num(pf.result.extraCostYuan, 2)} 元`);
      expect(await text(page, 'reactive-recommended')).toContain(
        `${num(comp.result.recommendedKvar, 0)} kvar`,
      );
      expect(await text(page, 'reactive-required-kvar')).toBe(`${num(comp.result.requiredKvar, 0)} kvar`);
      expect(await text(page, 'reactive-recommended-kvar')).toBe(
        `${num(comp.result.recommendedKvar, 0)} kvar`,
      );
      expect(await text(page, 'reactive-device')).toBe(
        comp.result.device === 'svg' ? '静止无功发生器（SVG）' : '自动投切电容补偿柜',
      );
      expect(comp.result.device).toBe('svg');
      expect(comp.input.transformerKva).toBe(TRANSFORMER_KVA);
      expect(comp.result.shareOfTransformer).toBeCloseTo(comp.result.recommendedKvar / TRANSFORMER_KVA, 12);
      expect(await text(page, 'reactive-transformer-share')).toContain(
        `${((comp.result.shareOfTransformer ?? 0) * 100).toFixed(1)}%`,
      );
      const table = byId(page, 'reactive-months');
      expect(await table.getByTestId('reactive-month-pf-before').allTextContents()).toEqual(
        pf.result.months.map((m) => m.pfBeforeRounded.toFixed(2)),
      );
      expect(await table.getByTestId('reactive-month-pf-after').allTextContents()).toEqual(
        pf.result.months.map((m) => m.pfAfterRounded.toFixed(2)),
      );
      expect(await table.getByTestId('reactive-month-kvar').allTextContents()).toEqual(
        comp.result.months.map((m) => num(m.requiredKvar, 0)),
      );

      // By hand. PF = P / √(P² + Q²) per month, rounded half-up to 2 decimals as the bill does;
      // after PV, P falls by the self-consumed PV energy while Q stays.
      const round2 = (x: number) => Math.floor(x * 100 + 0.5 + 1e-9) / 100;
      const pfOf = (p: number, q: number) => p / Math.sqrt(p * p + q * q);
      const pvOf = (index: number) => pf.input.months[index]?.pvSelfConsumedKwh ?? Number.NaN;
      const handBefore = BILL.map((m) => round2(pfOf(m.activeKwh, m.reactiveKvarh)));
      const handAfter = BILL.map((m, i) => round2(pfOf(m.activeKwh - pvOf(i), m.reactiveKvarh)));
      expect(handBefore).toEqual([0.91, 0.91, 0.92]);
      expect(await table.getByTestId('reactive-month-pf-before').allTextContents()).toEqual(
        handBefore.map((x) => x.toFixed(2)),
      );
      expect(await table.getByTestId('reactive-month-pf-after').allTextContents()).toEqual(
        handAfter.map((x) => x.toFixed(2)),
      );
      const sumP = BILL.reduce((s, m) => s + m.activeKwh, 0);
      const sumQ = BILL.reduce((s, m) => s + m.reactiveKvarh, 0);
      expect(await text(page, 'reactive-pf-before')).toContain(pfOf(sumP, sumQ).toFixed(3));
      // Compensation to 0.95 over 300 h a month: Q_c = (Q − P_after · tan(arccos 0.95)) / 300, worst month.
      const tan95 = Math.sqrt(1 - 0.95 ** 2) / 0.95;
      const handKvar = Math.max(
        ...BILL.map((m, i) => (m.reactiveKvarh - (m.activeKwh - pvOf(i)) * tan95) / 300),
      );
      expect(comp.result.requiredKvar).toBeCloseTo(handKvar, 6);
      expect(await text(page, 'reactive-required-kvar')).toBe(`${num(handKvar, 0)} kvar`);

      // Reloaded: the figures and the results come back from the stored assessment.
      await page.reload();
      await byId(page, 'reactive-results').waitFor({ state: 'visible', timeout: 20_000 });
      expect(await byId(page, 'reactive-activeKwh-8').inputValue()).toBe(String(BILL[1].activeKwh));
      expect(await byId(page, 'reactive-reactiveKvarh-9').inputValue()).toBe(String(BILL[2].reactiveKvarh));
      expect(await byId(page, 'reactive-chargeBaseYuan-7').inputValue()).toBe(String(BILL[0].chargeBaseYuan));
      expect(await byId(page, 'reactive-activeKwh-1').inputValue()).toBe('');
      expect(await byId(page, 'reactive-transformer').inputValue()).toBe(String(TRANSFORMER_KVA));
      expect(await text(page, 'reactive-pf-after')).toContain(pf.result.pfAfterPeriod.toFixed(3));
      expect(await text(page, 'reactive-recommended-kvar')).toBe(
        `${num(comp.result.recommendedKvar, 0)} kvar`,
      );
      expect(view.consoleErrors).toEqual([]);
    },
    CALCULATION_MS + 60_000,
  );
});
