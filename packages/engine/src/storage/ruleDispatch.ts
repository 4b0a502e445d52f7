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
 *    min(transformer kVA × PF, maximum-demand target).
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
  const ceiling = Math.min(ctx.importLimitKw, ctx.demandTargetKw);
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
    const sched = schedules[ctx.layout.monthOfDay[day]! - 1]!;
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
