import type {
  WeatherCorrectionRecordView,
  WeatherCorrections,
  WeatherFindingView,
  WeatherQualityView,
} from '@pvplan/contract';
import type { MessageKey } from '../../locales/resources';

/** A message key and its parameters: what `t(key, params)` turns into a sentence in zh-CN or en. */
export interface Phrase {
  readonly key: MessageKey;
  readonly params: Readonly<Record<string, string | number>>;
}

const FIELD_KEYS: Readonly<Record<string, MessageKey>> = {
  ghi: 'weather.field.ghi',
  dni: 'weather.field.dni',
  dhi: 'weather.field.dhi',
  tempAir: 'weather.field.tempAir',
  windSpeed: 'weather.field.windSpeed',
  pressure: 'weather.field.pressure',
  albedo: 'weather.field.albedo',
};

const ASSUMPTION_KEYS: Readonly<Record<string, MessageKey>> = {
  POWER_TIME_STANDARD_ASSUMED_LST: 'weather.finding.ASSUMPTION.POWER_TIME_STANDARD_ASSUMED_LST',
  POWER_UNITS_ASSUMED_WM2: 'weather.finding.ASSUMPTION.POWER_UNITS_ASSUMED_WM2',
  PVGIS_TIME_OFFSET_MISSING: 'weather.finding.ASSUMPTION.PVGIS_TIME_OFFSET_MISSING',
  WIND_HEIGHT_2M: 'weather.finding.ASSUMPTION.WIND_HEIGHT_2M',
  ALTITUDE_UNKNOWN: 'weather.finding.ASSUMPTION.ALTITUDE_UNKNOWN',
};

/** Field names of a finding (`dni,dhi` → two), as message keys. */
export function fieldKeys(field: string | undefined): MessageKey[] {
  return (field ?? '')
    .split(',')
    .map((name) => FIELD_KEYS[name.trim()])
    .filter((key): key is MessageKey => key !== undefined);
}

/** A number for a sentence: fixed decimals, "—" when missing. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(decimals);
}

/** A 0–1 share as a percentage with one decimal. */
export function formatPercent(share: number | null | undefined): string {
  return share === null || share === undefined || !Number.isFinite(share) ? '—' : (share * 100).toFixed(1);
}

/**
 * How to say a finding (engine codes, src/weather/README.md "Quality report"). Field names are
 * left as keys in `fields` for the caller to translate and join (`{{field}}` in the message).
 */
export function findingPhrase(finding: WeatherFindingView): Phrase & { readonly fields: MessageKey[] } {
  const v = finding.values;
  const fields = fieldKeys(finding.field);
  switch (finding.code) {
    case 'TIME_SHIFT': {
      const minutes = v.estimatedShiftMinutes ?? 0;
      return {
        key: minutes >= 0 ? 'weather.finding.TIME_SHIFT.early' : 'weather.finding.TIME_SHIFT.late',
        params: { minutes: formatNumber(Math.abs(minutes)), days: formatNumber(v.daysUsed) },
        fields,
      };
    }
    case 'TIME_SHIFT_UNDETERMINED':
      return { key: 'weather.finding.TIME_SHIFT_UNDETERMINED', params: {}, fields };
    case 'CLOSURE_FAILED':
      return {
        key: 'weather.finding.CLOSURE_FAILED',
        params: {
          share: formatPercent(v.shareOutsideBsrnLimits),
          ratio: formatNumber(v.sumRatio, 3),
          median: formatNumber(v.medianRatio, 3),
        },
        fields,
      };
    case 'COMPONENTS_MISSING':
      return { key: 'weather.finding.COMPONENTS_MISSING', params: {}, fields };
    case 'GAPS':
      return {
        key: 'weather.finding.GAPS',
        params: {
          missing: formatNumber(v.missing),
          runs: formatNumber(v.runs),
          longest: formatNumber(v.longestRunSteps),
        },
        fields,
      };
    case 'IRRADIANCE_NEGATIVE':
      return {
        key: 'weather.finding.IRRADIANCE_NEGATIVE',
        params: { count: formatNumber(v.count), min: formatNumber(v.minValue, 1) },
        fields,
      };
    case 'GHI_ABOVE_EXTRATERRESTRIAL':
      return {
        key: 'weather.finding.GHI_ABOVE_EXTRATERRESTRIAL',
        params: {
          count: formatNumber(v.count),
          excess: formatNumber(v.maxExcessWm2),
          night: formatNumber(v.nightCount),
        },
        fields,
      };
    case 'DNI_ABOVE_EXTRATERRESTRIAL':
      return {
        key: 'weather.finding.DNI_ABOVE_EXTRATERRESTRIAL',
        params: { count: formatNumber(v.count), excess: formatNumber(v.maxExcessWm2) },
        fields,
      };
    case 'TEMPERATURE_OUT_OF_RANGE':
      return {
        key: 'weather.finding.TEMPERATURE_OUT_OF_RANGE',
        params: {
          count: formatNumber(v.count),
          min: formatNumber(v.minValue, 1),
          max: formatNumber(v.maxValue, 1),
        },
        fields,
      };
    case 'WIND_OUT_OF_RANGE':
      return {
        key: 'weather.finding.WIND_OUT_OF_RANGE',
        params: {
          count: formatNumber(v.count),
          min: formatNumber(v.minValue, 1),
          max: formatNumber(v.maxValue, 1),
        },
        fields,
      };
    case 'ASSUMPTION': {
      const code = finding.field ?? '';
      return { key: ASSUMPTION_KEYS[code] ?? 'weather.finding.ASSUMPTION', params: { code }, fields: [] };
    }
    default:
      return { key: 'weather.finding.unknown', params: { code: finding.code }, fields };
  }
}

/** How to say a suggested correction, one phrase per part. */
export function correctionPhrases(correction: WeatherCorrections | undefined): Phrase[] {
  if (!correction) return [];
  const out: Phrase[] = [];
  if (correction.timeShiftMinutes !== undefined && correction.timeShiftMinutes !== 0) {
    out.push({
      key:
        correction.timeShiftMinutes > 0
          ? 'weather.correction.timeShift.earlier'
          : 'weather.correction.timeShift.later',
      params: { minutes: formatNumber(Math.abs(correction.timeShiftMinutes)) },
    });
  }
  if (correction.fillComponents !== undefined) {
    out.push({
      key: 'weather.correction.fillComponents',
      params: { model: correction.fillComponents.toUpperCase() },
    });
  }
  if (correction.dniFromGhiDhi) out.push({ key: 'weather.correction.dniFromGhiDhi', params: {} });
  return out;
}

/** How to say a correction already applied to a dataset. */
export function appliedCorrectionPhrase(record: WeatherCorrectionRecordView): Phrase {
  switch (record.kind) {
    case 'time_shift':
      return (
        correctionPhrases({ timeShiftMinutes: record.minutes })[0] ?? {
          key: 'weather.correction.timeShift.earlier',
          params: { minutes: '0' },
        }
      );
    case 'fill_components':
      return { key: 'weather.correction.fillComponents', params: { model: record.model.toUpperCase() } };
    default:
      return { key: 'weather.correction.dniFromGhiDhi', params: {} };
  }
}

/**
 * All suggested corrections of a report merged into one request, in the engine's order (time
 * shift, component fill, DNI from GHI − DHI); undefined when nothing is suggested.
 */
export function mergedSuggestedCorrection(quality: WeatherQualityView): WeatherCorrections | undefined {
  let timeShiftMinutes: number | undefined;
  let fillComponents: WeatherCorrections['fillComponents'];
  let dniFromGhiDhi = false;
  for (const finding of quality.findings) {
    const c = finding.suggestedCorrection;
    if (!c) continue;
    if (c.timeShiftMinutes !== undefined && c.timeShiftMinutes !== 0) timeShiftMinutes = c.timeShiftMinutes;
    if (c.fillComponents !== undefined) fillComponents = c.fillComponents;
    if (c.dniFromGhiDhi) dniFromGhiDhi = true;
  }
  const merged: WeatherCorrections = {
    ...(timeShiftMinutes === undefined ? {} : { timeShiftMinutes }),
    ...(fillComponents === undefined ? {} : { fillComponents }),
    ...(dniFromGhiDhi ? { dniFromGhiDhi: true } : {}),
  };
  return Object.keys(merged).length === 0 ? undefined : merged;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Errors first, then warnings, then notes; the engine's order within a severity. */
export function sortedFindings(findings: readonly WeatherFindingView[]): WeatherFindingView[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) => SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] || a.index - b.index,
    )
    .map((entry) => entry.finding);
}

/** Ant Design tag colour of a severity. */
export const SEVERITY_COLORS = { error: 'error', warning: 'warning', info: 'processing' } as const;
