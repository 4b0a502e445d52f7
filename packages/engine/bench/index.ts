/**
 * Engine benchmark (`npm run bench` at the repository root).
 *
 * 1. One annual hourly simulation (8760 steps: SPA + Perez + SAPM + PVWatts DC/losses/inverter):
 *    with the sun precomputed once per site/year, with the designer outputs (summary + loss
 *    waterfall), and end to end (`simulatePvSystem`, `runScenario`).
 * 2. The orientation table (annual POA for tilt 0..60 step 1 × azimuth 90..270 step 5, one
 *    sun/sky pass) and the refined best orientation.
 * 3. Accuracy of every reference scenario against pvlib (shared/reference).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  bestOrientation,
  lossWaterfall,
  orientationYieldTable,
  prepareScenario,
  runScenario,
  type Scenario,
  simulatePvSystem,
  simulatePvwattsSystem,
  summarisePvOutputs,
} from '../src/index.js';
import { median, time } from './timing.js';

const SHARED_PARENT = fileURLToPath(new URL('../../../../', import.meta.url));
const REF = `${SHARED_PARENT}shared/reference/`;

const benchName = '02_beijing_cswd_s30_perez.json';
const scenario = JSON.parse(readFileSync(`${REF}scenarios/${benchName}`, 'utf8')) as Scenario;
const weatherText = readFileSync(`${SHARED_PARENT}${scenario.weather?.path}`, 'utf8');

// Warm-up (JIT)
for (let i = 0; i < 3; i++) runScenario(scenario, weatherText);

const prepared = prepareScenario(scenario, weatherText);
const { system } = prepared.resolved;
for (let i = 0; i < 20; i++) simulatePvwattsSystem(prepared.poaContext, system);
const simOnly = time(200, () => simulatePvwattsSystem(prepared.poaContext, system));
const info = {
  ghiWm2: prepared.site.series.ghiWm2,
  month: prepared.site.weather.month,
  stepMinutes: prepared.site.weather.stepMinutes,
};
const simOutputs = time(100, () => {
  const sim = simulatePvwattsSystem(prepared.poaContext, system);
  summarisePvOutputs(sim, system, info);
  lossWaterfall(sim, system, info);
});
const pvSystemInput = {
  weather: prepared.site.weather,
  system: {
    arrays: system.arrays.map((a) => ({
      tiltDeg: a.tiltDeg,
      azimuthDeg: a.azimuthDeg,
      dcKw: system.dcKw * a.dcFraction,
    })),
    acKw: system.acKw,
    albedo: system.albedo,
    lossesPercent: system.lossesPercent,
  },
  models: {
    transposition: prepared.resolved.transposition,
    temperature: prepared.resolved.temperatureName,
    iam: prepared.resolved.iamName,
    shiftMinutes: prepared.resolved.shiftMinutes,
    coerceYear: prepared.resolved.coerceYear,
  },
};
const pvSystem = time(15, () => simulatePvSystem(pvSystemInput));
const prepare = time(15, () => prepareScenario(scenario, weatherText));
const endToEnd = time(15, () => runScenario(scenario, weatherText));

console.log(
  `\n@pvplan/engine bench — ${benchName} (${prepared.site.weather.length} hourly steps), Node ${process.version}\n`,
);
console.log('| step | median ms | per second |');
console.log('|---|---:|---:|');
const row = (label: string, xs: number[]) =>
  console.log(`| ${label} | ${median(xs).toFixed(2)} | ${(1000 / median(xs)).toFixed(1)} |`);
row('annual simulation, sun/sky precomputed (Perez + IAM + SAPM + PVWatts)', simOnly);
row('annual simulation + summary + loss waterfall, sun/sky precomputed', simOutputs);
row('simulatePvSystem: SPA 8760 steps + sky precompute + simulation + outputs (weather parsed)', pvSystem);
row('prepare: parse EPW + SPA 8760 steps + sky precompute', prepare);
row('end to end: runScenario incl. parse and result JSON', endToEnd);

// Orientation table: tilt 0..60 step 1 × azimuth 90..270 step 5 (the defaults)
const orientationCtx = {
  poa: prepared.poaContext,
  albedo: system.albedo,
  latitudeDeg: prepared.resolved.site.latitude,
};
orientationYieldTable(orientationCtx); // warm-up
let table = orientationYieldTable(orientationCtx);
const gridRuns = time(5, () => {
  table = orientationYieldTable(orientationCtx);
});
const gridWithSun = time(3, () => {
  const p = prepareScenario(scenario, weatherText);
  orientationYieldTable({ ...orientationCtx, poa: p.poaContext });
});
let best = bestOrientation(orientationCtx);
const bestRuns = time(5, () => {
  best = bestOrientation(orientationCtx);
});
const nOrient = table.tiltsDeg.length * table.azimuthsDeg.length;
const tableMs = median(gridRuns);
console.log(
  `| orientationYieldTable ${table.tiltsDeg.length}×${table.azimuthsDeg.length} = ${nOrient} orientations, sun reused (target ≤ 1000 ms: ${tableMs <= 1000 ? 'met' : 'MISSED'}) | ${tableMs.toFixed(1)} | ${((nOrient * 1000) / tableMs).toFixed(0)} orientations |`,
);
console.log(`| orientationYieldTable incl. parse + SPA once | ${median(gridWithSun).toFixed(1)} | — |`);
console.log(
  `| bestOrientation: table + golden-section refinement (${best.refineEvaluations} evaluations) | ${median(bestRuns).toFixed(1)} | — |`,
);
console.log(
  `\nBest orientation: grid tilt ${table.best.tiltDeg}°, azimuth ${table.best.azimuthDeg}° → ${table.best.poaGlobalKwhM2.toFixed(1)} kWh/m²; refined tilt ${best.tiltDeg.toFixed(2)}°, azimuth ${best.azimuthDeg.toFixed(2)}° → ${best.poaGlobalKwhM2.toFixed(2)} kWh/m² (Perez, ${benchName}).`,
);

// Accuracy vs pvlib
console.log('\nAccuracy vs pvlib reference (shared/reference/results):\n');
console.log('| scenario | annual AC kWh | Δ AC % | max |Δ| month AC % | Δ POA % | hourly max |Δ| AC W |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const f of readdirSync(`${REF}scenarios`)
  .filter((x) => x.endsWith('.json'))
  .sort()) {
  const sc = JSON.parse(readFileSync(`${REF}scenarios/${f}`, 'utf8')) as Scenario;
  const ref = JSON.parse(readFileSync(`${REF}results/${f}`, 'utf8'));
  const res = runScenario(sc, readFileSync(`${SHARED_PARENT}${sc.weather?.path}`, 'utf8'));
  const a = res.annual as Record<string, number>;
  const pct = (x: number, y: number) => ((x - y) / y) * 100;
  let maxMonth = 0;
  for (let m = 0; m < 12; m++)
    maxMonth = Math.max(maxMonth, Math.abs(pct(res.monthly.ac_kwh[m]!, ref.monthly.ac_kwh[m])));
  let maxHourly = 0;
  for (const blk of ['hourly_first48', 'hourly_jun21'] as const) {
    const g = (res[blk] as unknown as Record<string, number[]>).ac_w!;
    const e = ref[blk].ac_w as number[];
    for (let i = 0; i < e.length; i++) maxHourly = Math.max(maxHourly, Math.abs(g[i]! - e[i]!));
  }
  console.log(
    `| ${f.replace('.json', '')} | ${a.ac_kwh!.toFixed(1)} | ${pct(a.ac_kwh!, ref.annual.ac_kwh).toFixed(4)} | ${maxMonth.toFixed(4)} | ${pct(a.poa_global_kwh_m2!, ref.annual.poa_global_kwh_m2).toFixed(4)} | ${maxHourly.toFixed(3)} |`,
  );
}
await (await import('./storage.js')).storageBench();
