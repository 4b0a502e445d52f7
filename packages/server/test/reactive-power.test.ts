/**
 * Reactive-power assessment with the project's bills (pv/pv-config): the form filled from the
 * confirmed bills (getReactiveBillMonths) and the adjustment base after PV estimated from the
 * month's average energy price of the bill, else of the current plan's tariff
 * (reactive-bills.ts, china-domain.md §6). Expected values are worked by hand in the comments;
 * adjustment percents from the national 0.90 table (china-domain.md §6: −0.15 % per 0.01 above
 * 0.90, +0.5 % per 0.01 below).
 */
import type { BillCorrections, ProjectView, ReactiveBillMonths } from '@pvplan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBillFile, insertManualBill, setBillState } from '../src/modules/bills/bills.repository';
import {
  dialectsUnderTest,
  type EnvelopeBody,
  envelopeOf,
  externalHeaders,
  login,
  startTestApp,
  type TestApp,
} from './harness';

const E = '/estimate-tools/estimate-tools/early';
const PVC = '/estimate-tools/estimate-tools/pv/pv-config';
const MEMBER = '13800000002';
const PREMIUM = '13800000003';

interface StoredMonth {
  label?: string;
  pvSelfConsumedKwh: number;
  chargeBaseBeforeYuan: number;
  chargeBaseAfterYuan: number;
  chargeBaseAfterSource: string;
  afterPriceYuanPerKwh: number | null;
}
interface Assessed {
  input: { months: StoredMonth[]; pvSource: string };
  result: {
    months: { pfBeforeRounded: number; pfAfterRounded: number; adjustmentAfterYuan: number }[];
    adjustmentBeforeYuan: number;
    adjustmentAfterYuan: number;
  };
}

describe.each(dialectsUnderTest())('reactive power from bills on %s', (dialect) => {
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

  async function call(
    method: 'GET' | 'POST',
    url: string,
    who: string,
    payload?: unknown,
  ): Promise<EnvelopeBody & { status: number }> {
    const response = await t.app.inject({
      method,
      url,
      headers: headers[who],
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { ...envelopeOf(response), status: response.statusCode };
  }

  async function createProject(): Promise<ProjectView> {
    const answer = await call('POST', `${E}/savePro`, 'member', {
      projName: '无功测试',
      projType: 'pv',
      areaCode: '420100',
      latitudeDeg: 30.59,
      longitudeDeg: 114.3,
    });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data as ProjectView;
  }

  /** A bill of the project as a user would leave it after review (fields typed, state set). */
  async function addBill(
    projId: string,
    fields: BillCorrections,
    state: 'confirmed' | 'toReview',
    updatedAt: string,
  ): Promise<number> {
    const db = t.database.db;
    const project = await db
      .selectFrom('projects')
      .select('owner_user_id')
      .where('id', '=', Number(projId))
      .executeTakeFirstOrThrow();
    const fileId = await insertBillFile(db, {
      projId,
      ownerUserId: project.owner_user_id,
      objectKey: `test/${projId}/${Math.random().toString(16).slice(2)}.pdf`,
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1000,
      pageCount: 1,
    });
    const file = await db
      .selectFrom('electricity_bill_files')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    const id = await insertManualBill(db, file, 0, fields);
    if (state === 'confirmed') await setBillState(db, id, 'confirmed');
    await db.updateTable('electricity_bills').set({ updated_at: updatedAt }).where('id', '=', id).execute();
    return id;
  }

  const july = {
    billMonth: '2025-07',
    accountNo: '1001',
    totalKwh: 100_000,
    reactiveKvarh: 48_000,
    basicChargeBasis: 'demand',
    basicChargeYuan: 20_000,
    energyChargeYuan: 60_000,
    pfStandard: 0.9,
    transformerKva: 1250,
  } as const;

  it('lists the confirmed bills by month: sums accounts, keeps the latest of one account, says what is missing', async () => {
    const p = await createProject();
    // An older bill of the same account and month: replaced by the later one.
    await addBill(
      p.projId,
      { ...july, totalKwh: 1, energyChargeYuan: 1 },
      'confirmed',
      '2026-01-01T00:00:00.000Z',
    );
    const julyId = await addBill(p.projId, july, 'confirmed', '2026-01-02T00:00:00.000Z');
    // August: a single-part bill with TOU energy only and no reactive energy, and a second account.
    const augA = await addBill(
      p.projId,
      {
        billMonth: '2025-08',
        accountNo: '1001',
        peakKwh: 40_000,
        flatKwh: 50_000,
        valleyKwh: 30_000,
        energyChargeYuan: 70_000,
      },
      'confirmed',
      '2026-01-03T00:00:00.000Z',
    );
    const augB = await addBill(
      p.projId,
      {
        billMonth: '2025-08',
        accountNo: '2002',
        totalKwh: 30_000,
        reactiveKvarh: 10_000,
        basicChargeBasis: 'capacity',
        basicChargeYuan: 5_000,
        energyChargeYuan: 18_000,
      },
      'confirmed',
      '2026-01-04T00:00:00.000Z',
    );
    await addBill(p.projId, { ...july, billMonth: '2025-09' }, 'toReview', '2026-01-05T00:00:00.000Z');
    await addBill(p.projId, { ...july, billMonth: null }, 'confirmed', '2026-01-06T00:00:00.000Z');

    const answer = await call('GET', `${PVC}/getReactiveBillMonths?projId=${p.projId}`, 'member');
    expect(answer.code, answer.msg).toBe(200);
    const data = answer.data as ReactiveBillMonths;
    expect(data).toMatchObject({ projId: p.projId, confirmedBills: 3, toReviewBills: 1, undatedBills: 1 });
    expect(data.months.map((m) => m.month)).toEqual(['2025-07', '2025-08']);
    // July: 60 000 / 100 000 = 0.6 yuan/kWh; base 20 000 + 60 000.
    expect(data.months[0]).toMatchObject({
      billIds: [julyId],
      activeKwh: 100_000,
      reactiveKvarh: 48_000,
      chargeBaseYuan: 80_000,
      pfStandard: 0.9,
      transformerKva: 1250,
      missing: [],
    });
    expect(data.months[0]!.energyPriceYuanPerKwh).toBeCloseTo(0.6, 12);
    // August: 120 000 (TOU sum) + 30 000 kWh; basic 0 (single-part) + 5 000; energy 88 000;
    // reactive missing on the first bill, so unknown for the month.
    expect(data.months[1]).toMatchObject({
      billIds: [augA, augB].sort((a, b) => a - b),
      activeKwh: 150_000,
      reactiveKvarh: null,
      basicChargeYuan: 5_000,
      energyChargeYuan: 88_000,
      chargeBaseYuan: 93_000,
      missing: ['reactiveKvarh'],
    });
    expect(data.months[1]!.energyPriceYuanPerKwh).toBeCloseTo(88_000 / 150_000, 12);

    expect((await call('GET', `${PVC}/getReactiveBillMonths?projId=${p.projId}`, 'premium')).status).toBe(
      403,
    );
    const unknown = await call('GET', `${PVC}/getReactiveBillMonths?projId=999999`, 'member');
    expect(unknown.code).not.toBe(200);
  });

  it('estimates the base after PV from the bill price, keeps an entered one, and says when it has no price', async () => {
    const p = await createProject();
    await addBill(p.projId, july, 'confirmed', '2026-01-02T00:00:00.000Z');
    // P 100 000 kWh, Q 48 000 kvarh, PV 20 000 kWh, base before 80 000 yuan.
    // Before: 100 000/√(100 000² + 48 000²) = 0.9015 → 0.90 → 0 %.
    // After: 80 000/√(80 000² + 48 000²) = 0.8575 → 0.86 → +2 %.
    // Base after = 80 000 − 20 000 × 0.6 (July bill: 60 000 yuan / 100 000 kWh) = 68 000 yuan,
    // adjustment after = 2 % × 68 000 = 1 360 yuan (1 600 with the base before, the old overstatement).
    const month = {
      label: '2025-07',
      activeKwh: 100_000,
      reactiveKvarh: 48_000,
      pvSelfConsumedKwh: 20_000,
      chargeBaseBeforeYuan: 80_000,
    };
    const answer = await call('POST', `${PVC}/assessPowerFactor`, 'member', {
      projId: p.projId,
      months: [
        month,
        { ...month, label: '2025-08', chargeBaseAfterYuan: 75_000 },
        { ...month, label: '2025-10' },
        { ...month, label: '2025-11', pvSelfConsumedKwh: 0 },
      ],
    });
    expect(answer.code, answer.msg).toBe(200);
    const { input, result } = answer.data as Assessed;
    expect(input.months[0]).toMatchObject({
      chargeBaseAfterYuan: 68_000,
      chargeBaseAfterSource: 'billPrice',
    });
    expect(input.months[0]!.afterPriceYuanPerKwh).toBeCloseTo(0.6, 12);
    expect(result.months[0]).toMatchObject({ pfBeforeRounded: 0.9, pfAfterRounded: 0.86 });
    expect(result.months[0]!.adjustmentAfterYuan).toBeCloseTo(1360, 6);
    // Entered: 2 % × 75 000 = 1 500.
    expect(input.months[1]).toMatchObject({ chargeBaseAfterYuan: 75_000, chargeBaseAfterSource: 'entered' });
    expect(result.months[1]!.adjustmentAfterYuan).toBeCloseTo(1500, 6);
    // October: no bill, no plan, so no price: the base stays 80 000 → 1 600, said so.
    expect(input.months[2]).toMatchObject({
      chargeBaseAfterYuan: 80_000,
      chargeBaseAfterSource: 'unchanged',
      afterPriceYuanPerKwh: null,
    });
    expect(result.months[2]!.adjustmentAfterYuan).toBeCloseTo(1600, 6);
    // November: no PV, nothing to take off.
    expect(input.months[3]).toMatchObject({
      chargeBaseAfterYuan: 80_000,
      chargeBaseAfterSource: 'unchanged',
    });
    // The stored copy keeps the estimate.
    const stored = (await call('GET', `${PVC}/getPowerFactorAssess?projId=${p.projId}`, 'member'))
      .data as Assessed;
    expect(stored.input.months[0]).toMatchObject({
      chargeBaseAfterYuan: 68_000,
      chargeBaseAfterSource: 'billPrice',
    });
  });

  it("falls back to the current plan's tariff: the month's time-weighted energy price, funds taken off", async () => {
    const p = await createProject();
    await addBill(p.projId, july, 'confirmed', '2026-01-02T00:00:00.000Z');
    // Day pattern: 16 half-hours each of peak (1.00), flat (0.60) and valley (0.30) yuan/kWh, funds
    // 0.02 included in them: (1.00 + 0.60 + 0.30)/3 − 0.02 = 0.613333 yuan/kWh.
    const day = [...new Array(16).fill(1), ...new Array(16).fill(2), ...new Array(16).fill(3)];
    const selfConsumed = new Array(12).fill(0);
    selfConsumed[6] = 20_000; // July
    selfConsumed[9] = 10_000; // October
    const now = new Date().toISOString();
    const plan = await t.database.db
      .insertInto('project_plans')
      .values({
        proj_id: Number(p.projId),
        version: 1,
        name: 'test plan',
        kind: 'pv',
        status: 'succeeded',
        job_id: null,
        inputs_json: JSON.stringify({
          assessment: {
            tariff: {
              schedule: new Array(12).fill(day),
              prices: {
                energyYuanPerKwh: { peak: 1, flat: 0.6, valley: 0.3 },
                fundsYuanPerKwh: 0.02,
                fundsIncludedInEnergyPrices: true,
              },
              basicCharge: { basis: 'none' },
              source: 'test tariff',
            },
          },
        }),
        summary_json: JSON.stringify({ pv: { monthlySelfConsumedKwh: selfConsumed } }),
        series_key: null,
        error: null,
        locked: 0,
        created_by: null,
        created_by_name: 'test',
        created_at: now,
        finished_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('projects')
      .set({ current_plan_id: plan.id })
      .where('id', '=', Number(p.projId))
      .execute();

    const base = { activeKwh: 100_000, reactiveKvarh: 48_000, chargeBaseBeforeYuan: 80_000 };
    const answer = await call('POST', `${PVC}/assessPowerFactor`, 'member', {
      projId: p.projId,
      months: [
        { ...base, label: '2025-07' },
        { ...base, label: '2025-10' },
      ],
    });
    expect(answer.code, answer.msg).toBe(200);
    const { input, result } = answer.data as Assessed;
    expect(input.pvSource).toBe(`plan ${plan.id}`);
    // July: the bill's price wins over the tariff's (68 000 as above).
    expect(input.months[0]).toMatchObject({
      pvSelfConsumedKwh: 20_000,
      chargeBaseAfterYuan: 68_000,
      chargeBaseAfterSource: 'billPrice',
    });
    // October: 80 000 − 10 000 × 0.613333 = 73 866.67 yuan; P after 90 000, PF 90 000/102 000 =
    // 0.882 → 0.88 → +1 % → 738.67 yuan.
    expect(input.months[1]!.chargeBaseAfterSource).toBe('tariffPrice');
    expect(input.months[1]!.afterPriceYuanPerKwh).toBeCloseTo(0.613333, 6);
    expect(input.months[1]!.chargeBaseAfterYuan).toBeCloseTo(73_866.667, 3);
    expect(result.months[1]).toMatchObject({ pfAfterRounded: 0.88 });
    expect(result.months[1]!.adjustmentAfterYuan).toBeCloseTo(738.667, 3);
  });
});
