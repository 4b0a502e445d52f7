import type {
  WeatherCorrectionRecordView,
  WeatherFindingView,
  WeatherQualityView,
  WeatherSeriesSummary,
} from '@pvplan/contract';
import { isoWithOffset, labelEndUtcMs, type WeatherData, type WeatherQualityReport } from '@pvplan/engine';

/** JSON has no NaN: missing numbers go out as null. */
function num(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The engine's report as sent to clients (NaN → null). */
export function qualityView(report: WeatherQualityReport): WeatherQualityView {
  const findings: WeatherFindingView[] = report.findings.map((finding) => ({
    code: finding.code,
    severity: finding.severity,
    ...(finding.field === undefined ? {} : { field: finding.field }),
    values: Object.fromEntries(Object.entries(finding.values).map(([key, value]) => [key, num(value)])),
    rows: [...finding.rows],
    ...(finding.suggestedCorrection === undefined
      ? {}
      : { suggestedCorrection: { ...finding.suggestedCorrection } }),
  }));
  const c = report.closure;
  const t = report.timing;
  return {
    findings,
    closure: c && {
      hoursChecked: c.hoursChecked,
      medianRatio: num(c.medianRatio),
      shareOutside10Pct: num(c.shareOutside10Pct),
      shareOutsideBsrnLimits: num(c.shareOutsideBsrnLimits),
      sumRatio: num(c.sumRatio),
    },
    timing: t && {
      estimatedShiftMinutes: num(t.estimatedShiftMinutes),
      daysUsed: t.daysUsed,
      method: t.method,
      searchRangeMinutes: t.searchRangeMinutes,
    },
    gaps: report.gaps.map((g) => ({ ...g })),
  };
}

/**
 * What a chart or report needs from a series: site, time span, monthly and annual GHI
 * (Σ GHI · step, by the month of the interval start as the engine's rows carry it), mean air
 * temperature, provenance.
 */
export function summariseWeather(weather: WeatherData): WeatherSeriesSummary {
  const n = weather.length;
  const kwhPerWm2 = weather.stepMinutes / 60 / 1000;
  const monthly = new Array<number>(12).fill(0);
  let tempSum = 0;
  let tempCount = 0;
  for (let i = 0; i < n; i++) {
    const ghi = weather.ghiWm2[i] ?? Number.NaN;
    const m = (weather.month[i] ?? 1) - 1;
    if (Number.isFinite(ghi) && m >= 0 && m < 12) monthly[m] = (monthly[m] ?? 0) + ghi * kwhPerWm2;
    const temp = weather.tempAirC[i] ?? Number.NaN;
    if (Number.isFinite(temp)) {
      tempSum += temp;
      tempCount++;
    }
  }
  const labels = labelEndUtcMs(weather, null);
  const tz = weather.site.tzOffsetHours;
  return {
    site: {
      name: weather.site.name,
      latitudeDeg: weather.site.latitudeDeg,
      longitudeDeg: weather.site.longitudeDeg,
      tzOffsetHours: tz,
      altitudeM: num(weather.site.altitudeM),
    },
    rowCount: n,
    stepMinutes: weather.stepMinutes,
    firstLabelEnd: n > 0 ? isoWithOffset(labels[0] ?? 0, tz) : '',
    lastLabelEnd: n > 0 ? isoWithOffset(labels[n - 1] ?? 0, tz) : '',
    irradianceShiftMinutes: weather.irradianceShiftMinutes,
    monthlyGhiKwhM2: monthly.map((v) => round(v, 3)),
    annualGhiKwhM2: round(
      monthly.reduce((a, b) => a + b, 0),
      3,
    ),
    meanTempAirC: tempCount > 0 ? round(tempSum / tempCount, 3) : null,
    hasDni: weather.source.hasDni,
    hasDhi: weather.source.hasDhi,
    assumptions: [...weather.source.assumptions],
    corrections: weather.source.corrections.map((c) => ({ ...c }) as WeatherCorrectionRecordView),
  };
}
