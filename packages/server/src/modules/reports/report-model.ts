import {
  feedInSourceText,
  type Language,
  loadSourceText,
  type PlanView,
  type ProjectView,
  planFeedInSourceLabel,
  planLoadSourceLabel,
  planTariffSourceLabel,
  priceKeyText,
  tariffSourceText,
  weatherSourceText,
} from '@pvplan/contract';
import { COAL_BENCHMARK_PRICES } from '@pvplan/engine';
import type { AssessmentSummary } from '../projects/assessment';
import type { ChartSpec } from './charts';
import { type ReportText, reportText, reportTitle } from './report-text';

/*
 * What a report says, worked out once in the reader's language; the PDF and Word writers only lay
 * it out. Every figure is read from the plan's stored summary (the same numbers getPlanResult
 * answers); nothing is recomputed here except unit changes (kWh → MWh, yuan → 10k yuan) and sums.
 */

export interface KeyValue {
  readonly label: string;
  readonly value: string;
}

export interface ReportTable {
  readonly header: string[];
  readonly rows: string[][];
  /** Relative column widths. */
  readonly widths: number[];
  /** Alignment per column (header and cells); default: the first left, the rest right (numbers). */
  readonly align?: ('left' | 'right')[];
}

/** The alignment of a column of a table. */
export function columnAlign(table: ReportTable, column: number): 'left' | 'right' {
  return table.align?.[column] ?? (column === 0 ? 'left' : 'right');
}

export interface ReportChart {
  readonly caption: string;
  readonly spec: ChartSpec;
}

export interface ReportModel {
  readonly language: Language;
  readonly text: ReportText;
  readonly title: string;
  readonly projectName: string;
  readonly cover: KeyValue[];
  readonly project: KeyValue[];
  readonly headline: KeyValue[];
  readonly assumptions: KeyValue[];
  readonly charts: ReportChart[];
  readonly monthly: ReportTable;
  readonly cashFlowHeading: string;
  readonly cashFlow: ReportTable;
  readonly warnings: string[];
}

/** A number with thousands separators and fixed decimals ('—' when absent or not finite). */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = value.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return text === '-0' || /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/** A fraction as a percentage with two decimals (0.0823 → "8.23%"), as the result pages show it. */
export function formatPercent(fraction: number | null | undefined, decimals = 2): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(decimals)}%`;
}

const wan = (yuan: number) => yuan / 10_000;

/**
 * Where the plan's load, tariff and feed-in price came from, in the reader's language (the labels of
 * the summary, contract calculation-sources.ts). A plan stored before the labels has only English
 * phrases: they are read back as labels (contract `plan*SourceLabel`, as the web does), and a phrase
 * the contract does not recognise is shown as stored.
 */
export function sourceTexts(
  language: Language,
  summary: AssessmentSummary,
): { load: string; tariff: string; feedIn: string } {
  const load = planLoadSourceLabel(summary.load.source, summary.load.label);
  const tariff = planTariffSourceLabel(summary.tariff.source, summary.tariff.label);
  const feedIn = planFeedInSourceLabel(
    summary.economics.feedInSource,
    summary.economics.feedInLabel,
    summary.economics.feedInYuanPerKwh,
    COAL_BENCHMARK_PRICES,
  );
  return {
    load: load ? loadSourceText(language, load) : summary.load.source,
    tariff: tariff ? tariffSourceText(language, tariff) : summary.tariff.source,
    feedIn: feedIn ? feedInSourceText(language, feedIn) : summary.economics.feedInSource,
  };
}

function withUnit(value: string, unit: string): string {
  return value === '—' ? value : `${value} ${unit}`;
}

/** Builds the report of one finished plan. */
export function buildReportModel(
  language: Language,
  project: ProjectView,
  plan: PlanView,
  summary: AssessmentSummary,
  warnings: readonly string[],
  generatedAt: Date,
): ReportModel {
  const t = reportText(language);
  const kind = summary.kind;
  const ind = summary.economics.indicators;
  const rows = summary.economics.rows;
  const lifeYears = Math.max(0, rows.length - 1);
  const h = summary.headline;
  const date = generatedAt.toISOString().slice(0, 10);
  const years = (v: number | null) => (v === null ? t.never : `${formatNumber(v, 1)} ${t.years}`);
  const irr = (r: { value: number | null }) => (r.value === null ? t.noIrr : formatPercent(r.value));

  const cover: KeyValue[] = [
    { label: t.coverProject, value: project.projName },
    { label: t.coverCustomer, value: project.customerName ?? '—' },
    { label: t.coverAddress, value: project.address ?? '—' },
    { label: t.coverPlan, value: `${plan.name} (v${plan.version})` },
    { label: t.coverDate, value: date },
  ];
  const projectRows: KeyValue[] = [
    { label: t.projName, value: project.projName },
    { label: t.projType, value: t.typeName[kind] },
    { label: t.customerName, value: project.customerName ?? '—' },
    { label: t.address, value: project.address ?? '—' },
    {
      label: t.location,
      value:
        project.latitudeDeg === null || project.longitudeDeg === null
          ? '—'
          : `${formatNumber(project.latitudeDeg, 4)}°, ${formatNumber(project.longitudeDeg, 4)}°`,
    },
    { label: t.areaCode, value: project.areaCode ?? '—' },
    {
      label: t.userCategory,
      value:
        project.userCategory === null ? '—' : priceKeyText(language, 'price.category', project.userCategory),
    },
    {
      label: t.voltageLevel,
      value:
        project.voltageLevel === null ? '—' : priceKeyText(language, 'price.voltage', project.voltageLevel),
    },
    { label: t.transformerKva, value: withUnit(formatNumber(project.transformerKva), 'kVA') },
  ];
  const headline: KeyValue[] = [];
  if (h.pvCapacityKwp !== null)
    headline.push({ label: t.pvCapacity, value: `${formatNumber(h.pvCapacityKwp, 1)} kWp` });
  if (h.storageEnergyKwh !== null)
    headline.push({ label: t.storageEnergy, value: `${formatNumber(h.storageEnergyKwh, 1)} kWh` });
  if (h.firstYearGenerationKwh !== null)
    headline.push({ label: t.firstYearGeneration, value: `${formatNumber(h.firstYearGenerationKwh)} kWh` });
  if (h.selfConsumptionFraction !== null)
    headline.push({ label: t.selfConsumption, value: formatPercent(h.selfConsumptionFraction) });
  headline.push(
    {
      label: t.annualIncome,
      value: withUnit(formatNumber(wan(h.annualIncomeYuan), 2), t.wanYuan),
    },
    { label: t.projectIrr, value: irr(ind.projectIrrAfterTax) },
    { label: t.projectIrrPreTax, value: irr(ind.projectIrrPreTax) },
    { label: t.equityIrr, value: irr(ind.equityIrr) },
    {
      label: t.npv,
      value: withUnit(formatNumber(wan(ind.npvProjectAfterTaxYuan), 2), t.wanYuan),
    },
    { label: t.staticPayback, value: years(ind.paybackProjectAfterTax.static.years) },
    { label: t.dynamicPayback, value: years(ind.paybackProjectAfterTax.dynamic.years) },
    {
      label: t.totalInvestment,
      value: withUnit(formatNumber(wan(ind.totalInvestmentYuan), 2), t.wanYuan),
    },
    {
      label: t.totalNetProfit,
      value: withUnit(formatNumber(wan(ind.totalNetProfitYuan), 2), t.wanYuan),
    },
  );
  if (ind.lcoeYuanPerKwh !== null)
    headline.push({ label: t.lcoe, value: `${formatNumber(ind.lcoeYuanPerKwh, 4)} ${t.yuanPerKwh}` });
  if (ind.lcosYuanPerKwh !== null)
    headline.push({ label: t.lcos, value: `${formatNumber(ind.lcosYuanPerKwh, 4)} ${t.yuanPerKwh}` });

  const sources = sourceTexts(language, summary);
  const assumptions: KeyValue[] = [
    { label: t.weatherSource, value: weatherSourceText(language, summary.weather.source) },
    { label: t.ghi, value: withUnit(formatNumber(summary.weather.ghiKwhM2, 1), 'kWh/m²') },
    { label: t.loadSource, value: sources.load },
    { label: t.annualLoad, value: `${formatNumber(summary.load.annualKwh)} kWh` },
    { label: t.peakLoad, value: `${formatNumber(summary.load.peakKw, 1)} kW` },
    { label: t.tariffSource, value: sources.tariff },
    {
      label: t.averagePrice,
      value: withUnit(formatNumber(summary.tariff.averagePriceYuanPerKwh, 4), t.yuanPerKwh),
    },
    { label: t.baselineBill, value: `${formatNumber(summary.tariff.baselineBill.totalYuan)} ${t.yuan}` },
  ];
  if (summary.pv) {
    const pv = summary.pv;
    assumptions.push(
      {
        label: t.feedInPrice,
        value: `${formatNumber(summary.economics.feedInYuanPerKwh, 4)} ${t.yuanPerKwh}${language === 'en' ? ` (${sources.feedIn})` : `（${sources.feedIn}）`}`,
      },
      { label: t.tiltAzimuth, value: `${formatNumber(pv.tiltDeg, 1)}° / ${formatNumber(pv.azimuthDeg, 1)}°` },
      { label: t.specificYield, value: `${formatNumber(pv.specificYieldKwhPerKwp, 0)} ${t.hours}` },
      { label: t.performanceRatio, value: formatPercent(pv.performanceRatio, 1) },
    );
  }
  if (summary.storage) {
    const es = summary.storage;
    assumptions.push(
      {
        label: t.storageRating,
        value: `${formatNumber(es.powerKw, 1)} kW / ${formatNumber(es.energyKwh, 1)} kWh`,
      },
      { label: t.storageStrategy, value: t.strategy[es.strategy] ?? es.strategy },
    );
  }
  assumptions.push(
    { label: t.lifeYears, value: `${lifeYears} ${t.years}` },
    { label: t.discountRate, value: formatPercent(ind.discountRate) },
    {
      label: t.equityLoan,
      value: `${formatNumber(wan(ind.equityYuan), 2)} / ${formatNumber(wan(ind.loanYuan), 2)} ${t.wanYuan}`,
    },
  );

  const monthLabels = Array.from({ length: 12 }, (_, i) => t.monthLabel(i + 1));
  const charts: ReportChart[] = [
    summary.pv
      ? {
          caption: t.chartMonthlyGeneration,
          spec: {
            kind: 'bars',
            xLabels: monthLabels,
            values: summary.pv.monthlyAcKwh,
            xAxisTitle: t.axisMonth,
            yAxisTitle: t.axisKwh,
            labelEvery: 1,
          },
        }
      : {
          caption: t.chartMonthlyLoad,
          spec: {
            kind: 'bars',
            xLabels: monthLabels,
            values: summary.load.monthlyKwh,
            xAxisTitle: t.axisMonth,
            yAxisTitle: t.axisKwh,
            labelEvery: 1,
          },
        },
    {
      caption: t.chartCumulative,
      spec: {
        kind: 'line',
        xLabels: rows.map((r) => String(r.year)),
        values: rows.map((r) => wan(r.cumulativeProjectAfterTaxYuan)),
        xAxisTitle: t.axisYear,
        yAxisTitle: t.axisWanYuan,
        labelEvery: rows.length > 16 ? 5 : 1,
      },
    },
  ];

  const monthlyHeader = [t.month, t.load];
  if (summary.pv) monthlyHeader.push(t.generation, t.selfConsumed, t.exported);
  const monthlyRows: string[][] = [];
  const sum = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0);
  for (let m = 0; m < 12; m++) {
    const row = [monthLabels[m] ?? '', formatNumber(summary.load.monthlyKwh[m])];
    if (summary.pv)
      row.push(
        formatNumber(summary.pv.monthlyAcKwh[m]),
        formatNumber(summary.pv.monthlySelfConsumedKwh[m]),
        formatNumber(summary.pv.monthlyExportKwh[m]),
      );
    monthlyRows.push(row);
  }
  const totalRow = [t.total, formatNumber(sum(summary.load.monthlyKwh))];
  if (summary.pv)
    totalRow.push(
      formatNumber(sum(summary.pv.monthlyAcKwh)),
      formatNumber(sum(summary.pv.monthlySelfConsumedKwh)),
      formatNumber(sum(summary.pv.monthlyExportKwh)),
    );
  monthlyRows.push(totalRow);

  const cashFlow: ReportTable = {
    header: [t.year, t.cfGeneration, t.cfRevenue, t.cfOpex, t.cfCapex, t.cfTaxes, t.cfNet, t.cfCumulative],
    widths: [0.6, 1, 1, 1, 1, 1, 1.2, 1.2],
    rows: rows.map((r) => [
      String(r.year),
      formatNumber(r.pvGenerationKwh / 1000, 1),
      formatNumber(wan(r.revenueYuan), 2),
      formatNumber(wan(r.opexYuan), 2),
      formatNumber(wan(r.capexYuan), 2),
      formatNumber(wan(r.vatPayableYuan + r.surchargesYuan + r.adjustedIncomeTaxYuan), 2),
      formatNumber(wan(r.projectCashFlowAfterTaxYuan), 2),
      formatNumber(wan(r.cumulativeProjectAfterTaxYuan), 2),
    ]),
  };

  return {
    language,
    text: t,
    title: reportTitle(t, kind),
    projectName: project.projName,
    cover,
    project: projectRows,
    headline,
    assumptions,
    charts,
    monthly: {
      header: monthlyHeader,
      rows: monthlyRows,
      widths: monthlyHeader.map((_, i) => (i === 0 ? 0.7 : 1)),
    },
    cashFlowHeading:
      lifeYears === 25 ? t.sectionCashFlow : t.cashFlowYears.replace('{years}', String(lifeYears)),
    cashFlow,
    warnings: [...warnings],
  };
}
