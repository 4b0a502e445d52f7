import {
  type FeedInSourceLabel,
  type Language,
  type LoadSourceLabel,
  PRICE_USER_CATEGORIES,
  PRICE_VOLTAGE_LEVELS,
  parseWeatherSourceLabel,
  planFeedInSourceLabel,
  planLoadSourceLabel,
  planTariffSourceLabel,
  sourceLocalTimeText,
  type TariffSourceLabel,
  type WeatherSourceLabel,
} from '@pvplan/contract';
import { COAL_BENCHMARK_PRICES } from '@pvplan/engine';
import type { TFunction } from 'i18next';
import type { ResultSummary } from '../../api/assessmentResults';
import type { MessageKey } from '../../locales/resources';
import { numberText } from './assessmentFormat';

/*
 * The sources a stored plan names (server AssessmentSummary: weather.source, load.source / label,
 * tariff.source / label, economics.feedInSource / feedInLabel, warnings) in the reader's language.
 * The weather source is a structured label (contract WeatherSourceLabel); so are the load, tariff
 * and feed-in sources of plans made since issue 7 (contract calculation-sources.ts: LoadSourceLabel,
 * TariffSourceLabel, FeedInSourceLabel). Labels and warnings (contract message keys with parameters)
 * are said through web keys with the contract's texts (sourceText.test.ts holds them equal), so the
 * contract's message catalogue stays out of the web bundle. Older plans have only the server's fixed
 * English phrases: the contract reads them back as labels (`plan*SourceLabel`, the same reading the
 * server's reports use), said here through the same i18n keys; a phrase not recognised is shown as
 * stored.
 */

/** A warning as the plan stores it: a contract message key and its parameters. */
export interface StoredWarning {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * The source parts of a stored summary as this module reads them: the contract types them, but a
 * plan stored before a label existed lacks it (or holds an older shape), so labels are taken as
 * unknown here and checked with the contract's readers before use.
 */
export interface SummarySourceParts {
  readonly warnings?: readonly StoredWarning[];
  readonly load: { readonly label?: unknown };
  readonly tariff: { readonly label?: unknown };
  readonly economics: { readonly feedInSource?: string; readonly feedInLabel?: unknown };
}

export type SourcedSummary = ResultSummary & SummarySourceParts;

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------

/** A load label in the UI language (contract `loadSourceText` says the same). */
function loadLabelText(t: TFunction, label: LoadSourceLabel): string {
  switch (label.kind) {
    case 'constant':
      return t('assessment.source.load.constant', { kw: label.kw });
    case 'monthly':
    case 'bills': {
      const what = t(
        label.kind === 'monthly'
          ? 'assessment.source.load.monthlyEntered'
          : 'assessment.source.load.monthlyFiles',
      );
      return label.monthsEstimated > 0
        ? t('assessment.source.load.monthlyPartial', {
            what,
            given: label.monthsGiven,
            missing: label.monthsEstimated,
          })
        : what;
    }
    default:
      return t('assessment.source.load.series', {
        kind: t(
          label.kind === 'synthetic'
            ? 'assessment.source.load.kind.synthetic'
            : 'assessment.source.load.kind.meter',
        ),
        start: sourceLocalTimeText(label.startLocal),
        step: label.stepMinutes,
        covered: label.coveredHours,
        total: label.totalHours,
      });
  }
}

/**
 * The load a plan was calculated with in the UI language: its label (summary.load.label) when the
 * plan has one, else its phrase (summary.load.source).
 */
export function loadSourceText(t: TFunction, source: string, label?: unknown): string {
  const read = planLoadSourceLabel(source, label);
  return read ? loadLabelText(t, read) : source;
}

// ---------------------------------------------------------------------------------------------
// Tariff
// ---------------------------------------------------------------------------------------------

function categoryText(t: TFunction, category: string): string {
  return (PRICE_USER_CATEGORIES as readonly string[]).includes(category)
    ? t(`pages.priceSearch.category.${category}` as 'pages.priceSearch.category.general_ci')
    : category;
}

function voltageText(t: TFunction, voltage: string): string {
  return (PRICE_VOLTAGE_LEVELS as readonly string[]).includes(voltage)
    ? t(`pages.priceSearch.voltage.${voltage}` as 'pages.priceSearch.voltage.kv1_10')
    : voltage;
}

/** A tariff label in the UI language (contract `tariffSourceText` says the same). */
function tariffLabelText(t: TFunction, label: TariffSourceLabel): string {
  let text: string;
  switch (label.kind) {
    case 'priceStore':
      text = t('assessment.source.tariff.table', {
        title: label.title,
        month: label.month,
        category: categoryText(t, label.userCategory),
        voltage: voltageText(t, label.voltageLevel),
      });
      break;
    case 'custom':
      text = t('assessment.source.tariff.custom', { name: label.name });
      break;
    default:
      text = t('assessment.source.tariff.fast');
  }
  if (label.tou) {
    text = t('assessment.source.tariff.withTou', {
      prices: text,
      title: label.tou.title,
      month: label.tou.effectiveMonth,
    });
  }
  if (label.calendarRules) {
    text = t('assessment.source.tariff.calendarRules', {
      tariff: text,
      year: label.calendarRules.year,
      rules: label.calendarRules.rules.join(t('assessment.source.tariff.ruleSeparator')),
    });
  }
  return text;
}

/**
 * The prices and TOU periods a plan was calculated with in the UI language: the price table or
 * custom prices, the area's TOU periods, and the calendar rules (holidays, hot days) of the model
 * year; from the label (summary.tariff.label) when the plan has one, else its phrase
 * (summary.tariff.source).
 */
export function tariffSourceText(t: TFunction, source: string, label?: unknown): string {
  const read = planTariffSourceLabel(source, label);
  return read ? tariffLabelText(t, read) : source;
}

// ---------------------------------------------------------------------------------------------
// Feed-in price
// ---------------------------------------------------------------------------------------------

/** A feed-in label in the UI language (contract `feedInSourceText` says the same). */
function feedInLabelText(t: TFunction, language: Language, label: FeedInSourceLabel): string {
  switch (label.kind) {
    case 'economics':
      return t('assessment.source.feedIn.user');
    case 'fastPrices':
      return t('assessment.source.feedIn.fast');
    case 'none':
      return t('assessment.source.feedIn.none');
    default: {
      const text = t('assessment.source.feedIn.coal', {
        area: language === 'en' ? label.areaNameEn : label.areaNameZh,
      });
      return label.verified ? text : t('assessment.source.feedIn.unverified', { source: text });
    }
  }
}

/**
 * Where the feed-in price of a plan came from in the UI language: its label
 * (summary.economics.feedInLabel) when the plan has one, else its phrase (economics.feedInSource).
 * `yuanPerKwh` is the plan's feed-in price (the label read from a phrase carries it; the text does
 * not show it).
 */
export function feedInSourceText(
  t: TFunction,
  language: Language,
  source: string,
  label?: unknown,
  yuanPerKwh = Number.NaN,
): string {
  const read = planFeedInSourceLabel(source, label, yuanPerKwh, COAL_BENCHMARK_PRICES);
  return read ? feedInLabelText(t, language, read) : source;
}

// ---------------------------------------------------------------------------------------------
// Weather
// ---------------------------------------------------------------------------------------------

function coordinatesText(label: WeatherSourceLabel): string {
  if (label.latitudeDeg === null || label.longitudeDeg === null) return '—';
  const lat = `${Math.abs(label.latitudeDeg).toFixed(2)}°${label.latitudeDeg >= 0 ? 'N' : 'S'}`;
  const lon = `${Math.abs(label.longitudeDeg).toFixed(2)}°${label.longitudeDeg >= 0 ? 'E' : 'W'}`;
  return `${lat} ${lon}`;
}

/**
 * The weather a plan was calculated with (summary.weather.source: the contract's label JSON,
 * parseWeatherSourceLabel) in the UI language; an older plain text as stored. Says what the
 * contract's weatherSourceText says (its messages are not bundled with the web app), with the chosen
 * provider of a fallback named in the UI language.
 */
export function weatherText(t: TFunction, language: Language, source: string): string {
  const label = parseWeatherSourceLabel(source);
  if (!label) return source;
  const coords = coordinatesText(label);
  let text: string;
  switch (label.kind) {
    case 'climatology': {
      const stations = (label.stations ?? [])
        .map((s) => `${language === 'en' ? s.nameEn : s.nameZh} ${Math.round(s.distanceKm)} km`)
        .join(t('weather.listSeparator'));
      text = t('assessment.weatherLabel.climatology', { stations: stations || '—' });
      break;
    }
    case 'pvgis':
      text = t('assessment.weatherLabel.pvgis', { database: label.database ?? label.name, coords });
      break;
    case 'nasaPower':
      text = t('assessment.weatherLabel.nasaPower', { year: label.year ?? '—', coords });
      break;
    default:
      text = t('assessment.weatherLabel.file', {
        name: label.fileName ?? label.name,
        datasetId: label.datasetId ?? '—',
      });
  }
  return label.requested === label.kind
    ? text
    : t('assessment.weatherLabel.fallback', {
        label: text,
        provider: t(`assessment.weatherLabel.provider.${label.requested}` as const),
      });
}

// ---------------------------------------------------------------------------------------------
// Warnings
// ---------------------------------------------------------------------------------------------

/** The web keys of the contract's warning messages (same texts, i18next placeholders). */
const WARNING_KEYS = {
  'project.warning.demandRaised': 'assessment.warning.demandRaised',
  'project.warning.storageLoss': 'assessment.warning.storageLoss',
  'project.warning.flatLoadShape': 'assessment.warning.flatLoadShape',
  'project.warning.noRunModel': 'assessment.warning.noRunModel',
  'project.warning.weatherFallbackOffline': 'assessment.warning.weatherFallbackOffline',
  'project.warning.weatherFallbackTimeout': 'assessment.warning.weatherFallbackTimeout',
  'project.warning.weatherFallbackFailed': 'assessment.warning.weatherFallbackFailed',
  'project.warning.weatherComponentsFilled': 'assessment.warning.weatherComponentsFilled',
  'project.warning.weatherGapsFilled': 'assessment.warning.weatherGapsFilled',
  'project.warning.weatherClimateFilled': 'assessment.warning.weatherClimateFilled',
  'project.warning.weatherSingleYear': 'assessment.warning.weatherSingleYear',
  'errors.project.selfConsumption': 'assessment.warning.selfConsumption',
} as const satisfies Readonly<Record<string, MessageKey>>;

/** The contract message keys whose warnings the web says itself. */
export const WEB_WARNING_KEYS = Object.keys(WARNING_KEYS) as readonly (keyof typeof WARNING_KEYS)[];

/** Warning parameters as the page shows them: sums of money whole, with thousands separators. */
function displayParams(params: StoredWarning['params']): StoredWarning['params'] {
  const yuan = params.yuan;
  return typeof yuan === 'number' ? { ...params, yuan: numberText(yuan, 0) ?? String(yuan) } : params;
}

/**
 * The plan's warnings in the UI language, from the keys the summary stores, so they follow a
 * language switch; a key the web does not know takes the server's text (`served`: the same warnings
 * in the same order, in the language of the request). `served` alone when the summary has no keys.
 */
export function warningTexts(
  t: TFunction,
  summary: SourcedSummary | null,
  served: readonly string[],
): string[] {
  const stored = summary?.warnings;
  if (!stored) return [...served];
  return stored.map((warning, i) => {
    const key = (WARNING_KEYS as Readonly<Record<string, MessageKey>>)[warning.key];
    if (key) return t(key, { ...displayParams(warning.params) });
    return (stored.length === served.length ? served[i] : undefined) ?? warning.key;
  });
}
