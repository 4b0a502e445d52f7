/**
 * The field extractor on hand-written pages. Each page is typed here line by line the way the PDF
 * text layer or OCR delivers a bill (cells separated by a space); the expected values are read off
 * those lines by hand (sums worked out in the comments), not produced by the code under test.
 */
import type { BillTextLine } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  billChecks,
  compareBillFields,
  extractBillFields,
  numbersIn,
  registerOf,
  voltageKvOf,
} from './bill-extractor';
import { normalizeBillText } from './bill-text';

function page(text: string): BillTextLine[] {
  return text
    .trim()
    .split('\n')
    .map((line, index) => ({
      text: normalizeBillText(line),
      box: [0, index * 20, 500, index * 20 + 12] as const,
    }));
}

/** A State Grid two-part bill with two metering points (the shape of the 国网 电费通知单). */
const STATE_GRID_PAGE = page(`
国家电网 STATE GRID
国网湖北省电力有限公司 电费通知单
户号: 4201234567890 户名: 武汉光谷某某电子有限公司
用电地址: 湖北省武汉市东湖新技术开发区高新大道999号
用电类别: 大工业用电 电压等级: 交流10kV
计费周期: 2026-01-01 至 2026-01-31 电费年月: 2026年01月
计量点 示数类型 上次示数 本次示数 倍率 抄见电量 变损电量 结算电量
0001 有功(总) 1000.00 1100.00 200 20000 0 20000
0001 有功(尖峰) 100.00 110.00 200 2000 0 2000
0001 有功(高峰) 300.00 330.00 200 6000 0 6000
0001 有功(平段) 350.00 385.00 200 7000 0 7000
0001 有功(低谷) 250.00 275.00 200 5000 0 5000
0001 无功(总) 500.00 530.00 200 6000 0 6000
0002 有功(总) 400.00 450.00 100 5000 100 5100
0002 有功(尖峰) 40.00 45.00 100 500 10 510
0002 有功(高峰) 120.00 135.00 100 1500 30 1530
0002 有功(平段) 140.00 157.50 100 1750 35 1785
0002 有功(低谷) 100.00 112.50 100 1250 25 1275
0002 无功(总) 200.00 215.00 100 1500 0 1500
基本电费计收方式: 按容量 变压器容量(kVA): 1250 基本电价(元/kVA·月): 26.30
实际功率因数: 0.96 功率因数考核标准: 0.90 调整率: -0.75%
费用项目 时段 结算电量(kWh) 单价(元/kWh) 金额(元)
代理购电电费 尖峰 2,510 0.800000 2,008.00
代理购电电费 高峰 7,530 0.600000 4,518.00
电度电费小计 - 20,000.00
基本电费 按容量 1,250 26.30 32,875.00
功率因数调整电费 - -0.75% -396.56
政府性基金及附加 - 25,100 0.045200 1,134.52
本期电费合计 25,100 53,612.96
本期应缴电费: ¥53,612.96 大写: 伍万叁仟陆佰壹拾贰元玖角陆分
平均电价(元/kWh): 2.1360 上月电量(kWh): 24,000(环比+4.6%)
`);

describe('extractBillFields on a State Grid page', () => {
  const { fields, evidence, checks, hasHeader, hasBody } = extractBillFields(STATE_GRID_PAGE, 0);

  it('reads the header', () => {
    expect(fields).toMatchObject({
      grid: 'stateGrid',
      accountNo: '4201234567890',
      accountName: '武汉光谷某某电子有限公司',
      billMonth: '2026-01',
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      tariffCategory: 'largeIndustry',
      voltageKv: 10,
    });
    expect(hasHeader && hasBody).toBe(true);
  });

  it('sums the billed kWh (last column) of both metering points per register', () => {
    // total 20000 + 5100; sharp 2000 + 510; peak 6000 + 1530; flat 7000 + 1785; valley 5000 + 1275;
    // reactive 6000 + 1500. The charge table's own kWh (2,510 …) is not added on top. The evidence
    // names the first row of a sum.
    expect(fields).toMatchObject({
      totalKwh: 25_100,
      sharpKwh: 2510,
      peakKwh: 7530,
      flatKwh: 8785,
      valleyKwh: 6275,
      deepValleyKwh: null,
      reactiveKvarh: 7500,
    });
    expect(evidence.flatKwh).toEqual({
      page: 0,
      line: 10,
      text: '0001 有功(平段) 350.00 385.00 200 7000 0 7000',
    });
  });

  it('reads power factor, basic charge and amounts, each from its own label', () => {
    expect(fields).toMatchObject({
      powerFactor: 0.96,
      pfStandard: 0.9,
      basicChargeBasis: 'capacity',
      transformerKva: 1250,
      maxDemandKw: null,
      basicPriceYuan: 26.3,
      basicChargeYuan: 32_875,
      energyChargeYuan: 20_000,
      pfAdjustmentYuan: -396.56,
      fundsYuan: 1134.52,
      totalAmountYuan: 53_612.96,
    });
  });

  it('checks the sums: Σ TOU = total, PF from P and Q, amounts add up', () => {
    // 2510 + 7530 + 8785 + 6275 = 25100. PF = 25100 / √(25100² + 7500²) = 0.9581 → 0.96.
    // 20000 + 32875 − 396.56 + 1134.52 = 53612.96.
    expect(checks).toEqual({ touSumMatchesTotal: true, powerFactorMatchesEnergy: true, amountsAddUp: true });
  });
});

/** A China Southern Grid demand-charged bill as OCR reads it: no colons after some labels, stray spaces. */
const SOUTHERN_GRID_OCR_PAGE = page(`
中国南方电网 CSG
广东电网有限责任公司东莞供电局 电费清单
客户编号 0319004527861 电费年月 2026年07月
客户名称 东莞市长安镇锦程电子科技有限公司
计费期间 2026年07月01日-2026年07月31日 用电类别 一般工商业(两部制)
电压等级 10千伏 供电单位 东莞供电局长安供电分局
报装容量 2500kVA 计费需量 1,860kW
计量点 电能表号 类别 时段 上次读数 本次读数 综合倍率 计费电量(千瓦时)
1 030018765432 有功 总 15378.76 15792.24 2000 826,960
1 030018765432 有功 尖峰 1822.45 1859.70 2000 74,500
1 030018765432 有功 峰 4533.16 4668.91 2000 271,500
1 030018765432 有功 平 5102.77 5236.04 2000 266,540
1 030018765432 有功 谷 3920.38 4027.59 2000 214,420
1 030018765432 无功 总 2750.61 2859.92 2000 218,620
功率因数：0.97（考核标准：0.90）
项目 电量(千瓦时) 电价(元) 金额(元)
电度电费
尖峰 74,500 1.532614 114,179.74
电度电费小计 733,939.07
基本电费(按需量) 1,860 36.10 67,146.00
功率因数调整电费 -0.75% -6,008.14
政府性基金及附加 826,960 0.046200 38,205.55
合计 826,960 833,282.48
本期应缴电费(大写):捌拾叁万叁仟贰佰捌拾贰元肆角捌分
(小写):¥833,282.48
`);

describe('extractBillFields on a Southern Grid page read by OCR', () => {
  const { fields } = extractBillFields(SOUTHERN_GRID_OCR_PAGE, 0);

  it('reads labels without colons and dates written with 年月日', () => {
    expect(fields).toMatchObject({
      grid: 'southernGrid',
      accountNo: '0319004527861',
      accountName: '东莞市长安镇锦程电子科技有限公司',
      billMonth: '2026-07',
      periodStart: '2026-07-01',
      periodEnd: '2026-07-31',
      tariffCategory: 'generalCI',
      voltageKv: 10,
    });
  });

  it('reads TOU rows whose kind and period are separate cells (有功 峰), after the meter number', () => {
    expect(fields).toMatchObject({
      totalKwh: 826_960,
      sharpKwh: 74_500,
      peakKwh: 271_500,
      flatKwh: 266_540,
      valleyKwh: 214_420,
      reactiveKvarh: 218_620,
    });
  });

  it('takes the demand basis from 按需量, the demand from 计费需量 and the price from the charge row', () => {
    expect(fields).toMatchObject({
      basicChargeBasis: 'demand',
      transformerKva: 2500,
      maxDemandKw: 1860,
      basicPriceYuan: 36.1,
      basicChargeYuan: 67_146,
      powerFactor: 0.97,
      pfStandard: 0.9,
      energyChargeYuan: 733_939.07,
      pfAdjustmentYuan: -6008.14,
      fundsYuan: 38_205.55,
    });
  });

  it('finds the total in figures on the line after the amount in words', () => {
    expect(fields.totalAmountYuan).toBe(833_282.48);
  });
});

describe('extractBillFields without a reading table', () => {
  it('takes kWh per period from the charge rows (first number: kWh, price, amount)', () => {
    const { fields } = extractBillFields(
      page(`
户号: 3201000000001
计费周期: 2026-05-01 至 2026-05-31
费用项目 时段 电量 单价 金额
代理购电 高峰 5,425 0.695120 3,771.03
代理购电 平段 5,642 0.386178 2,178.82
代理购电 低谷 3,431 0.135162 463.74
代理购电 深谷 1,000 0.050000 50.00
本期电费合计 14,498 12,000.00
`),
    );
    expect(fields).toMatchObject({
      peakKwh: 5425,
      flatKwh: 5642,
      valleyKwh: 3431,
      deepValleyKwh: 1000,
      sharpKwh: null,
      totalKwh: null,
      totalAmountYuan: 12_000,
      billMonth: '2026-05',
      basicChargeBasis: null,
    });
  });

  it('finds nothing of a bill on a letter', () => {
    const result = extractBillFields(
      page(`
关于推广电子发票及线上缴费的告知书
尊敬的客户：即日起我公司全面推广电子发票，可在“网上国网”App查询。
线上缴费渠道包括微信、支付宝，峰谷分时电价政策详见营业厅公告。
`),
    );
    expect(result.hasHeader).toBe(false);
    expect(result.hasBody).toBe(false);
  });
});

describe('helpers', () => {
  it('numbersIn: thousands separators, minus only where no digit or letter precedes, percent flagged', () => {
    expect(numbersIn('-1,073.44 2026-08-31 -0.75% A-12')).toEqual([
      { value: -1073.44, start: 0, end: 9, percent: false },
      { value: 2026, start: 10, end: 14, percent: false },
      { value: 8, start: 15, end: 17, percent: false },
      { value: 31, start: 18, end: 20, percent: false },
      { value: -0.75, start: 21, end: 26, percent: true },
      { value: 12, start: 30, end: 32, percent: false },
    ]);
  });

  it('voltageKvOf: kV, 千伏, bracketed classes and low voltage', () => {
    expect(voltageKvOf('交流10kV')).toBe(10);
    expect(voltageKvOf('110千伏')).toBe(110);
    expect(voltageKvOf('1~10(20)kV')).toBe(10);
    expect(voltageKvOf('不满1千伏')).toBe(0.4);
    expect(voltageKvOf('交流380V')).toBe(0.4);
    expect(voltageKvOf('未知')).toBeNull();
  });

  it('registerOf: register labels as printed, and words that only look like them', () => {
    expect(registerOf('有功(尖峰)')).toEqual({ kind: 'active', period: 'sharp' });
    expect(registerOf('有功峰')).toEqual({ kind: 'active', period: 'peak' });
    expect(registerOf('正向有功平段')).toEqual({ kind: 'active', period: 'flat' });
    expect(registerOf('有功(深谷)')).toEqual({ kind: 'active', period: 'deepValley' });
    expect(registerOf('无功(总)')).toEqual({ kind: 'reactive', period: 'total' });
    expect(registerOf('代理购电电费低谷')).toEqual({ kind: 'active', period: 'valley' });
    expect(registerOf('反向有功(总)')).toBeNull();
    expect(registerOf('平均电价(元/kWh):')).toBeNull();
    expect(registerOf('上网环节线损费用')).toBeNull();
  });

  it('billChecks flags a misread TOU value', () => {
    const { fields } = extractBillFields(STATE_GRID_PAGE, 0);
    expect(billChecks({ ...fields, peakKwh: 7350 }).touSumMatchesTotal).toBe(false);
  });

  it('compareBillFields counts the fields set on either side', () => {
    const { fields } = extractBillFields(STATE_GRID_PAGE, 0);
    const truth = { ...fields, deepValleyKwh: 10, accountName: '别的公司' };
    const result = compareBillFields(fields, truth);
    // 24 fields carry a value on the page (all but deepValleyKwh and maxDemandKw); the truth adds deepValleyKwh.
    expect(result.total).toBe(25);
    expect(result.correct).toBe(23);
    expect(result.wrong.map((w) => w.field).sort()).toEqual(['accountName', 'deepValleyKwh']);
  });
});

describe('OCR slips the row arithmetic or the bill itself corrects', () => {
  /** A Southern Grid reading and charge table as OCR of a poor phone photo reads it. */
  const PHOTO_PAGE = page(`
计量点 电能表号 类别 时段 上次读数 本次读数 综合倍率 计费电量(千瓦时)
1 030018765432 有功 15378.76 15792.24 2000 826,960
1 030018765432 有功 尖峰 1822.45 1859.70 2000 74,500
1 030018765432 有功 峰 4533.16 4668.91 2000 271,500
1 030018765432 有功 平 5102.77 5236.04 2000 266,540
1 030018765432 有功 谷 3920.38 4027.59 2000 214.420
1 030018765432 无功 总 2750.61 2859.92 2000 218,620
项目 电量(千瓦时) 电价(元) 金额(元)
功率因数调整电费 -0.75% 6,008.14
`);

  it('reads "214.420" as 214,420 where (4027.59 − 3920.38) × 2000 = 214,420 says so', () => {
    expect(extractBillFields(PHOTO_PAGE).fields.valleyKwh).toBe(214_420);
  });

  it('takes a lone "有功" row as the total when it equals the TOU sum (74,500 + 271,500 + 266,540 + 214,420 = 826,960)', () => {
    expect(extractBillFields(PHOTO_PAGE).fields.totalKwh).toBe(826_960);
    // Not when it disagrees with the TOU rows.
    const off = PHOTO_PAGE.map((line, i) =>
      i === 1 ? { ...line, text: line.text.replace('826,960', '800,000') } : line,
    );
    expect(extractBillFields(off).fields.totalKwh).toBeNull();
  });

  it('gives the PF adjustment the sign of its rate when the minus was lost', () => {
    expect(extractBillFields(PHOTO_PAGE).fields.pfAdjustmentYuan).toBe(-6008.14);
  });

  it('reads a charge-table kWh "74.500" as 74,500 when 114,179.74 / 74.5 is no price per kWh', () => {
    const charges = page(`
项目 时段 电量(千瓦时) 电价(元) 金额(元)
电度电费 尖峰 74.500 1532614 114,179.74
电度电费 峰 1.250 0.812345 1.02
`);
    const { fields } = extractBillFields(charges);
    expect(fields.sharpKwh).toBe(74_500);
    // 1.02 / 1.25 = 0.82 yuan/kWh is a price: "1.250" stays 1.25.
    expect(fields.peakKwh).toBe(1.25);
  });
});
