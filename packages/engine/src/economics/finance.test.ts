import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { irr, lcoeYuanPerKwh, lcosYuanPerKwh, npv, paybackPeriod } from './finance.js';

describe('npv', () => {
  it('Adobe FormCalc NPV reference examples (Excel convention: first value discounted once)', () => {
    // help.adobe.com LiveCycle Designer FormCalc reference, NPV: NPV(0.10, 500, 1500, 4000, 10000)
    // = 11529.60863329007 and NPV(0.065, 5000) = 4694.83568075117. Excel's NPV(r, v1..vn) is
    // npv(r, [0, v1..vn]) in our t = 0 convention.
    expect(npv(0.1, [0, 500, 1500, 4000, 10000])).toBeCloseTo(11529.60863329007, 9);
    expect(npv(0.065, [0, 5000])).toBeCloseTo(4694.83568075117, 9);
  });
  it('docs.rs `financial` crate npv example', () => {
    // docs.rs/financial/1.1.2 fn npv: npv(0.1, [-1000, 500, 500, 500]) = 221.29635953828267 (Excel convention)
    expect(npv(0.1, [0, -1000, 500, 500, 500])).toBeCloseTo(221.29635953828267, 9);
  });
  it('zero rate is the plain sum; rate ≤ −1 is rejected', () => {
    expect(npv(0, [-3, 1, 1, 1.5])).toBeCloseTo(0.5, 15);
    expect(() => npv(-1, [1, 2])).toThrow(EngineInputError);
  });
});

describe('irr', () => {
  it('Microsoft Excel IRR documentation example', () => {
    // support.microsoft.com "IRR function": −70,000 then 12,000, 15,000, 18,000, 21,000, 26,000.
    // Published results (shown to 1 decimal): 4 years −2.1 %, 5 years 8.7 %, 2 years −44.4 %.
    const five = irr([-70000, 12000, 15000, 18000, 21000, 26000]);
    const four = irr([-70000, 12000, 15000, 18000, 21000]);
    const two = irr([-70000, 12000, 15000]);
    for (const [res, pct] of [
      [five, 8.7],
      [four, -2.1],
      [two, -44.4],
    ] as const) {
      expect(res.reason).toBe('ok');
      expect(Math.abs(res.value! * 100 - pct)).toBeLessThanOrEqual(0.05);
    }
    // and the widely quoted 2-decimal form 8.66 % (Excel shown with more decimals)
    expect(five.value! * 100).toBeCloseTo(8.66, 2);
    // NPV at the IRR is zero (the doc's remark: NPV(IRR(...)) ≈ 1.79e-9)
    expect(Math.abs(npv(five.value!, [-70000, 12000, 15000, 18000, 21000, 26000]))).toBeLessThan(1e-6);
  });

  it('NumPy irr documentation examples (numpy 1.3 full value; later docs rounded to 5 decimals)', () => {
    // docs.scipy.org numpy-1.3.x numpy.irr: np.irr([-100, 39, 59, 55, 20]) = 0.2809484211599611
    expect(irr([-100, 39, 59, 55, 20]).value!).toBeCloseTo(0.2809484211599611, 12);
    // numpy 1.13–1.17 docs: round(irr(...), 5)
    expect(irr([-100, 0, 0, 74]).value!).toBeCloseTo(-0.0955, 5);
    expect(irr([-100, 100, 0, 7]).value!).toBeCloseTo(0.06206, 5);
    // two sign changes, two roots (−67.9 %, −8.33 %): numpy reports −0.0833, the one closest to 0
    const two = irr([-100, 100, 0, -7]);
    expect(two.reason).toBe('multiple_roots');
    expect(two.roots.length).toBe(2);
    expect(two.value!).toBeCloseTo(-0.0833, 4);
    // three sign changes, three roots: numpy reports 0.0886
    const three = irr([-5, 10.5, 1, -8, 1]);
    expect(three.reason).toBe('multiple_roots');
    expect(three.roots.length).toBe(3);
    expect(three.value!).toBeCloseTo(0.0886, 4);
  });

  it('Lorie–Savage pump problem: −1,600, +10,000, −10,000 has IRRs of 25 % and 400 %', () => {
    // Lorie & Savage (1955), J. Business 28(4); the textbook multiple-IRR example (Brealey, Myers &
    // Allen, Principles of Corporate Finance, ch. 5). By hand: NPV(0.25) = −1600 + 8000 − 6400 = 0,
    // NPV(4) = −1600 + 2000 − 400 = 0.
    const res = irr([-1600, 10000, -10000]);
    expect(res.reason).toBe('multiple_roots');
    expect(res.signChanges).toBe(2);
    expect(res.roots.length).toBe(2);
    expect(res.roots[0]!).toBeCloseTo(0.25, 10);
    expect(res.roots[1]!).toBeCloseTo(4, 9);
    expect(res.value!).toBeCloseTo(0.25, 10); // closest to 0
  });

  it('no sign change → null with reason; sign changes without a real root → null with reason', () => {
    const allCost = irr([-100, -20, -20]);
    expect(allCost.value).toBeNull();
    expect(allCost.reason).toBe('no_sign_change');
    expect(allCost.message).toMatch(/never change sign/);
    expect(irr([0, 0, 0]).reason).toBe('no_sign_change');
    // 1000 − 3000x + 2500x² has discriminant 9e6 − 1e7 < 0: NPV > 0 at every rate
    const none = irr([1000, -3000, 2500]);
    expect(none.value).toBeNull();
    expect(none.reason).toBe('no_root_found');
    expect(irr([5]).reason).toBe('too_few_flows');
  });

  it('very high and near −100 % returns are bracketed', () => {
    // −1 then +50 at t = 1: IRR = 4900 %
    expect(irr([-1, 50]).value!).toBeCloseTo(49, 9);
    // −100 then +5 at t = 1: IRR = −95 %
    expect(irr([-100, 5]).value!).toBeCloseTo(-0.95, 10);
  });
});

describe('paybackPeriod', () => {
  it('static payback interpolated within the year (hand-worked)', () => {
    // cumulative −1000, −700, −300, +200 → 2 + 300/500 = 2.6
    const p = paybackPeriod([-1000, 300, 400, 500]);
    expect(p.years!).toBeCloseTo(2.6, 12);
    expect(p.reason).toBe('ok');
  });
  it('dynamic payback at 10 % (hand-worked)', () => {
    // discounted 600/1.1 = 545.45, 600/1.21 = 495.87; 1 + (1000 − 545.45)/495.87 = 1 + 11/12
    expect(paybackPeriod([-1000, 600, 600], 0.1).years!).toBeCloseTo(1 + 11 / 12, 12);
  });
  it('never recovered → null; a later dip below zero is flagged', () => {
    expect(paybackPeriod([-1000, 100, 100])).toEqual({
      years: null,
      reason: 'not_recovered',
      fallsBackBelowZero: false,
    });
    const dip = paybackPeriod([-100, 200, -300, 50]);
    expect(dip.years!).toBeCloseTo(0.5, 12);
    expect(dip.fallsBackBelowZero).toBe(true);
  });
});

describe('levelised costs', () => {
  it('LCOE at zero rate is total cost ÷ total energy; discounting both (hand-worked)', () => {
    expect(lcoeYuanPerKwh([1000, 10, 10], [0, 100, 100], 0)).toBeCloseTo(5.1, 12);
    // r = 10 %: (1000 + 10/1.1 + 10/1.21) / (100/1.1 + 100/1.21) = 1017.3554 / 173.5537 = 5.861905
    expect(lcoeYuanPerKwh([1000, 10, 10], [0, 100, 100], 0.1)).toBeCloseTo(1017.3553719 / 173.553719, 9);
    expect(Number.isNaN(lcoeYuanPerKwh([1, 1], [0, 0], 0.05))).toBe(true);
  });
  it('LCOS adds charging cost and subtracts residual value (hand-worked)', () => {
    // r = 0: (1000 + 2×20 + 2×50 − 100) / 2×400 = 1040 / 800 = 1.3 yuan/kWh
    const v = lcosYuanPerKwh(
      {
        capexYuan: [1000, 0, 0],
        opexYuan: [0, 20, 20],
        chargingCostYuan: [0, 50, 50],
        salvageYuan: [0, 0, 100],
        dischargeKwh: [0, 400, 400],
      },
      0,
    );
    expect(v).toBeCloseTo(1.3, 12);
  });
});
