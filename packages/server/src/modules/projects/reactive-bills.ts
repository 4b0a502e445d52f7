import {
  type BillCorrections,
  type BillFields,
  effectiveBillFields,
  emptyBillFields,
  oneBillPerAccountMonth,
  type ReactiveBillField,
  type ReactiveBillMonth,
} from '@pvplan/contract';
import { type PeriodValues, TOU_PERIOD_KEYS } from '@pvplan/engine';
import type { ElectricityBillRow } from '../../db/tables';
import { billsOfProject, parseJson } from '../bills/bills.repository';
import type { Db } from '../users/user.repository';
import type { ResolvedTariff } from './assessment';

/*
 * What the reactive-power assessment (pv-config.service.ts) reads of a project's bills and tariff:
 * the monthly figures of its confirmed bills, and the average energy price of a month, used to
 * estimate the adjustment base after PV.
 */

const sum = (values: readonly (number | null)[]): number | null =>
  values.some((value) => value === null) ? null : values.reduce<number>((s, value) => s + (value ?? 0), 0);

/** Active energy of a bill: the total, else the sum of its TOU periods (null when none is there). */
function activeKwhOf(fields: BillFields): number | null {
  if (fields.totalKwh !== null) return fields.totalKwh;
  const parts = [fields.sharpKwh, fields.peakKwh, fields.flatKwh, fields.valleyKwh, fields.deepValleyKwh];
  return parts.some((value) => value !== null)
    ? parts.reduce<number>((s, value) => s + (value ?? 0), 0)
    : null;
}

/** The value all bills agree on, else null. */
function agreed(values: readonly (number | null)[]): number | null {
  const first = values[0] ?? null;
  return first !== null && values.every((value) => value === first) ? first : null;
}

/** The project's bills by state: confirmed ones with a month, and how many others were left out. */
export interface ReactiveBills {
  readonly months: ReactiveBillMonth[];
  readonly confirmedBills: number;
  readonly toReviewBills: number;
  readonly undatedBills: number;
}

/**
 * The confirmed bills of a project by bill month, in month order. Bills still to review and ignored
 * bills are left out (the user has not vouched for their figures); so are confirmed bills without a
 * bill month. Several confirmed bills of one month are summed (one site with several accounts or
 * metering points); when one account has two bills for a month (the same bill uploaded twice) only
 * the most recently updated one counts. A field missing on any bill of the month is reported
 * missing for the month, and the figures built on it are null.
 */
export async function reactiveBillMonths(db: Db, projectId: number): Promise<ReactiveBills> {
  const rows = await billsOfProject(db, String(projectId));
  const confirmed: { row: ElectricityBillRow; fields: BillFields }[] = [];
  const byMonth = new Map<string, { row: ElectricityBillRow; fields: BillFields }[]>();
  let toReviewBills = 0;
  let undatedBills = 0;
  let confirmedBills = 0;
  for (const row of rows) {
    if (row.state === 'toReview') toReviewBills += 1;
    if (row.state !== 'confirmed') continue;
    const fields = effectiveBillFields(
      parseJson<BillFields>(row.recognised_json, emptyBillFields()),
      parseJson<BillCorrections>(row.corrections_json, {}),
    );
    if (!fields.billMonth) {
      undatedBills += 1;
      continue;
    }
    confirmed.push({ row, fields });
  }
  // The same bill uploaded twice (same account, same month) counts once: the latest updated copy.
  const counted = oneBillPerAccountMonth(confirmed, ({ row, fields }) => ({
    state: 'confirmed',
    accountNo: fields.accountNo,
    billMonth: fields.billMonth,
    updateTime: row.updated_at,
  }));
  for (const bill of counted) {
    const month = bill.fields.billMonth ?? '';
    byMonth.set(month, [...(byMonth.get(month) ?? []), bill]);
  }
  const months = [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, bills]): ReactiveBillMonth => {
      confirmedBills += bills.length;
      const active = bills.map(({ fields }) => activeKwhOf(fields));
      const reactive = bills.map(({ fields }) => fields.reactiveKvarh);
      // A single-part bill (type set by recognition or the user) has no basic charge: 0, not missing.
      const basic = bills.map(
        ({ row, fields }) => fields.basicChargeYuan ?? (row.bill_type === 'single' ? 0 : null),
      );
      const energy = bills.map(({ fields }) => fields.energyChargeYuan);
      const missing: ReactiveBillField[] = [];
      if (active.includes(null)) missing.push('totalKwh');
      if (reactive.includes(null)) missing.push('reactiveKvarh');
      if (basic.includes(null)) missing.push('basicChargeYuan');
      if (energy.includes(null)) missing.push('energyChargeYuan');
      const activeKwh = sum(active);
      const basicChargeYuan = sum(basic);
      const energyChargeYuan = sum(energy);
      const kvas = bills.map(({ fields }) => fields.transformerKva);
      return {
        month,
        billIds: bills.map(({ row }) => row.id).sort((a, b) => a - b),
        activeKwh,
        reactiveKvarh: sum(reactive),
        basicChargeYuan,
        energyChargeYuan,
        chargeBaseYuan:
          basicChargeYuan === null || energyChargeYuan === null ? null : basicChargeYuan + energyChargeYuan,
        energyPriceYuanPerKwh:
          activeKwh !== null && activeKwh > 0 && energyChargeYuan !== null && energyChargeYuan >= 0
            ? energyChargeYuan / activeKwh
            : null,
        pfStandard: agreed(bills.map(({ fields }) => fields.pfStandard)),
        transformerKva: kvas.includes(null) ? null : sum(kvas),
        missing,
      };
    });
  return { months, confirmedBills, toReviewBills, undatedBills };
}

/**
 * Average energy price of each calendar month of a tariff, yuan/kWh (index 0 = January): the mean
 * of the 48 half-hour periods of the month's day pattern at the month's energy prices (a
 * time-weighted average; calendar overrides such as holiday deep valleys are not counted). Funds
 * (政府性基金及附加) are not part of the adjustment base (basic + energy charge, china-domain.md
 * §6), so when the prices include them they are taken off. null for a month with an unpriced period.
 */
export function tariffMonthlyEnergyPrices(tariff: ResolvedTariff): (number | null)[] {
  const funds = tariff.prices.fundsIncludedInEnergyPrices ? tariff.prices.fundsYuanPerKwh : 0;
  return tariff.schedule.map((day, m) => {
    const prices: PeriodValues = tariff.prices.energyYuanPerKwhByMonth?.[m] ?? tariff.prices.energyYuanPerKwh;
    let total = 0;
    for (const period of day) {
      const price = prices[TOU_PERIOD_KEYS[period]];
      if (price === undefined || !Number.isFinite(price)) return null;
      total += price;
    }
    return day.length > 0 ? Math.max(0, total / day.length - funds) : null;
  });
}

/**
 * The adjustment base after PV of one month (china-domain.md §6: the adjustment applies to the
 * month's basic charge + energy charge; self-consumed PV energy is no longer bought, so the energy
 * charge — and the base — fall by it at the month's average energy price):
 *   base after = max(0, base before − self-consumed PV kWh × average energy price).
 * The basic charge is kept (a demand charge may fall with PV too; not counted, so the estimate errs
 * on the high side of the base).
 */
export function chargeBaseAfterPv(
  chargeBaseBeforeYuan: number,
  pvSelfConsumedKwh: number,
  energyPriceYuanPerKwh: number,
): number {
  return Math.max(0, chargeBaseBeforeYuan - pvSelfConsumedKwh * energyPriceYuanPerKwh);
}
