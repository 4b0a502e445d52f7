import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWeather } from '@pvplan/engine';
import { describe, expect, it } from 'vitest';
import { decodeWeatherSeries, encodeWeatherSeries } from './weather-codec';
import { canonicalJson } from './weather-series-cache';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/weather');

describe('weather series codec', () => {
  it('round-trips every column, the header and NaN exactly (NASA POWER fill value → NaN)', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'nasa_power_hourly_beijing_2days.json'), 'utf8');
    const weather = parseWeather(text, { tzOffsetHours: 8 });
    const back = decodeWeatherSeries(encodeWeatherSeries(weather));
    expect(back.length).toBe(48);
    expect(back.format).toBe(weather.format);
    expect(back.site).toEqual(weather.site);
    expect(back.stepMinutes).toBe(weather.stepMinutes);
    expect(back.irradianceShiftMinutes).toBe(weather.irradianceShiftMinutes);
    // irradianceTimeOffsetHours is NaN for POWER: kept through JSON.
    expect(Number.isNaN(back.source.irradianceTimeOffsetHours)).toBe(true);
    expect(back.source).toEqual(weather.source);
    for (const column of ['year', 'month', 'day', 'hour', 'minute'] as const) {
      expect(Array.from(back[column])).toEqual(Array.from(weather[column]));
    }
    for (const column of [
      'ghiWm2',
      'dniWm2',
      'dhiWm2',
      'tempAirC',
      'windSpeedMs',
      'pressurePa',
      'albedo',
    ] as const) {
      expect(Array.from(back[column])).toEqual(Array.from(weather[column]));
    }
    // The fixture's one fill value (WS10M at 2023-06-02 03 UTC) stays missing.
    expect(Array.from(back.windSpeedMs).filter(Number.isNaN)).toHaveLength(1);
  });

  it('refuses bytes that are not a series', () => {
    expect(() => decodeWeatherSeries(Buffer.from('not gzip'))).toThrow();
  });

  it('gives equal cache keys for equal options in any key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      canonicalJson({ a: { d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
  });
});
