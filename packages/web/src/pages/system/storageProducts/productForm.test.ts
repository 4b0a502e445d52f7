import { STORAGE_PRODUCT_MESSAGES, storageProductSchema } from '@pvplan/contract';
import { STORAGE_CATALOGUE } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import { type MessageKey, messages } from '../../../locales/resources';
import {
  FORM_MESSAGE_OF,
  formOfProduct,
  groupedNumber,
  NEW_PRODUCT_VALUES,
  type ProductFormValues,
  productFieldMessage,
  productFormErrors,
  productFormIssues,
  productOfForm,
} from './productForm';

const zh = (key: MessageKey) => messages['zh-CN'][key];
const en = (key: MessageKey) => messages.en[key];

/** The engine's 215 kWh cabinet as the form shows it (percentages). */
const CABINET = STORAGE_CATALOGUE[0];
if (!CABINET) throw new Error('engine catalogue is empty');
const VALID: ProductFormValues = { ...formOfProduct(CABINET), id: 'acme-cab-1' };

describe('storage product form ↔ product', () => {
  it('shows fractions in percent and reads them back exactly (engine catalogue round trip)', () => {
    for (const product of STORAGE_CATALOGUE) {
      const form = formOfProduct(product);
      // 0.88 → 88 %, 0.05 → 5 %, 0.01/yr → 1 %/yr: no binary noise (0.88 × 100 = 88.00000000000001 in JS).
      expect(form).toMatchObject({
        roundTripEfficiencyPercent: 88,
        socMinPercent: 5,
        socMaxPercent: 95,
        endOfLifeSohPercent: 70,
        calendarFadePercentPerYear: 1,
        refDodPercent: 100,
      });
      expect(storageProductSchema.parse(productOfForm(form))).toEqual(product);
      expect(productFormIssues(form)).toEqual([]);
    }
  });

  it('starts a new product on the class defaults, which pass once named and rated', () => {
    const filled = {
      ...NEW_PRODUCT_VALUES,
      id: 'x1',
      labelZh: '柜',
      labelEn: 'Cab',
      powerKw: 50,
      energyKwh: 100,
    };
    expect(productFormIssues(filled)).toEqual([]);
    expect(productFormIssues(NEW_PRODUCT_VALUES).map((issue) => issue.field)).toEqual([
      'id',
      'labelZh',
      'labelEn',
      'powerKw',
      'energyKwh',
    ]);
  });
});

describe('storage product form validation mapping (the server’s checks, on the form’s fields)', () => {
  const cases: Array<[string, Partial<ProductFormValues>, keyof ProductFormValues, MessageKey]> = [
    ['power 0 kW', { powerKw: 0 }, 'powerKw', 'devices.validation.powerKw'],
    ['power empty', { powerKw: null }, 'powerKw', 'devices.validation.powerKw'],
    ['energy −1 kWh', { energyKwh: -1 }, 'energyKwh', 'devices.validation.energyKwh'],
    [
      'round trip 0 %',
      { roundTripEfficiencyPercent: 0 },
      'roundTripEfficiencyPercent',
      'devices.validation.roundTripEfficiencyPercent',
    ],
    [
      'round trip 101 %',
      { roundTripEfficiencyPercent: 101 },
      'roundTripEfficiencyPercent',
      'devices.validation.roundTripEfficiencyPercent',
    ],
    ['SOC min −1 %', { socMinPercent: -1 }, 'socMinPercent', 'devices.validation.socMinPercent'],
    ['SOC max 120 %', { socMaxPercent: 120 }, 'socMaxPercent', 'devices.validation.socMaxPercent'],
    [
      'SOC min above max',
      { socMinPercent: 90, socMaxPercent: 10 },
      'socMaxPercent',
      'devices.validation.socOrder',
    ],
    [
      'SOC min equal to max',
      { socMinPercent: 50, socMaxPercent: 50 },
      'socMaxPercent',
      'devices.validation.socOrder',
    ],
    ['C-rate 0', { maxCRate: 0 }, 'maxCRate', 'devices.validation.maxCRate'],
    ['cycle life 0', { cycleLifeAtRefDod: 0 }, 'cycleLifeAtRefDod', 'devices.validation.cycleLifeAtRefDod'],
    [
      'EOL SOH 100 %',
      { endOfLifeSohPercent: 100 },
      'endOfLifeSohPercent',
      'devices.validation.endOfLifeSohPercent',
    ],
    [
      'EOL SOH 0 %',
      { endOfLifeSohPercent: 0 },
      'endOfLifeSohPercent',
      'devices.validation.endOfLifeSohPercent',
    ],
    [
      'calendar fade 10.5 %/yr',
      { calendarFadePercentPerYear: 10.5 },
      'calendarFadePercentPerYear',
      'devices.validation.calendarFadePercentPerYear',
    ],
    [
      'calendar fade −0.1 %/yr',
      { calendarFadePercentPerYear: -0.1 },
      'calendarFadePercentPerYear',
      'devices.validation.calendarFadePercentPerYear',
    ],
    ['DoD 0 %', { refDodPercent: 0 }, 'refDodPercent', 'devices.validation.refDodPercent'],
    ['id with a space', { id: 'bad id' }, 'id', 'devices.validation.id'],
    ['Chinese name empty', { labelZh: '  ' }, 'labelZh', 'devices.validation.labelZh'],
    ['English name with <', { labelEn: '<script>' }, 'labelEn', 'devices.validation.labelEn'],
  ];

  it.each(cases)('%s → an error on that field, and only there', (_name, change, field, key) => {
    const values = { ...VALID, ...change };
    expect(productFormIssues(values)).toEqual([{ field, message: key }]);
    expect(productFieldMessage(values, field)).toBe(key);
    const errors = productFormErrors(values, zh);
    expect(errors).toEqual([{ name: field, errors: [zh(key)] }]);
    // The bounds as the administrator typed them: percent, not the server's fractions.
    if (key.endsWith('Percent')) expect(`${zh(key)} ${en(key)}`).toMatch(/%/);
  });

  it('keeps boundary values that are physical (SOC 0–100 %, round trip 100 %, fade 10 %/yr)', () => {
    const edge = {
      ...VALID,
      socMinPercent: 0,
      socMaxPercent: 100,
      roundTripEfficiencyPercent: 100,
      calendarFadePercentPerYear: 10,
      endOfLifeSohPercent: 0.1,
    };
    expect(productFormIssues(edge)).toEqual([]);
  });

  it('collects several broken fields at once, one entry per field', () => {
    const errors = productFormErrors(
      { ...VALID, powerKw: 0, energyKwh: 0, socMinPercent: 95, socMaxPercent: 5 },
      en,
    );
    expect(errors.map((e) => e.name)).toEqual(['powerKw', 'energyKwh', 'socMaxPercent']);
    expect(errors[2]?.errors).toEqual([en('devices.validation.socOrder')]);
  });

  it('has a form message, in both languages, for every check the contract makes', () => {
    for (const contractKey of Object.values(STORAGE_PRODUCT_MESSAGES)) {
      const formKey = FORM_MESSAGE_OF[contractKey];
      expect(formKey, contractKey).toBeDefined();
      expect(zh(formKey), formKey).toBeTruthy();
      expect(en(formKey), formKey).toBeTruthy();
    }
  });

  it('groups ratings and counts in thousands, decimals as entered', () => {
    expect(groupedNumber(2500)).toBe('2,500');
    expect(groupedNumber(10_000_000)).toBe('10,000,000');
    expect(groupedNumber(261)).toBe('261');
    expect(groupedNumber(0.5)).toBe('0.5');
    expect(groupedNumber(1234.25)).toBe('1,234.25');
  });
});
