import { batteryLimits, emptyBatteryState, stepBattery, validateBatteryParams } from './battery.js';
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
 * stepping model (`stepBattery`), under every meter constraint.
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
  for (let t = 0; t < n; t++) {
    const day = Math.floor(t / spd);
    const sched = schedules[ctx.layout.monthOfDay[day]! - 1]!;
    const slot = t - day * spd;
    const mode = sched.mode[slot]!;
    const windowKw = sched.powerKw[slot]!;
    const r = ctx.residualKw[t]!;
    const s = ctx.surplusKw[t]!;
    const e = state.storedEnergyKwh;
    const roomKw = Math.max(0, (lim.maxStoredKwh - e) / (params.chargeEfficiency * dt));
    let charge = 0;
    let d = 0;
    if (s > 0) {
      const fromPv = Math.min(s, lim.maxChargeKw, roomKw);
      pvCharge[t] = fromPv;
      charge = fromPv;
      pvExport[t] = Math.min(s - fromPv, ctx.exportLimitKw);
    }
    if (mode === 1 && ctx.gridChargeAllowed[t] === 1) {
      const g = Math.max(
        0,
        Math.min(windowKw - charge, lim.maxChargeKw - charge, roomKw - charge, ceiling - r),
      );
      gridCharge[t] = g;
      charge += g;
    }
    if (charge === 0) {
      const availKw = Math.max(0, ((e - lim.minStoredKwh) * params.dischargeEfficiency) / dt);
      const cap = Math.min(lim.maxDischargeKw, r, availKw);
      if (mode === 2) d = Math.min(windowKw, cap);
      if (r - d > ctx.demandTargetKw) d = Math.min(cap, r - ctx.demandTargetKw);
      discharge[t] = d;
    }
    state = stepBattery(params, state, { requestedPowerKw: d - charge, dtHours: dt }).state;
    stored[t] = state.storedEnergyKwh;
  }
  return assembleDispatch(
    tariff,
    ctx,
    params,
    { dischargeKw: discharge, chargeFromGridKw: gridCharge, chargeFromPvKw: pvCharge, pvExportKw: pvExport },
    stored,
    state,
  );
}
