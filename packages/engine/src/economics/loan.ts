/**
 * Loan repayment schedules: 等额本息 (equal payment, annuity) and 等额本金 (equal principal).
 */
import { EngineInputError } from '../errors.js';

/** 'equalPayment' = 等额本息 (constant instalment); 'equalPrincipal' = 等额本金 (constant principal part). */
export type RepaymentMethod = 'equalPayment' | 'equalPrincipal';

/** One period of a loan schedule; all amounts in yuan, paid at the end of the period. */
export interface LoanPeriod {
  /** 1-based period number. */
  readonly period: number;
  readonly openingBalanceYuan: number;
  readonly interestYuan: number;
  readonly principalYuan: number;
  /** interest + principal. */
  readonly paymentYuan: number;
  readonly closingBalanceYuan: number;
}

/**
 * Annuity instalment, the closed form of Excel's PMT(rate, nper, −pv):
 * A = P·i / (1 − (1 + i)^−n), or P/n when i = 0.
 * @param principalYuan amount borrowed, yuan
 * @param ratePerPeriod interest rate per period, fraction
 * @param periods number of payments
 */
export function annuityPaymentYuan(principalYuan: number, ratePerPeriod: number, periods: number): number {
  if (ratePerPeriod === 0) return principalYuan / periods;
  return (principalYuan * ratePerPeriod) / (1 - (1 + ratePerPeriod) ** -periods);
}

/**
 * Repayment schedule of a loan drawn at t = 0 and repaid over `periods` end-of-period payments.
 * Equal payment: constant instalment A (annuity), interest = opening balance × i, principal = A − interest.
 * Equal principal: principal = P/n each period, interest = opening balance × i (falling payments).
 * @param principalYuan amount borrowed, yuan (≥ 0)
 * @param ratePerPeriod interest rate per period, fraction (≥ 0)
 * @param periods number of payments (integer ≥ 1)
 * @param method repayment method
 */
export function loanSchedule(
  principalYuan: number,
  ratePerPeriod: number,
  periods: number,
  method: RepaymentMethod,
): LoanPeriod[] {
  if (!(principalYuan >= 0) || !Number.isFinite(principalYuan)) {
    throw new EngineInputError('ECONOMICS_INVALID', `loan principal must be ≥ 0, got ${principalYuan}`);
  }
  if (!(ratePerPeriod >= 0) || !Number.isFinite(ratePerPeriod)) {
    throw new EngineInputError('ECONOMICS_INVALID', `loan rate must be ≥ 0, got ${ratePerPeriod}`);
  }
  if (!Number.isInteger(periods) || periods < 1) {
    throw new EngineInputError('ECONOMICS_INVALID', `loan term must be an integer ≥ 1, got ${periods}`);
  }
  const out: LoanPeriod[] = [];
  const annuity = annuityPaymentYuan(principalYuan, ratePerPeriod, periods);
  let balance = principalYuan;
  for (let k = 1; k <= periods; k++) {
    const interest = balance * ratePerPeriod;
    let principal = method === 'equalPayment' ? annuity - interest : principalYuan / periods;
    if (k === periods) principal = balance; // clear rounding residue in the last period
    out.push({
      period: k,
      openingBalanceYuan: balance,
      interestYuan: interest,
      principalYuan: principal,
      paymentYuan: interest + principal,
      closingBalanceYuan: balance - principal,
    });
    balance -= principal;
  }
  return out;
}
