import type { ResultCashFlowRow, ResultSummary, StorageSummaryView } from '../../api/assessmentResults';

/*
 * Rows of the result tables (pure): the stored monthly and yearly figures arranged by row. The
 * only arithmetic is presentational (sums of stored parts, ratios to year 1).
 */

export interface MonthlyEnergyRow {
  /** 1–12. */
  readonly month: number;
  readonly loadKwh: number | null;
  readonly pvKwh: number | null;
  readonly selfConsumedKwh: number | null;
  readonly exportKwh: number | null;
  readonly billBeforeYuan: number | null;
  readonly billWithPvYuan: number | null;
  readonly maxDemandWithoutKw: number | null;
  readonly maxDemandWithKw: number | null;
}

const at = (values: readonly number[] | undefined, i: number): number | null => values?.[i] ?? null;

/** One row per month: consumption, PV, bills and the storage's effect on the maximum demand. */
export function monthlyEnergyRows(summary: ResultSummary): MonthlyEnergyRow[] {
  return Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    loadKwh: at(summary.load.monthlyKwh, i),
    pvKwh: at(summary.pv?.monthlyAcKwh, i),
    selfConsumedKwh: at(summary.pv?.monthlySelfConsumedKwh, i),
    exportKwh: at(summary.pv?.monthlyExportKwh, i),
    billBeforeYuan: at(summary.tariff.baselineBill?.monthlyTotalYuan, i),
    billWithPvYuan: at(summary.pv?.billWithPv?.monthlyTotalYuan, i),
    maxDemandWithoutKw: at(summary.storage?.monthlyMaxImportKwWithout, i),
    maxDemandWithKw: at(summary.storage?.monthlyMaxImportKwWith, i),
  }));
}

export interface SavingsRow {
  readonly key: 'arbitrage' | 'pvSelfConsumption' | 'demand' | 'auxiliary' | 'total';
  readonly yuan: number;
  /** Share of the total saving, fraction (null for the total row, or when there is no positive total). */
  readonly share: number | null;
}

/**
 * Year-1 storage savings by component: the exact split when stored (arbitrage, PV self-consumption,
 * demand, auxiliaries), else the two parts older plans hold (energy arbitrage incl. PV, demand).
 */
export function storageSavingsRows(storage: StorageSummaryView): SavingsRow[] {
  const c = storage.components;
  const parts: [SavingsRow['key'], number][] = c
    ? [
        ['arbitrage', c.arbitrageYuan],
        ['pvSelfConsumption', c.pvSelfConsumptionYuan],
        ['demand', c.demandChargeYuan],
        ['auxiliary', c.auxiliaryYuan],
      ]
    : [
        ['arbitrage', storage.arbitrageSavingsYuan],
        ['demand', storage.demandSavingsYuan],
      ];
  const total = storage.savingsYuan;
  return [
    ...parts.map(([key, yuan]) => ({ key, yuan, share: total > 0 ? yuan / total : null })),
    { key: 'total' as const, yuan: total, share: null },
  ];
}

export interface StorageYearRow {
  readonly year: number;
  readonly dischargeKwh: number;
  /** Discharge relative to year 1 (the cash-flow model's fade with battery age; 1 after a replacement). */
  readonly retention: number | null;
  readonly savingsYuan: number;
  readonly replacementYuan: number | null;
}

/** The storage over the project life, from the cash-flow table (years ≥ 1) and its replacements. */
export function storageYearRows(
  rows: readonly ResultCashFlowRow[],
  replacements: readonly { readonly year: number; readonly costYuan: number }[],
): StorageYearRow[] {
  const years = rows.filter((row) => row.year >= 1);
  const first = years[0]?.storageDischargeKwh ?? 0;
  return years.map((row) => ({
    year: row.year,
    dischargeKwh: row.storageDischargeKwh,
    retention: first > 0 ? row.storageDischargeKwh / first : null,
    savingsYuan: row.storageArbitrageSavingsYuan + row.storageDemandSavingsYuan + row.storageOtherSavingsYuan,
    replacementYuan: replacements.find((r) => r.year === row.year)?.costYuan ?? null,
  }));
}
