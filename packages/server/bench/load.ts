/**
 * Load-data benchmark (issue 5 "Speed"): a year of 15-minute data (35 040 rows) parsed from CSV
 * (target ≤ 300 ms) and from XLSX (target ≤ 2 s), and a year's bill computed from it (≤ 10 ms).
 *
 * "Parse" is what netload/uploadNetLoadFiles + parseNetLoad do with the bytes: read the rows
 * (CSV decoder / exceljs streaming WorkbookReader), detect the header on the first 400 rows, read
 * every row under that mapping, grid, and clean with the default fill rule. Storage and the
 * database are not timed. Run: `npx tsx packages/server/bench/load.ts` (or `npm -w @pvplan/server
 * run bench` once the script is wired).
 */
import {
  assembleLoadSeries,
  computeBill,
  DEFAULT_FILL_RULE,
  detectLoadHeader,
  HUBEI_AGENCY_PRICES_2026_01,
  HUBEI_TOU_RULES_2024,
  type LoadCell,
  LoadRowParser,
  selectTariffPrices,
  type Tariff,
  touScheduleFromHourRanges,
} from '@pvplan/engine';
import { type LoadFileFormat, readTableRows } from '../src/modules/load/table-reader';
import { yearCsv, yearXlsx } from '../test/fixtures/load/load-files';

const YEAR = 2025;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

async function parse(format: LoadFileFormat, bytes: Buffer) {
  const sample: LoadCell[][] = [];
  const numbers: number[] = [];
  await readTableRows(
    `bench.${format}`,
    format,
    bytes,
    (cells, _i, n) => {
      sample.push([...cells]);
      numbers.push(n);
    },
    { maxRows: 400, styles: true },
  );
  const detection = detectLoadHeader({ rows: sample, rowNumbers: numbers });
  const parser = new LoadRowParser(detection.mapping);
  await readTableRows(`bench.${format}`, format, bytes, (cells, i, n) => parser.push(cells, i, n));
  return assembleLoadSeries([{ points: parser.finish(), mapping: detection.mapping }], DEFAULT_FILL_RULE)
    .cleaned;
}

async function time(runs: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const csv = yearCsv(YEAR);
const xlsx = await yearXlsx(YEAR);

await parse('csv', csv); // warm-up (JIT)
const csvMs = await time(7, () => parse('csv', csv));
await parse('xlsx', xlsx);
const xlsxMs = await time(3, () => parse('xlsx', xlsx));

const series = await parse('csv', csv);
const tariff: Tariff = {
  schedule: touScheduleFromHourRanges(HUBEI_TOU_RULES_2024),
  prices: selectTariffPrices(HUBEI_AGENCY_PRICES_2026_01, 'large_industry', 'kv1_10'),
  basicCharge: { basis: 'max_demand' },
};
const load = { timeBase: series.timeBase, kw: series.kw };
for (let i = 0; i < 20; i++) computeBill(tariff, load);
const billMs = await time(100, () => computeBill(tariff, load));
const bill = computeBill(tariff, load);

const line = (label: string, ms: number, target: number) =>
  `${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms   target ≤ ${target} ms   ${ms <= target ? 'ok' : 'SLOW'}`;
console.log(`Load data: ${series.timeBase.stepCount} steps of ${series.timeBase.stepMinutes} min (${YEAR})`);
console.log(`  CSV ${(csv.length / 1e6).toFixed(2)} MB, XLSX ${(xlsx.length / 1e6).toFixed(2)} MB`);
console.log(line('parse CSV (read+detect+parse+grid+clean), median', median(csvMs), 300));
console.log(line('parse XLSX (in-memory archive, streamed sheet XML), median', median(xlsxMs), 2000));
console.log(line("a year's bill (computeBill, Hubei 2026-01), median", median(billMs), 10));
console.log(
  `  bill check: ${bill.energyKwh.toFixed(0)} kWh, ${bill.totalYuan.toFixed(2)} yuan, average ${bill.averagePriceYuanPerKwh?.toFixed(4)} yuan/kWh`,
);
