import type { ResultCashFlowRow, ResultSummary } from '../../api/assessmentResults';

/**
 * A hand-written stored summary for the display tests (only the parts the builders read); `patch`
 * overrides the headline and whole parts.
 */
export function testSummary(
  patch: { headline?: Partial<ResultSummary['headline']> } & Partial<Omit<ResultSummary, 'headline'>> = {},
): ResultSummary {
  const months = (v: number) => Array.from({ length: 12 }, (_, i) => v + i);
  const base = {
    kind: 'pves',
    weather: { source: 'test', ghiKwhM2: 1300 },
    load: { source: 'constant', annualKwh: 876_000, peakKw: 100, monthlyKwh: months(70_000) },
    tariff: {
      source: 'test',
      averagePriceYuanPerKwh: 0.7,
      baselineBill: {
        totalYuan: 600_000,
        monthlyTotalYuan: months(50_000),
        monthlyEnergyKwh: months(70_000),
      },
    },
    pv: null,
    storage: null,
    sizing: null,
    settlement: null,
    selfConsumptionCheck: null,
    typicalDays: { loadKw: [], pvKw: [], batteryKw: [], gridKw: [], socFraction: [] },
    economics: {
      indicators: {
        projectIrrAfterTax: { value: 0.08, reason: 'ok' },
        equityIrr: { value: 0.1, reason: 'ok' },
        npvProjectAfterTaxYuan: 100_000,
        paybackProjectAfterTax: { static: { years: 7, reason: 'ok' }, dynamic: { years: 9, reason: 'ok' } },
        totalInvestmentYuan: 1_000_000,
        discountRate: 0.06,
        lcoeYuanPerKwh: 0.3,
        lcosYuanPerKwh: null,
      },
      rows: [] as ResultCashFlowRow[],
      storageReplacements: [],
      pvCapexYuan: null,
      storageCapexYuan: null,
      feedInYuanPerKwh: 0.4,
    },
  };
  const headline = {
    pvCapacityKwp: 400,
    storageEnergyKwh: null,
    firstYearGenerationKwh: 440_000,
    selfConsumptionFraction: 0.9,
    annualIncomeYuan: 200_000,
    projectIrrAfterTax: 0.08,
    staticPaybackYears: 7,
    lcoeYuanPerKwh: 0.3,
    ...patch.headline,
  };
  return { ...base, ...patch, headline } as unknown as ResultSummary;
}
