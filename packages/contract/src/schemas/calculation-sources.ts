import { z } from 'zod';
import { formatMessage, isMessageKey, type Language } from '../messages';

/*
 * Where a plan's load, tariff and feed-in price came from (issue 7), as structured labels the plan
 * summary stores next to the older English phrases (`summary.load.label`, `summary.tariff.label`,
 * `summary.economics.feedInLabel`); the text functions below say them in zh-CN or en, as
 * `weatherSourceText` says the weather label (projects.ts). Names of documents, price tables and
 * calendar rules are data and stay as the source wrote them.
 */

const count = z.number().int().min(0);

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------

/** Monthly energies: how many months were given and how many were estimated from their daily mean. */
const monthsFields = {
  monthsGiven: z.number().int().min(1).max(12),
  monthsEstimated: z.number().int().min(0).max(11),
};

/** An interval series folded onto the model year: its start, step and the model hours it covers. */
const seriesFields = {
  /** Local start of the series as stored (`YYYY-MM-DD HH:mm` or with a `T`). */
  startLocal: z.string(),
  stepMinutes: z.number().int().min(1),
  coveredHours: count,
  totalHours: count,
};

/**
 * The load a plan was calculated with: `constant` (an average kW), `monthly` (monthly energy entered
 * with the load config), `bills` (monthly energy of the bills / electricity file), `loadData` (a
 * metered interval series) or `synthetic` (a series generated from monthly energy by the load module).
 */
export const loadSourceLabelSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('constant'), kw: z.number() }),
  z.object({ kind: z.literal('monthly'), ...monthsFields }),
  z.object({ kind: z.literal('bills'), ...monthsFields }),
  z.object({ kind: z.literal('loadData'), ...seriesFields }),
  z.object({ kind: z.literal('synthetic'), ...seriesFields }),
]);
export type LoadSourceLabel = z.infer<typeof loadSourceLabelSchema>;

// ---------------------------------------------------------------------------------------------
// Tariff
// ---------------------------------------------------------------------------------------------

/** What every tariff label may add: the area's TOU table, and its calendar rules on the model year. */
const tariffSharedFields = {
  /** The area's TOU table the periods came from; absent when the project's or the custom prices' own periods were used. */
  tou: z.object({ title: z.string(), effectiveMonth: z.string() }).optional(),
  /** The TOU table's calendar rules (holiday deep valleys, hot days…) laid on the model year. */
  calendarRules: z
    .object({
      year: z.number().int(),
      /** The rules as the document names them. */
      rules: z.array(z.string()).min(1),
      /** The statutory holiday calendars of the year the rules were laid with (State Council documents). */
      holidayDocuments: z.array(z.string()).default([]),
    })
    .optional(),
};

/**
 * The prices and TOU periods a plan was calculated with: `priceStore` (the area's published price
 * table, the row of the project's category and voltage), `custom` (the user's custom price source),
 * `fastPrices` (the prices of the quick estimate, fast/savePrice).
 */
export const tariffSourceLabelSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('priceStore'),
    areaCode: z.string(),
    /** The price table's document title and month (`YYYY-MM`). */
    title: z.string(),
    month: z.string(),
    /** The row used: user category and voltage level (PRICE_USER_CATEGORIES, PRICE_VOLTAGE_LEVELS). */
    userCategory: z.string(),
    voltageLevel: z.string(),
    ...tariffSharedFields,
  }),
  z.object({
    kind: z.literal('custom'),
    name: z.string(),
    month: z.string().nullable(),
    ...tariffSharedFields,
  }),
  z.object({ kind: z.literal('fastPrices'), ...tariffSharedFields }),
]);
export type TariffSourceLabel = z.infer<typeof tariffSourceLabelSchema>;

// ---------------------------------------------------------------------------------------------
// Feed-in price
// ---------------------------------------------------------------------------------------------

/**
 * Where the feed-in price of surplus PV came from: `economics` (entered in the economics config),
 * `coalBenchmark` (the area's coal-fired benchmark price, china-domain.md §2.3), `fastPrices` (entered
 * in the quick estimate), `none` (a plan without PV).
 */
export const feedInSourceLabelSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('economics'), yuanPerKwh: z.number() }),
  z.object({
    kind: z.literal('coalBenchmark'),
    yuanPerKwh: z.number(),
    /** The benchmark area's key (engine COAL_BENCHMARK_PRICES: hubei, hebei_north …) and names. */
    area: z.string(),
    areaNameZh: z.string(),
    areaNameEn: z.string(),
    /** False when the price rests on one source only. */
    verified: z.boolean(),
  }),
  z.object({ kind: z.literal('fastPrices'), yuanPerKwh: z.number() }),
  z.object({ kind: z.literal('none') }),
]);
export type FeedInSourceLabel = z.infer<typeof feedInSourceLabelSchema>;

// ---------------------------------------------------------------------------------------------
// Reading stored labels
// ---------------------------------------------------------------------------------------------

/** A stored load label, or null when absent (plans made before labels) or not a label. */
export function readLoadSourceLabel(value: unknown): LoadSourceLabel | null {
  const parsed = loadSourceLabelSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A stored tariff label, or null when absent (plans made before labels) or not a label. */
export function readTariffSourceLabel(value: unknown): TariffSourceLabel | null {
  const parsed = tariffSourceLabelSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A stored feed-in label, or null when absent (plans made before labels) or not a label. */
export function readFeedInSourceLabel(value: unknown): FeedInSourceLabel | null {
  const parsed = feedInSourceLabelSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/;

/** A stored local time as `YYYY-MM-DD HH:mm` (as stored when it is not one). */
export function sourceLocalTimeText(value: string): string {
  const match = LOCAL_TIME.exec(value);
  return match ? `${match[1]} ${match[2]}` : value;
}

/** The load a plan was calculated with, in zh-CN or en. */
export function loadSourceText(language: Language, label: LoadSourceLabel): string {
  switch (label.kind) {
    case 'constant':
      return formatMessage(language, 'planSource.load.constant', { kw: label.kw });
    case 'monthly':
    case 'bills': {
      const what = formatMessage(
        language,
        label.kind === 'monthly' ? 'planSource.load.monthlyEntered' : 'planSource.load.monthlyFiles',
      );
      return label.monthsEstimated > 0
        ? formatMessage(language, 'planSource.load.monthlyPartial', {
            what,
            given: label.monthsGiven,
            missing: label.monthsEstimated,
          })
        : what;
    }
    default:
      return formatMessage(language, 'planSource.load.series', {
        kind: formatMessage(
          language,
          label.kind === 'synthetic' ? 'planSource.load.kind.synthetic' : 'planSource.load.kind.meter',
        ),
        start: sourceLocalTimeText(label.startLocal),
        step: label.stepMinutes,
        covered: label.coveredHours,
        total: label.totalHours,
      });
  }
}

/** A price-store key (category, voltage) in the reader's language; an unknown one as stored. */
export function priceKeyText(
  language: Language,
  prefix: 'price.category' | 'price.voltage',
  value: string,
): string {
  const key = `${prefix}.${value}`;
  return isMessageKey(key) ? formatMessage(language, key) : value;
}

/**
 * The prices and TOU periods a plan was calculated with, in zh-CN or en: the price table (title,
 * month, category, voltage) or the custom or quick-estimate prices, the area's TOU table, and the
 * calendar rules of the model year.
 */
export function tariffSourceText(language: Language, label: TariffSourceLabel): string {
  let text: string;
  switch (label.kind) {
    case 'priceStore':
      text = formatMessage(language, 'planSource.tariff.table', {
        title: label.title,
        month: label.month,
        category: priceKeyText(language, 'price.category', label.userCategory),
        voltage: priceKeyText(language, 'price.voltage', label.voltageLevel),
      });
      break;
    case 'custom':
      text = formatMessage(language, 'planSource.tariff.custom', { name: label.name });
      break;
    default:
      text = formatMessage(language, 'planSource.tariff.fast');
  }
  if (label.tou) {
    text = formatMessage(language, 'planSource.tariff.withTou', {
      prices: text,
      title: label.tou.title,
      month: label.tou.effectiveMonth,
    });
  }
  if (label.calendarRules) {
    text = formatMessage(language, 'planSource.tariff.calendarRules', {
      tariff: text,
      year: label.calendarRules.year,
      rules: label.calendarRules.rules.join(language === 'en' ? '; ' : '、'),
    });
  }
  return text;
}

/** Where the feed-in price of a plan came from, in zh-CN or en. */
export function feedInSourceText(language: Language, label: FeedInSourceLabel): string {
  switch (label.kind) {
    case 'economics':
      return formatMessage(language, 'planSource.feedIn.economics');
    case 'fastPrices':
      return formatMessage(language, 'planSource.feedIn.fast');
    case 'none':
      return formatMessage(language, 'planSource.feedIn.none');
    default: {
      const text = formatMessage(language, 'planSource.feedIn.coal', {
        area: language === 'en' ? label.areaNameEn : label.areaNameZh,
      });
      return label.verified
        ? text
        : formatMessage(language, 'planSource.feedIn.unverified', { source: text });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Plans stored before the labels: their English phrases read as labels
// ---------------------------------------------------------------------------------------------

/*
 * Plans calculated before the labels hold only the server's fixed English phrases
 * (`summary.load.source`, `summary.tariff.source`, `summary.economics.feedInSource`; server
 * modules/projects/plans.service.ts resolveLoad / resolveTariff, sources.ts PriceStoreTariffSource,
 * LoadModuleSource and monthlyFromPartial, configs.ts feedInPhraseOf). The readers below turn such a
 * phrase back into the label it stands for, so the web and the reports say old plans in the reader's
 * language through the same text functions; a phrase they do not recognise gives null (shown as stored).
 */

const MONTHLY_PHRASES: Readonly<Record<string, 'monthly' | 'bills'>> = {
  'monthly energy (entered)': 'monthly',
  'monthly energy (bills / electricity file)': 'bills',
};
const CONSTANT_PHRASE = /^constant (\S+) kW$/;
const PARTIAL_PHRASE = /^(.+): (\d+) months given, (\d+) estimated from their daily mean$/;
const SERIES_PHRASE = /^load data \((\w+), from (.+), (\d+)-min, (\d+) of (\d+) hours measured\)$/;

/** The load label an old plan's phrase stands for; null when the phrase is not one of the server's. */
export function loadSourceLabelOfPhrase(phrase: string): LoadSourceLabel | null {
  const constant = CONSTANT_PHRASE.exec(phrase);
  if (constant) {
    const kw = Number(constant[1]);
    return Number.isFinite(kw) ? { kind: 'constant', kw } : null;
  }
  const whole = MONTHLY_PHRASES[phrase];
  if (whole) return { kind: whole, monthsGiven: 12, monthsEstimated: 0 };
  const partial = PARTIAL_PHRASE.exec(phrase);
  if (partial) {
    const kind = MONTHLY_PHRASES[partial[1] ?? ''];
    const label = kind
      ? { kind, monthsGiven: Number(partial[2]), monthsEstimated: Number(partial[3]) }
      : null;
    return label ? readLoadSourceLabel(label) : null;
  }
  const series = SERIES_PHRASE.exec(phrase);
  if (series) {
    return readLoadSourceLabel({
      kind: series[1] === 'synthetic' ? 'synthetic' : 'loadData',
      startLocal: series[2],
      stepMinutes: Number(series[3]),
      coveredHours: Number(series[4]),
      totalHours: Number(series[5]),
    });
  }
  return null;
}

const FAST_PRICE_PHRASES = ['prices of the quick estimate (fast/savePrice)', 'quick estimate'];
const TOU_PHRASE_SEPARATOR = '; TOU ';
const CUSTOM_PHRASE = /^custom prices \((.*)\)$/s;
const PRICE_TABLE_PHRASE = /^(.*) \(([^();]*); (\w+) (\w+)\)$/s;
const TOU_PHRASE = /^(.*) \(([^()]*)\)$/s;
const CALENDAR_PHRASE = /; calendar rules on (\d{4}): (.*)$/s;

type TariffPrices =
  | {
      readonly kind: 'priceStore';
      areaCode: string;
      title: string;
      month: string;
      userCategory: string;
      voltageLevel: string;
    }
  | { readonly kind: 'custom'; name: string; month: string | null }
  | { readonly kind: 'fastPrices' };

function tariffPricesOfPhrase(phrase: string): TariffPrices | null {
  if (FAST_PRICE_PHRASES.includes(phrase)) return { kind: 'fastPrices' };
  const custom = CUSTOM_PHRASE.exec(phrase);
  if (custom) return { kind: 'custom', name: custom[1] ?? '', month: null };
  const table = PRICE_TABLE_PHRASE.exec(phrase);
  if (table) {
    return {
      kind: 'priceStore',
      // The old phrase did not name the area.
      areaCode: '',
      title: table[1] ?? '',
      month: table[2] ?? '',
      userCategory: table[3] ?? '',
      voltageLevel: table[4] ?? '',
    };
  }
  return null;
}

/** The tariff label an old plan's phrase stands for; null when the phrase is not one of the server's. */
export function tariffSourceLabelOfPhrase(phrase: string): TariffSourceLabel | null {
  const calendar = CALENDAR_PHRASE.exec(phrase);
  const base = calendar ? phrase.slice(0, calendar.index) : phrase;
  const at = base.lastIndexOf(TOU_PHRASE_SEPARATOR);
  const prices = tariffPricesOfPhrase(at < 0 ? base : base.slice(0, at));
  if (!prices) return null;
  let tou: { title: string; effectiveMonth: string } | undefined;
  if (at >= 0) {
    const found = TOU_PHRASE.exec(base.slice(at + TOU_PHRASE_SEPARATOR.length));
    if (!found) return null;
    tou = { title: found[1] ?? '', effectiveMonth: found[2] ?? '' };
  }
  const rules = calendar ? (calendar[2] ?? '').split(' | ').filter((rule) => rule !== '') : [];
  return readTariffSourceLabel({
    ...prices,
    ...(tou ? { tou } : {}),
    ...(calendar && rules.length > 0 ? { calendarRules: { year: Number(calendar[1]), rules } } : {}),
  });
}

const COAL_PHRASE = /^coal benchmark (.+) \(燃煤发电基准价\)(, unverified)?$/;

/** A coal-benchmark area as engine COAL_BENCHMARK_PRICES keys it (`hebei_north` → its Chinese name). */
export type CoalBenchmarkAreas = Readonly<Record<string, { readonly nameZh: string }>>;

/** The English name of a coal-benchmark area from its key (hebei_north → Hebei North). */
export function coalBenchmarkAreaNameEn(area: string): string {
  return area
    .split('_')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');
}

/**
 * The feed-in label an old plan's phrase stands for, with the plan's feed-in price; null when the
 * phrase is not one of the server's. `areas` (engine COAL_BENCHMARK_PRICES) finds the key and English
 * name of a coal-benchmark area from its Chinese name; an area it does not hold keeps the Chinese name.
 */
export function feedInSourceLabelOfPhrase(
  phrase: string,
  yuanPerKwh: number,
  areas: CoalBenchmarkAreas = {},
): FeedInSourceLabel | null {
  switch (phrase) {
    case 'user':
      return { kind: 'economics', yuanPerKwh };
    case 'quick-estimate prices':
      return { kind: 'fastPrices', yuanPerKwh };
    case 'none (no PV)':
      return { kind: 'none' };
  }
  const coal = COAL_PHRASE.exec(phrase);
  if (!coal?.[1]) return null;
  const nameZh = coal[1];
  const area = Object.entries(areas).find(([, entry]) => entry.nameZh === nameZh)?.[0];
  return {
    kind: 'coalBenchmark',
    yuanPerKwh,
    area: area ?? '',
    areaNameZh: nameZh,
    areaNameEn: area ? coalBenchmarkAreaNameEn(area) : nameZh,
    verified: coal[2] === undefined,
  };
}

/** A plan's load label: the stored one, else the one its phrase stands for (plans before labels). */
export function planLoadSourceLabel(phrase: string, stored: unknown): LoadSourceLabel | null {
  return readLoadSourceLabel(stored) ?? loadSourceLabelOfPhrase(phrase);
}

/** A plan's tariff label: the stored one, else the one its phrase stands for (plans before labels). */
export function planTariffSourceLabel(phrase: string, stored: unknown): TariffSourceLabel | null {
  return readTariffSourceLabel(stored) ?? tariffSourceLabelOfPhrase(phrase);
}

/** A plan's feed-in label: the stored one, else the one its phrase stands for (plans before labels). */
export function planFeedInSourceLabel(
  phrase: string,
  stored: unknown,
  yuanPerKwh: number,
  areas?: CoalBenchmarkAreas,
): FeedInSourceLabel | null {
  return readFeedInSourceLabel(stored) ?? feedInSourceLabelOfPhrase(phrase, yuanPerKwh, areas);
}
