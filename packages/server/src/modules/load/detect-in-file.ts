import { detectLoadHeader, type LoadHeaderDetection } from '@pvplan/engine';
import { asLoadAppError } from './load-errors';
import { type LoadFileFormat, sampleTable } from './table-reader';

/**
 * Sample a file and detect its load header. Without a named sheet, an XLSX workbook's sheets are
 * tried in order (a notes sheet before the data is common); the first sheet's error is reported
 * when none has a load table.
 */
export async function detectInFile(
  fileName: string,
  format: LoadFileFormat,
  bytes: Buffer,
  sheetName: string | null | undefined,
): Promise<{ sample: Awaited<ReturnType<typeof sampleTable>>; detection: LoadHeaderDetection }> {
  const attempt = async (sheet: string | null | undefined) => {
    const sample = await sampleTable(fileName, format, bytes, sheet ? { sheetName: sheet } : {});
    const detection = detectLoadHeader(
      { rows: sample.rows, rowNumbers: sample.rowNumbers },
      0,
      sample.result.sheetName ?? (format === 'csv' ? 'CSV' : undefined),
    );
    return { sample, detection };
  };
  try {
    return await attempt(sheetName);
  } catch (first) {
    if (format === 'csv' || sheetName) throw asLoadAppError(first, [fileName]);
    const names = (await sampleTable(fileName, format, bytes, { maxRows: 1 })).result.sheetNames;
    for (const name of names) {
      try {
        return await attempt(name);
      } catch {
        // try the next sheet
      }
    }
    throw asLoadAppError(first, [fileName]);
  }
}
