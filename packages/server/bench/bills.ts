/**
 * Bill-recognition benchmark (issue 5 "Speed": OCR one bill page ≤ 5 s; print the recognition
 * accuracy on the test bills).
 *
 * On the 7 test bills (test/fixtures/bills, rendered with Chromium and the CJK fonts; cached):
 * 1. PDF text layer → lines → fields: time per bill and field accuracy;
 * 2. OCR of the clean PNG (A4 at 2x) and of a scan-like JPEG (tilted 1°, 150 dpi, blurred, grey,
 *    noisy, JPEG q60): wall and CPU time per page, field accuracy;
 * 3. a scanned PDF (page image only): render + OCR;
 * 4. phone-photo-like pages (rotation, keystone, blur, uneven light, JPEG, noise, low resolution,
 *    all together; moderate and strong): field accuracy and time per degradation (bills-photo.ts).
 * "Field accuracy" = fields exactly right / fields set in the truth or the result (compareBillFields).
 * Wall times depend on what else runs on the machine: the 1-minute load average is printed.
 *
 * Run from the repository root: `npx tsx packages/server/bench/bills.ts`
 */
import fs from 'node:fs';
import os from 'node:os';
import { type BillFields, emptyBillFields } from '@pvplan/contract';
import { compareBillFields, extractBillFields } from '../src/modules/bills/bill-extractor';
import { OCR_MAX_SIDE_PX, ocrImage, shutdownOcr, warmUpOcr } from '../src/modules/bills/bill-ocr';
import { recogniseBillFile } from '../src/modules/bills/bill-recognizer';
import { renderBills } from '../test/fixtures/bills/render-bills';
import { benchPhotoDegradations } from './bills-photo';

const OCR_TARGET_MS = 5000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function pct(correct: number, total: number): string {
  return `${((100 * correct) / Math.max(1, total)).toFixed(1)} % (${correct}/${total})`;
}

interface Tally {
  correct: number;
  total: number;
  wrong: string[];
}

function tally(): Tally {
  return { correct: 0, total: 0, wrong: [] };
}

function score(into: Tally, id: string, actual: BillFields, truth: BillFields): string {
  const result = compareBillFields(actual, truth);
  into.correct += result.correct;
  into.total += result.total;
  for (const w of result.wrong)
    into.wrong.push(`${id}.${w.field}: read ${String(w.actual)}, is ${String(w.expected)}`);
  return `${result.correct}/${result.total}`;
}

const set = await renderBills();
console.log(`Test bills: ${set.bills.length} (${set.dir})`);
console.log(
  `CPU: ${os.cpus()[0]?.model ?? '?'} × ${os.availableParallelism()}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// 1. PDF text layer
const pdf = tally();
const pdfMs: number[] = [];
for (const bill of set.bills) {
  const bytes = fs.readFileSync(bill.pdfPath);
  const started = performance.now();
  const result = await recogniseBillFile(bytes, 'pdf');
  pdfMs.push(performance.now() - started);
  score(pdf, bill.fixture.id, result.tables[0]?.fields ?? emptyBillFields(), bill.truth);
}
console.log(
  `\nPDF text layer: accuracy ${pct(pdf.correct, pdf.total)}; per bill median ${median(pdfMs).toFixed(0)} ms, max ${Math.max(...pdfMs).toFixed(0)} ms`,
);
for (const line of pdf.wrong) console.log(`  wrong: ${line}`);

// 2. OCR
let started = performance.now();
await warmUpOcr();
console.log(
  `\nOCR models loaded in ${(performance.now() - started).toFixed(0)} ms (once per process); images scaled to ≤ ${OCR_MAX_SIDE_PX} px`,
);
for (const variant of ['clean PNG', 'scan-like JPEG'] as const) {
  const ocr = tally();
  const wall: number[] = [];
  const cpu: number[] = [];
  const stageTotals = { prepare: 0, detect: 0, crop: 0, recognise: 0 };
  const rows: string[] = [];
  for (const bill of set.bills) {
    const bytes = fs.readFileSync(variant === 'clean PNG' ? bill.pngPath : bill.scanJpgPath);
    const cpuBefore = process.cpuUsage();
    const page = await ocrImage(bytes);
    const cpuUsed = process.cpuUsage(cpuBefore);
    wall.push(page.ms);
    for (const stage of Object.keys(stageTotals) as Array<keyof typeof stageTotals>)
      stageTotals[stage] += page.stages[stage] / set.bills.length;
    cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
    const fields = extractBillFields(page.lines).fields;
    rows.push(
      `  ${bill.fixture.id.padEnd(40)} ${score(ocr, bill.fixture.id, fields, bill.truth).padStart(5)}  ${page.ms.toFixed(0).padStart(6)} ms  ${page.boxes} boxes`,
    );
  }
  console.log(`\nOCR, ${variant}: accuracy ${pct(ocr.correct, ocr.total)}`);
  console.log(
    `  per page: median ${median(wall).toFixed(0)} ms wall (max ${Math.max(...wall).toFixed(0)}), median ${median(cpu).toFixed(0)} ms CPU; target ≤ ${OCR_TARGET_MS} ms: ${median(wall) <= OCR_TARGET_MS ? 'met' : 'NOT met'} (load average now ${os.loadavg()[0]!.toFixed(1)})`,
  );
  console.log(
    `  mean stages: ${Object.entries(stageTotals)
      .map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`)
      .join(', ')}`,
  );
  for (const row of rows) console.log(row);
  for (const line of ocr.wrong) console.log(`  wrong: ${line}`);
}

// 3. A scanned PDF: page rendered with pdfjs + @napi-rs/canvas, then OCR.
started = performance.now();
const scanned = await recogniseBillFile(fs.readFileSync(set.scannedPdf), 'pdf');
const scannedMs = performance.now() - started;
const scannedTally = tally();
score(scannedTally, 'scanned', scanned.tables[0]?.fields ?? emptyBillFields(), set.bills[0]!.truth);
console.log(
  `\nScanned PDF (no text layer) → render → OCR: ${scannedMs.toFixed(0)} ms, sources ${scanned.sources.join(',')}, accuracy ${pct(scannedTally.correct, scannedTally.total)}`,
);

// 4. Phone-photo-like pages.
await benchPhotoDegradations(set);

await shutdownOcr();
