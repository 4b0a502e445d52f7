import { batteryLimits, emptyBatteryState, validateBatteryParams } from './battery.js';
import { daySchedule, validateRunModel } from './runModel.js';
import { assembleDispatch, meterContext } from './series.js';
import type {
  BatteryParams,
  BatteryState,
  DispatchResult,
  RunModel,
  StorageSite,
  StorageTariffSeries,
} from './types.js';

/**
 * Simulate the rule-based TOU strategy: the run model's windows, step by step with the battery
 * stepping model (`stepBattery`, inlined), under every meter constraint.
 *
 * Order at each step:
 * 1. PV first serves the site; any PV surplus charges the battery (any time), the rest is exported
 *    (up to the transformer limit; never under zero export) or curtailed.
 * 2. In a charge window the battery tops up from the grid at the window power, where grid charging
 *    is allowed (site flag, working day) and only within the headroom under
 *    min(transformer kVA × PF, maximum-demand target) and, when the tariff has a demand charge,
 *    the month's maximum import without the battery (`gridChargeCeilingByMonth`): the rule never
 *    raises the demand the bill already pays (需量控制), which no charge window can earn back.
 * 3. In a discharge window it discharges at the window power, never above the residual site load
 *    (no reverse power flow from the battery, 防逆流).
 * 4. At any step whose import would exceed the maximum-demand target it discharges to shave it.
 * @param params battery ratings
 * @param site load, PV and meter limits
 * @param tariff TOU series
 * @param runModel windows per month (see `deriveRunModel`)
 * @param initialState default: empty (socMin) at SOH 1
 */
export function simulateRunModel(
  params: BatteryParams,
  site: StorageSite,
  tariff: StorageTariffSeries,
  runModel: RunModel,
  initialState?: BatteryState,
): DispatchResult {
  validateBatteryParams(params);
  validateRunModel(runModel);
  const ctx = meterContext(tariff, site, params.auxiliaryKw);
  const { n, stepsPerDay: spd, dtHours: dt } = ctx.layout;
  const schedules = runModel.months.map((m) => daySchedule(m.windows, ctx.layout.stepMinutes));
  let state = initialState ?? emptyBatteryState(params);
  const lim = batteryLimits(params, state.sohFraction);
  const discharge = new Float64Array(n);
  const gridCharge = new Float64Array(n);
  const pvCharge = new Float64Array(n);
  const pvExport = new Float64Array(n);
  const stored = new Float64Array(n);
  const ceilingByMonth = gridChargeCeilingByMonth(
    ctx.residualKw,
    ctx.layout,
    Math.min(ctx.importLimitKw, ctx.demandTargetKw),
    (tariff.demandChargeYuanPerKwMonth ?? 0) > 0,
  );
  const { chargeEfficiency: etaC, dischargeEfficiency: etaD } = params;
  const { minStoredKwh: eMin, maxStoredKwh: eMax, maxChargeKw, maxDischargeKw } = lim;
  const residual = ctx.residualKw;
  const surplus = ctx.surplusKw;
  const allowed = ctx.gridChargeAllowed;
  const target = ctx.demandTargetKw;
  // The energy balance of `stepBattery` (same clipping to the power limits and the SOC window),
  // inlined: one state object per step would dominate the run time of a 35,040-step year.
  let e = Math.min(Math.max(state.storedEnergyKwh, eMin), eMax);
  for (let day = 0; day < ctx.layout.days; day++) {
    const month = ctx.layout.monthOfDay[day]!;
    const sched = schedules[month - 1]!;
    const ceiling = ceilingByMonth[month - 1]!;
    const t0 = day * spd;
    for (let slot = 0; slot < spd; slot++) {
      const t = t0 + slot;
      const mode = sched.mode[slot]!;
      const windowKw = sched.powerKw[slot]!;
      const r = residual[t]!;
      const sur = surplus[t]!;
      const roomKw = Math.max(0, (eMax - e) / (etaC * dt));
      let charge = 0;
      if (sur > 0) {
        const fromPv = Math.min(sur, maxChargeKw, roomKw);
        pvCharge[t] = fromPv;
        charge = fromPv;
        pvExport[t] = Math.min(sur - fromPv, ctx.exportLimitKw);
      }
      if (mode === 1 && allowed[t] === 1) {
        const g = Math.max(
          0,
          Math.min(windowKw - charge, maxChargeKw - charge, roomKw - charge, ceiling - r),
        );
        gridCharge[t] = g;
        charge += g;
      }
      if (charge > 0) {
        // stepBattery, charging: p ≤ P_ch and ≤ room; stores η_c·p·Δt.
        const p = Math.max(0, Math.min(charge, maxChargeKw, roomKw));
        e = Math.min(eMax, e + p * dt * etaC);
      } else {
        const availKw = Math.max(0, ((e - eMin) * etaD) / dt);
        const cap = Math.min(maxDischargeKw, r, availKw);
        let d = 0;
        if (mode === 2) d = Math.min(windowKw, cap);
        if (r - d > target) d = Math.min(cap, r - target);
        if (d > 0) {
          // stepBattery, discharging: draws p·Δt/η_d.
          discharge[t] = d;
          e = Math.max(eMin, e - (d * dt) / etaD);
        }
      }
      stored[t] = e;
    }
  }
  state = { storedEnergyKwh: e, sohFraction: state.sohFraction };
  return assembleDispatch(
    tariff,
    ctx,
    params,
    { dischargeKw: discharge, chargeFromGridKw: gridCharge, chargeFromPvKw: pvCharge, pvExportKw: pvExport },
    stored,
    state,
  );
}

/**
 * The grid-charging ceiling of each month (index 0 = January), kW: `limitKw` (transformer, demand
 * target), and with a demand charge also the month's maximum residual import without the battery,
 * so that charging never sets a new monthly maximum demand.
 * @param residualKw import without the battery at each step, kW
 * @param layout the time base (month of each day)
 * @param limitKw the site's own ceiling, kW (may be +∞)
 * @param demandCharged whether the tariff bills the monthly maximum demand
 */
export function gridChargeCeilingByMonth(
  residualKw: Float64Array,
  layout: { readonly days: number; readonly stepsPerDay: number; readonly monthOfDay: Uint8Array },
  limitKw: number,
  demandCharged: boolean,
): Float64Array {
  const ceilings = new Float64Array(12).fill(limitKw);
  if (!demandCharged) return ceilings;
  const peaks = new Float64Array(12);
  for (let day = 0; day < layout.days; day++) {
    const m = layout.monthOfDay[day]! - 1;
    for (let t = day * layout.stepsPerDay; t < (day + 1) * layout.stepsPerDay; t++) {
      if (residualKw[t]! > peaks[m]!) peaks[m] = residualKw[t]!;
    }
  }
  for (let m = 0; m < 12; m++) ceilings[m] = Math.min(limitKw, peaks[m]!);
  return ceilings;
}
