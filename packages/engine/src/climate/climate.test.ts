import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import {
  CLIMATE_STATIONS,
  type ClimateStation,
  clearnessIndexMaxHollandsHuget,
  climateAt,
  dailyDiffuseFractionErbs,
  dailyExtraterrestrialWhM2,
  declinationSpencerRad,
  EARTH_MEAN_RADIUS_KM,
  equationOfTimeSpencerMin,
  greatCircleDistanceKm,
  hourlyFractionCollaresPereiraRabl,
  hourlyFractionLiuJordan,
  type Monthly12,
  mulberry32,
  nearestClimateStations,
  normalCdf,
  synthesizeHourlyYear,
} from './index.js';

const DAYS_2023 = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DEG = Math.PI / 180;

function expectCode(fn: () => unknown, code: string) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EngineInputError);
    expect((e as EngineInputError).code).toBe(code);
    return;
  }
  throw new Error('expected an EngineInputError');
}

describe('built-in climatology table', () => {
  it('holds the 8 original stations plus the coverage extension, 12 finite monthly values each, unique ids', () => {
    expect(CLIMATE_STATIONS.length).toBeGreaterThan(8);
    for (const id of [
      'beijing',
      'shanghai',
      'guangzhou',
      'chengdu',
      'lhasa',
      'urumqi',
      'harbin',
      'kunming',
    ]) {
      expect(CLIMATE_STATIONS.some((s) => s.id === id)).toBe(true);
    }
    expect(new Set(CLIMATE_STATIONS.map((s) => s.id)).size).toBe(CLIMATE_STATIONS.length);
    // All 31 mainland provincial-level capitals (SOURCES.md, "Coverage gap") plus 50 other cities:
    // Qingdao, Dalian, Xiamen and Ningbo (second session), the 25 of the third session, the 17 of
    // the fourth session and those of the sixth session.
    const capitals = [
      ...['beijing', 'tianjin', 'shanghai', 'chongqing', 'shijiazhuang', 'taiyuan', 'hohhot', 'shenyang'],
      ...['changchun', 'harbin', 'nanjing', 'hangzhou', 'hefei', 'fuzhou', 'nanchang', 'jinan'],
      ...['zhengzhou', 'wuhan', 'changsha', 'guangzhou', 'nanning', 'haikou', 'chengdu', 'guiyang'],
      ...['kunming', 'lhasa', 'xian', 'lanzhou', 'xining', 'yinchuan', 'urumqi'],
    ];
    expect(capitals).toHaveLength(31);
    const others = [
      ...['qingdao', 'dalian', 'xiamen', 'ningbo'],
      ...['suzhou', 'xuzhou', 'wenzhou', 'shaoxing', 'zhoushan', 'quzhou', 'shantou', 'shaoguan', 'weifang'],
      ...['cangzhou', 'datong', 'xiangyang', 'yichang', 'ganzhou', 'jian', 'jingdezhen', 'guilin', 'qinzhou'],
      ...['nanchong', 'yulin-shaanxi', 'chifeng', 'jiuquan', 'kashgar', 'turpan', 'hami'],
      ...[
        'yanan',
        'hanzhong',
        'pingliang',
        'tianshui',
        'dunhuang',
        'yining',
        'tongliao',
        'chaoyang-liaoning',
      ],
      ...['jinzhou', 'qiqihar', 'mudanjiang', 'jixi', 'yanbian', 'hulunbuir', 'lishui', 'nanping', 'siping'],
      // Sixth session: temperatures from CMA normals reproduced in Wikipedia climate boxes.
      ...['dazhou', 'yushu', 'changde', 'baotou'],
    ];
    expect(others).toHaveLength(50);
    for (const id of [...capitals, ...others])
      expect(
        CLIMATE_STATIONS.some((s) => s.id === id),
        id,
      ).toBe(true);
    expect(CLIMATE_STATIONS).toHaveLength(81);
    // Every station carries a prefecture-level (or provincial-level) GB/T 2260 code, unique per city,
    // except Dunhuang, a county-level city of Jiuquan (620982; Jiuquan itself holds 620900).
    const countyLevel = new Map([['dunhuang', 620982]]);
    for (const s of CLIMATE_STATIONS) {
      if (countyLevel.has(s.id)) expect(s.adcode, s.id).toBe(countyLevel.get(s.id));
      else expect(s.adcode % 100, s.id).toBe(0);
    }
    expect(new Set(CLIMATE_STATIONS.map((s) => s.adcode)).size).toBe(CLIMATE_STATIONS.length);
    for (const s of CLIMATE_STATIONS) {
      for (const arr of [s.ghiKwhM2Day, s.tempAirC, s.tempAirRangeC, s.windSpeedMs, s.ghiDaysSampled]) {
        expect(arr.length).toBe(12);
        for (const v of arr) expect(Number.isFinite(v)).toBe(true);
      }
      // Every month's GHI rests on at least 20 sampled days (CDSRD daily values).
      for (const n of s.ghiDaysSampled) expect(n).toBeGreaterThanOrEqual(20);
    }
  });

  it('keeps the transcribed Beijing (CDSRD 54511) values', () => {
    // January: mean of the 124 January days sampled (1970, 1996, 2001, 2013) = 7.326 MJ/m²/day → /3.6
    // (test/climate.test.ts recomputes every month from data/cdsrd-daily-ghi-samples.txt).
    const bj = CLIMATE_STATIONS.find((s) => s.id === 'beijing')!;
    expect(bj.stationId).toBe('54511');
    expect(bj.ghiDaysSampled[0]).toBe(124);
    expect(bj.ghiKwhM2Day[0]).toBeCloseTo(2.035, 3);
    // Aladdin weather.csv, Beijing January: low −9 °C, high 1 °C → mean −4, range 10.
    expect(bj.tempAirC[0]).toBe(-4);
    expect(bj.tempAirRangeC[0]).toBe(10);
    // NASA SSE 50 m annual wind 3.61 m/s × (10/50)^(1/7) = 2.868 m/s.
    expect(bj.windSpeedMs[0]).toBeCloseTo(3.61 * 0.2 ** (1 / 7), 2);
  });
});

describe('greatCircleDistanceKm (haversine)', () => {
  // Analytic references on a sphere of radius R = 6371.0088 km.
  it('gives a quarter meridian = πR/2 and an equatorial degree = πR/180', () => {
    expect(EARTH_MEAN_RADIUS_KM).toBe(6371.0088);
    expect(greatCircleDistanceKm(0, 0, 90, 0)).toBeCloseTo(10007.557221, 5);
    expect(greatCircleDistanceKm(0, 10, 0, 11)).toBeCloseTo(111.19508, 5);
  });
  it('gives πR between antipodes and R·acos(0.75) between (60 N, 0) and (60 N, 90 E)', () => {
    expect(greatCircleDistanceKm(0, 0, 0, 180)).toBeCloseTo(20015.114442, 5);
    // cos c = sin²60° + cos²60°·cos 90° = 0.75 (spherical law of cosines, worked by hand)
    expect(greatCircleDistanceKm(60, 0, 60, 90)).toBeCloseTo(4604.546253, 5);
  });
  it('is symmetric and zero for identical points', () => {
    expect(greatCircleDistanceKm(31.2, 121.5, 39.9, 116.4)).toBeCloseTo(
      greatCircleDistanceKm(39.9, 116.4, 31.2, 121.5),
      9,
    );
    expect(greatCircleDistanceKm(25, 102.65, 25, 102.65)).toBe(0);
  });
});

/** A two-station table on the 100° E meridian: distances along a meridian are |Δlat|·πR/180. */
function pairTable(): ClimateStation[] {
  const mk = (id: string, lat: number, v: number): ClimateStation => ({
    id,
    nameZh: id,
    nameEn: id,
    provinceZh: '',
    provinceEn: '',
    adcode: 0,
    stationId: id,
    stationNameZh: id,
    latitudeDeg: lat,
    longitudeDeg: 100,
    elevationM: v * 100,
    ghiKwhM2Day: Array(12).fill(v) as unknown as Monthly12,
    ghiDaysSampled: Array(12).fill(30) as unknown as Monthly12,
    ghiSample: '',
    tempAirC: Array(12).fill(v * 2) as unknown as Monthly12,
    tempAirRangeC: Array(12).fill(10) as unknown as Monthly12,
    windSpeed50mMs: v,
    windSpeedMs: Array(12).fill(v) as unknown as Monthly12,
    sources: { ghi: 'CDSRD', temperature: 'ALADDIN_WEATHER_CSV', wind: 'NASA_SSE_VIA_SERG_ACES' },
  });
  return [mk('a', 0, 4), mk('b', 3, 6)];
}

describe('nearestClimateStations', () => {
  it('ranks by distance and reports distances', () => {
    const near = nearestClimateStations(1, 100, 2, pairTable());
    expect(near.map((s) => s.station.id)).toEqual(['a', 'b']);
    expect(near[0]!.distanceKm).toBeCloseTo(111.19508, 5);
    expect(near[1]!.distanceKm).toBeCloseTo(2 * 111.19508, 5);
  });
  it('finds the built-in station itself first, at distance 0', () => {
    for (const s of CLIMATE_STATIONS) {
      const near = nearestClimateStations(s.latitudeDeg, s.longitudeDeg, 3);
      expect(near[0]!.station.id).toBe(s.id);
      expect(near[0]!.distanceKm).toBe(0);
      expect(near[1]!.distanceKm).toBeGreaterThan(0);
    }
  });
  it('resolves a city-centre coordinate to that city’s own station (coverage extension)', () => {
    // City centres (Aladdin weather.csv coordinates) vs the CDSRD station positions in stations.ts,
    // for the cities of the coverage extension that have a CDSRD station of their own.
    const cases: [string, number, number][] = [
      ['nanjing', 32.06, 118.8], // Xinjiekou; station 58238 at 31.93 N 118.90 E
      ['hangzhou', 30.27, 120.16],
      ['jinan', 36.65, 117.12],
      ['zhengzhou', 34.75, 113.63],
      ['wuhan', 30.59, 114.31], // station 57494 lies ~25 km west of the centre
      ['changsha', 28.23, 112.94],
      ['hefei', 31.82, 117.23],
      ['fuzhou', 26.07, 119.3],
      ['nanchang', 28.68, 115.86],
      ['shenyang', 41.81, 123.43],
      ['changchun', 43.82, 125.32],
      ['taiyuan', 37.87, 112.55], // station 53772 lies ~28 km south of the centre
      ['tianjin', 39.08, 117.2], // station 54527 lies ~13 km west of the centre
      ['chongqing', 29.56, 106.55],
      ['nanning', 22.82, 108.37], // station 59431 lies ~26 km south-west of the centre
      ['guiyang', 26.65, 106.63],
      ['haikou', 20.04, 110.2],
      ['hohhot', 40.84, 111.75], // station 53463 lies ~15 km west of the centre
      ['yinchuan', 38.49, 106.23],
      ['xining', 36.62, 101.78], // station 52866 lies ~13 km north of the centre
      ['qingdao', 36.07, 120.38],
      ['dalian', 38.91, 121.61],
      ['xiamen', 24.48, 118.09],
      ['ningbo', 29.87, 121.54],
      // Third session (SOURCES.md, "Coverage extension"); Aladdin weather.csv city coordinates.
      ['xuzhou', 34.21, 117.28], // station 58027 lies ~15 km north-west of the centre
      ['wenzhou', 27.99, 120.7],
      ['shaoxing', 30.0, 120.59], // Hangzhou's station is 48 km away: weight of Shaoxing 0.93
      ['zhoushan', 29.99, 122.21],
      ['quzhou', 28.97, 118.86],
      ['shantou', 23.35, 116.68],
      ['shaoguan', 24.81, 113.6], // station 59082 lies ~16 km south of the centre
      ['weifang', 36.71, 119.16],
      ['cangzhou', 38.3, 116.84],
      ['datong', 40.08, 113.3],
      ['xiangyang', 32.01, 112.12],
      ['yichang', 30.69, 111.29],
      ['ganzhou', 25.83, 114.93],
      ['jian', 27.09, 114.96],
      ['jingdezhen', 29.27, 117.18],
      ['guilin', 25.23, 110.18], // station 57957 lies ~15 km north-east of the centre
      ['qinzhou', 21.98, 108.65],
      ['nanchong', 30.84, 106.11],
      ['yulin-shaanxi', 38.29, 109.73],
      ['chifeng', 42.26, 118.89],
      ['jiuquan', 39.73, 98.49],
      ['kashgar', 39.47, 75.99], // station 51709 lies ~21 km west of the centre
      ['turpan', 42.95, 89.19],
      ['hami', 42.82, 93.52], // station 52203 lies 0.5 km away: an exact hit (weight 1)
      // Fourth session (SOURCES.md, "Coverage extension"); Aladdin weather.csv city coordinates.
      ['yanan', 36.59, 109.49],
      ['hanzhong', 33.07, 107.02],
      ['pingliang', 35.54, 106.67],
      ['dunhuang', 40.14, 94.66],
      ['yining', 43.98, 81.53], // station 51431 lies ~16 km west of the centre
      ['tongliao', 43.65, 122.24],
      ['chaoyang-liaoning', 41.57, 120.45],
      ['jinzhou', 41.1, 121.13],
      ['qiqihar', 47.35, 123.92],
      ['mudanjiang', 44.55, 129.63],
      ['jixi', 45.3, 130.97],
      ['yanbian', 42.91, 129.47], // Yanji, the seat of Yanbian prefecture
      ['hulunbuir', 49.21, 119.77], // Hailar, the seat of Hulunbuir
    ];
    for (const [id, lat, lon] of cases) {
      const [first, second] = nearestClimateStations(lat, lon, 2);
      expect(first!.station.id, id).toBe(id);
      expect(first!.distanceKm, id).toBeLessThan(30);
      expect(second!.distanceKm, id).toBeGreaterThan(first!.distanceKm);
      // Inverse-distance weighting then gives the city's own station the dominant weight.
      const c = climateAt(lat, lon);
      expect(c.stations[0]!.id, id).toBe(id);
      expect(c.stations[0]!.weight, id).toBeGreaterThan(0.9);
    }
    // Nanjing, worked by hand: haversine from (32.06, 118.8) to (31.9333, 118.9) ≈ 16.9 km.
    const [nj] = nearestClimateStations(32.06, 118.8, 1);
    expect(nj!.distanceKm).toBeCloseTo(16.9, 0);
  });
  it('labels the substitute stations (Shijiazhuang, Xi’an, Lanzhou, Suzhou, Tianshui, Lishui, Nanping, Siping)', () => {
    // CDSRD has no file for these cities' own stations (SOURCES.md, "Coverage gap"); the nearest
    // CDSRD station stands in (for Suzhou: 58356 Kunshan, a county-level city of Suzhou). Its name and its distance from the city centre (Aladdin weather.csv
    // coordinates) must be on the entry, and the distance must be the real one.
    const cases: [string, number, number, string][] = [
      ['shijiazhuang', 38.04, 114.51, 'Xingtai'],
      ['xian', 34.34, 108.94, 'Wugong'],
      ['lanzhou', 36.06, 103.83, 'Gaolan'],
      ['suzhou', 31.3, 120.59, 'Kunshan'],
      // Fourth session: 57014 Maiji (a district of Tianshui), 58642 Wuyi, 58737 Jian'ou, 54243 Changtu.
      ['tianshui', 34.58, 105.73, 'Maiji'],
      ['lishui', 28.47, 119.92, 'Wuyi'],
      ['nanping', 26.64, 118.18, "Jian'ou"],
      ['siping', 43.17, 124.35, 'Changtu'],
    ];
    for (const [id, lat, lon, stationNameEn] of cases) {
      const s = CLIMATE_STATIONS.find((x) => x.id === id)!;
      expect(s.substitute?.stationNameEn, id).toBe(stationNameEn);
      expect(s.nameEn, id).toContain(`${stationNameEn} station`);
      const dKm = greatCircleDistanceKm(lat, lon, s.latitudeDeg, s.longitudeDeg);
      expect(Math.abs(dKm - s.substitute!.cityCentreDistanceKm), id).toBeLessThan(0.5);
      expect(s.nameEn, id).toContain(`${Math.round(dKm)} km`);
      // The city centre still resolves to its substitute station first.
      expect(nearestClimateStations(lat, lon, 1)[0]!.station.id, id).toBe(id);
    }
    // Every other station is its city's own station.
    expect(CLIMATE_STATIONS.filter((s) => s.substitute).map((s) => s.id)).toEqual([
      'shijiazhuang',
      'xian',
      'lanzhou',
      'suzhou',
      'tianshui',
      'lishui',
      'nanping',
      'siping',
    ]);
  });
  it('rejects an invalid position or count', () => {
    expectCode(() => nearestClimateStations(95, 100), 'CLIMATE_INVALID');
    expectCode(() => nearestClimateStations(30, 200), 'CLIMATE_INVALID');
    expectCode(() => nearestClimateStations(30, 100, 0), 'CLIMATE_INVALID');
  });
});

describe('climateAt (inverse-distance weighting)', () => {
  it('weights 1/d²: one third of the way from a to b gives w_a = 0.8, w_b = 0.2', () => {
    // d_a = 1°, d_b = 2° → w_a = (1/1)/(1/1 + 1/4) = 0.8 (worked by hand)
    const c = climateAt(1, 100, { stations: pairTable() });
    expect(c.stations.map((s) => s.id)).toEqual(['a', 'b']);
    expect(c.stations[0]!.weight).toBeCloseTo(0.8, 12);
    expect(c.stations[1]!.weight).toBeCloseTo(0.2, 12);
    expect(c.ghiKwhM2Day[5]).toBeCloseTo(4 * 0.8 + 6 * 0.2, 12); // 4.4
    expect(c.tempAirC[0]).toBeCloseTo(8 * 0.8 + 12 * 0.2, 12); // 8.8
    expect(c.elevationM).toBeCloseTo(400 * 0.8 + 600 * 0.2, 9);
    expect(c.elevationSpreadM).toBe(200);
  });
  it('weights 1/d with power 1 and 0.5/0.5 at the midpoint', () => {
    expect(climateAt(1, 100, { stations: pairTable(), power: 1 }).stations[0]!.weight).toBeCloseTo(2 / 3, 12);
    expect(climateAt(1.5, 100, { stations: pairTable() }).ghiKwhM2Day[0]).toBeCloseTo(5, 9);
  });
  it('returns a station alone on an exact hit', () => {
    const kunming = CLIMATE_STATIONS.find((s) => s.id === 'kunming')!;
    const c = climateAt(kunming.latitudeDeg, kunming.longitudeDeg);
    expect(c.stations).toHaveLength(1);
    expect(c.stations[0]!.weight).toBe(1);
    expect(c.ghiKwhM2Day).toEqual([...kunming.ghiKwhM2Day]);
    expect(c.tempAirC).toEqual([...kunming.tempAirC]);
    expect(c.nearestDistanceKm).toBe(0);
  });
  it('blends the built-in stations elsewhere (weights sum to 1, values inside the stations’ range)', () => {
    const c = climateAt(34.26, 108.94); // Xi'an: no station of its own
    expect(c.stations.length).toBe(4);
    expect(c.stations.reduce((a, s) => a + s.weight, 0)).toBeCloseTo(1, 12);
    for (let m = 0; m < 12; m++) {
      const used = c.stations.map((s) => CLIMATE_STATIONS.find((t) => t.id === s.id)!.ghiKwhM2Day[m]!);
      expect(c.ghiKwhM2Day[m]).toBeGreaterThanOrEqual(Math.min(...used) - 1e-12);
      expect(c.ghiKwhM2Day[m]).toBeLessThanOrEqual(Math.max(...used) + 1e-12);
    }
  });
  it('rejects a non-positive power', () => {
    expectCode(() => climateAt(30, 100, { power: 0 }), 'CLIMATE_INVALID');
  });
});

describe('day-level solar geometry', () => {
  it('Spencer equation of time on 1 January = 229.18·(0.000075 + 0.001868 − 0.014615) min', () => {
    expect(equationOfTimeSpencerMin(1)).toBeCloseTo(-2.904169, 5);
  });
  it('Spencer declination near the June solstice is 23.44° ± 0.05°', () => {
    expect(declinationSpencerRad(172) / DEG).toBeCloseTo(23.44, 1);
  });
  it('H0 at 43° N on 15 April ≈ 33.8 MJ/m² (Duffie & Beckman, Example 1.10.1)', () => {
    // The book uses Gsc = 1367 W/m² and Cooper's declination; 1 % covers the model differences.
    const mj = (dailyExtraterrestrialWhM2(43, 105) * 3600) / 1e6;
    expect(Math.abs(mj / 33.8 - 1)).toBeLessThan(0.01);
  });
});

describe('hourly split models', () => {
  it('Collares-Pereira & Rabl r_t at ωs = 90°: noon and ω = 45° (worked by hand)', () => {
    // a = 0.409 + 0.5016·sin 30° = 0.6598, b = 0.6609 − 0.4767·sin 30° = 0.42255
    expect(hourlyFractionCollaresPereiraRabl(0, 90)).toBeCloseTo(0.141679284, 8);
    expect(hourlyFractionCollaresPereiraRabl(45, 90)).toBeCloseTo(0.088726961, 8);
    expect(hourlyFractionCollaresPereiraRabl(95, 90)).toBe(0);
  });
  it('Liu & Jordan r_d at ωs = 90° is (π/24)·cos ω', () => {
    expect(hourlyFractionLiuJordan(0, 90)).toBeCloseTo(Math.PI / 24, 12);
    expect(hourlyFractionLiuJordan(45, 90)).toBeCloseTo(0.092560061, 8);
  });
  it('Liu & Jordan r_d integrates to one over the day (analytic property)', () => {
    for (const ws of [70, 90, 110]) {
      let sum = 0;
      const stepH = 1 / 600;
      for (let t = -12; t < 12; t += stepH) sum += hourlyFractionLiuJordan(15 * (t + stepH / 2), ws) * stepH;
      expect(sum).toBeCloseTo(1, 5);
    }
  });
  it('Erbs daily diffuse fraction at KT = 0.5 (Duffie & Beckman Eq. 2.11.1, worked by hand)', () => {
    expect(dailyDiffuseFractionErbs(0.5, 80)).toBeCloseTo(0.56884375, 10);
    expect(dailyDiffuseFractionErbs(0.5, 90)).toBeCloseTo(0.608275, 10);
    expect(dailyDiffuseFractionErbs(0.8, 80)).toBe(0.143);
  });
  it('Hollands & Huget KT,max at K̄T = 0.75 is 0.6313 + 0.267·0.75', () => {
    expect(clearnessIndexMaxHollandsHuget(0.75)).toBeCloseTo(0.83155, 10);
  });
});

describe('random numbers', () => {
  it('normal CDF matches tabulated values (A&S 7.1.26, |error| ≤ 1.5e-7)', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.1586553, 6);
  });
  it('Mulberry32 is deterministic and uniform in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    let mean = 0;
    for (let i = 0; i < 10000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x >= 0 && x < 1).toBe(true);
      mean += x / 10000;
    }
    expect(mean).toBeCloseTo(0.5, 1);
  });
});

describe('synthesizeHourlyYear', () => {
  const bj = CLIMATE_STATIONS.find((s) => s.id === 'beijing')!;
  const input = {
    latitudeDeg: bj.latitudeDeg,
    longitudeDeg: bj.longitudeDeg,
    tzOffsetHours: 8,
    elevationM: bj.elevationM,
    monthly: bj,
  };
  const y = synthesizeHourlyYear(input);

  it('has the EPW time base: 8760 rows, hour labels 1–24 (interval end), no gaps', () => {
    expect(y.length).toBe(8760);
    expect(y.stepMinutes).toBe(60);
    expect(y.hour[0]).toBe(1);
    expect(y.hour[23]).toBe(24);
    expect([y.month[8759], y.day[8759], y.hour[8759]]).toEqual([12, 31, 24]);
    expect(y.irradianceShiftMinutes).toBe(-30);
    for (let i = 0; i < y.length; i++) {
      expect(y.hour[i]).toBe((i % 24) + 1);
      expect(y.minute[i]).toBe(0);
    }
  });

  it('reproduces every monthly mean daily GHI, mean temperature and wind exactly', () => {
    const ghi = new Float64Array(12);
    const t = new Float64Array(12);
    const w = new Float64Array(12);
    for (let i = 0; i < y.length; i++) {
      const m = y.month[i]! - 1;
      ghi[m] = ghi[m]! + y.ghiWm2[i]!;
      t[m] = t[m]! + y.tempAirC[i]!;
      w[m] = w[m]! + y.windSpeedMs[i]!;
    }
    for (let m = 0; m < 12; m++) {
      const hours = DAYS_2023[m]! * 24;
      expect(ghi[m]! / 1000 / DAYS_2023[m]!).toBeCloseTo(bj.ghiKwhM2Day[m]!, 9);
      expect(t[m]! / hours).toBeCloseTo(bj.tempAirC[m]!, 9);
      expect(w[m]! / hours).toBeCloseTo(bj.windSpeedMs[m]!, 9);
    }
  });

  it('is deterministic; another seed changes the days but not the monthly totals', () => {
    const again = synthesizeHourlyYear(input);
    expect(Array.from(again.ghiWm2)).toEqual(Array.from(y.ghiWm2));
    expect(Array.from(again.dniWm2)).toEqual(Array.from(y.dniWm2));
    expect(Array.from(again.tempAirC)).toEqual(Array.from(y.tempAirC));
    const other = synthesizeHourlyYear({ ...input, seed: 7 });
    expect(Array.from(other.dailyClearnessIndex)).not.toEqual(Array.from(y.dailyClearnessIndex));
    let a = 0;
    let b = 0;
    for (let i = 0; i < 744; i++) {
      a += y.ghiWm2[i]!;
      b += other.ghiWm2[i]!;
    }
    expect(b).toBeCloseTo(a, 6);
  });

  it('spreads the days: daily KT varies and is autocorrelated, mean K̄T as implied', () => {
    const kt = y.dailyClearnessIndex;
    let min = 1;
    let max = 0;
    for (const k of kt.subarray(0, 31)) {
      min = Math.min(min, k);
      max = Math.max(max, k);
    }
    expect(max - min).toBeGreaterThan(0.2);
    expect(y.monthlyClearnessIndex[5]).toBeGreaterThan(0.3);
    expect(y.monthlyClearnessIndex[5]).toBeLessThan(0.7);
  });

  it('keeps irradiance physical: zero at night, no negatives, DNI·cos Z + DHI = GHI', () => {
    for (let i = 0; i < y.length; i++) {
      expect(y.ghiWm2[i]).toBeGreaterThanOrEqual(0);
      expect(y.dniWm2[i]).toBeGreaterThanOrEqual(0);
      expect(y.dhiWm2[i]).toBeGreaterThanOrEqual(0);
      expect(y.dhiWm2[i]).toBeLessThanOrEqual(y.ghiWm2[i]! + 1e-9);
    }
    // Local 00:00–01:00 and 23:00–24:00 in Beijing are night all year.
    for (let d = 0; d < 365; d++) {
      expect(y.ghiWm2[d * 24]).toBe(0);
      expect(y.ghiWm2[d * 24 + 23]).toBe(0);
    }
    // Closure at local noon of the equinox (21 March, hour ending 12:30 is not a label; take 12–13).
    const i = (31 + 28 + 20) * 24 + 12;
    const doy = 80;
    const delta = declinationSpencerRad(doy);
    const solarH = 12.5 + (bj.longitudeDeg - 120) / 15 + equationOfTimeSpencerMin(doy) / 60;
    const w = 15 * (solarH - 12) * DEG;
    const phi = bj.latitudeDeg * DEG;
    const cosZ = Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.cos(w);
    expect(y.dniWm2[i]! * cosZ + y.dhiWm2[i]!).toBeCloseTo(y.ghiWm2[i]!, 6);
  });

  it('peaks after solar noon in temperature with the requested range', () => {
    const day = Array.from(y.tempAirC.subarray(190 * 24, 191 * 24)); // 10 July
    const range = Math.max(...day) - Math.min(...day);
    expect(range).toBeGreaterThan(bj.tempAirRangeC[6]! * 0.98);
    expect(range).toBeLessThanOrEqual(bj.tempAirRangeC[6]! + 1e-9);
    const hottest = day.indexOf(Math.max(...day)) + 1; // hour label (interval end)
    expect(hottest).toBeGreaterThanOrEqual(15);
    expect(hottest).toBeLessThanOrEqual(16);
  });

  it('supports a leap year and the daily-Erbs + Liu–Jordan diffuse option', () => {
    const leap = synthesizeHourlyYear({ ...input, year: 2024, diffuseModel: 'erbs_daily_liu_jordan' });
    expect(leap.length).toBe(8784);
    let feb = 0;
    for (let i = 0; i < leap.length; i++) if (leap.month[i] === 2) feb += leap.ghiWm2[i]!;
    expect(feb / 1000 / 29).toBeCloseTo(bj.ghiKwhM2Day[1]!, 9);
  });

  it('rejects unusable monthly means', () => {
    expectCode(
      () => synthesizeHourlyYear({ ...input, monthly: { ...bj, ghiKwhM2Day: [1, 2] } }),
      'CLIMATE_INVALID',
    );
    const tooBright = [...bj.ghiKwhM2Day];
    tooBright[0] = 9; // above the extraterrestrial January irradiation at 40° N
    expectCode(
      () => synthesizeHourlyYear({ ...input, monthly: { ...bj, ghiKwhM2Day: tooBright } }),
      'CLIMATE_INVALID',
    );
    expectCode(() => synthesizeHourlyYear({ ...input, latitudeDeg: 80 }), 'CLIMATE_INVALID');
  });
});
