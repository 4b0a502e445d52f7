import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AreaPriceInfo, NetLoadSeriesView, PriceRowView, TouPeriodCode } from '@pvplan/contract';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, type E2ePage, loginWithPassword, openPage, startE2eApp } from './support/app';
import { type AssessmentApi, assessmentApi, tokenOf } from './support/assessmentApi';

/**
 * Issue 5 "Done when", end to end on the price search page: a member picks a city (Hubei / Wuhan),
 * a user category and a voltage level, sees the month × hour TOU grid and the agency price table,
 * uploads a year of 15-minute load (a CSV written here), and reads the load statistics and the bill
 * that the shown price row implies. The bill is computed again here, independently of the engine:
 * each 15-minute step's energy (kW × 0.25 h) at the price of the period its half-hour slot holds in
 * the city's TOU table (early/getAreaPriceInfo, the same answer the page draws). A file with text in
 * the power column then gets one clear message naming the row, and the stored year stays.
 */

const YEAR = 2025;
const STEPS = 365 * 96;
/** The row the test picks: large industry (two-part), 1–10 (20) kV. */
const CATEGORY = 'large_industry';
const VOLTAGE = 'kv1_10';
const PERIOD_FIELDS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
/** Line of the bad file that holds text in the power column (header on line 1). */
const BAD_LINE = 250;

let app: E2eApp;
let view: E2ePage;
let api: AssessmentApi;
let tempDir: string;

beforeAll(async () => {
  app = await startE2eApp();
  tempDir = await mkdtemp(path.join(tmpdir(), 'pvplan-e2e-price-load-'));
  view = await openPage(app);
  await loginWithPassword(app, view.page, '13800000002', undefined, 'user-menu-trigger');
  api = assessmentApi(app, await tokenOf(view.page));
});
afterAll(async () => {
  await view?.context.close();
  await app?.stop();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The test plant's load at a step (kW, one decimal): 120 kW at night, a day shift of 300–420 kW
 * from 08:00 to 20:00 on weekdays (60 % of it on weekends), and a few kW of day-to-day spread.
 */
function plantKw(date: Date): number {
  const hour = date.getUTCHours() + date.getUTCMinutes() / 60;
  const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
  const day = date.getUTCDate();
  const shift = hour >= 8 && hour < 20 ? 300 + 10 * (hour - 8) : 0;
  const kw = 120 + (weekend ? 0.6 : 1) * shift + (day % 10) * 1.5;
  return Math.round(kw * 10) / 10;
}

interface Step {
  readonly month: number;
  readonly slot: number;
  readonly kw: number;
}

/** A year of 15-minute steps of the test plant. */
function yearSteps(): Step[] {
  const start = Date.UTC(YEAR, 0, 1);
  return Array.from({ length: STEPS }, (_, i) => {
    const date = new Date(start + i * 15 * 60_000);
    return {
      month: date.getUTCMonth(),
      slot: date.getUTCHours() * 2 + Math.floor(date.getUTCMinutes() / 30),
      kw: plantKw(date),
    };
  });
}

function stamp(i: number): string {
  const d = new Date(Date.UTC(YEAR, 0, 1) + i * 15 * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** CSV text as Excel writes it: a header line, then `time,kW` lines (CRLF). */
function csvText(values: readonly string[]): string {
  const lines = ['时间,有功功率(kW)', ...values.map((kw, i) => `${stamp(i)},${kw}`)];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The TOU table as the engine reads it (spec: a hidden half hour takes the period of the slot
 * before it, the first slots of the day that of the day's last shown slot).
 */
function filledSlots(raw: readonly (readonly (TouPeriodCode | null)[])[]): TouPeriodCode[][] {
  return raw.map((day) => {
    let current = [...day].reverse().find((v) => v !== null) ?? null;
    return day.map((v) => {
      if (v !== null) current = v;
      if (current === null) throw new Error('a month with every slot hidden');
      return current;
    });
  });
}

interface ExpectedMonth {
  energyKwh: number;
  energyChargeYuan: number;
  maxDemandKw: number;
}

/** The bill computed here: energy × the row's price of the step's period, per month. */
function expectedBill(steps: readonly Step[], slots: TouPeriodCode[][], row: PriceRowView, funds: number) {
  const months: ExpectedMonth[] = Array.from({ length: 12 }, () => ({
    energyKwh: 0,
    energyChargeYuan: 0,
    maxDemandKw: 0,
  }));
  for (const step of steps) {
    const period = slots[step.month]![step.slot]!;
    const price = row[PERIOD_FIELDS[period]];
    if (price === null) throw new Error(`the row has no ${PERIOD_FIELDS[period]} price`);
    const kwh = step.kw * 0.25;
    const m = months[step.month]!;
    m.energyKwh += kwh;
    m.energyChargeYuan += kwh * (price + funds);
    m.maxDemandKw = Math.max(m.maxDemandKw, step.kw);
  }
  const energyKwh = months.reduce((sum, m) => sum + m.energyKwh, 0);
  const energyChargeYuan = months.reduce((sum, m) => sum + m.energyChargeYuan, 0);
  return { months, energyKwh, energyChargeYuan };
}

/** The number a Statistic or a table cell shows ("1,234,567.89" → 1234567.89). */
async function numberIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const match = /-?[\d,]+(\.\d+)?/.exec(text);
  if (!match) throw new Error(`no number in "${text}"`);
  return Number(match[0].replaceAll(',', ''));
}

/** Picks an option of the antd Select next to a label of the page's filter bar. */
async function choose(page: Page, label: string, option: string) {
  await page.locator('.ant-space').filter({ hasText: label }).locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

/** Picks province and city in the page's area cascader. */
async function pickArea(page: Page, province: string, city: string) {
  await page.locator('.ant-space').filter({ hasText: '地区' }).locator('.ant-cascader').first().click();
  await page.locator('.ant-cascader-menu-item', { hasText: province }).first().click();
  await page.locator('.ant-cascader-menu-item', { hasText: city }).first().click();
  await page.keyboard.press('Escape');
}

/** Hovers the cell (month, hour) of the TOU grid and reads the chart's tooltip. */
async function gridTooltip(page: Page, monthIndex: number, hour: number): Promise<string> {
  const card = page.locator('.ant-card').filter({ hasText: '分时时段（月 × 时）' });
  const chart = card.locator('canvas').first();
  const box = await chart.boundingBox();
  if (!box) throw new Error('the TOU grid has no canvas');
  // TouHeatmap's grid: 64 px left, 16 right, 8 top, 72 bottom; 24 columns, 12 rows.
  const x = box.x + 64 + ((hour + 0.5) * (box.width - 80)) / 24;
  const y = box.y + 8 + ((monthIndex + 0.5) * (box.height - 80)) / 12;
  await page.mouse.move(x, y);
  const tooltip = card
    .locator('div')
    .filter({ hasText: new RegExp(`^\\s*${monthIndex + 1}月 `) })
    .last();
  await tooltip.waitFor({ state: 'visible', timeout: 5_000 });
  return ((await tooltip.textContent()) ?? '').trim();
}

/** Texts of the toasts on screen. */
async function toasts(page: Page): Promise<string[]> {
  return page.locator('.ant-message-notice').allTextContents();
}

/** Uploads a file in the load card, confirms the detected columns and starts the parse. */
async function uploadAndParse(page: Page, file: string) {
  await page.getByTestId('load-upload').locator('input[type=file]').setInputFiles(file);
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('load-mapping-confirm') });
  await dialog.locator('.ant-table-row').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByTestId('load-mapping-confirm').click();
  await page.getByTestId('load-mapping-confirm').waitFor({ state: 'hidden' });
  const parsed = page.waitForResponse((r) => r.url().includes('/netload/parseNetLoad'), { timeout: 60_000 });
  await page.getByTestId('load-parse').click();
  const response = await parsed;
  // The page keeps the user's load under a free-standing id (priceSearchLoadId).
  const { projId } = response.request().postDataJSON() as { projId: string };
  return { ...((await response.json()) as { code: number; msg: string }), projId };
}

describe('price search: a city, its prices, a year of load and the bill it implies', () => {
  const steps = yearSteps();
  let info: AreaPriceInfo;
  let row: PriceRowView;
  let billTotal = 0;
  let loadId = '';

  it('picks Wuhan, large industry 1–10 kV: the TOU grid and the price table of that row', async () => {
    const { page } = view;
    await page.goto(`${app.baseUrl}/isolarbp/#/preliminaryStage/priceSearch`);
    // Another city first, so the Wuhan answer below comes from the user's own pick.
    const zhejiang = page.waitForResponse(
      (r) =>
        r.url().includes('/early/getAreaPriceInfo') && r.request().postData()?.includes('330100') === true,
    );
    await pickArea(page, '浙江省', '杭州市');
    expect(((await (await zhejiang).json()) as { code: number }).code).toBe(200);

    const wuhan = page.waitForResponse(
      (r) =>
        r.url().includes('/early/getAreaPriceInfo') &&
        r.request().postData()?.includes('420100') === true &&
        r.request().postData()?.includes(VOLTAGE) === true,
    );
    await pickArea(page, '湖北省', '武汉市');
    await choose(page, '用电类别', '大工业（两部制）');
    await choose(page, '电压等级', '1-10（20）千伏');
    expect(((await (await wuhan).json()) as { code: number }).code).toBe(200);

    // The same question through the API, as the reference of the checks below.
    info = await api.call<AreaPriceInfo>('/early/getAreaPriceInfo', {
      areaCode: '420100',
      userCategory: CATEGORY,
      voltageLevel: VOLTAGE,
    });
    row = info.selectedRow!;
    expect(row).toMatchObject({ userCategory: CATEGORY, voltageLevel: VOLTAGE });
    expect(info.tou?.rawSlots).toHaveLength(12);
    // No calendar rules in Hubei's table: the bill computed here needs none.
    expect(info.tou?.overrides).toEqual([]);

    // The grid: cells read back through the chart's tooltip are the table's periods.
    const slots = info.tou!.slots;
    const periodName = ['尖峰', '高峰', '平段', '低谷', '深谷'];
    for (const [monthIndex, hour] of [
      [0, 3],
      [0, 9],
      [0, 17],
      [6, 21],
      [11, 19],
    ] as const) {
      const text = await gridTooltip(page, monthIndex, hour);
      expect(text).toBe(`${monthIndex + 1}月 ${pad(hour)}:00：${periodName[slots[monthIndex]![hour * 2]!]}`);
    }
    await expect
      .poll(() => page.locator('.ant-card').filter({ hasText: '分时时段（月 × 时）' }).textContent())
      .toContain(info.tou!.sourceTitle);

    // The price table: the chosen row is highlighted with its prices.
    const table = page.locator('.ant-card').filter({ hasText: '电价表（元/千瓦时）' });
    await expect.poll(() => table.textContent()).toContain('当前：大工业（两部制） 1-10（20）千伏');
    const selected = table.locator('tr.ant-table-row-selected');
    await expect.poll(() => selected.count()).toBe(1);
    const selectedText = (await selected.textContent()) ?? '';
    for (const field of PERIOD_FIELDS) {
      const price = row[field];
      if (price !== null)
        expect(selectedText).toContain(price.toFixed(6).replace(/0+$/, '').replace(/\.$/, ''));
    }
    expect(view.consoleErrors).toEqual([]);
  });

  it('uploads a year of 15-minute load: the statistics and the bill of the shown row', async () => {
    const { page } = view;
    const file = path.join(tempDir, `plant-${YEAR}.csv`);
    await writeFile(file, csvText(steps.map((s) => s.kw.toFixed(1))), 'utf8');
    const load = page.getByTestId('price-search-load');
    await load.scrollIntoViewIfNeeded();
    // What the page asks for while it bills the load (the test's own API calls are not the page's).
    const asked: { url: string; body: string | null }[] = [];
    const listen = (request: Request) => asked.push({ url: request.url(), body: request.postData() });
    page.on('request', listen);
    const parsed = await uploadAndParse(page, file);
    expect(parsed.code, parsed.msg).toBe(200);
    loadId = parsed.projId;
    expect(loadId).toMatch(/^price-search-u\d+$/);

    const fileKwh = steps.reduce((sum, s) => sum + s.kw * 0.25, 0);
    const statistics = page.getByTestId('load-statistics');
    await statistics.waitFor({ state: 'visible', timeout: 30_000 });
    await expect
      .poll(() => statistics.textContent())
      .toContain(`${YEAR}-01-01 00:00至${YEAR + 1}-01-01 00:00`);
    expect(Math.abs((await numberIn(page.getByTestId('load-stats-energy'))) - fileKwh)).toBeLessThanOrEqual(
      1,
    );
    const maxKw = Math.max(...steps.map((s) => s.kw));
    expect(await statistics.textContent()).toContain(String(maxKw));

    // The stored series is the file, step by step.
    const stored = await api.call<NetLoadSeriesView>(
      `/powsensor/getNetLoad?projId=${encodeURIComponent(loadId)}`,
    );
    expect(stored.start).toBe(`${YEAR}-01-01 00:00`);
    expect(stored.kw).toEqual(steps.map((s) => s.kw));

    // The bill (no basic charge by default): the total and each month's energy charge.
    const funds = info.priceTable!.fundsIncludedInEnergyPrices ? 0 : (info.priceTable!.fundsYuanPerKwh ?? 0);
    const expected = expectedBill(steps, filledSlots(info.tou!.rawSlots), row, funds);
    const bill = page.getByTestId('load-bill');
    await page.getByTestId('load-bill-total').waitFor({ state: 'visible', timeout: 30_000 });
    billTotal = await numberIn(page.getByTestId('load-bill-total'));
    expect(Math.abs(billTotal - expected.energyChargeYuan)).toBeLessThanOrEqual(0.01);
    expect(Math.abs((await numberIn(page.getByTestId('load-bill-energy'))) - fileKwh)).toBeLessThanOrEqual(1);
    expect(await numberIn(page.getByTestId('load-bill-basic'))).toBe(0);
    for (let m = 0; m < 12; m++) {
      const cells = bill.locator(`tr[data-row-key="${YEAR}-${m + 1}"] td`);
      const month = expected.months[m]!;
      expect(Math.abs((await numberIn(cells.nth(1))) - month.energyKwh)).toBeLessThanOrEqual(1);
      expect(await numberIn(cells.nth(2))).toBeCloseTo(month.maxDemandKw, 1);
      expect(Math.abs((await numberIn(cells.nth(3))) - month.energyChargeYuan)).toBeLessThanOrEqual(0.01);
    }
    expect(await bill.textContent()).toContain(`${info.priceTable!.month}`);
    // The card bills the stored set by its id: no download of the series, no series posted back.
    page.off('request', listen);
    expect(
      asked.filter((r) => /\/powsensor\/getNetLoad|\/config-manage\/calStrategyAndPrice/.test(r.url)),
    ).toEqual([]);
    const billRequests = asked.filter((r) => r.url.includes('/netload/getLoadBill'));
    expect(billRequests.length).toBeGreaterThan(0);
    expect(JSON.parse(billRequests.at(-1)!.body!)).toEqual({
      projId: loadId,
      areaCode: '420100',
      userCategory: CATEGORY,
      voltageLevel: VOLTAGE,
      basicCharge: { basis: 'none' },
    });

    // The demand charge: each month's maximum demand at the row's demand price.
    expect(row.demandYuanPerKwMonth).not.toBeNull();
    await bill.locator('.ant-segmented-item', { hasText: '按最大需量' }).click();
    const basic = expected.months.reduce((sum, m) => sum + m.maxDemandKw * row.demandYuanPerKwMonth!, 0);
    await expect
      .poll(async () => Math.abs((await numberIn(page.getByTestId('load-bill-basic'))) - basic), {
        timeout: 30_000,
      })
      .toBeLessThanOrEqual(0.01);
    const total = await numberIn(page.getByTestId('load-bill-total'));
    expect(Math.abs(total - expected.energyChargeYuan - basic)).toBeLessThanOrEqual(0.01);
    await bill.locator('.ant-segmented-item', { hasText: '不计' }).click();
    await expect
      .poll(() => numberIn(page.getByTestId('load-bill-total')), { timeout: 30_000 })
      .toBe(billTotal);
    expect(view.consoleErrors).toEqual([]);
  }, 120_000);

  it('a row without a demand price: the bill card says so once (no toast as well)', async () => {
    const { page } = view;
    const bill = page.getByTestId('load-bill');
    await bill.locator('.ant-segmented-item', { hasText: '按最大需量' }).click();
    await expect
      .poll(() => numberIn(page.getByTestId('load-bill-basic')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    // The single-part (general C&I) row has no demand price.
    const generalRow = info.priceTable!.rows.find(
      (r) => r.userCategory === 'general_ci' && r.voltageLevel === VOLTAGE,
    );
    expect(generalRow?.demandYuanPerKwMonth ?? null).toBeNull();
    const failed = page.waitForResponse((r) => r.url().includes('/netload/getLoadBill'));
    await choose(page, '用电类别', '一般工商业（单一制）');
    const answer = (await (await failed).json()) as { code: number; msg: string };
    expect(answer.code).not.toBe(200);
    const error = page.getByTestId('load-bill-error');
    await error.waitFor({ state: 'visible', timeout: 30_000 });
    expect((await error.textContent())?.trim()).toBe(answer.msg);
    // Give a toast time to appear before checking there is none.
    await page.waitForTimeout(800);
    expect(await toasts(page)).not.toContain(answer.msg);
    // Back to the two-part row and no basic charge: the first bill again.
    await choose(page, '用电类别', '大工业（两部制）');
    await bill.locator('.ant-segmented-item', { hasText: '不计' }).click();
    await expect
      .poll(() => numberIn(page.getByTestId('load-bill-total')), { timeout: 30_000 })
      .toBe(billTotal);
    await expect.poll(() => error.count()).toBe(0);
  }, 90_000);

  it('a file with text in the power column: one message naming the row; the stored year stays', async () => {
    const { page } = view;
    const values = steps.slice(0, 600).map((s) => s.kw.toFixed(1));
    values[BAD_LINE - 2] = 'abc';
    const file = path.join(tempDir, 'bad.csv');
    await writeFile(file, csvText(values), 'utf8');
    const parsed = await uploadAndParse(page, file);
    const message = `文件“bad.csv”第${BAD_LINE}行B列“abc”不是数字`;
    expect(parsed).toMatchObject({ msg: message, projId: loadId });
    const alert = page.getByTestId('load-upload').locator('.ant-alert-error');
    await alert.waitFor({ state: 'visible', timeout: 30_000 });
    expect((await alert.textContent())?.trim()).toBe(message);
    await page.waitForTimeout(800);
    expect(await toasts(page)).not.toContain(message);

    // The year stored before is still there: statistics, series and bill unchanged.
    const stored = await api.call<NetLoadSeriesView>(
      `/powsensor/getNetLoad?projId=${encodeURIComponent(loadId)}`,
    );
    expect(stored.kw).toHaveLength(STEPS);
    expect(stored.start).toBe(`${YEAR}-01-01 00:00`);
    await expect
      .poll(() => page.getByTestId('load-statistics').textContent())
      .toContain(`${YEAR}-01-01 00:00至${YEAR + 1}-01-01 00:00`);
    await expect.poll(() => numberIn(page.getByTestId('load-bill-total'))).toBe(billTotal);
    // Only the two refusals this test asked for (Chromium logs every 4xx answer).
    expect(
      view.consoleErrors.filter(
        (entry) =>
          !(entry.text.includes('status of 400') && /\/netload\/(getLoadBill|parseNetLoad)$/.test(entry.url)),
      ),
    ).toEqual([]);
  }, 90_000);
});
