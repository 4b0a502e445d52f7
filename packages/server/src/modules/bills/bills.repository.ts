import type {
  BillCorrections,
  BillEvidence,
  BillFieldName,
  BillFields,
  BillPageText,
  BillState,
  BillTextSource,
  BillType,
  RecognisedBillTable,
} from '@pvplan/contract';
import { billTypeOf, effectiveBillFields, emptyBillFields } from '@pvplan/contract';
import type { ElectricityBillFileRow, ElectricityBillRow } from '../../db/tables';
import { nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';

export interface NewBillFile {
  readonly projId: string;
  readonly ownerUserId: number;
  readonly objectKey: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly pageCount: number;
}

export async function insertBillFile(db: Db, file: NewBillFile): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('electricity_bill_files')
    .values({
      proj_id: file.projId,
      owner_user_id: file.ownerUserId,
      object_key: file.objectKey,
      file_name: file.fileName.slice(0, 255),
      content_type: file.contentType,
      size_bytes: file.sizeBytes,
      page_count: file.pageCount,
      state: 'uploaded',
      error_code: null,
      job_id: null,
      run_token: null,
      sources: null,
      no_bill_pages: null,
      recognition_ms: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findBillFile(db: Db, id: number): Promise<ElectricityBillFileRow | undefined> {
  return db.selectFrom('electricity_bill_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findBillFileByKey(
  db: Db,
  projId: string,
  objectKey: string,
): Promise<ElectricityBillFileRow | undefined> {
  return db
    .selectFrom('electricity_bill_files')
    .selectAll()
    .where('proj_id', '=', projId)
    .where('object_key', '=', objectKey)
    .executeTakeFirst();
}

export function billFilesOfProject(db: Db, projId: string): Promise<ElectricityBillFileRow[]> {
  return db
    .selectFrom('electricity_bill_files')
    .selectAll()
    .where('proj_id', '=', projId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function billsOfFiles(db: Db, fileIds: readonly number[]): Promise<ElectricityBillRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('electricity_bills')
    .selectAll()
    .where('file_id', 'in', [...fileIds])
    .orderBy('file_id')
    .orderBy('table_no')
    .execute();
}

export function billsOfProject(db: Db, projId: string): Promise<ElectricityBillRow[]> {
  return db
    .selectFrom('electricity_bills')
    .selectAll()
    .where('proj_id', '=', projId)
    .orderBy('bill_month')
    .orderBy('file_id')
    .orderBy('table_no')
    .execute();
}

export function findBill(db: Db, id: number): Promise<ElectricityBillRow | undefined> {
  return db.selectFrom('electricity_bills').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findBillByTable(
  db: Db,
  fileId: number,
  tableNo: number,
): Promise<ElectricityBillRow | undefined> {
  return db
    .selectFrom('electricity_bills')
    .selectAll()
    .where('file_id', '=', fileId)
    .where('table_no', '=', tableNo)
    .executeTakeFirst();
}

/** Marks a file queued for a new recognition run (unless one is queued or running). */
export async function queueRecognition(db: Db, fileId: number, runToken: string): Promise<boolean> {
  const result = await db
    .updateTable('electricity_bill_files')
    .set({ state: 'queued', run_token: runToken, error_code: null, updated_at: nowIso() })
    .where('id', '=', fileId)
    .where('state', 'not in', ['queued', 'recognising'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setRecognitionJob(db: Db, fileId: number, jobId: number): Promise<void> {
  await db.updateTable('electricity_bill_files').set({ job_id: jobId }).where('id', '=', fileId).execute();
}

/** The job of run `runToken` starts; false when the file was deleted or re-queued since. */
export async function startRecognition(db: Db, fileId: number, runToken: string): Promise<boolean> {
  const result = await db
    .updateTable('electricity_bill_files')
    .set({ state: 'recognising', updated_at: nowIso() })
    .where('id', '=', fileId)
    .where('run_token', '=', runToken)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RecognitionOutcome {
  readonly tables: readonly RecognisedBillTable[];
  readonly noBillPages: readonly number[];
  readonly sources: readonly BillTextSource[];
  readonly ms: number;
  readonly errorCode: string | null;
  readonly keepCorrections: boolean;
}

export function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Stores a finished run in one transaction, only if it is still the file's current run. On success
 * each table updates the bill with its number (corrections kept unless told otherwise, a type the
 * user chose kept) or adds one; bills beyond the new count go unless the user typed into them.
 * A failed run (no bill found) changes no bill: what was stored stays.
 */
export async function storeRecognition(
  db: Db,
  fileId: number,
  runToken: string,
  outcome: RecognitionOutcome,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const file = await trx
      .selectFrom('electricity_bill_files')
      .selectAll()
      .where('id', '=', fileId)
      .where('run_token', '=', runToken)
      .executeTakeFirst();
    if (!file) return false;
    const now = nowIso();
    const failed = outcome.errorCode !== null;
    await trx
      .updateTable('electricity_bill_files')
      .set({
        state: failed ? 'failed' : 'recognised',
        error_code: outcome.errorCode,
        run_token: null,
        sources: outcome.sources.join(',') || null,
        no_bill_pages: JSON.stringify(outcome.noBillPages),
        recognition_ms: Math.round(outcome.ms),
        updated_at: now,
      })
      .where('id', '=', fileId)
      .execute();
    if (failed) return true;

    const existing = await trx
      .selectFrom('electricity_bills')
      .selectAll()
      .where('file_id', '=', fileId)
      .execute();
    const byTable = new Map(existing.map((row) => [row.table_no, row]));
    for (const [tableNo, table] of outcome.tables.entries()) {
      const row = byTable.get(tableNo);
      const corrections: BillCorrections =
        row && outcome.keepCorrections ? parseJson<BillCorrections>(row.corrections_json, {}) : {};
      const effective = effectiveBillFields(table.fields, corrections);
      const values = {
        page_no: table.pageNo,
        source: table.source,
        state: (row?.state === 'ignored' ? 'ignored' : 'toReview') as BillState,
        bill_month: effective.billMonth,
        recognised_json: JSON.stringify(table.fields),
        corrections_json: JSON.stringify(corrections),
        evidence_json: JSON.stringify(table.evidence),
        pages_json: JSON.stringify(table.pages),
        updated_at: now,
      };
      if (row) {
        await trx
          .updateTable('electricity_bills')
          .set({
            ...values,
            bill_type: row.bill_type_by_user ? row.bill_type : billTypeOf(effective),
          })
          .where('id', '=', row.id)
          .execute();
      } else {
        await trx
          .insertInto('electricity_bills')
          .values({
            ...values,
            file_id: fileId,
            proj_id: file.proj_id,
            table_no: tableNo,
            bill_type: billTypeOf(effective),
            bill_type_by_user: 0,
            created_at: now,
          })
          .execute();
      }
    }
    for (const row of existing) {
      if (row.table_no < outcome.tables.length) continue;
      const typed = Object.keys(parseJson<BillCorrections>(row.corrections_json, {})).length > 0;
      if (typed || row.source === 'manual') continue;
      await trx.deleteFrom('electricity_bills').where('id', '=', row.id).execute();
    }
    return true;
  });
}

/** A recognition run that crashed: the file says so; its bills stay as they were. */
export async function failRecognition(
  db: Db,
  fileId: number,
  runToken: string,
  errorCode: string,
): Promise<void> {
  await db
    .updateTable('electricity_bill_files')
    .set({ state: 'failed', error_code: errorCode, run_token: null, updated_at: nowIso() })
    .where('id', '=', fileId)
    .where('run_token', '=', runToken)
    .execute();
}

/** Saves a bill's corrections (insert of a manual bill when there is none). */
export async function saveCorrections(
  db: Db,
  bill: ElectricityBillRow,
  corrections: BillCorrections,
): Promise<void> {
  const recognised = parseJson<BillFields>(bill.recognised_json, emptyBillFields());
  const effective = effectiveBillFields(recognised, corrections);
  await db
    .updateTable('electricity_bills')
    .set({
      corrections_json: JSON.stringify(corrections),
      bill_month: effective.billMonth,
      bill_type: bill.bill_type_by_user ? bill.bill_type : billTypeOf(effective),
      updated_at: nowIso(),
    })
    .where('id', '=', bill.id)
    .execute();
}

export async function insertManualBill(
  db: Db,
  file: ElectricityBillFileRow,
  tableNo: number,
  corrections: BillCorrections,
): Promise<number> {
  const now = nowIso();
  const effective = effectiveBillFields(emptyBillFields(), corrections);
  const row = await db
    .insertInto('electricity_bills')
    .values({
      file_id: file.id,
      proj_id: file.proj_id,
      table_no: tableNo,
      page_no: null,
      bill_type: billTypeOf(effective),
      bill_type_by_user: 0,
      state: 'toReview',
      source: 'manual',
      bill_month: effective.billMonth,
      recognised_json: JSON.stringify(emptyBillFields()),
      corrections_json: JSON.stringify(corrections),
      evidence_json: '{}',
      pages_json: '[]',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setBillType(db: Db, id: number, billType: BillType): Promise<void> {
  await db
    .updateTable('electricity_bills')
    .set({ bill_type: billType, bill_type_by_user: 1, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function setBillState(db: Db, id: number, state: BillState): Promise<void> {
  await db
    .updateTable('electricity_bills')
    .set({ state, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteBill(db: Db, id: number): Promise<void> {
  await db.deleteFrom('electricity_bills').where('id', '=', id).execute();
}

/** Deletes a file row and its bills (the caller removes the stored object afterwards). */
export async function deleteBillFile(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('electricity_bills').where('file_id', '=', id).execute();
    await trx.deleteFrom('electricity_bill_files').where('id', '=', id).execute();
  });
}

/** Whether another bill-file row still points at the stored object. */
export async function objectStillUsed(db: Db, objectKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('electricity_bill_files')
    .select('id')
    .where('object_key', '=', objectKey)
    .executeTakeFirst();
  return row !== undefined;
}

export type EvidenceMap = Partial<Record<BillFieldName, BillEvidence>>;
export type PagesJson = BillPageText[];
