import { BILL_FIELD_NAMES, type BillFields, emptyBillFields } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { BILL_FIELD_SPECS, correctionsOf, formValuesOf, isRecognising } from './billForm';

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
