import { describe, expect, it } from 'vitest';
import {
  type BillForMonths,
  type BillForTariffClass,
  monthlyEnergyOfBills,
  tariffClassOfBills,
  voltageLevelOfKv,
} from './billMonths';

function bill(
  billMonth: string | null,
  fields: Partial<BillForMonths['fields']> = {},
  state: BillForMonths['state'] = 'confirmed',
  updateTime = '2026-11-01T00:00:00.000Z',
): BillForMonths {
  return {
    state,
    updateTime,
    fields: {
      billMonth,
      accountNo: null,
      totalKwh: null,
      sharpKwh: null,
      peakKwh: null,
      flatKwh: null,
      valleyKwh: null,
      deepValleyKwh: null,
      maxDemandKw: null,
      ...fields,
    },
  };
}

// Expected months added up by hand.
describe('monthly energy of bills', () => {
  it('adds up the bills of a month, keeps the latest year, leaves out ignored and undated bills', () => {
    const months = monthlyEnergyOfBills(
      [
        bill('2024-03', { totalKwh: 1000, peakKwh: 400, flatKwh: 350, valleyKwh: 250, maxDemandKw: 80 }),
        bill('2024-03', { totalKwh: 500.5, peakKwh: 200, flatKwh: 200, valleyKwh: 100.5, maxDemandKw: 95 }),
        bill('2023-03', { totalKwh: 99_999 }),
        bill('2024-01', { totalKwh: 700 }, 'toReview'),
        bill('2024-02', { totalKwh: 123 }, 'ignored'),
        bill(null, { totalKwh: 5 }),
      ],
      true,
    );
    expect(months).toEqual([
      { month: 1, year: 2024, totalKwh: 700 },
      { month: 3, year: 2024, peak: 600, flat: 550, valley: 350.5, totalKwh: 1500.5, maxDemandKw: 95 },
    ]);
  });

  it('counts a bill uploaded twice (same account, same month) once, preferring the confirmed copy', () => {
    const months = monthlyEnergyOfBills(
      [
        bill('2026-08', { accountNo: '0512345678', totalKwh: 153_599 }, 'toReview'),
        bill('2026-08', { accountNo: '0512345678', totalKwh: 153_599.5 }),
        bill('2026-08', { accountNo: '0512345678', totalKwh: 153_599 }, 'toReview'),
        // Another account of the same site in the same month is added.
        bill('2026-08', { accountNo: '0598765432', totalKwh: 1_000 }),
        bill('2026-09', { accountNo: '0512345678', totalKwh: 140_000 }, 'toReview'),
        bill('2026-09', { accountNo: '0512345678', totalKwh: 141_000 }, 'toReview'),
        // Of two copies to review, the one the user changed last counts, wherever it stands.
        bill(
          '2026-10',
          { accountNo: '0512345678', totalKwh: 150_500 },
          'toReview',
          '2026-11-03T00:00:00.000Z',
        ),
        bill(
          '2026-10',
          { accountNo: '0512345678', totalKwh: 150_000 },
          'toReview',
          '2026-11-02T00:00:00.000Z',
        ),
      ],
      false,
    );
    expect(months).toEqual([
      { month: 8, year: 2026, totalKwh: 154_599.5 },
      { month: 9, year: 2026, totalKwh: 141_000 },
      { month: 10, year: 2026, totalKwh: 150_500 },
    ]);
  });

  it('sends totals only without a TOU table, or when a bill of the month lacks a main period', () => {
    const bills = [
      bill('2024-05', { totalKwh: 900, peakKwh: 300, flatKwh: 300, valleyKwh: 300 }),
      bill('2024-06', { totalKwh: 800, peakKwh: 300, flatKwh: 300, valleyKwh: 200 }),
      bill('2024-06', { totalKwh: 100, peakKwh: 100 }),
    ];
    expect(monthlyEnergyOfBills(bills, false)).toEqual([
      { month: 5, year: 2024, totalKwh: 900 },
      { month: 6, year: 2024, totalKwh: 900 },
    ]);
    expect(monthlyEnergyOfBills(bills, true)[1]).toEqual({ month: 6, year: 2024, totalKwh: 900 });
  });

  it('takes the total from the periods when the bill prints none, and skips months without energy', () => {
    expect(
      monthlyEnergyOfBills(
        [bill('2024-07', { sharpKwh: 10, peakKwh: 20, flatKwh: 30, valleyKwh: 40 }), bill('2024-08')],
        true,
      ),
    ).toEqual([{ month: 7, year: 2024, sharp: 10, peak: 20, flat: 30, valley: 40, totalKwh: 100 }]);
  });
});

describe('tariff class of bills', () => {
  const classBill = (
    billMonth: string | null,
    fields: Partial<BillForTariffClass['fields']>,
    state: BillForTariffClass['state'] = 'toReview',
  ): BillForTariffClass => ({
    state,
    fields: { billMonth, tariffCategory: null, voltageKv: null, transformerKva: null, ...fields },
  });

  it('maps the supply voltage onto the price table rows', () => {
    expect([0.4, 1, 10, 20, 35, 66, 110, 220, 500].map(voltageLevelOfKv)).toEqual([
      'below_1kv',
      'kv1_10',
      'kv1_10',
      'kv1_10',
      'kv35',
      'kv66',
      'kv110',
      'kv220_plus',
      'kv220_plus',
    ]);
    expect(voltageLevelOfKv(null)).toBeNull();
    expect(voltageLevelOfKv(0)).toBeNull();
  });

  it('takes each field from the latest bill that prints it, ignored bills left out', () => {
    expect(
      tariffClassOfBills([
        classBill('2026-06', { tariffCategory: 'generalCI', voltageKv: 0.4, transformerKva: 400 }),
        classBill('2026-08', { tariffCategory: 'largeIndustry', voltageKv: 10 }),
        classBill('2026-09', { tariffCategory: 'generalCI', voltageKv: 35, transformerKva: 2000 }, 'ignored'),
      ]),
    ).toEqual({ userCategory: 'large_industry', voltageLevel: 'kv1_10', transformerKva: 400 });
    expect(tariffClassOfBills([classBill('2026-08', {})])).toEqual({});
  });
});
