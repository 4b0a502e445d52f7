import { describe, expect, it } from 'vitest';
import type { QuotationList } from '../../../../../api/quotation';
import { economicsOf } from '../configParts';
import { NEW_ASSESSMENT_DEFAULTS, type NewAssessmentValues } from '../flowValues';
import {
  emptyLine,
  formUnitPriceOf,
  issueValues,
  itemsOfLines,
  linesOfItems,
  linesOfTemplate,
  lineTotalYuan,
  MAX_LINE_PRICE_YUAN,
  MAX_LINES,
  MAX_NAME_CHARS,
  MAX_QUANTITY,
  maxUnitPriceYuanOf,
  quotationInForce,
  quotationIssues,
  quotationTotalYuan,
  recordOfSaved,
  storageEnergyKwhOf,
  unitPriceIssue,
} from './quotationLines';

// A list shaped as early/getQuotationList answers it (server QUOTATION_TEMPLATES, no saved size).
const LIST: QuotationList = {
  kind: 'pv',
  sizeKw: null,
  unit: 'W',
  items: [
    {
      name: '光伏组件',
      nameEn: 'PV modules',
      unit: 'W',
      unitPriceYuan: 0.74,
      vatRate: 0.13,
      source: '',
      quantity: 1000,
    },
    {
      name: '逆变器',
      nameEn: 'Inverters',
      unit: 'W',
      unitPriceYuan: 0.18,
      vatRate: 0.13,
      source: '',
      quantity: 1000,
    },
    {
      name: '并网验收',
      nameEn: 'Grid acceptance',
      unit: 'set',
      unitPriceYuan: 5000,
      vatRate: 0.06,
      source: '',
      quantity: 1,
    },
  ],
  totalYuan: 0,
  unitPriceYuan: 0,
  saved: null,
};

describe('quotation lines', () => {
  it('sizes the per-W lines of the default quotation to the capacity, names in the UI language', () => {
    const lines = linesOfTemplate(LIST, 250, true);
    expect(lines.map((line) => line.quantity)).toEqual([250_000, 250_000, 1]);
    expect(lines.map((line) => line.name)).toEqual(['PV modules', 'Inverters', 'Grid acceptance']);
    expect(linesOfTemplate(LIST, 250, false)[0]?.name).toBe('光伏组件');
    expect(new Set(lines.map((line) => line.key)).size).toBe(3);
  });

  it('totals the lines by hand: 250 kWp × (0.74 + 0.18) + 5,000 = 235,000 yuan', () => {
    const lines = linesOfTemplate(LIST, 250, true);
    expect(lineTotalYuan(lines[0] as (typeof lines)[number])).toBeCloseTo(185_000, 9);
    expect(quotationTotalYuan(lines)).toBeCloseTo(235_000, 9);
    expect(lineTotalYuan({ quantity: null, unitPriceYuan: 3 })).toBe(0);
  });

  it('finds empty names, missing or negative numbers and a zero total, per line', () => {
    expect(quotationIssues([])).toEqual([{ code: 'noLines' }]);
    const blank = emptyLine('set');
    expect(quotationIssues([blank])).toEqual([
      { code: 'name', line: 0, field: 'name' },
      { code: 'unitPrice', line: 0, field: 'unitPriceYuan' },
    ]);
    const wrong = { ...blank, name: 'x', quantity: -1, unitPriceYuan: 2 };
    expect(quotationIssues([wrong])).toEqual([{ code: 'quantity', line: 0, field: 'quantity' }]);
    expect(quotationIssues([{ ...wrong, quantity: 0 }])).toEqual([{ code: 'zeroTotal' }]);
    expect(quotationIssues([{ ...wrong, quantity: 1 }])).toEqual([]);
    expect(quotationIssues([{ ...wrong, quantity: 1, name: 'x'.repeat(65) }])[0]?.code).toBe('nameLength');
  });

  it('makes contract items (trimmed name) and reads them back', () => {
    const lines = [{ ...emptyLine('套'), name: '  Fence ', quantity: 2, unitPriceYuan: 800 }];
    const items = itemsOfLines(lines);
    expect(items).toEqual([{ name: 'Fence', unit: '套', quantity: 2, unitPriceYuan: 800, vatRate: 0.13 }]);
    expect(itemsOfLines(linesOfItems(items))).toEqual(items);
  });

  it('rounds the unit price to the field’s four decimals and refuses one above 10 or without a size', () => {
    expect(formUnitPriceOf(2.987_654)).toBe(2.9877);
    // The contract takes PV up to 20 yuan/W, but the capex field's rule stops at 10; storage: 10 yuan/Wh.
    expect(maxUnitPriceYuanOf('pv')).toBe(10);
    expect(maxUnitPriceYuanOf('es')).toBe(10);
    for (const kind of ['pv', 'es'] as const) {
      expect(unitPriceIssue(2.9877, kind)).toBeNull();
      expect(unitPriceIssue(10.00004, kind)).toBeNull();
      expect(unitPriceIssue(10.0001, kind)).toBe('tooHigh');
      expect(unitPriceIssue(null, kind)).toBe('noSize');
    }
  });

  it('refuses what the contract refuses: too many lines, a long name, a quantity or price above its limit', () => {
    const line = { ...emptyLine('套'), name: 'Fence', quantity: 2, unitPriceYuan: 800 };
    expect(quotationIssues(Array.from({ length: MAX_LINES }, () => line))).toEqual([]);
    expect(quotationIssues(Array.from({ length: MAX_LINES + 1 }, () => line))).toEqual([
      { code: 'tooManyLines' },
    ]);
    expect(quotationIssues([{ ...line, name: 'x'.repeat(MAX_NAME_CHARS + 1) }])).toEqual([
      { code: 'nameLength', line: 0, field: 'name' },
    ]);
    expect(quotationIssues([{ ...line, quantity: MAX_QUANTITY }])).toEqual([]);
    expect(quotationIssues([{ ...line, quantity: MAX_QUANTITY * 1.01 }])).toEqual([
      { code: 'quantity', line: 0, field: 'quantity' },
    ]);
    expect(quotationIssues([{ ...line, unitPriceYuan: MAX_LINE_PRICE_YUAN * 1.01 }])).toEqual([
      { code: 'unitPrice', line: 0, field: 'unitPriceYuan' },
    ]);
    expect(issueValues({ code: 'tooManyLines' }, 'pv', 'en')).toEqual({ line: 1, max: '100', unit: 'W' });
    expect(issueValues({ code: 'nameLength', line: 2 }, 'es', 'en')).toEqual({
      line: 3,
      max: '64',
      unit: 'Wh',
    });
    expect(issueValues({ code: 'tooHigh' }, 'pv', 'en').max).toBe('10');
  });
});

describe('an applied quotation', () => {
  const items = itemsOfLines(linesOfTemplate(LIST, 100, false));
  // 100 kWp: 74,000 + 18,000 + 5,000 = 97,000 yuan = 0.97 yuan/W.
  const record = { items, sizeKw: 100, unitPriceYuan: 0.97 };

  it('is in force only for its size and while the field holds its unit price', () => {
    expect(quotationInForce(record, 0.97, 100)).toBe(true);
    expect(quotationInForce(record, 0.98, 100)).toBe(false);
    expect(quotationInForce(record, 0.97, 120)).toBe(false);
    expect(quotationInForce(record, 0.97, undefined)).toBe(false);
    expect(quotationInForce(undefined, 0.97, 100)).toBe(false);
    expect(quotationInForce({ ...record, items: [] }, 0.97, 100)).toBe(false);
  });

  it('goes with the economics while in force, and not after the capacity changed', () => {
    const values = {
      ...NEW_ASSESSMENT_DEFAULTS,
      sizing: 'capacity',
      capacityKwp: 100,
      pvCapexYuanPerW: 0.97,
      pvQuotation: record,
    } as NewAssessmentValues;
    expect(economicsOf(values, 'pv').pvQuotation).toEqual(items);
    expect(economicsOf({ ...values, capacityKwp: 120 }, 'pv').pvQuotation).toBeUndefined();
    expect(economicsOf({ ...values, pvCapexYuanPerW: 3 }, 'pv').pvQuotation).toBeUndefined();
    expect(economicsOf(values, 'es').pvQuotation).toBeUndefined();
  });

  it('is read back from a saved project, its size implied when the saved one is unknown', () => {
    expect(recordOfSaved(items, 0.97, 100)).toEqual(record);
    expect(recordOfSaved(items, 0.97, undefined)?.sizeKw).toBeCloseTo(100, 9);
    expect(recordOfSaved([], 0.97, 100)).toBeUndefined();
    expect(recordOfSaved(undefined, 0.97, 100)).toBeUndefined();
  });

  it('takes the storage size of a custom size or of the recommendation', () => {
    const recommendation = { energyKwh: 860 } as Parameters<typeof storageEnergyKwhOf>[1];
    expect(storageEnergyKwhOf({ storageSizing: 'custom', storageEnergyKwh: 430 }, recommendation)).toBe(430);
    expect(storageEnergyKwhOf({ storageSizing: 'recommend' }, recommendation)).toBe(860);
    expect(storageEnergyKwhOf({ storageSizing: 'recommend' }, null)).toBeNull();
    expect(storageEnergyKwhOf({ storageSizing: 'custom' }, recommendation)).toBeNull();
  });
});
