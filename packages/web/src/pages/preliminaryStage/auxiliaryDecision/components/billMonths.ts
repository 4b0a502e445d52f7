import {
  type BillFields,
  type BillState,
  type LoadMonthlyEnergy,
  oneBillPerAccountMonth,
  type PriceVoltageLevel,
} from '@pvplan/contract';

/** The parts of a bill this module reads (selectElectricityBillByProId answers them). */
export interface BillForMonths {
  readonly state: BillState;
  /** ISO time of the bill's last change (which of two copies of a bill counts). */
  readonly updateTime: string;
  readonly fields: Pick<
    BillFields,
    | 'billMonth'
    | 'accountNo'
    | 'totalKwh'
    | 'sharpKwh'
    | 'peakKwh'
    | 'flatKwh'
    | 'valleyKwh'
    | 'deepValleyKwh'
    | 'maxDemandKw'
  >;
}

const PERIOD_FIELDS = [
  ['sharp', 'sharpKwh'],
  ['peak', 'peakKwh'],
  ['flat', 'flatKwh'],
  ['valley', 'valleyKwh'],
  ['deepValley', 'deepValleyKwh'],
] as const;

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The monthly energy of a project's bills (early/saveOrUpdateUserPowerDatas, source 'bill'), for the
 * load profile built from bills. Ignored bills and bills without a month are left out; a bill
 * uploaded twice counts once (contract `oneBillPerAccountMonth`); bills of the same month (several meters or
 * accounts) are added up; when a calendar month appears in several
 * years only the latest year is kept. Energy per TOU period is sent only when `withPeriods` (the
 * project has a TOU table to place it) and every bill of the month gives peak, flat and valley —
 * otherwise the month's total alone. A month's maximum demand is the largest of its bills.
 */
export function monthlyEnergyOfBills(
  bills: readonly BillForMonths[],
  withPeriods: boolean,
): LoadMonthlyEnergy[] {
  const byMonth = new Map<number, { year: number; bills: BillForMonths['fields'][] }>();
  const counted = oneBillPerAccountMonth(
    bills.filter((b) => b.state !== 'ignored'),
    (b) => ({
      state: b.state,
      accountNo: b.fields.accountNo,
      billMonth: b.fields.billMonth,
      updateTime: b.updateTime,
    }),
  );
  for (const bill of counted) {
    const match = /^(\d{4})-(\d{2})$/.exec(bill.fields.billMonth ?? '');
    if (!match) continue;
    const year = Number(match[1]);
    const month = Number(match[2]);
    const current = byMonth.get(month);
    if (!current || year > current.year) byMonth.set(month, { year, bills: [bill.fields] });
    else if (year === current.year) current.bills.push(bill.fields);
  }
  const months: LoadMonthlyEnergy[] = [];
  for (const [month, { year, bills: group }] of [...byMonth].sort((a, b) => a[0] - b[0])) {
    const periodsKnown =
      withPeriods && group.every((b) => b.peakKwh !== null && b.flatKwh !== null && b.valleyKwh !== null);
    const sum = (pick: (b: BillForMonths['fields']) => number | null) =>
      group.some((b) => pick(b) !== null) ? round(group.reduce((s, b) => s + (pick(b) ?? 0), 0)) : null;
    const periods: Partial<Record<(typeof PERIOD_FIELDS)[number][0], number>> = {};
    if (periodsKnown) {
      for (const [key, field] of PERIOD_FIELDS) {
        const value = sum((b) => b[field]);
        if (value !== null) periods[key] = value;
      }
    }
    const periodTotal = Object.values(periods).reduce((s, v) => s + v, 0);
    const totalKwh = sum((b) => b.totalKwh) ?? (periodTotal > 0 ? round(periodTotal) : null);
    if (totalKwh === null && Object.keys(periods).length === 0) continue;
    const demands = group.map((b) => b.maxDemandKw).filter((v): v is number => v !== null);
    months.push({
      month,
      year,
      ...periods,
      ...(totalKwh !== null ? { totalKwh } : {}),
      ...(demands.length > 0 ? { maxDemandKw: Math.max(...demands) } : {}),
    });
  }
  return months;
}

/** The parts of a bill that name its tariff class (selectElectricityBillByProId answers them). */
export interface BillForTariffClass {
  readonly state: BillState;
  readonly fields: Pick<BillFields, 'billMonth' | 'tariffCategory' | 'voltageKv' | 'transformerKva'>;
}

/** The tariff class of the electricity step as the bills print it (absent fields: not on the bills). */
export interface BillTariffClass {
  readonly userCategory?: 'general_ci' | 'large_industry';
  readonly voltageLevel?: PriceVoltageLevel;
  readonly transformerKva?: number;
}

/**
 * The price table's voltage level of a supply voltage in kV (不满1千伏 is 0.4 on the bills; 1–10 kV,
 * including 20 kV, share a row as the agency price tables print "1-10(20)千伏"); null when unknown.
 */
export function voltageLevelOfKv(kv: number | null): PriceVoltageLevel | null {
  if (kv === null || !(kv > 0)) return null;
  if (kv < 1) return 'below_1kv';
  if (kv <= 20) return 'kv1_10';
  if (kv <= 35) return 'kv35';
  if (kv <= 66) return 'kv66';
  if (kv <= 110) return 'kv110';
  return 'kv220_plus';
}

/**
 * The user category, voltage level and transformer capacity of the latest bill (by bill month) that
 * prints them, ignored bills left out: the bills fill the electricity step's tariff class.
 */
export function tariffClassOfBills(bills: readonly BillForTariffClass[]): BillTariffClass {
  const latestFirst = bills
    .filter((bill) => bill.state !== 'ignored')
    .sort((a, b) => (b.fields.billMonth ?? '').localeCompare(a.fields.billMonth ?? ''));
  const category = latestFirst.find((bill) => bill.fields.tariffCategory !== null)?.fields.tariffCategory;
  const voltage = latestFirst
    .map((bill) => voltageLevelOfKv(bill.fields.voltageKv))
    .find((level) => level !== null);
  const kva = latestFirst.find((bill) => (bill.fields.transformerKva ?? 0) > 0)?.fields.transformerKva;
  return {
    ...(category ? { userCategory: category === 'largeIndustry' ? 'large_industry' : 'general_ci' } : {}),
    ...(voltage ? { voltageLevel: voltage } : {}),
    ...(typeof kva === 'number' ? { transformerKva: kva } : {}),
  };
}
