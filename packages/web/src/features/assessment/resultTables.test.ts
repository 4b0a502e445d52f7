import { describe, expect, it } from 'vitest';
import type { ResultCashFlowRow, StorageSummaryView } from '../../api/assessmentResults';
import { monthlyEnergyRows, storageSavingsRows, storageYearRows } from './resultTables';
import { testSummary } from './testSummary';

// Expected values are worked out by hand from the inputs written in each case.

const STORAGE = {
  savingsYuan: 50_000,
  arbitrageSavingsYuan: 40_000,
  demandSavingsYuan: 10_000,
  monthlyMaxImportKwWithout: Array.from({ length: 12 }, () => 500),
  monthlyMaxImportKwWith: Array.from({ length: 12 }, () => 420),
} as unknown as StorageSummaryView;

describe('result tables', () => {
  it('puts the monthly figures side by side; absent parts stay empty', () => {
    const rows = monthlyEnergyRows(testSummary({ storage: STORAGE }));
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ month: 1, loadKwh: 70_000, billBeforeYuan: 50_000, pvKwh: null });
    expect(rows[11]).toMatchObject({
      month: 12,
      loadKwh: 70_011,
      maxDemandWithoutKw: 500,
      maxDemandWithKw: 420,
    });
  });

  it('splits the storage savings by component with shares of the total', () => {
    // Older plan: two parts, 40 000 + 10 000 = 50 000 → 80 % and 20 %.
    expect(storageSavingsRows(STORAGE)).toEqual([
      { key: 'arbitrage', yuan: 40_000, share: 0.8 },
      { key: 'demand', yuan: 10_000, share: 0.2 },
      { key: 'total', yuan: 50_000, share: null },
    ]);
    // Exact split: 30 000 + 15 000 + 10 000 − 5 000 = 50 000.
    const split = storageSavingsRows({
      ...STORAGE,
      components: {
        arbitrageYuan: 30_000,
        pvSelfConsumptionYuan: 15_000,
        demandChargeYuan: 10_000,
        auxiliaryYuan: -5_000,
        dischargePvOriginKwh: 0,
        dischargeGridOriginKwh: 0,
      },
    });
    expect(split.map((r) => [r.key, r.share])).toEqual([
      ['arbitrage', 0.6],
      ['pvSelfConsumption', 0.3],
      ['demand', 0.2],
      ['auxiliary', -0.1],
      ['total', null],
    ]);
  });

  it('follows the battery over the years: retention to year 1, savings and replacements', () => {
    const row = (year: number, dischargeKwh: number) =>
      ({
        year,
        storageDischargeKwh: dischargeKwh,
        storageArbitrageSavingsYuan: dischargeKwh / 10,
        storageDemandSavingsYuan: 100,
        storageOtherSavingsYuan: 0,
      }) as ResultCashFlowRow;
    // 2.5 %/yr fade: 100 000, 97 500; replaced after year 2: 100 000 again.
    const rows = storageYearRows(
      [row(0, 0), row(1, 100_000), row(2, 97_500), row(3, 100_000)],
      [{ year: 2, costYuan: 80_000 }],
    );
    expect(rows.map((r) => r.year)).toEqual([1, 2, 3]);
    expect(rows[1]).toMatchObject({ retention: 0.975, savingsYuan: 9_850, replacementYuan: 80_000 });
    expect(rows[2]).toMatchObject({ retention: 1, replacementYuan: null });
    expect(storageYearRows([row(1, 0)], [])[0]?.retention).toBeNull();
  });
});

describe('savings shares', () => {
  it('gives no shares when storage saves nothing overall (a loss is not split into shares)', () => {
    const rows = storageSavingsRows({
      ...STORAGE,
      savingsYuan: -1_000,
      arbitrageSavingsYuan: 500,
      demandSavingsYuan: -1_500,
    });
    expect(rows.map((r) => r.share)).toEqual([null, null, null]);
  });
});
