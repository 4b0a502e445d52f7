/**
 * Engine benchmark (`npm run bench` at the repository root).
 *
 * 1. One annual hourly simulation (8760 steps: SPA + Perez + SAPM + PVWatts DC/losses/inverter),
 *    end to end and with the sun precomputed once per site/year.
 * 2. Annual POA for a tilt 0..60 (step 1) × azimuth 90..270 (step 5) grid, reusing one sun/sky pass.
 * 3. Accuracy of every reference scenario against pvlib (shared/reference).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  poaGlobalTotalKwhM2,
  prepareScenario,
  runScenario,
  type Scenario,
  simulatePvwattsSystem,
} from '../src/index.js';

const SHARED_PARENT = fileURLToPath(new URL('../../../../', import.meta.url));
const REF = `${SHARED_PARENT}shared/reference/`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function time(runs: number, fn: () => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const benchName = '02_beijing_cswd_s30_perez.json';
const scenario = JSON.parse(readFileSync(`${REF}scenarios/${benchName}`, 'utf8')) as Scenario;
const weatherText = readFileSync(`${SHARED_PARENT}${scenario.weather?.path}`, 'utf8');

// Warm-up (JIT)
for (let i = 0; i < 3; i++) runScenario(scenario, weatherText);

const endToEnd = time(15, () => runScenario(scenario, weatherText));
const prepare = time(15, () => prepareScenario(scenario, weatherText));
const prepared = prepareScenario(scenario, weatherText);
for (let i = 0; i < 20; i++) simulatePvwattsSystem(prepared.poaContext, prepared.resolved.system);
const simOnly = time(200, () => simulatePvwattsSystem(prepared.poaContext, prepared.resolved.system));

console.log(
  `\n@pvplan/engine bench — ${benchName} (${prepared.site.weather.length} hourly steps), Node ${process.version}\n`,
);
console.log('| step | median ms | per second |');
console.log('|---|---:|---:|');
const row = (label: string, xs: number[]) =>
  console.log(`| ${label} | ${median(xs).toFixed(2)} | ${(1000 / median(xs)).toFixed(1)} |`);
row('annual simulation, sun/sky precomputed (Perez + IAM + SAPM + PVWatts)', simOnly);
row('prepare: parse EPW + SPA 8760 steps + sky precompute', prepare);
row('end to end: runScenario incl. result JSON', endToEnd);

// Orientation grid: tilt 0..60 step 1 × azimuth 90..270 step 5
const tilts = Array.from({ length: 61 }, (_, i) => i);
const azimuths = Array.from({ length: 37 }, (_, i) => 90 + 5 * i);
const albedo = prepared.resolved.system.albedo;
let best = { tilt: 0, az: 0, poa: -1 };
const gridRuns = time(5, () => {
  best = { tilt: 0, az: 0, poa: -1 };
  for (const t of tilts) {
    for (const az of azimuths) {
      const v = poaGlobalTotalKwhM2(prepared.poaContext, { tiltDeg: t, azimuthDeg: az }, albedo);
      if (v > best.poa) best = { tilt: t, az, poa: v };
    }
  }
});
const gridWithSun = time(3, () => {
  const p = prepareScenario(scenario, weatherText);
  for (const t of tilts)
    for (const az of azimuths) poaGlobalTotalKwhM2(p.poaContext, { tiltDeg: t, azimuthDeg: az }, albedo);
});
console.log(
  `| POA table ${tilts.length}×${azimuths.length} = ${tilts.length * azimuths.length} orientations (sun reused) | ${median(gridRuns).toFixed(1)} | — |`,
);
console.log(`| POA table incl. parse + SPA once | ${median(gridWithSun).toFixed(1)} | — |`);
console.log(
  `\nBest orientation in the grid: tilt ${best.tilt}°, azimuth ${best.az}° → ${best.poa.toFixed(1)} kWh/m² (Perez, ${benchName}).`,
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
