import { BILL_FIELD_NAMES, type BillFields, emptyBillFields } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import {
  BILL_FIELD_SPECS,
  correctionsOf,
  displayUnitOf,
  formValuesOf,
  groupedInputText,
  isRecognising,
  numberInputText,
  parseGroupedInput,
} from './billForm';

const recognised: BillFields = {
  ...emptyBillFields(),
  grid: 'stateGrid',
  accountNo: '3301865502171',
  billMonth: '2026-08',
  peakKwh: 45_726,
  powerFactor: 0.96,
  pfAdjustmentYuan: -1073.44,
};

describe('bill review form', () => {
  it('has an input for every field of a bill, once', () => {
    expect(BILL_FIELD_SPECS.map((spec) => spec.name).sort()).toEqual([...BILL_FIELD_NAMES].sort());
  });

  it('shows money fields in yuan and energy fields in kWh', () => {
    const unitOf = (name: string) => {
      const input = BILL_FIELD_SPECS.find((spec) => spec.name === name)?.input;
      return input?.kind === 'number' ? input.unit : undefined;
    };
    for (const { name } of BILL_FIELD_SPECS.filter((spec) => spec.name.endsWith('Yuan'))) {
      expect(unitOf(name), name).toBe('yuan');
    }
    expect(unitOf('totalKwh')).toBe('kWh');
    expect(unitOf('powerFactor')).toBeUndefined();
  });

  it('shows the basic price per kVA or per kW a month, as the basis says', () => {
    const basicPrice = BILL_FIELD_SPECS.find((spec) => spec.name === 'basicPriceYuan')!;
    expect(displayUnitOf(basicPrice, 'capacity')).toBe('yuanPerKvaMonth');
    expect(displayUnitOf(basicPrice, 'demand')).toBe('yuanPerKwMonth');
    expect(displayUnitOf(basicPrice, null)).toBeUndefined();
    const total = BILL_FIELD_SPECS.find((spec) => spec.name === 'totalKwh')!;
    expect(displayUnitOf(total, 'demand')).toBe('kWh');
  });

  it('writes numbers in the inputs with thousands separators and reads them back', () => {
    expect(groupedInputText(153599)).toBe('153,599');
    expect(groupedInputText('-1073.44')).toBe('-1,073.44');
    expect(groupedInputText('0.96')).toBe('0.96');
    expect(groupedInputText('1234.5678')).toBe('1,234.5678');
    expect(groupedInputText(undefined)).toBe('');
    expect(parseGroupedInput('1,234,567.89')).toBe('1234567.89');
    const shown = { userTyping: false, input: '' };
    expect(numberInputText(149148.2, 2, shown)).toBe('149,148.20');
    expect(numberInputText('0.9', 2, shown)).toBe('0.90');
    expect(numberInputText(undefined, 0, shown)).toBe('');
    expect(numberInputText(1234, 0, { userTyping: true, input: '1234' })).toBe('1234');
  });

  it('starts from the fields in use, empty inputs for missing values', () => {
    const values = formValuesOf(recognised);
    expect(values.peakKwh).toBe(45_726);
    expect(values.sharpKwh).toBeUndefined();
  });

  it('turns the form into corrections: changed and emptied fields only', () => {
    const values = {
      ...formValuesOf(recognised),
      peakKwh: 45_000,
      accountNo: ' 3301865502171 ',
      powerFactor: undefined,
      sharpKwh: 11_653,
    };
    expect(correctionsOf(values, recognised)).toEqual({
      peakKwh: 45_000,
      powerFactor: null,
      sharpKwh: 11_653,
    });
  });

  it('makes no correction when a value is put back to the recognised one', () => {
    expect(correctionsOf(formValuesOf(recognised), recognised)).toEqual({});
  });

  it('knows when recognition is still going', () => {
    expect(isRecognising('queued')).toBe(true);
    expect(isRecognising('recognising')).toBe(true);
    expect(isRecognising('failed')).toBe(false);
  });
});
