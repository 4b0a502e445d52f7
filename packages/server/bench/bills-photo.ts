/**
 * Bill OCR on phone-photo-like pages: field accuracy and time per degradation
 * (test/fixtures/bills/photo-degrade.ts), on three of the test bills (two State Grid layouts, one
 * Southern Grid), each image seeded by bill and degradation so every run reads the same bytes.
 * The images go through recogniseBillFile as an uploaded image would.
 *
 * Part of bench/bills.ts; alone: `npx tsx packages/server/bench/bills-photo.ts`
 * (PHOTO_BILLS=all for the seven bills; PHOTO_DEGRADATIONS=id,id for some degradations). The degraded images are kept in <render dir>/photo/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emptyBillFields } from '@pvplan/contract';
import { compareBillFields } from '../src/modules/bills/bill-extractor';
import { shutdownOcr, warmUpOcr } from '../src/modules/bills/bill-ocr';
import { recogniseBillFile } from '../src/modules/bills/bill-recognizer';
import { PHOTO_BENCH_BILLS, PHOTO_DEGRADATIONS, photoSeed } from '../test/fixtures/bills/photo-degrade';
import { type RenderedBillSet, renderBills } from '../test/fixtures/bills/render-bills';

export async function benchPhotoDegradations(
  set: RenderedBillSet,
  billIds?: readonly string[],
  degradationIds?: readonly string[],
) {
  const wanted: readonly string[] = billIds ?? PHOTO_BENCH_BILLS;
  const bills = set.bills.filter((b) => wanted.includes(b.fixture.id));
  const outDir = path.join(set.dir, 'photo');
  fs.mkdirSync(outDir, { recursive: true });
  await warmUpOcr();
  console.log(
    `\nOCR of phone-photo-like pages: ${bills.length} bills × ${PHOTO_DEGRADATIONS.length} degradations (images in ${outDir}); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`  ${'degradation'.padEnd(100)} ${'fields'.padStart(8)} ${'ms/page'.padStart(8)}`);
  const wrongLines: string[] = [];
  let allCorrect = 0;
  let allTotal = 0;
  for (const [d, degradation] of PHOTO_DEGRADATIONS.entries()) {
    if (degradationIds && !degradationIds.includes(degradation.id)) continue;
    let correct = 0;
    let total = 0;
    let ms = 0;
    for (const bill of bills) {
      const index = set.bills.indexOf(bill);
      const { bytes, params } = await degradation.apply(fs.readFileSync(bill.pngPath), photoSeed(index, d));
      const ext = bytes[0] === 0xff ? 'jpg' : 'png';
      fs.writeFileSync(path.join(outDir, `${bill.fixture.id}-${degradation.id}.${ext}`), bytes);
      const started = performance.now();
      const result = await recogniseBillFile(bytes, 'image');
      ms += performance.now() - started;
      const comparison = compareBillFields(result.tables[0]?.fields ?? emptyBillFields(), bill.truth);
      correct += comparison.correct;
      total += comparison.total;
      for (const w of comparison.wrong)
        wrongLines.push(
          `${degradation.id} ${bill.fixture.id} (${params}).${w.field}: read ${String(w.actual)}, is ${String(w.expected)}`,
        );
    }
    allCorrect += correct;
    allTotal += total;
    console.log(
      `  ${`${degradation.level} ${degradation.label}`.padEnd(100)} ${`${correct}/${total}`.padStart(8)} ${(ms / bills.length).toFixed(0).padStart(8)}`,
    );
  }
  console.log(
    `  all: ${allCorrect}/${allTotal} (${((100 * allCorrect) / Math.max(1, allTotal)).toFixed(1)} %); load average now ${os.loadavg()[0]!.toFixed(1)}`,
  );
  for (const line of wrongLines) console.log(`  wrong: ${line}`);
  return { correct: allCorrect, total: allTotal };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const set = await renderBills();
  await benchPhotoDegradations(
    set,
    process.env.PHOTO_BILLS === 'all' ? set.bills.map((b) => b.fixture.id) : undefined,
    process.env.PHOTO_DEGRADATIONS?.split(','),
  );
  await shutdownOcr();
}
