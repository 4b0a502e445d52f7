/**
 * Regenerates `pv.kw` of jiangsu-pv-storage.json: hourly AC output of a 1000 kWp DC / 850 kW AC
 * rooftop (tilt 10°, south, PVWatts 14 % losses) modelled by this engine on the Shanghai CSWD
 * typical year in ../shared/weather. Hour i of the typical year becomes hour i of the case year.
 *
 *   npx tsx packages/engine/examples/storage/make-jiangsu-pv.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { simulatePvSystem } from '../../src/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const weatherFile = fileURLToPath(
  new URL('../../../../../shared/weather/CHN_Shanghai.Shanghai.583620_CSWD.epw', import.meta.url),
);
const caseFile = `${here}jiangsu-pv-storage.json`;

const pv = simulatePvSystem({
  weather: readFileSync(weatherFile, 'utf8'),
  system: { arrays: [{ tiltDeg: 10, azimuthDeg: 180, dcKw: 1000 }], acKw: 850, lossesPercent: 14 },
});
const kw = Array.from(pv.hourly.acW, (w) => Math.round(Math.max(0, w) / 100) / 10);
if (kw.length !== 8760) throw new Error(`expected 8760 hours, got ${kw.length}`);
const doc = JSON.parse(readFileSync(caseFile, 'utf8')) as { pv: { kw: number[] } };
doc.pv.kw = kw;
// Number arrays on one line, everything else indented.
const text = JSON.stringify(doc, null, 2).replace(
  /\[\s*(-?[\d.]+(?:,\s*-?[\d.]+)*)\s*\]/g,
  (_, items: string) => `[${items.split(/,\s*/).join(', ')}]`,
);
writeFileSync(caseFile, `${text}\n`);
console.log(`pv.kw: ${kw.length} hours, ${(kw.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} MWh/yr`);
