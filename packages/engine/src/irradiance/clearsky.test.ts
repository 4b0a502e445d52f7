import { describe, expect, it } from 'vitest';
import { clearskyHaurwitz, clearskyIneichenPerez, linkeTurbidityForMonth } from './clearsky.js';

// Expected values: pvlib-python pvlib/tests/test_clearsky.py (test_haurwitz, test_ineichen_series,
// test_ineichen_scalar_input, test_ineichen_arrays, test_ineichen_dni_extra, test_ineichen_altitude,
// test_ineichen_series_perez_enhancement). pvlib compares with rtol 1e-7 (assert_allclose); we
// use 1e-6 relative.
const close = (got: number, want: number) =>
  expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-6 * Math.abs(want) + 1e-9);

describe('Haurwitz (1945)', () => {
  it('matches pvlib test_haurwitz', () => {
    const elevation = [-20, -0.05, -0.001, 5, 10, 30, 50, 90];
    const want = [
      0, 0, 0, 48.6298687941956, 135.741748091813, 487.894132885425, 778.766689344363, 1035.0920325345,
    ];
    for (let i = 0; i < elevation.length; i++) close(clearskyHaurwitz(90 - elevation[i]!), want[i]!);
  });
  it('hand-worked: zenith 60° gives 1098·0.5·exp(−0.118)', () => {
    close(clearskyHaurwitz(60), 1098 * 0.5 * Math.exp(-0.118));
  });
});

describe('Ineichen–Perez (2002)', () => {
  it('matches pvlib test_ineichen_series (TL = 3, sea level)', () => {
    const zen = [
      124.0390863, 113.38779941, 82.85457044, 46.0467599, 10.56413562, 34.86074109, 72.41687122, 105.69538659,
    ];
    const am = [
      Number.NaN,
      Number.NaN,
      6.97935524,
      1.32355476,
      0.93527685,
      1.12008114,
      3.01614096,
      Number.NaN,
    ];
    const want = [
      [0, 0, 0],
      [0, 0, 0],
      [65.49426624, 321.16092181, 25.54562017],
      [704.6968125, 888.90147035, 87.73601277],
      [1044.1230677, 953.24925854, 107.03109696],
      [853.02065704, 922.06124712, 96.42909484],
      [251.99427693, 655.44925241, 53.9901349],
      [0, 0, 0],
    ];
    zen.forEach((z, i) => {
      const r = clearskyIneichenPerez(z, am[i]!, 3);
      close(r.ghiWm2, want[i]![0]!);
      close(r.dniWm2, want[i]![1]!);
      close(r.dhiWm2, want[i]![2]!);
    });
  });
  it('matches pvlib test_ineichen_series_perez_enhancement', () => {
    const r = clearskyIneichenPerez(82.85457044, 6.97935524, 3, { perezEnhancement: true });
    close(r.ghiWm2, 91.1249279);
    close(r.dniWm2, 321.16092171);
    close(r.dhiWm2, 51.17628184);
    const s = clearskyIneichenPerez(10.56413562, 0.93527685, 3, { perezEnhancement: true });
    close(s.ghiWm2, 1053.42066073);
    close(s.dhiWm2, 116.3286895);
  });
  it('matches pvlib scalar, dni_extra and altitude cases', () => {
    const a = clearskyIneichenPerez(10, 1, 3);
    close(a.ghiWm2, 1038.159219);
    close(a.dniWm2, 942.2081860378344);
    close(a.dhiWm2, 110.26529293612793);
    const b = clearskyIneichenPerez(10, 1, 3, { dniExtraWm2: 1370 });
    close(b.ghiWm2, 1042.72590228);
    close(b.dniWm2, 946.35279683);
    close(b.dhiWm2, 110.75033088);
    const c = clearskyIneichenPerez(10, 1, 3, { altitudeM: 2000 });
    close(c.ghiWm2, 1134.24312405);
    close(c.dniWm2, 994.95377835);
    close(c.dhiWm2, 154.40492924);
  });
  it('matches pvlib test_ineichen_arrays (zenith 0/40/80 × AM 1/5.5/10 × TL 2/3/4)', () => {
    // pvlib meshgrid: out[i][j][k] with i = airmass index, j = zenith index, k = turbidity index
    const zen = [0, 40, 80];
    const am = [1, 5.5, 10];
    const tl = [2, 3, 4];
    const ghi = [
      [
        [1095.77074798, 1054.17449885, 1014.15727338],
        [839.40909243, 807.54451692, 776.88954373],
        [190.27859353, 183.05548067, 176.10656239],
      ],
      [
        [773.49041181, 625.19479557, 505.33080493],
        [592.52803177, 478.92699901, 387.10585505],
        [134.31520045, 108.56393694, 87.74977339],
      ],
      [
        [545.9968869, 370.78162375, 251.79449885],
        [418.25788117, 284.03520249, 192.88577665],
        [94.81136442, 64.38555328, 43.72365587],
      ],
    ];
    const dni = [
      [1014.38807396, 942.20818604, 861.11344424],
      [687.61305142, 419.14891162, 255.50098235],
      [458.62196014, 186.46177428, 75.80970012],
    ];
    const dhi = [
      [
        [81.38267402, 111.96631281, 153.04382915],
        [62.3427452, 85.77117175, 117.23837487],
        [14.13195304, 19.44274618, 26.57578203],
      ],
      [
        [85.87736039, 206.04588395, 249.82982258],
        [65.78587472, 157.84030442, 191.38074731],
        [14.91244713, 35.77949226, 43.38249342],
      ],
      [
        [87.37492676, 184.31984947, 175.98479873],
        [66.93307711, 141.19719644, 134.81217714],
        [15.17249681, 32.00680597, 30.5594396],
      ],
    ];
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++)
        for (let k = 0; k < 3; k++) {
          const r = clearskyIneichenPerez(zen[j]!, am[i]!, tl[k]!);
          close(r.ghiWm2, ghi[i]![j]![k]!);
          close(r.dniWm2, dni[i]![k]!);
          close(r.dhiWm2, dhi[i]![j]![k]!);
        }
  });
  it('NaN zenith or turbidity propagate, as pvlib test_ineichen_nans', () => {
    expect(clearskyIneichenPerez(Number.NaN, 1, 3).ghiWm2).toBeNaN();
    expect(clearskyIneichenPerez(10, 1, Number.NaN).dniWm2).toBeNaN();
    expect(clearskyIneichenPerez(10, 1, 3, { dniExtraWm2: Number.NaN }).dhiWm2).toBeNaN();
  });
});

describe('Linke turbidity argument', () => {
  it('scalar or 12 monthly values', () => {
    expect(linkeTurbidityForMonth(3.2, 7)).toBe(3.2);
    const monthly = [2, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 2.8, 2.9, 3, 3.1];
    expect(linkeTurbidityForMonth(monthly, 1)).toBe(2);
    expect(linkeTurbidityForMonth(monthly, 12)).toBe(3.1);
    expect(() => linkeTurbidityForMonth([3, 3], 1)).toThrow(/12 monthly/);
  });
});
