import { describe, expect, it } from 'vitest';
import { preferenceOf, weatherChoiceOf } from './weatherChoice';

describe('weather choice of the project', () => {
  it('maps the picker kinds onto the config sources and back', () => {
    expect(weatherChoiceOf({ kind: 'file', datasetId: 42 })).toEqual({ source: 'file', datasetId: '42' });
    expect(weatherChoiceOf({ kind: 'nasa_power', year: 2023, fallback: true })).toEqual({
      source: 'nasaPower',
    });
    expect(weatherChoiceOf({ kind: 'pvgis' })).toEqual({ source: 'pvgis' });
    expect(weatherChoiceOf({ kind: 'climatology' })).toEqual({ source: 'climatology' });
    expect(preferenceOf({ source: 'file', datasetId: '42' })).toEqual({ kind: 'file', datasetId: 42 });
    expect(preferenceOf({ source: 'nasaPower' })).toEqual({ kind: 'nasa_power' });
    expect(preferenceOf(undefined)).toEqual({ kind: 'climatology' });
  });
});
