import {
  type AreaPriceInfo,
  formatMessage,
  type Language,
  type MessageKey,
  TOU_PERIOD_NAMES,
  type TouOverrideInput,
} from '@pvplan/contract';
import ExcelJS from 'exceljs';
import { slotClock } from './tou-grid';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Cell fills of the periods (ARGB), indexed by code: sharp, peak, flat, valley, deep valley. */
const PERIOD_FILLS = ['FFCF1322', 'FFFA8C16', 'FFFADB14', 'FF52C41A', 'FF1677FF'] as const;

/** `电价信息_湖北省_2026-01.xlsx`: the download name of an export. */
export function exportFileName(info: AreaPriceInfo, language: Language): string {
  const month =
    info.priceTable?.month ?? info.requestedMonth ?? formatMessage(language, 'price.export.latest');
  const area = language === 'en' ? (info.areaNameEn ?? info.areaName) : info.areaName;
  return `${formatMessage(language, 'price.export.fileName')}_${area}_${month}.xlsx`;
}

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Which days a calendar rule selects, in words (every listed date written out). */
export function overrideDaysText(rule: TouOverrideInput, t: Translate): string {
  const sep = t('price.export.listSeparator');
  const w = rule.when;
  switch (w.kind) {
    case 'holidays': {
      const names = w.holidays?.map((name) => t(`price.holiday.${name}` as MessageKey)).join(sep);
      if (w.minBreakDays) {
        return t('price.override.holidaysMinBreak', {
          holidays: names ?? t('price.override.allHolidays'),
          days: w.minBreakDays,
        });
      }
      return names ? t('price.override.holidays', { holidays: names }) : t('price.override.anyHoliday');
    }
    case 'restDays':
      return t('price.override.restDays');
    case 'weekdays':
      return t('price.override.weekdays', {
        weekdays: [...w.weekdays]
          .sort((a, b) => a - b)
          .map((day) => t(`price.weekday.${day}` as MessageKey))
          .join(sep),
      });
    case 'dates':
      return w.dates.length === 0
        ? t('price.override.datesNone')
        : t('price.override.dates', { count: w.dates.length, dates: [...w.dates].sort().join(sep) });
    case 'dateRange':
      return t('price.override.dateRange', { from: w.fromMonthDay, to: w.toMonthDay });
  }
}

/** `HH:mm` of an hour on the half-hour grid (24 = `24:00`). */
const hourClock = (hour: number) => slotClock(Math.round(hour * 2));

/**
 * early/exportAreaPriceInfo: the price search result as a workbook with four sheets — the price
 * table (with source), the 12 × 48 TOU grid (period names, coloured), each month's periods with
 * hours, clock ranges and the selected row's prices, and the TOU table's calendar rules (one row per
 * clock range: the rule, its days, months, hours, period and source).
 */
export async function buildPriceWorkbook(info: AreaPriceInfo, language: Language): Promise<Buffer> {
  const t: Translate = (key, params) => formatMessage(language, key, params);
  const periodName = (code: number) => t(`price.period.${code}` as MessageKey);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PVPlan';
  workbook.created = new Date(0);

  const prices = workbook.addWorksheet(t('price.export.sheetPrices'));
  prices.addRow([
    t('price.export.area'),
    info.areaPath.map((part) => (language === 'en' ? part.nameEn : part.name)).join(' / '),
  ]);
  prices.addRow([t('price.export.requestedMonth'), info.requestedMonth ?? t('price.export.latest')]);
  prices.addRow([t('price.export.priceMonth'), info.priceTable?.month ?? t('price.export.none')]);
  prices.addRow([t('price.export.touMonth'), info.tou?.effectiveMonth ?? t('price.export.none')]);
  prices.addRow([t('price.export.source'), info.priceTable?.sourceTitle ?? t('price.export.none')]);
  prices.addRow([t('price.export.sourceUrl'), info.priceTable?.sourceUrl ?? '']);
  prices.addRow([t('price.export.note'), info.priceTable?.note ?? '']);
  prices.addRow([]);
  const header = prices.addRow([
    t('price.export.category'),
    t('price.export.voltage'),
    ...TOU_PERIOD_NAMES.map((_, code) => `${periodName(code)}${t('price.export.priceUnit')}`),
    t('price.export.demand'),
    t('price.export.capacity'),
    t('price.export.maxSpread'),
    t('price.export.peakValley'),
  ]);
  header.font = { bold: true };
  for (const row of info.priceTable?.rows ?? []) {
    prices.addRow([
      t(`price.category.${row.userCategory}` as MessageKey),
      t(`price.voltage.${row.voltageLevel}` as MessageKey),
      row.sharp,
      row.peak,
      row.flat,
      row.valley,
      row.deepValley,
      row.demandYuanPerKwMonth,
      row.capacityYuanPerKvaMonth,
      row.maxSpreadYuanPerKwh,
      row.peakValleySpreadYuanPerKwh,
    ]);
  }
  prices.columns.forEach((column, index) => {
    column.width = index < 2 ? 24 : 16;
  });

  const grid = workbook.addWorksheet(t('price.export.sheetTou'));
  const gridHeader = grid.addRow([
    t('price.export.month'),
    ...Array.from({ length: 48 }, (_, s) => slotClock(s)),
  ]);
  gridHeader.font = { bold: true };
  info.tou?.slots.forEach((day, monthIndex) => {
    const excelRow = grid.addRow([monthIndex + 1, ...day.map((code) => periodName(code))]);
    day.forEach((code, slot) => {
      excelRow.getCell(slot + 2).fill = {
        type: 'pattern',
        pattern: 'solid',
        fgColor: { argb: PERIOD_FILLS[code] ?? 'FFFFFFFF' },
      };
    });
  });
  grid.getColumn(1).width = 8;

  const periods = workbook.addWorksheet(t('price.export.sheetPeriods'));
  const periodsHeader = periods.addRow([
    t('price.export.month'),
    t('price.export.period'),
    t('price.export.hours'),
    t('price.export.ranges'),
    t('price.export.price'),
  ]);
  periodsHeader.font = { bold: true };
  for (const month of info.months) {
    for (const span of month.periods) {
      periods.addRow([
        month.month,
        periodName(span.period),
        span.hours,
        span.ranges.join(', '),
        span.priceYuanPerKwh,
      ]);
    }
  }
  periods.getColumn(4).width = 40;

  const rules = workbook.addWorksheet(t('price.export.sheetOverrides'));
  const rulesHeader = rules.addRow([
    t('price.export.overrideRule'),
    t('price.export.overrideDays'),
    t('price.export.overrideMonths'),
    t('price.export.ranges'),
    t('price.export.period'),
    t('price.export.source'),
  ]);
  rulesHeader.font = { bold: true };
  const overrides = info.tou?.overrides ?? [];
  const sep = t('price.export.listSeparator');
  const calendars = t('price.export.holidayCalendars', {
    documents: (info.holidayCalendars ?? []).map((c) => `${c.year}: ${c.document}`).join(sep),
  });
  for (const rule of overrides) {
    const days = overrideDaysText(rule, t);
    const months = rule.months
      ? t('price.export.monthList', { months: [...rule.months].sort((a, b) => a - b).join(sep) })
      : t('price.export.allMonths');
    const byCalendar = rule.when.kind === 'holidays' || rule.when.kind === 'restDays';
    const source = [info.tou?.sourceTitle ?? '', byCalendar ? calendars : ''].filter(Boolean).join('\n');
    for (const range of rule.ranges) {
      const row = rules.addRow([
        rule.label,
        days,
        months,
        `${hourClock(range.fromHour)}-${hourClock(range.toHour)}`,
        periodName(range.period),
        source,
      ]);
      row.getCell(5).fill = {
        type: 'pattern',
        pattern: 'solid',
        fgColor: { argb: PERIOD_FILLS[range.period] ?? 'FFFFFFFF' },
      };
    }
  }
  if (overrides.length === 0) rules.addRow([t('price.export.overridesNone')]);
  rules.getColumn(1).width = 40;
  rules.getColumn(2).width = 40;
  rules.getColumn(6).width = 60;

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
