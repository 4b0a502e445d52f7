import { describe, expect, it } from 'vitest';
import { buildCashFlows, type CashFlowResult } from './cashflow.js';
import { CASE_A, CASE_B, TOY_INPUT } from './reference/cases.js';
import { REF_A, REF_B, REF_TOY } from './reference/cashflowReferenceExpected.js';

// Expected values: reference/cashflow_reference.py, an independent spreadsheet-style Python
// implementation (stdlib only), run once and pasted into reference/cashflowReferenceExpected.ts.
// Tolerance: 1e-6 relative (absolute 1e-6 yuan near zero).

function close(actual: number, expected: number, what: string): void {
  const tol = 1e-6 * Math.max(1, Math.abs(expected));
  if (!(Math.abs(actual - expected) <= tol)) {
    throw new Error(`${what}: got ${actual}, expected ${expected}`);
  }
}

type Ref = typeof REF_A | typeof REF_B | typeof REF_TOY;

function compare(res: CashFlowResult, ref: Ref): void {
  for (const [col, values] of Object.entries(ref.rows)) {
    const arr = values as readonly number[];
    expect(res.rows.length).toBe(arr.length);
    res.rows.forEach((row, t) => {
      close(row[col as keyof typeof row] as number, arr[t]!, `${col}[${t}]`);
    });
  }
  const ind = res.indicators;
  const irrs = [
    [ind.projectIrrPreTax, ref.irr.pre],
    [ind.projectIrrAfterTax, ref.irr.after],
    [ind.equityIrr, ref.irr.equity],
  ] as const;
  for (const [got, roots] of irrs) {
    expect(got.roots.length).toBe(roots.length);
    got.roots.forEach((r, i) => {
      close(r, roots[i]!, 'irr root');
    });
  }
  close(ind.npvProjectPreTaxYuan, ref.npv.pre, 'npv pre');
  close(ind.npvProjectAfterTaxYuan, ref.npv.after, 'npv after');
  close(ind.npvEquityYuan, ref.npv.equity, 'npv equity');
  close(ind.paybackProjectPreTax.static.years!, ref.payback.preStatic, 'payback pre static');
  close(ind.paybackProjectAfterTax.static.years!, ref.payback.afterStatic, 'payback after static');
  close(ind.paybackProjectAfterTax.dynamic.years!, ref.payback.afterDynamic, 'payback after dynamic');
  close(ind.paybackEquity.static.years!, ref.payback.equityStatic, 'payback equity static');
  close(ind.paybackEquity.dynamic.years!, ref.payback.equityDynamic, 'payback equity dynamic');
  close(ind.totalProfitBeforeTaxYuan, ref.totals.profit, 'total profit');
  close(ind.totalNetProfitYuan, ref.totals.net, 'total net profit');
  close(ind.totalIncomeTaxYuan, ref.totals.tax, 'total tax');
  close(ind.roi, ref.totals.roi, 'roi');
  close(ind.roe, ref.totals.roe, 'roe');
  expect(res.storageReplacements.length).toBe(ref.replacements.length);
  res.storageReplacements.forEach((r, i) => {
    expect(r.year).toBe(ref.replacements[i]![0]);
    close(r.costYuan, ref.replacements[i]![1], 'replacement cost');
  });
  if (ref.lcoe === null) expect(ind.lcoeYuanPerKwh).toBeNull();
  else close(ind.lcoeYuanPerKwh!, ref.lcoe, 'lcoe');
  if (ref.lcos === null) expect(ind.lcosYuanPerKwh).toBeNull();
  else close(ind.lcosYuanPerKwh!, ref.lcos, 'lcos');
}

describe('buildCashFlows vs the spreadsheet-style Python reference (1e-6 relative)', () => {
  it('3-year toy', () => compare(buildCashFlows(TOY_INPUT), REF_TOY));

  it('case A: 1 MWp EMC, 70 % loan equal payment, 3+3 holiday', () => {
    const res = buildCashFlows(CASE_A);
    compare(res, REF_A);
    expect(res.indicators.projectIrrAfterTax.reason).toBe('ok');
    expect(res.indicators.equityIrr.reason).toBe('ok');
    // holiday visible in the table: years 1–3 exempt, 4–6 at 12.5 %, then 25 %
    expect(res.rows.slice(1, 8).map((r) => r.incomeTaxRate)).toEqual([0, 0, 0, 0.125, 0.125, 0.125, 0.25]);
  });

  it('case B: PV + storage self-investment with replacements, equal principal', () => {
    const res = buildCashFlows(CASE_B);
    compare(res, REF_B);
    // replacements make the equity flow negative in years 10 and 20: − + … + − + … + − + …, i.e.
    // 5 sign changes, yet NPV crosses zero once in (−99 %, 10 000 %]
    expect(res.indicators.equityIrr.signChanges).toBe(5);
    expect(res.indicators.equityIrr.reason).toBe('ok');
    expect(res.indicators.lcosIncludesCharging).toBe(true);
    expect(res.indicators.paybackEquity.static.fallsBackBelowZero).toBe(false);
  });
});
