/**
 * A full PV + storage income assessment on the server, timed: synthetic weather at the site →
 * PV simulation → tariff and bills → storage dispatch → 25-year cash flows (the chain the
 * calculation job runs, modules/projects/assessment.ts). Target ≤ 1 s (issue 7).
 *
 * Run from the repository root: `npx tsx packages/server/bench/assessment.ts`
 */
import { economicsConfigSchema, pvesOptionsSchema } from '@pvplan/contract';
import {
  batteryFromProduct,
  HUBEI_AGENCY_PRICES_2026_01,
  HUBEI_TOU_RULES_2024,
  selectTariffPrices,
  storageProduct,
  syntheticYearAt,
  touScheduleFromHourRanges,
} from '@pvplan/engine';
import { type AssessmentInput, runAssessment, spreadMonthlyLoad } from '../src/modules/projects/assessment';
import { loadHighs } from '../src/modules/projects/highs';

// A 10 kV two-part factory in Wuhan (Hubei agency prices Jan 2026, china-domain.md Example B):
// 3 GWh a year on two shifts, 600 kWp on the roof, 2 × 100 kW / 215 kWh cabinets.
const SITE = { latitudeDeg: 30.59, longitudeDeg: 114.3, areaCode: '420100' };
const WORKING = [false, true, true, true, true, true, true];
const SHIFT_DAY = [
  0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.45, 1, 1, 1, 1, 0.8, 1, 1, 1, 0.85, 1, 0.9, 1, 1, 1, 1, 0.6,
];
const REST_DAY = SHIFT_DAY.map(() => 0.2);
const MONTHLY_KWH = [240, 190, 250, 250, 255, 265, 280, 280, 265, 250, 250, 255].map((mwh) => mwh * 1000);

function input(strategy: 'twoChargeTwoDischarge' | 'optimal'): AssessmentInput {
  const product = storageProduct('ci-cabinet-100kw-215kwh');
  return {
    kind: 'pves',
    site: SITE,
    pv: {
      capacityKwp: 600,
      acKw: 500,
      tiltDeg: 20,
      azimuthDeg: 180,
      lossesPercent: 14,
      albedo: 0.2,
      firstYearDegradation: 0.01,
      annualDegradation: 0.004,
    },
    storage: {
      battery: batteryFromProduct(product, 2),
      productId: product.id,
      units: 2,
      strategy,
      runModel: null,
      workingWeekdays: WORKING,
      gridChargingAllowed: true,
      maxDemandTargetKw: null,
      lifeYears: 10,
      capexYuanPerWh: 0.8,
      replacementYuanPerWh: 0.5,
      annualDegradation: 0.025,
      omYuanPerKwhYear: 10,
      roundTripEfficiency: product.roundTripEfficiency,
    },
    load: { source: 'monthly', description: 'bench: 3 GWh/yr, two shifts' },
    tariff: {
      schedule: touScheduleFromHourRanges(HUBEI_TOU_RULES_2024).months,
      prices: selectTariffPrices(HUBEI_AGENCY_PRICES_2026_01, 'large_industry', 'kv1_10'),
      basicCharge: { basis: 'max_demand' },
      source: HUBEI_AGENCY_PRICES_2026_01.source ?? 'Hubei 2026-01',
    },
    transformerKva: 1250,
    feedInYuanPerKwh: 0.4161,
    feedInSource: 'coal benchmark, Hubei',
    economics: economicsConfigSchema.parse({}),
    pves: pvesOptionsSchema.parse({}),
  };
}

async function once(strategy: 'twoChargeTwoDischarge' | 'optimal') {
  const highs = strategy === 'optimal' ? await loadHighs() : undefined;
  const t0 = performance.now();
  const { weather } = syntheticYearAt({ ...SITE, year: 2023 });
  const t1 = performance.now();
  const loadKw = spreadMonthlyLoad(MONTHLY_KWH, SHIFT_DAY, REST_DAY, WORKING);
  const marks: Record<number, number> = {};
  const result = await runAssessment(input(strategy), {
    weather,
    weatherSource: 'synthetic',
    loadKw,
    ...(highs ? { highs } : {}),
    onProgress: (percent) => {
      marks[percent] = performance.now();
    },
  });
  const t2 = performance.now();
  const json = JSON.stringify(result.summary).length + JSON.stringify(result.series).length;
  const t3 = performance.now();
  return {
    total: t3 - t0,
    weather: t1 - t0,
    pv: (marks[35] ?? t1) - t1,
    chain: t2 - t1,
    json: t3 - t2,
    bytes: json,
    result,
  };
}

async function main(): Promise<void> {
  await once('twoChargeTwoDischarge'); // warm-up (JIT)
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await once('twoChargeTwoDischarge'));
  const best = runs.reduce((a, b) => (a.total < b.total ? a : b));
  const h = best.result.summary.headline;
  console.log(
    'PV+storage assessment, server side (600 kWp + 2 × 215 kWh, Wuhan, hourly year, rule dispatch 两充两放)',
  );
  console.log(
    `  total ${best.total.toFixed(0)} ms (target ≤ 1000 ms): weather ${best.weather.toFixed(0)} ms, PV ${best.pv.toFixed(0)} ms, ` +
      `chain ${best.chain.toFixed(0)} ms, JSON ${best.json.toFixed(0)} ms (${(best.bytes / 1024).toFixed(0)} KiB)`,
  );
  console.log(
    `  runs: ${runs.map((r) => r.total.toFixed(0)).join(', ')} ms; first-year generation ${h.firstYearGenerationKwh?.toFixed(0)} kWh, ` +
      `IRR ${h.projectIrrAfterTax === null ? 'none' : (h.projectIrrAfterTax * 100).toFixed(2)} %, payback ${h.staticPaybackYears?.toFixed(2)} y`,
  );
  console.log(`  ${best.total <= 1000 ? 'PASS' : 'FAIL'}: assessment ≤ 1 s`);
  await once('optimal'); // warm-up of the solver
  const lp = await once('optimal');
  console.log(
    `  same with the LP-optimal dispatch (365 daily HiGHS LPs): ${lp.total.toFixed(0)} ms (not held to the target)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
