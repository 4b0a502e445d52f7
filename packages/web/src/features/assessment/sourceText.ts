import {
  type FeedInSourceLabel,
  type Language,
  type LoadSourceLabel,
  PRICE_USER_CATEGORIES,
  PRICE_VOLTAGE_LEVELS,
  parseWeatherSourceLabel,
  readFeedInSourceLabel,
  readLoadSourceLabel,
  readTariffSourceLabel,
  sourceLocalTimeText,
  type TariffSourceLabel,
  type WeatherSourceLabel,
} from '@pvplan/contract';
import { COAL_BENCHMARK_PRICES } from '@pvplan/engine';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ResultSummary } from '../../api/assessmentResults';
import type { MessageKey } from '../../locales/resources';

/*
 * The sources a stored plan names (server AssessmentSummary: weather.source, load.source / label,
 * tariff.source / label, economics.feedInSource / feedInLabel, warnings) in the reader's language.
 * The weather source is a structured label (contract WeatherSourceLabel); so are the load, tariff
 * and feed-in sources of plans made since issue 7 (contract calculation-sources.ts: LoadSourceLabel,
 * TariffSourceLabel, FeedInSourceLabel). Labels and warnings (contract message keys with parameters)
 * are said through web keys with the contract's texts (sourceText.test.ts holds them equal), so the
 * contract's message catalogue stays out of the web bundle. Older plans have only the server's fixed
 * English phrases (server modules/projects/plans.service.ts resolveLoad / resolveTariff, sources.ts
 * PriceStoreTariffSource / LoadModuleSource / monthlyFromPartial, configs.ts feedInOf), recognised
 * here and said again through the i18n keys; a phrase not recognised is shown as stored.
 */

/** A warning as the plan stores it: a contract message key and its parameters. */
export interface StoredWarning {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * Parts of the stored summary the result types of api/assessmentResults.ts do not declare. The labels
 * are absent in plans made before them; they are read (checked) with the contract's readers.
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

const MONTHLY_ENTERED = 'monthly energy (entered)';
const MONTHLY_FILES = 'monthly energy (bills / electricity file)';
const CONSTANT = /^constant (\S+) kW$/;
const PARTIAL = /^(.+): (\d+) months given, (\d+) estimated from their daily mean$/;
const SERIES = /^load data \((\w+), from (.+), (\d+)-min, (\d+) of (\d+) hours measured\)$/;

function monthlyKindText(t: TFunction, what: string): string | null {
  if (what === MONTHLY_ENTERED) return t('assessment.source.load.monthlyEntered');
  if (what === MONTHLY_FILES) return t('assessment.source.load.monthlyFiles');
  return null;
}

function localTimeText(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : value;
}

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
  const read = readLoadSourceLabel(label);
  if (read) return loadLabelText(t, read);
  const constant = CONSTANT.exec(source);
  if (constant?.[1] !== undefined && Number.isFinite(Number(constant[1]))) {
    return t('assessment.source.load.constant', { kw: Number(constant[1]) });
  }
  const monthly = monthlyKindText(t, source);
  if (monthly !== null) return monthly;
  const partial = PARTIAL.exec(source);
  const partialKind = partial?.[1] === undefined ? null : monthlyKindText(t, partial[1]);
  if (partial && partialKind !== null) {
    return t('assessment.source.load.monthlyPartial', {
      what: partialKind,
      given: Number(partial[2]),
      missing: Number(partial[3]),
    });
  }
  const series = SERIES.exec(source);
  if (series) {
    const kind = series[1] ?? '';
    return t('assessment.source.load.series', {
      kind:
        kind === 'meter' || kind === 'synthetic' ? t(`assessment.source.load.kind.${kind}` as const) : kind,
      start: localTimeText(series[2] ?? ''),
      step: Number(series[3]),
      covered: Number(series[4]),
      total: Number(series[5]),
    });
  }
  return source;
}

// ---------------------------------------------------------------------------------------------
// Tariff
// ---------------------------------------------------------------------------------------------

const FAST_PRICES = ['prices of the quick estimate (fast/savePrice)', 'quick estimate'];
const TOU_SEPARATOR = '; TOU ';
const CUSTOM = /^custom prices \((.*)\)$/s;
const PRICE_TABLE = /^(.*) \(([^();]*); (\w+) (\w+)\)$/s;
const TOU = /^(.*) \(([^()]*)\)$/s;

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

function pricesText(t: TFunction, prices: string): string | null {
  if (FAST_PRICES.includes(prices)) return t('assessment.source.tariff.fast');
  const custom = CUSTOM.exec(prices);
  if (custom) return t('assessment.source.tariff.custom', { name: custom[1] ?? '' });
  const table = PRICE_TABLE.exec(prices);
  if (table) {
    return t('assessment.source.tariff.table', {
      title: table[1] ?? '',
      month: table[2] ?? '',
      category: categoryText(t, table[3] ?? ''),
      voltage: voltageText(t, table[4] ?? ''),
    });
  }
  return null;
}

const CALENDAR_RULES = /; calendar rules on (\d{4}): (.*)$/s;

function pricesAndTouText(t: TFunction, source: string): string | null {
  const at = source.lastIndexOf(TOU_SEPARATOR);
  if (at < 0) return pricesText(t, source);
  const prices = pricesText(t, source.slice(0, at));
  const tou = TOU.exec(source.slice(at + TOU_SEPARATOR.length));
  if (prices === null || !tou) return null;
  return t('assessment.source.tariff.withTou', { prices, title: tou[1] ?? '', month: tou[2] ?? '' });
}

/** A tariff label in the UI language (contract `tariffSourceText` says the same). */
function tariffLabelText(t: TFunction, language: Language, label: TariffSourceLabel): string {
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
      rules: label.calendarRules.rules.join(language === 'en' ? '; ' : '、'),
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
export function tariffSourceText(t: TFunction, language: Language, source: string, label?: unknown): string {
  const read = readTariffSourceLabel(label);
  if (read) return tariffLabelText(t, language, read);
  const calendar = CALENDAR_RULES.exec(source);
  const base = calendar ? source.slice(0, calendar.index) : source;
  const text = pricesAndTouText(t, base);
  if (text === null) return source;
  if (!calendar) return text;
  return t('assessment.source.tariff.calendarRules', {
    tariff: text,
    year: Number(calendar[1]),
    rules: (calendar[2] ?? '').split(' | ').join(language === 'en' ? '; ' : '、'),
  });
}

// ---------------------------------------------------------------------------------------------
// Feed-in price
// ---------------------------------------------------------------------------------------------

const COAL_BENCHMARK = /^coal benchmark (.+) \(燃煤发电基准价\)(, unverified)?$/;

/** The English name of a coal-benchmark area from its catalogue key (hebei_north → Hebei North). */
function areaNameEn(nameZh: string): string {
  const found = Object.entries(COAL_BENCHMARK_PRICES).find(([, entry]) => entry.nameZh === nameZh);
  if (!found) return nameZh;
  return found[0]
    .split('_')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');
}

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
 */
export function feedInSourceText(t: TFunction, language: Language, source: string, label?: unknown): string {
  const read = readFeedInSourceLabel(label);
  if (read) return feedInLabelText(t, language, read);
  if (source === 'user') return t('assessment.source.feedIn.user');
  if (source === 'quick-estimate prices') return t('assessment.source.feedIn.fast');
  if (source === 'none (no PV)') return t('assessment.source.feedIn.none');
  const coal = COAL_BENCHMARK.exec(source);
  if (coal?.[1] !== undefined) {
    const text = t('assessment.source.feedIn.coal', {
      area: language === 'en' ? areaNameEn(coal[1]) : coal[1],
    });
    return coal[2] ? t('assessment.source.feedIn.unverified', { source: text }) : text;
  }
  return source;
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
        .join(language === 'en' ? ', ' : '、');
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
    if (key) return t(key, { ...warning.params });
    return (stored.length === served.length ? served[i] : undefined) ?? warning.key;
  });
}
