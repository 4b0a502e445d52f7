/**
 * Built-in climatology table (src/climate/stations.ts): every station has 12 monthly values of
 * GHI, temperature and wind in physically plausible ranges, a position inside China, and every
 * figure's source is documented in src/climate/SOURCES.md. Reads SOURCES.md, so it lives in test/.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLIMATE_STATIONS, dailyExtraterrestrialWhM2 } from '../src/climate/index.js';

const SOURCES_MD = readFileSync(fileURLToPath(new URL('../src/climate/SOURCES.md', import.meta.url)), 'utf8');
/** Mid-month day of year (non-leap year). */
const MID_MONTH_DOY = [15, 46, 74, 105, 135, 166, 196, 227, 258, 288, 319, 349];

describe.each(CLIMATE_STATIONS.map((s) => [s.nameEn, s] as const))('station %s', (_name, s) => {
  it('has 12 finite monthly values of GHI, temperature, diurnal range and wind', () => {
    for (const arr of [s.ghiKwhM2Day, s.tempAirC, s.tempAirRangeC, s.windSpeedMs, s.ghiDaysSampled]) {
      expect(arr).toHaveLength(12);
      for (const v of arr) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('lies inside mainland China (18–54° N, 73–136° E) at a plausible height', () => {
    expect(s.latitudeDeg).toBeGreaterThanOrEqual(18);
    expect(s.latitudeDeg).toBeLessThanOrEqual(54);
    expect(s.longitudeDeg).toBeGreaterThanOrEqual(73);
    expect(s.longitudeDeg).toBeLessThanOrEqual(136);
    expect(s.elevationM).toBeGreaterThan(-200);
    expect(s.elevationM).toBeLessThan(5500);
  });

  it('keeps monthly GHI between 3 % and 85 % of the extraterrestrial irradiation (clearness index)', () => {
    // K̄T outside 0.03–0.85 does not occur in monthly means anywhere on Earth (Duffie & Beckman §2.9).
    for (let m = 0; m < 12; m++) {
      const h0KwhM2Day = dailyExtraterrestrialWhM2(s.latitudeDeg, MID_MONTH_DOY[m]!) / 1000;
      const kt = s.ghiKwhM2Day[m]! / h0KwhM2Day;
      expect(kt, `month ${m + 1}`).toBeGreaterThan(0.03);
      expect(kt, `month ${m + 1}`).toBeLessThan(0.85);
    }
  });

  it('keeps temperature, diurnal range and wind in plausible ranges', () => {
    for (let m = 0; m < 12; m++) {
      expect(s.tempAirC[m]).toBeGreaterThan(-40);
      expect(s.tempAirC[m]).toBeLessThan(40);
      expect(s.tempAirRangeC[m]).toBeGreaterThan(0);
      expect(s.tempAirRangeC[m]).toBeLessThan(30);
      expect(s.windSpeedMs[m]).toBeGreaterThan(0);
      expect(s.windSpeedMs[m]).toBeLessThan(15);
    }
    // Summer is warmer than winter in the northern hemisphere.
    expect(s.tempAirC[6]).toBeGreaterThan(s.tempAirC[0]);
  });

  it('rests every monthly GHI on at least 20 sampled days', () => {
    for (const n of s.ghiDaysSampled) expect(n).toBeGreaterThanOrEqual(20);
  });

  it('names sources that SOURCES.md documents, and SOURCES.md lists the station', () => {
    for (const id of [s.sources.ghi, s.sources.temperature, s.sources.wind]) {
      expect(SOURCES_MD).toContain(`\`${id}\``);
    }
    expect(SOURCES_MD).toContain(s.stationId);
    expect(SOURCES_MD).toContain(s.nameEn);
  });
});

describe('station table', () => {
  it('has unique ids and station numbers', () => {
    expect(new Set(CLIMATE_STATIONS.map((s) => s.id)).size).toBe(CLIMATE_STATIONS.length);
    expect(new Set(CLIMATE_STATIONS.map((s) => s.stationId)).size).toBe(CLIMATE_STATIONS.length);
  });
});
