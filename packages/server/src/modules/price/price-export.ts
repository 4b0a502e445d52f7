import {
  type AreaPriceInfo,
  formatMessage,
  type Language,
  type MessageKey,
  TOU_PERIOD_NAMES,
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
  return `${formatMessage(language, 'price.export.fileName')}_${info.areaName}_${month}.xlsx`;
}

/**
 * early/exportAreaPriceInfo: the price search result as a workbook with three sheets — the price
 * table (with source), the 12 × 48 TOU grid (period names, coloured), and each month's periods with
 * hours, clock ranges and the selected row's prices.
 */
export async function buildPriceWorkbook(info: AreaPriceInfo, language: Language): Promise<Buffer> {
  const t = (key: MessageKey) => formatMessage(language, key);
  const periodName = (code: number) => t(`price.period.${code}` as MessageKey);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PVPlan';
  workbook.created = new Date(0);

  const prices = workbook.addWorksheet(t('price.export.sheetPrices'));
  prices.addRow([t('price.export.area'), info.areaPath.map((part) => part.name).join(' / ')]);
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

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
