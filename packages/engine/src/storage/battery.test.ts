import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batteryLimits, efficienciesFromRoundTrip, stepBattery } from './battery.js';
import type { BatteryParams, BatteryState } from './types.js';

const P: BatteryParams = {
  energyKwh: 100,
  powerKw: 50,
  socMinFraction: 0.1,
  socMaxFraction: 0.9,
  chargeEfficiency: 0.95,
  dischargeEfficiency: 0.9,
  auxiliaryKw: 0,
  maxChargeCRate: 0.5,
  maxDischargeCRate: 1,
};

describe('stepBattery (hand-worked energy balance)', () => {
  it('clips to the PCS, stores η_c·P·Δt, then stops at socMax', () => {
    // 10 kWh, ask −80 kW for 1 h: PCS 50 kW → stores 0.95·50 = 47.5 kWh → 57.5 kWh, loss 2.5 kWh.
    let s: BatteryState = { storedEnergyKwh: 10, sohFraction: 1 };
    let r = stepBattery(P, s, { requestedPowerKw: -80, dtHours: 1 });
    expect(r.powerKw).toBeCloseTo(-50, 12);
    expect(r.state.storedEnergyKwh).toBeCloseTo(57.5, 12);
    expect(r.lossKwh).toBeCloseTo(2.5, 12);
    // Room to socMax 90 kWh is 32.5 kWh → AC 32.5/0.95 = 34.2105… kW, loss 1.7105… kWh.
    s = r.state;
    r = stepBattery(P, s, { requestedPowerKw: -50, dtHours: 1 });
    expect(r.powerKw).toBeCloseTo(-32.5 / 0.95, 12);
    expect(r.state.storedEnergyKwh).toBeCloseTo(90, 12);
    expect(r.lossKwh).toBeCloseTo(32.5 / 0.95 - 32.5, 12);
  });

  it('discharges P·Δt/η_d and stops at socMin', () => {
    // 90 kWh, ask 100 kW: PCS 50 kW draws 50/0.9 = 55.5… kWh → 34.4… kWh.
    let r = stepBattery(P, { storedEnergyKwh: 90, sohFraction: 1 }, { requestedPowerKw: 100, dtHours: 1 });
    expect(r.powerKw).toBeCloseTo(50, 12);
    expect(r.state.storedEnergyKwh).toBeCloseTo(90 - 50 / 0.9, 12);
    // Left above socMin: (34.4… − 10)·0.9 = 22 kWh AC → 22 kW for 1 h.
    r = stepBattery(P, r.state, { requestedPowerKw: 50, dtHours: 1 });
    expect(r.powerKw).toBeCloseTo(22, 10);
    expect(r.state.storedEnergyKwh).toBeCloseTo(10, 10);
  });

  it('applies the C-rate and state of health to the limits', () => {
    const lim = batteryLimits({ ...P, maxChargeCRate: 0.25 }, 0.8);
    expect(lim.maxChargeKw).toBe(25); // 0.25 C × 100 kWh
    expect(lim.maxDischargeKw).toBe(50); // PCS
    expect(lim.maxStoredKwh).toBeCloseTo(72, 12); // 0.9 × 100 × 0.8
    expect(lim.minStoredKwh).toBeCloseTo(8, 12);
    expect(lim.usableKwh).toBeCloseTo(64, 12);
    // 15-min step at 0.25C: 25 kW × 0.25 h × 0.95 = 5.9375 kWh stored.
    const r = stepBattery(
      { ...P, maxChargeCRate: 0.25 },
      { storedEnergyKwh: 20, sohFraction: 0.8 },
      {
        requestedPowerKw: -100,
        dtHours: 0.25,
      },
    );
    expect(r.state.storedEnergyKwh).toBeCloseTo(25.9375, 12);
  });

  it('splits a round trip equally: √0.88 each way', () => {
    const e = efficienciesFromRoundTrip(0.88);
    expect(e.chargeEfficiency * e.dischargeEfficiency).toBeCloseTo(0.88, 14);
  });

  it('conserves energy and keeps SOC in the window for any request sequence (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -200, max: 200, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.constantFrom(0.25, 0.5, 1),
        (req, dt) => {
          let s: BatteryState = { storedEnergyKwh: 50, sohFraction: 1 };
          let inKwh = 0;
          let outKwh = 0;
          let loss = 0;
          for (const q of req) {
            const r = stepBattery(P, s, { requestedPowerKw: q, dtHours: dt });
            if (r.powerKw < 0) inKwh -= r.powerKw * dt;
            else outKwh += r.powerKw * dt;
            loss += r.lossKwh;
            s = r.state;
            expect(s.storedEnergyKwh).toBeGreaterThanOrEqual(10 - 1e-9);
            expect(s.storedEnergyKwh).toBeLessThanOrEqual(90 + 1e-9);
            expect(Math.abs(r.powerKw)).toBeLessThanOrEqual(50 + 1e-9);
          }
          // AC in − AC out − losses = change of stored energy.
          expect(inKwh - outKwh - loss).toBeCloseTo(s.storedEnergyKwh - 50, 6);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});
