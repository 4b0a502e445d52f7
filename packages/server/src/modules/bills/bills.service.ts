import { randomUUID } from 'node:crypto';
import {
  type BillCorrections,
  type BillDetail,
  type BillDetailBody,
  type BillEvidence,
  type BillFieldName,
  type BillFields,
  type BillFileState,
  type BillFileView,
  type BillPageText,
  type BillRecognitionStarted,
  type BillState,
  type BillSummary,
  type BillTableNum,
  type BillTextSource,
  type BillType,
  type BillUploadResult,
  ERRORS,
  effectiveBillFields,
  emptyBillFields,
  formatMessage,
  isErrorName,
  type Language,
  type SaveBillDetailBody,
  type SaveBillFileUrlBody,
} from '@pvplan/contract';
import type { ElectricityBillFileRow, ElectricityBillRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import type { ObjectStorage } from '../../providers/storage';
import type { Principal } from '../auth/principal';
import { FILES_URL_PREFIX, type FilesService, type IncomingFile } from '../files/files.service';
import type { JobsService } from '../jobs/jobs.service';
import { assertUnlocked, type ProjectNeed, requireProjectAccess } from '../projects/project-access';
import type { Db } from '../users/user.repository';
import { billChecks } from './bill-extractor';
import { type CheckedBillFile, checkBillFile } from './bill-files';
import { BILL_RECOGNITION_JOB, type BillRecognitionPayload, readObject } from './bill-recognition.job';
import {
  billFilesOfProject,
  billsOfFiles,
  billsOfProject,
  deleteBill,
  deleteBillFile,
  findBill,
  findBillByTable,
  findBillFile,
  findBillFileByKey,
  insertBillFile,
  insertManualBill,
  objectStillUsed,
  parseJson,
  queueRecognition,
  saveCorrections,
  setBillState,
  setBillType,
  setRecognitionJob,
} from './bills.repository';

/** The files-table type of stored bill uploads (so /api/files serves them to their owner's pages). */
export const BILL_FILE_TYPE = 'ELECTRIC_BILL';

/** A bill with its effective fields, as selectElectricityBillByProId lists them. */
export interface BillWithFields extends BillSummary {
  readonly fields: BillFields;
}

function errorMessage(language: Language, code: string | null): string | null {
  if (!code) return null;
  return isErrorName(code) ? formatMessage(language, ERRORS[code].key) : code;
}

/** A bill's recognised values, the user's corrections, and the fields they make together. */
function fieldsOf(row: ElectricityBillRow) {
  const recognised = parseJson<BillFields>(row.recognised_json, emptyBillFields());
  const corrections = parseJson<BillCorrections>(row.corrections_json, {});
  return { recognised, corrections, fields: effectiveBillFields(recognised, corrections) };
}

function summaryOf(row: ElectricityBillRow): BillWithFields {
  return summaryWith(row, fieldsOf(row));
}

function summaryWith(
  row: ElectricityBillRow,
  { corrections, fields }: ReturnType<typeof fieldsOf>,
): BillWithFields {
  return {
    id: row.id,
    fileId: row.file_id,
    projId: row.proj_id,
    tableNo: row.table_no,
    pageNo: row.page_no,
    billType: row.bill_type as BillType,
    state: row.state as BillState,
    source: row.source as BillTextSource,
    billMonth: fields.billMonth,
    accountNo: fields.accountNo,
    totalKwh: fields.totalKwh,
    totalAmountYuan: fields.totalAmountYuan,
    correctedCount: Object.keys(corrections).length,
    updateTime: row.updated_at,
    fields,
  };
}

function withoutFields({ fields: _fields, ...summary }: BillWithFields): BillSummary {
  return summary;
}

/**
 * Electricity bills of a project: upload (checked by content), registration with the project,
 * recognition as a background job, review and correction of every field, type and state.
 * Every call checks the caller's access to the bill's project (view to read, edit to change).
 */
export class BillsService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly files: FilesService,
    private readonly jobs: JobsService,
  ) {}

  private async project(principal: Principal, projId: string | null | undefined, need: ProjectNeed) {
    const access = await requireProjectAccess(this.db, principal, projId, need);
    if (need !== 'view') assertUnlocked(access.project);
    return access;
  }

  private async fileFor(
    principal: Principal,
    id: number,
    need: ProjectNeed,
  ): Promise<ElectricityBillFileRow> {
    const file = await findBillFile(this.db, id);
    if (!file) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    await this.project(principal, file.proj_id, need);
    return file;
  }

  private async billFor(principal: Principal, id: number, need: ProjectNeed): Promise<ElectricityBillRow> {
    const bill = await findBill(this.db, id);
    if (!bill) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    await this.project(principal, bill.proj_id, need);
    return bill;
  }

  /**
   * uploadElectricBillFile: every file is checked (type by content, PDF readable, image decodable)
   * before any is stored, so a bad file in a batch stores nothing; the stored files are not yet
   * bills of a project (saveElectricBillFileUrl does that).
   */
  async upload(principal: Principal, incoming: readonly IncomingFile[]): Promise<BillUploadResult> {
    if (incoming.length === 0) throw new AppError('ERR_UPLOAD_NO_FILE');
    const checked: Array<{ file: IncomingFile; check: CheckedBillFile }> = [];
    for (const file of incoming)
      checked.push({ file, check: await checkBillFile(file.fileName, file.bytes) });
    const stored: string[] = [];
    try {
      const result: BillUploadResult['files'] = [];
      for (const { file, check } of checked) {
        const objectKey = `bills/${principal.user.id}/${randomUUID()}${check.extension}`;
        await this.storage.put(objectKey, file.bytes, check.contentType);
        stored.push(objectKey);
        await this.files.record({
          objectKey,
          fileName: file.fileName,
          fileType: BILL_FILE_TYPE,
          contentType: check.contentType,
          sizeBytes: file.bytes.length,
          ownerUserId: principal.user.id,
        });
        result.push({
          fileUrl: `${FILES_URL_PREFIX}${objectKey}`,
          fileName: file.fileName,
          contentType: check.contentType,
          sizeBytes: file.bytes.length,
          pageCount: check.pageCount,
        });
      }
      return { fileUrl: result[0]?.fileUrl ?? null, files: result, billFiles: [] };
    } catch (error) {
      for (const key of stored) await this.files.remove(key).catch(() => undefined);
      throw error;
    }
  }

  /**
   * uploadElectricBillFile with a project: the project is checked first (nothing is stored for a
   * project the caller may not change), then the files are stored, registered and queued.
   */
  async uploadToProject(
    principal: Principal,
    projId: string,
    incoming: readonly IncomingFile[],
    language: Language,
  ): Promise<BillUploadResult> {
    await this.project(principal, projId, 'edit');
    const uploaded = await this.upload(principal, incoming);
    const billFiles: BillFileView[] = [];
    for (const file of uploaded.files) {
      billFiles.push(
        await this.saveFileUrl(
          principal,
          projId,
          { fileUrl: file.fileUrl, fileName: file.fileName, recognise: true },
          language,
        ),
      );
    }
    return { ...uploaded, billFiles };
  }

  /** The caller's stored bill upload behind a file URL. */
  private async ownedUpload(principal: Principal, fileUrl: string) {
    const objectKey = this.files.objectKeyOfUrl(fileUrl);
    const row = objectKey && (await this.files.ownedFile(objectKey, principal.user.id, BILL_FILE_TYPE));
    if (!objectKey || !row) throw new AppError('ERR_BILL_FILE_UNKNOWN');
    return { objectKey, row };
  }

  /** saveElectricBillFileUrl: registers an upload as a bill file of the project; recognition starts unless told not to. */
  async saveFileUrl(
    principal: Principal,
    projId: string | null,
    body: SaveBillFileUrlBody,
    language: Language,
  ): Promise<BillFileView> {
    const { project } = await this.project(principal, projId, 'edit');
    const projectId = String(project.id);
    const { objectKey, row } = await this.ownedUpload(principal, body.fileUrl);
    let file = await findBillFileByKey(this.db, projectId, objectKey);
    if (!file) {
      const bytes = await readObject(this.storage, objectKey);
      if (!bytes) throw new AppError('ERR_BILL_FILE_UNKNOWN');
      const check = await checkBillFile(body.fileName ?? row.file_name, bytes);
      const id = await insertBillFile(this.db, {
        projId: projectId,
        ownerUserId: principal.user.id,
        objectKey,
        fileName: body.fileName ?? row.file_name,
        contentType: check.contentType,
        sizeBytes: bytes.length,
        pageCount: check.pageCount,
      });
      file = await findBillFile(this.db, id);
      if (file && body.recognise) await this.enqueue(principal, file, true);
    }
    return this.fileView(principal, file!.id, language);
  }

  private async enqueue(
    principal: Principal,
    file: ElectricityBillFileRow,
    keepCorrections: boolean,
  ): Promise<BillRecognitionStarted> {
    const runToken = randomUUID().replaceAll('-', '');
    if (!(await queueRecognition(this.db, file.id, runToken))) throw new AppError('ERR_BILL_RECOGNISING');
    const payload: BillRecognitionPayload = { mode: 'file', fileId: file.id, runToken, keepCorrections };
    const jobId = await this.jobs.enqueue({
      type: BILL_RECOGNITION_JOB,
      payload,
      ownerUserId: principal.user.id,
      maxAttempts: 1,
    });
    await setRecognitionJob(this.db, file.id, jobId);
    return { id: file.id, jobId, state: 'queued' };
  }

  /** handleElectricityBill: recognise a registered file. */
  async recognise(principal: Principal, id: number): Promise<BillRecognitionStarted> {
    const file = await this.fileFor(principal, id, 'edit');
    return this.enqueue(principal, file, true);
  }

  /** handleMonthMultiElectricityBill: recognise several files (e.g. a year of monthly bills), each its own job. */
  async recogniseMany(principal: Principal, ids: readonly number[]): Promise<BillRecognitionStarted[]> {
    const files: ElectricityBillFileRow[] = [];
    for (const id of new Set(ids)) files.push(await this.fileFor(principal, id, 'edit'));
    const started: BillRecognitionStarted[] = [];
    for (const file of files) started.push(await this.enqueue(principal, file, true));
    return started;
  }

  /** onceMoreHandleElectricityBill: recognise again; the user's corrections stay unless keepCorrections is false. */
  async rerun(principal: Principal, id: number, keepCorrections: boolean): Promise<BillRecognitionStarted> {
    const file = await this.fileFor(principal, id, 'edit');
    return this.enqueue(principal, file, keepCorrections);
  }

  /** model/recognizeElectricity: recognition of one of the caller's uploads, no project; poll /api/jobs/{jobId}. */
  async recogniseUpload(principal: Principal, fileUrl: string): Promise<{ jobId: number }> {
    const { objectKey } = await this.ownedUpload(principal, fileUrl);
    const payload: BillRecognitionPayload = { mode: 'object', objectKey };
    const jobId = await this.jobs.enqueue({
      type: BILL_RECOGNITION_JOB,
      payload,
      ownerUserId: principal.user.id,
      maxAttempts: 1,
    });
    return { jobId };
  }

  async tableNum(principal: Principal, id: number): Promise<BillTableNum> {
    const file = await this.fileFor(principal, id, 'view');
    const bills = await billsOfFiles(this.db, [file.id]);
    return {
      id: file.id,
      state: file.state as BillFileState,
      pageCount: file.page_count,
      tableNum: bills.length,
    };
  }

  private detailOf(file: ElectricityBillFileRow, bill: ElectricityBillRow): BillDetail {
    const parsed = fieldsOf(bill);
    const { recognised, corrections, fields } = parsed;
    return {
      ...withoutFields(summaryWith(bill, parsed)),
      fileName: file.file_name,
      fileUrl: `${FILES_URL_PREFIX}${file.object_key}`,
      recognised,
      corrections,
      fields,
      evidence: parseJson<Partial<Record<BillFieldName, BillEvidence>>>(bill.evidence_json, {}),
      checks: billChecks(fields),
      pages: parseJson<BillPageText[]>(bill.pages_json, []),
    };
  }

  /** billDetail/getBillDetail: one bill by id, or by file and table number. */
  async detail(principal: Principal, body: BillDetailBody): Promise<BillDetail> {
    let bill: ElectricityBillRow | undefined;
    if (body.id !== undefined) bill = await this.billFor(principal, body.id, 'view');
    else {
      const file = await this.fileFor(principal, body.fileId!, 'view');
      bill = await findBillByTable(this.db, file.id, body.tableNo);
    }
    if (!bill) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    const file = await findBillFile(this.db, bill.file_id);
    if (!file) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    return this.detailOf(file, bill);
  }

  /**
   * billDetail/saveBillDetail: the user's corrections, merged into earlier ones (or replacing them).
   * A correction equal to the recognised value is dropped (it corrects nothing). With fileId and a
   * table number that has no bill yet, a manual bill is created.
   */
  async saveDetail(principal: Principal, body: SaveBillDetailBody): Promise<BillDetail> {
    let bill: ElectricityBillRow | undefined;
    let file: ElectricityBillFileRow;
    if (body.id !== undefined) {
      bill = await this.billFor(principal, body.id, 'edit');
      const found = await findBillFile(this.db, bill.file_id);
      if (!found) throw new AppError('ERR_RESOURCE_NOT_FOUND');
      file = found;
    } else {
      file = await this.fileFor(principal, body.fileId!, 'edit');
      bill = await findBillByTable(this.db, file.id, body.tableNo);
    }
    if (!bill) {
      if (file.state === 'queued' || file.state === 'recognising') throw new AppError('ERR_BILL_RECOGNISING');
      const corrections = Object.fromEntries(
        Object.entries(body.fields).filter(([, value]) => value !== undefined),
      ) as BillCorrections;
      const id = await insertManualBill(this.db, file, body.tableNo, corrections);
      return this.detail(principal, { id, tableNo: 0 });
    }
    const recognised = parseJson<BillFields>(bill.recognised_json, emptyBillFields());
    const merged: Record<string, unknown> = body.replace
      ? {}
      : parseJson<BillCorrections>(bill.corrections_json, {});
    for (const [name, value] of Object.entries(body.fields)) {
      if (value === undefined) continue;
      if (value === recognised[name as BillFieldName]) delete merged[name];
      else merged[name] = value;
    }
    await saveCorrections(this.db, bill, merged as BillCorrections);
    return this.detail(principal, { id: bill.id, tableNo: 0 });
  }

  async updateType(principal: Principal, id: number, billType: BillType): Promise<BillSummary> {
    const bill = await this.billFor(principal, id, 'edit');
    await setBillType(this.db, bill.id, billType);
    return withoutFields(summaryOf((await findBill(this.db, bill.id))!));
  }

  async updateState(principal: Principal, id: number, state: BillState): Promise<BillSummary> {
    const bill = await this.billFor(principal, id, 'edit');
    await setBillState(this.db, bill.id, state);
    return withoutFields(summaryOf((await findBill(this.db, bill.id))!));
  }

  private viewOf(
    file: ElectricityBillFileRow,
    bills: ElectricityBillRow[],
    language: Language,
  ): BillFileView {
    return {
      id: file.id,
      projId: file.proj_id,
      fileName: file.file_name,
      fileUrl: `${FILES_URL_PREFIX}${file.object_key}`,
      contentType: file.content_type,
      sizeBytes: file.size_bytes,
      pageCount: file.page_count,
      state: file.state as BillFileState,
      errorCode: file.error_code,
      errorMsg: errorMessage(language, file.error_code),
      jobId: file.job_id,
      sources: (file.sources ? file.sources.split(',') : []) as BillTextSource[],
      noBillPages: parseJson<number[]>(file.no_bill_pages, []),
      recognitionMs: file.recognition_ms,
      tableNum: bills.length,
      bills: bills.map((bill) => withoutFields(summaryOf(bill))),
      createTime: file.created_at,
      updateTime: file.updated_at,
    };
  }

  async fileView(principal: Principal, id: number, language: Language): Promise<BillFileView> {
    const file = await this.fileFor(principal, id, 'view');
    return this.viewOf(file, await billsOfFiles(this.db, [file.id]), language);
  }

  /** selectElectricBillInfosByProId: the project's bill files, each with its bills' summaries. */
  async listFiles(principal: Principal, projId: string | null, language: Language): Promise<BillFileView[]> {
    const { project } = await this.project(principal, projId, 'view');
    const files = await billFilesOfProject(this.db, String(project.id));
    const bills = await billsOfFiles(
      this.db,
      files.map((file) => file.id),
    );
    return files.map((file) =>
      this.viewOf(
        file,
        bills.filter((bill) => bill.file_id === file.id),
        language,
      ),
    );
  }

  /** selectElectricityBillByProId: the project's bills with their effective fields, by month; ignored bills left out. */
  async listBills(principal: Principal, projId: string | null): Promise<BillWithFields[]> {
    const { project } = await this.project(principal, projId, 'view');
    const rows = await billsOfProject(this.db, String(project.id));
    return rows.filter((row) => row.state !== 'ignored').map(summaryOf);
  }

  /** deleteElectricBillFile: the file, its bills, and the stored object when no other project uses it. */
  async deleteFile(principal: Principal, id: number): Promise<{ id: number }> {
    const file = await this.fileFor(principal, id, 'edit');
    await deleteBillFile(this.db, file.id);
    if (!(await objectStillUsed(this.db, file.object_key))) await this.files.remove(file.object_key);
    return { id: file.id };
  }

  /** deleteElectricityDataInfo: one bill's data; the file stays (recognise it again to get it back). */
  async deleteBillData(principal: Principal, id: number): Promise<{ id: number }> {
    const bill = await this.billFor(principal, id, 'edit');
    await deleteBill(this.db, bill.id);
    return { id: bill.id };
  }
}
