import { describe, expect, it } from 'vitest';
import type {
  CompensationAssessment,
  PowerFactorAssessment,
  ReactiveBillMonth,
  ReactiveBillMonths,
} from '../../api/reactivePower';
import {
  billPowerFactor,
  cellProblem,
  emptyForm,
  fillFromBills,
  formFromSaved,
  formProblems,
  modulesText,
  monthLabel,
  parseMonthLabel,
  planOfSource,
  powerFactorChartOption,
  problemValues,
  type ReactiveFormValues,
  requestBodies,
  targetProblem,
  transformerProblem,
} from './reactiveForm';

const NOW = new Date(2026, 10, 22);

/** The form with July filled (china-domain.md §6 worked example: 500 MWh, 200 Mvarh, 300 000 yuan). */
function julyForm(): ReactiveFormValues {
  const empty = emptyForm(NOW, 1250);
  return {
    ...empty,
    rows: empty.rows.map((row) =>
      row.month === 7 ? { ...row, activeKwh: 500_000, reactiveKvarh: 200_000, chargeBaseYuan: 300_000 } : row,
    ),
  };
}

describe('reactive form checks', () => {
  it('starts on last year with the 0.90 standard, 0.95 target, 300 h and the project transformer', () => {
    const empty = emptyForm(NOW, 1250);
    expect(empty).toMatchObject({ year: 2025, standardPf: 0.9, targetPf: 0.95, operatingHours: 300 });
    expect(empty.transformerKva).toBe(1250);
    expect(empty.rows.map((row) => row.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(emptyForm(NOW, null).transformerKva).toBeNull();
    expect(emptyForm(NOW, 0).transformerKva).toBeNull();
  });

  it('accepts empty months, rejects half-filled and negative ones', () => {
    expect(cellProblem({ month: 1 }, 'activeKwh')).toBeNull();
    const half = { month: 1, activeKwh: 100, reactiveKvarh: null, chargeBaseYuan: 10 };
    expect(cellProblem(half, 'activeKwh')).toBeNull();
    expect(cellProblem(half, 'reactiveKvarh')).toBe('reactivePower.error.reactiveRequired');
    expect(cellProblem({ ...half, reactiveKvarh: -1 }, 'reactiveKvarh')).toBe('reactivePower.error.negative');
    expect(cellProblem({ ...half, reactiveKvarh: 2e11 }, 'reactiveKvarh')).toBe(
      'reactivePower.error.tooLarge',
    );
  });

  it('needs one complete month and checks transformer, hours and target', () => {
    expect(formProblems(emptyForm(NOW, null)).map((p) => p.key)).toEqual(['reactivePower.error.noMonth']);
    expect(formProblems(julyForm())).toEqual([]);
    expect(transformerProblem(null)).toBeNull();
    expect(transformerProblem(0.5)).toBe('reactivePower.error.transformerRange');
    expect(targetProblem(0.85, 0.9)).toBe('reactivePower.error.targetBelowStandard');
    expect(targetProblem(1.2, 0.9)).toBe('reactivePower.error.targetRange');
    expect(targetProblem(0.95, 0.9)).toBeNull();
    const bad = { ...julyForm(), operatingHours: 800, targetPf: 0.4 };
    expect(formProblems(bad).map((p) => p.path.join('.'))).toEqual(['operatingHours', 'targetPf']);
  });

  it('names the contract’s ranges in the messages, in the UI language’s number format', () => {
    expect(transformerProblem(1_000_000)).toBeNull();
    expect(transformerProblem(1_000_001)).toBe('reactivePower.error.transformerRange');
    expect(problemValues('reactivePower.error.transformerRange', 'en')).toEqual({
      min: '1',
      max: '1,000,000',
    });
    expect(problemValues('reactivePower.error.hoursRange', 'zh-CN')).toEqual({ min: '1', max: '744' });
    expect(problemValues('reactivePower.error.targetRange', 'en')).toEqual({ min: '0.50', max: '1.00' });
    expect(problemValues('reactivePower.error.noMonth', 'en')).toBeUndefined();
  });
});

describe('request bodies', () => {
  it('sends the complete months labelled with the year, never PV energy (the plan supplies it)', () => {
    const bodies = requestBodies(julyForm());
    const month = {
      label: '2025-07',
      activeKwh: 500_000,
      reactiveKvarh: 200_000,
      chargeBaseBeforeYuan: 300_000,
      operatingHours: 300,
    };
    expect(bodies.powerFactor).toEqual({ standardPf: 0.9, months: [month] });
    expect(bodies.compensation).toEqual({
      standardPf: 0.9,
      months: [month],
      targetPf: 0.95,
      transformerKva: 1250,
    });
    expect(requestBodies({ ...julyForm(), transformerKva: null }).compensation).not.toHaveProperty(
      'transformerKva',
    );
  });
});

/** A stored pair as pv-config.service.ts keeps it (input completed with the plan's PV energy). */
function stored(): { pf: PowerFactorAssessment; comp: CompensationAssessment } {
  const months = [
    {
      label: '2024-03',
      activeKwh: 1000,
      reactiveKvarh: 500,
      pvSelfConsumedKwh: 200,
      chargeBaseBeforeYuan: 800,
      operatingHours: 250,
    },
  ];
  const pfMonth = {
    label: '2024-03',
    activeBeforeKwh: 1000,
    activeAfterKwh: 800,
    reactiveKvarh: 500,
    pfBefore: 0.894,
    pfAfter: 0.848,
    pfBeforeRounded: 0.89,
    pfAfterRounded: 0.85,
    adjustmentPercentBefore: 0.5,
    adjustmentPercentAfter: 2.5,
    adjustmentBeforeYuan: 4,
    adjustmentAfterYuan: 20,
    extraCostYuan: 16,
  };
  return {
    pf: {
      id: 1,
      projId: '9',
      createTime: '2026-11-22T01:00:00.000Z',
      input: { standardPf: 0.85, months, pvSource: 'plan 12' },
      result: {
        months: [pfMonth],
        pfBeforePeriod: 0.894,
        pfAfterPeriod: 0.848,
        adjustmentBeforeYuan: 4,
        adjustmentAfterYuan: 20,
        extraCostYuan: 16,
      },
    },
    comp: {
      id: 2,
      projId: '9',
      createTime: '2026-11-22T01:00:00.000Z',
      input: {
        standardPf: 0.85,
        months,
        pvSource: 'plan 12',
        targetPf: 0.93,
        transformerKva: 630,
        device: 'auto',
      },
      result: {
        months: [
          {
            label: '2024-03',
            netActiveKwh: 800,
            reactiveKvarh: 500,
            requiredKvarh: 183.8,
            requiredKvar: 0.735,
            pfCompensated: 0.99,
          },
        ],
        targetPf: 0.93,
        requiredKvar: 0.735,
        withMarginKvar: 0.845,
        recommendedKvar: 10,
        modules: [{ sizeKvar: 10, count: 1 }],
        device: 'svg',
        deviceReason: '',
        shareOfTransformer: 10 / 630,
      },
    },
  };
}

describe('form from a stored assessment', () => {
  it('puts the months back by calendar month with the standard, target, hours and transformer', () => {
    const { pf, comp } = stored();
    const form = formFromSaved(emptyForm(NOW, 1250), pf, comp);
    expect(form).toMatchObject({
      year: 2024,
      standardPf: 0.85,
      targetPf: 0.93,
      operatingHours: 250,
      transformerKva: 630,
    });
    expect(form.rows[2]).toEqual({ month: 3, activeKwh: 1000, reactiveKvarh: 500, chargeBaseYuan: 800 });
    expect(form.rows.filter((row) => row.activeKwh !== null)).toHaveLength(1);
    // Sent again as they were entered (the PV energy is left to the plan).
    expect(requestBodies(form).powerFactor.months).toEqual([
      {
        label: '2024-03',
        activeKwh: 1000,
        reactiveKvarh: 500,
        chargeBaseBeforeYuan: 800,
        operatingHours: 250,
      },
    ]);
    expect(formFromSaved(emptyForm(NOW, 1250), null, null)).toEqual(emptyForm(NOW, 1250));
  });

  it('reads month labels and plan sources', () => {
    expect(monthLabel(2025, 7)).toBe('2025-07');
    expect(parseMonthLabel('2025-07')).toEqual({ year: 2025, month: 7 });
    expect(parseMonthLabel('2025年7月')).toEqual({ year: 2025, month: 7 });
    expect(parseMonthLabel('11')).toEqual({ year: null, month: 11 });
    expect(parseMonthLabel('summer')).toEqual({ year: null, month: null });
    expect(planOfSource('plan 12')).toBe(12);
    expect(planOfSource('entered')).toBeNull();
  });
});

describe('display helpers', () => {
  it('echoes the bill PF P/√(P²+Q²): 500 000 kWh, 200 000 kvarh → 0.92848 (hand-worked)', () => {
    expect(billPowerFactor(500_000, 200_000)).toBeCloseTo(500 / Math.sqrt(500 ** 2 + 200 ** 2), 12);
    expect(billPowerFactor(500_000, 200_000)).toBeCloseTo(0.92848, 5);
    expect(billPowerFactor(0, 0)).toBeNull();
    expect(billPowerFactor(100, null)).toBeNull();
  });

  it('writes modules and draws the monthly PF with the standard', () => {
    expect(
      modulesText(
        [
          { sizeKvar: 100, count: 3 },
          { sizeKvar: 30, count: 1 },
        ],
        'kvar',
      ),
    ).toBe('3 × 100 kvar + 1 × 30 kvar');
    expect(modulesText([], 'kvar')).toBeNull();
    const { pf, comp } = stored();
    const option = powerFactorChartOption(pf, comp, {
      before: 'B',
      after: 'A',
      compensated: 'C',
      standard: 'S',
    }) as {
      series: { name: string; data: (number | null)[] }[];
      yAxis: { min: number };
      tooltip: { valueFormatter: (value: unknown) => string };
    };
    // Every PF of the chart (billed, compensated, the standard) is written with 2 decimals.
    expect(option.tooltip.valueFormatter(0.9)).toBe('0.90');
    expect(option.tooltip.valueFormatter(0.876)).toBe('0.88');
    expect(option.tooltip.valueFormatter(null)).toBe('-');
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['B', [0.89]],
      ['A', [0.85]],
      ['C', [0.99]],
      ['S', [0.85]],
    ]);
    expect(option.yAxis.min).toBe(0.8);
    expect(
      powerFactorChartOption(pf, null, { before: 'B', after: 'A', compensated: 'C', standard: 'S' }),
    ).toMatchObject({ series: [{ name: 'B' }, { name: 'A' }, { name: 'S' }] });
  });
});

describe('fill from bills', () => {
  const bill = (month: string, over: Partial<ReactiveBillMonth> = {}): ReactiveBillMonth => ({
    month,
    billIds: [1],
    activeKwh: 100_000,
    reactiveKvarh: 48_000,
    basicChargeYuan: 20_000,
    energyChargeYuan: 60_000,
    chargeBaseYuan: 80_000,
    energyPriceYuanPerKwh: 0.6,
    pfStandard: 0.85,
    transformerKva: 2000,
    missing: [],
    ...over,
  });
  const bills = (months: ReactiveBillMonth[]): ReactiveBillMonths => ({
    projId: '1',
    months,
    confirmedBills: months.length,
    toReviewBills: 0,
    undatedBills: 0,
  });

  it("fills the form's year from the bills, keeps typed cells a bill lacks and names what is missing", () => {
    const form = julyForm(); // year 2025, July typed, transformer 1 250 kVA
    const typedAugust = {
      ...form,
      rows: form.rows.map((row) => (row.month === 8 ? { ...row, reactiveKvarh: 7 } : row)),
    };
    const out = fillFromBills(
      typedAugust,
      bills([
        bill('2024-12'),
        bill('2025-07'),
        bill('2025-08', { activeKwh: 120_000, reactiveKvarh: null, missing: ['reactiveKvarh'] }),
      ]),
    );
    expect(out).not.toBeNull();
    const { values, report } = out!;
    expect(values.year).toBe(2025);
    expect(values.rows[6]).toEqual({
      month: 7,
      activeKwh: 100_000,
      reactiveKvarh: 48_000,
      chargeBaseYuan: 80_000,
    });
    // August: the bill's kWh and base; the reactive energy it lacks stays as typed.
    expect(values.rows[7]).toEqual({
      month: 8,
      activeKwh: 120_000,
      reactiveKvarh: 7,
      chargeBaseYuan: 80_000,
    });
    expect(values.rows[0]).toMatchObject({ activeKwh: null });
    expect(values.standardPf).toBe(0.85);
    expect(values.transformerKva).toBe(1250); // the form had one: kept
    expect(report).toEqual({
      year: 2025,
      yearChanged: false,
      filled: ['2025-07', '2025-08'],
      missing: [{ month: '2025-08', fields: ['reactiveKvarh'] }],
      otherYears: ['2024-12'],
      standardPf: 0.85,
      transformerKva: null,
    });
  });

  it('moves to the year with most bills when the form year has none, clearing the former months', () => {
    const form = { ...julyForm(), year: 2026, transformerKva: null };
    const out = fillFromBills(
      form,
      bills([bill('2024-03'), bill('2025-01', { pfStandard: 0.9 }), bill('2025-02', { pfStandard: null })]),
    );
    const { values, report } = out!;
    expect(values.year).toBe(2025);
    expect(report.yearChanged).toBe(true);
    expect(values.rows[6]).toMatchObject({ activeKwh: null, reactiveKvarh: null, chargeBaseYuan: null });
    expect(values.rows[0]).toMatchObject({ activeKwh: 100_000 });
    // The bills disagree on the standard: the form's stays; the transformer is taken (none in the form).
    expect(values.standardPf).toBe(0.9);
    expect(report.standardPf).toBeNull();
    expect(values.transformerKva).toBe(2000);
    expect(report.otherYears).toEqual(['2024-03']);
  });

  it('does nothing without a dated bill', () => {
    expect(fillFromBills(julyForm(), bills([]))).toBeNull();
  });
});
