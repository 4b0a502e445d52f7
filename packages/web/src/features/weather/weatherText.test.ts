import type { WeatherFindingView } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type MessageKey, messages } from '../../locales/resources';
import {
  appliedCorrectionPhrase,
  correctionPhrases,
  findingPhrase,
  formatPercent,
  mergedSuggestedCorrection,
  type Phrase,
  sortedFindings,
} from './weatherText';

/** i18next-style interpolation, enough to see what a user reads. */
function render(language: (typeof LANGUAGES)[number], key: MessageKey, params: Phrase['params']): string {
  return messages[language][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

function sentence(language: (typeof LANGUAGES)[number], finding: WeatherFindingView): string {
  const p = findingPhrase(finding);
  const field = p.fields
    .map((key) => messages[language][key])
    .join(messages[language]['weather.listSeparator']);
  return render(language, p.key, { ...p.params, field });
}

/** One finding of each code, with the value names the engine uses (src/weather/quality.ts). */
const FINDINGS: WeatherFindingView[] = [
  {
    code: 'TIME_SHIFT',
    severity: 'warning',
    values: { estimatedShiftMinutes: 29.26, daysUsed: 157, statedSunShiftMinutes: -30 },
    rows: [],
    suggestedCorrection: { timeShiftMinutes: 30, dniFromGhiDhi: true },
  },
  { code: 'TIME_SHIFT_UNDETERMINED', severity: 'info', values: {}, rows: [] },
  {
    code: 'CLOSURE_FAILED',
    severity: 'warning',
    values: {
      hoursChecked: 3575,
      medianRatio: 0.9905,
      shareOutside10Pct: 0.3,
      shareOutsideBsrnLimits: 0.3527,
      sumRatio: 0.9261,
    },
    rows: [],
    suggestedCorrection: { dniFromGhiDhi: true },
  },
  {
    code: 'COMPONENTS_MISSING',
    severity: 'error',
    field: 'dni,dhi',
    values: {},
    rows: [],
    suggestedCorrection: { fillComponents: 'dirint' },
  },
  {
    code: 'GAPS',
    severity: 'warning',
    field: 'windSpeed',
    values: { missing: 1, runs: 1, longestRunSteps: 1, stepMinutes: 60 },
    rows: [27],
  },
  {
    code: 'IRRADIANCE_NEGATIVE',
    severity: 'warning',
    field: 'ghi',
    values: { count: 3, minValue: -2.5 },
    rows: [1],
  },
  {
    code: 'GHI_ABOVE_EXTRATERRESTRIAL',
    severity: 'warning',
    field: 'ghi',
    values: { count: 217, maxExcessWm2: 164.88, nightCount: 15 },
    rows: [],
  },
  {
    code: 'DNI_ABOVE_EXTRATERRESTRIAL',
    severity: 'warning',
    field: 'dni',
    values: { count: 2, maxExcessWm2: 40 },
    rows: [],
  },
  {
    code: 'TEMPERATURE_OUT_OF_RANGE',
    severity: 'warning',
    field: 'tempAir',
    values: { count: 1, minValue: -99, maxValue: -99 },
    rows: [],
  },
  {
    code: 'WIND_OUT_OF_RANGE',
    severity: 'warning',
    field: 'windSpeed',
    values: { count: 1, minValue: -1, maxValue: 70 },
    rows: [],
  },
  { code: 'ASSUMPTION', severity: 'info', field: 'WIND_HEIGHT_2M', values: {}, rows: [] },
  { code: 'ASSUMPTION', severity: 'info', field: 'SOMETHING_NEW', values: {}, rows: [] },
];

describe('weather findings in words', () => {
  it('fills every placeholder of every finding in both languages', () => {
    for (const language of LANGUAGES) {
      for (const finding of FINDINGS) {
        const text = sentence(language, finding);
        expect(text, `${language} ${finding.code}`).not.toMatch(/\{\{|undefined|NaN/);
      }
    }
  });

  it('says the CSWD timing finding as a user reads it', () => {
    const [shift, , closure, missing, gaps] = FINDINGS as [
      WeatherFindingView,
      WeatherFindingView,
      WeatherFindingView,
      WeatherFindingView,
      WeatherFindingView,
    ];
    expect(sentence('zh-CN', shift)).toBe('辐照度比时间标注提前约 29 分钟（晴空拟合，用到 157 天）');
    expect(sentence('en', shift)).toBe(
      'The irradiance is about 29 min earlier than its time stamps say (clear-sky fit over 157 days)',
    );
    expect(sentence('en', { ...shift, values: { estimatedShiftMinutes: -20, daysUsed: 12 } })).toMatch(
      /about 20 min later/,
    );
    // 0.3527 of steps → 35.3 %; annual ratio 0.926.
    expect(sentence('en', closure)).toContain(
      '35.3 % of steps outside the BSRN limits; annual ratio 0.926, median 0.991',
    );
    expect(sentence('zh-CN', missing)).toBe('文件缺少 DNI、DHI，将由 GHI 分解得到');
    expect(sentence('en', gaps)).toBe('Missing wind speed: 1 steps in 1 gaps, the longest 1 steps');
  });

  it('phrases the suggested corrections and the applied ones', () => {
    const say = (p: Phrase) => render('en', p.key, p.params);
    expect(correctionPhrases({ timeShiftMinutes: 30, dniFromGhiDhi: true }).map(say)).toEqual([
      'Re-stamp the irradiance 30 min earlier',
      'Recompute DNI from GHI − DHI',
    ]);
    expect(correctionPhrases({ fillComponents: 'dirint' }).map(say)).toEqual([
      'Fill in DNI/DHI from GHI (DIRINT model)',
    ]);
    expect(correctionPhrases(undefined)).toEqual([]);
    expect(say(appliedCorrectionPhrase({ kind: 'time_shift', minutes: -15 }))).toBe(
      'Re-stamp the irradiance 15 min later',
    );
    expect(say(appliedCorrectionPhrase({ kind: 'dni_from_ghi_dhi', rowsSetToZero: 3 }))).toBe(
      'Recompute DNI from GHI − DHI',
    );
  });

  it('merges all suggestions into one request in the engine order, or none', () => {
    expect(mergedSuggestedCorrection({ findings: FINDINGS, closure: null, timing: null, gaps: [] })).toEqual({
      timeShiftMinutes: 30,
      fillComponents: 'dirint',
      dniFromGhiDhi: true,
    });
    expect(
      mergedSuggestedCorrection({ findings: FINDINGS.slice(4), closure: null, timing: null, gaps: [] }),
    ).toBeUndefined();
  });

  it('lists errors first, then warnings, then notes', () => {
    expect(sortedFindings(FINDINGS).map((f) => f.severity)).toEqual([
      'error',
      ...Array(8).fill('warning'),
      'info',
      'info',
      'info',
    ]);
    expect(formatPercent(null)).toBe('—');
  });
});
