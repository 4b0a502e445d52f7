import { describe, expect, it } from 'vitest';
// pvlib reference hourly rows (shared/reference/results, pvlib commit 6382338a).
import beijing from '../../../../../shared/reference/results/02_beijing_cswd_s30_perez.json';
import chengdu from '../../../../../shared/reference/results/07_chengdu_s25_isotropic_pvsyst.json';
import lhasa from '../../../../../shared/reference/results/08_lhasa_s30_perez_clipping.json';
import harbin from '../../../../../shared/reference/results/10_harbin_s40_perez_pvsyst_insulated.json';
import { acPowerPvwatts, dcPowerPvwatts, lossesPercentPvwatts } from './pvwatts.js';
import {
  PVSYST_TEMPERATURE_PARAMS,
  SAPM_TEMPERATURE_PARAMS,
  tempCellFaiman,
  tempCellPvsyst,
  tempCellSapm,
  temperatureModelFromName,
} from './temperature.js';

type Block = Record<string, (number | string | null)[]>;
interface Ref {
  scenario: { system: { dc_kw: number; ac_kw: number; losses_percent: number } };
  hourly_first48: unknown;
  hourly_jun21: unknown;
}

function each(ref: Ref, fn: (r: Record<string, number>) => void): void {
  for (const block of [ref.hourly_first48, ref.hourly_jun21] as Block[]) {
    for (let i = 0; i < block.ghi!.length; i++) {
      const r: Record<string, number> = {};
      for (const [k, v] of Object.entries(block)) if (Array.isArray(v)) r[k] = Number(v[i]);
      fn(r);
    }
  }
}

describe('cell temperature vs pvlib', () => {
  it('SAPM open_rack_glass_glass driven by poa_global (Beijing hourly reference, 4 decimals)', () => {
    each(beijing as unknown as Ref, (r) => {
      const t = tempCellSapm(
        r.poa_global!,
        r.temp_air!,
        r.wind_speed!,
        SAPM_TEMPERATURE_PARAMS.open_rack_glass_glass,
      );
      expect(Math.abs(t - r.temp_cell!)).toBeLessThan(2e-4);
    });
  });
  it('PVsyst freestanding and insulated (Chengdu, Harbin hourly reference)', () => {
    each(chengdu as unknown as Ref, (r) => {
      const t = tempCellPvsyst(
        r.poa_global!,
        r.temp_air!,
        r.wind_speed!,
        PVSYST_TEMPERATURE_PARAMS.freestanding,
      );
      expect(Math.abs(t - r.temp_cell!)).toBeLessThan(2e-4);
    });
    each(harbin as unknown as Ref, (r) => {
      const t = tempCellPvsyst(
        r.poa_global!,
        r.temp_air!,
        r.wind_speed!,
        PVSYST_TEMPERATURE_PARAMS.insulated,
      );
      expect(Math.abs(t - r.temp_cell!)).toBeLessThan(2e-4);
    });
  });
  it('PVsyst docstring example: pvsyst_cell(1000, 10, freestanding) = 37.93103448275862', () => {
    expect(tempCellPvsyst(1000, 10, 1, PVSYST_TEMPERATURE_PARAMS.freestanding)).toBeCloseTo(
      37.93103448275862,
      12,
    );
  });
  it('Faiman: pvlib tests/test_temperature.py test_faiman_default (900 W/m², 20 °C, 5 m/s → 35.203)', () => {
    expect(tempCellFaiman(900, 20, 5)).toBeCloseTo(35.203, 3);
  });
  it('resolves scenario names and rejects unknown ones', () => {
    expect(temperatureModelFromName('pvsyst semi_integrated').params).toEqual({ uC: 20, uV: 0 });
    expect(temperatureModelFromName('sapm insulated_back_glass_polymer').params).toEqual({
      a: -2.81,
      b: -0.0455,
      deltaT: 0,
    });
    expect(() => temperatureModelFromName('sapm nope')).toThrowError(/unknown temperature model/);
  });
});

describe('PVWatts vs pvlib', () => {
  it('pvwatts_dc, losses and inverter hour by hour (Beijing, Lhasa with clipping)', () => {
    for (const ref of [beijing, lhasa] as unknown as Ref[]) {
      const s = ref.scenario.system;
      const pdc0Inv = (s.ac_kw * 1000) / 0.96;
      each(ref, (r) => {
        const dc = dcPowerPvwatts(r.effective_irradiance!, r.temp_cell!, s.dc_kw * 1000, -0.0035, 25);
        // inputs are rounded to 4 decimals in the reference → ~1e-3 W
        expect(Math.abs(dc - r.dc_gross_w!)).toBeLessThan(0.01);
        expect(Math.abs(r.dc_gross_w! * (1 - s.losses_percent / 100) - r.dc_w!)).toBeLessThan(0.002);
        expect(Math.abs(acPowerPvwatts(r.dc_w!, { pdc0W: pdc0Inv }) - r.ac_w!)).toBeLessThan(0.002);
      });
    }
  });
  it('pvwatts_losses defaults: pvlib tests/test_pvsystem.py → 14.075660688264469 %', () => {
    expect(lossesPercentPvwatts()).toBeCloseTo(14.075660688264469, 12);
    expect(
      lossesPercentPvwatts({
        soiling: 0,
        shading: 0,
        mismatch: 0,
        wiring: 0,
        connections: 0,
        lid: 0,
        nameplate_rating: 0,
        availability: 0,
      }),
    ).toBe(0);
  });
  it('inverter: 0 at 0 W DC, clipped at the AC limit', () => {
    expect(acPowerPvwatts(0, { pdc0W: 1000 })).toBe(0);
    expect(acPowerPvwatts(5000, { pdc0W: 1000 })).toBeCloseTo(960, 9);
  });
});
