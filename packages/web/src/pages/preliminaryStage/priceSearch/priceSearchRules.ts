import {
  type AreaNode,
  type AreaPriceBody,
  type AreaPriceInfo,
  type PriceRowView,
  type PriceUserCategory,
  type PriceVoltageLevel,
  TOU_PERIOD_NAMES,
  type TouOverrideInput,
  type TouPeriodCode,
} from '@pvplan/contract';
import { clockText } from '../../../features/tou/touGrid';

/** What the user picked on the price search page. */
export interface PriceSearchState {
  /** Cascader path: province, then city. */
  readonly areaPath: readonly string[];
  readonly userCategory?: PriceUserCategory;
  readonly voltageLevel?: PriceVoltageLevel;
  /** `YYYY-MM`; absent = the latest month held. */
  readonly month?: string;
}

/** Hubei / Wuhan: the area with a complete official table in the shipped data. */
export const DEFAULT_AREA_PATH: readonly string[] = ['420000', '420100'];

export interface CascaderOption {
  readonly value: string;
  readonly label: string;
  readonly children?: CascaderOption[];
}

/**
 * A division's name in the UI language (`i18n.language`): its English name in English when the
 * server sent one (AreaItem/AreaNode `nameEn`), else the Chinese name.
 */
export function divisionName(
  area: { readonly name: string; readonly nameEn?: string },
  language: string,
): string {
  return language === 'en' && area.nameEn ? area.nameEn : area.name;
}

/**
 * The area name of a price answer (AreaPriceInfo, TouConfigView, PriceTableView, CoalBenchmarkView)
 * in the UI language: `areaNameEn` in English when the server sent it, else `areaName`.
 */
export function priceAreaName(
  view: { readonly areaName: string; readonly areaNameEn?: string },
  language: string,
): string {
  return language === 'en' && view.areaNameEn ? view.areaNameEn : view.areaName;
}

/** Province / city options of the area cascader from dict/getAreas (level 2), named in the UI language. */
export function cascaderOptions(tree: readonly AreaNode[], language: string): CascaderOption[] {
  return tree.map((node) => ({
    value: node.adcode,
    label: divisionName(node, language),
    ...(node.children?.length ? { children: cascaderOptions(node.children, language) } : {}),
  }));
}

/** The area of a cascader path: its last code, or null for an empty path. */
export function areaCodeOfPath(path: readonly string[] | undefined): string | null {
  return path && path.length > 0 ? (path[path.length - 1] ?? null) : null;
}

/** The request body of getAreaPriceInfo / exportAreaPriceInfo; null until an area is chosen. */
export function areaPriceBodyOf(state: PriceSearchState): AreaPriceBody | null {
  const areaCode = areaCodeOfPath(state.areaPath);
  if (!areaCode) return null;
  return {
    areaCode,
    ...(state.month ? { month: state.month } : {}),
    ...(state.userCategory ? { userCategory: state.userCategory } : {}),
    ...(state.voltageLevel ? { voltageLevel: state.voltageLevel } : {}),
  };
}

/** Clock labels of the heatmap's x axis: 24 hours or 48 half hours. */
export function timeAxisLabels(halfHours: boolean): string[] {
  return Array.from({ length: halfHours ? 48 : 24 }, (_, i) => clockText(halfHours ? i * 30 : i * 60));
}

/**
 * Heatmap cells `[x, y, period]`: x = hour (the :00 slot) or half hour, y = month index (0 = January).
 * The hourly view shows each hour's first half; a half hour that differs shows in the half-hour view.
 */
export function heatmapCells(
  slots: readonly (readonly TouPeriodCode[])[],
  halfHours: boolean,
): Array<[number, number, number]> {
  const cells: Array<[number, number, number]> = [];
  slots.forEach((day, month) => {
    const count = halfHours ? 48 : 24;
    for (let x = 0; x < count; x += 1) {
      const period = day[halfHours ? x : x * 2];
      if (period !== undefined) cells.push([x, month, period]);
    }
  });
  return cells;
}

/** Whether an hourly view would hide a difference inside an hour (then the page offers half hours). */
export function hasHalfHourDetail(slots: readonly (readonly TouPeriodCode[])[]): boolean {
  return slots.some((day) => day.some((period, slot) => slot % 2 === 1 && period !== day[slot - 1]));
}

/**
 * Where the shown tables come from when the chosen area has none of its own, named in the UI
 * language (`zh-CN` when not given).
 */
export function inheritance(
  info: AreaPriceInfo,
  language = 'zh-CN',
): { touFrom: string | null; pricesFrom: string | null } {
  const nameOf = (code: string | undefined) => {
    const area = info.areaPath.find((a) => a.adcode === code);
    return area ? divisionName(area, language) : null;
  };
  return {
    touFrom:
      info.tou && info.tou.areaCode !== info.areaCode
        ? (nameOf(info.tou.areaCode) ?? priceAreaName(info.tou, language))
        : null,
    pricesFrom:
      info.priceTable && info.priceTable.areaCode !== info.areaCode
        ? (nameOf(info.priceTable.areaCode) ?? priceAreaName(info.priceTable, language))
        : null,
  };
}

/** The download name when the server names none. */
export function fallbackFileName(areaName: string, month: string | null): string {
  return `price-info_${areaName}_${month ?? 'latest'}.xlsx`;
}

/**
 * Periods the calendar rules paint that the selected price row has no price for (legend order): on
 * the days such a rule applies the bill cannot be computed, so the page warns. A date-list rule with
 * no dates yet never applies and is left out.
 */
export function unpricedOverridePeriods(
  rules: readonly TouOverrideInput[],
  row: Pick<PriceRowView, 'sharp' | 'peak' | 'flat' | 'valley' | 'deepValley'>,
): TouPeriodCode[] {
  const live = rules.filter((rule) => !(rule.when.kind === 'dates' && rule.when.dates.length === 0));
  const painted = new Set(live.flatMap((rule) => rule.ranges.map((r) => r.period)));
  return [...painted].filter((code) => row[TOU_PERIOD_NAMES[code]] === null).sort((a, b) => a - b);
}
