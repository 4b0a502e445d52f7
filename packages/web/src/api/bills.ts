import {
  BILL_MAX_FILE_BYTES,
  type BillCorrections,
  type BillDetail,
  type BillFields,
  type BillFileView,
  type BillRecognitionStarted,
  type BillState,
  type BillSummary,
  type BillTableNum,
  type BillType,
  type BillUploadResult,
  ESTIMATE_TOOLS,
} from '@pvplan/contract';
import { requestData } from './request';

/** Electricity bills (spec 001 §7 "Bills", "Recognition", "Bill detail"). */
const EARLY = `${ESTIMATE_TOOLS}/early`;
const DETAIL = `${ESTIMATE_TOOLS}/billDetail`;

/** Uploads can take a while on slow links: 20 MB files, the server checks each before storing. */
export const BILL_UPLOAD_TIMEOUT_MS = 300_000;

export { BILL_MAX_FILE_BYTES };

/** A bill with its effective fields (selectElectricityBillByProId). */
export type BillWithFields = BillSummary & { readonly fields: BillFields };

/**
 * POST early/uploadElectricBillFile: PDFs or images; with projId they become the project's bill
 * files and recognition is queued (answer billFiles), without it they are only stored (files).
 */
export function uploadElectricBillFiles(files: readonly File[], projId?: string): Promise<BillUploadResult> {
  const form = new FormData();
  if (projId) form.append('projId', projId);
  for (const file of files) form.append('file', file, file.name);
  return requestData<BillUploadResult>(`${EARLY}/uploadElectricBillFile`, {
    method: 'POST',
    body: form,
    timeoutMs: BILL_UPLOAD_TIMEOUT_MS,
    silent: true,
  });
}

/** POST early/saveElectricBillFileUrl: registers an uploaded file with a project. */
export function saveElectricBillFileUrl(
  projId: string,
  fileUrl: string,
  fileName?: string,
  recognise = true,
): Promise<BillFileView> {
  return requestData<BillFileView>(`${EARLY}/saveElectricBillFileUrl`, {
    method: 'POST',
    body: { projId, fileUrl, fileName, recognise },
  });
}

/** POST early/selectElectricBillInfosByProId: the project's bill files with their bills. */
export function selectElectricBillInfosByProId(
  projId: string,
  signal?: AbortSignal,
): Promise<BillFileView[]> {
  return requestData<BillFileView[]>(`${EARLY}/selectElectricBillInfosByProId`, {
    method: 'POST',
    body: { projId },
    signal,
  });
}

/** POST early/selectElectricityBillByProId: the project's bills (not ignored) with fields, by month. */
export function selectElectricityBillByProId(
  projId: string,
  signal?: AbortSignal,
): Promise<BillWithFields[]> {
  return requestData<BillWithFields[]>(`${EARLY}/selectElectricityBillByProId`, {
    method: 'POST',
    body: { projId },
    signal,
  });
}

/** POST early/handleElectricityBill: recognise a file (background job). */
export function handleElectricityBill(id: number): Promise<BillRecognitionStarted> {
  return requestData<BillRecognitionStarted>(`${EARLY}/handleElectricityBill`, {
    method: 'POST',
    body: { id },
  });
}

/** POST early/handleMonthMultiElectricityBill: recognise several files. */
export function handleMonthMultiElectricityBill(ids: readonly number[]): Promise<BillRecognitionStarted[]> {
  return requestData<BillRecognitionStarted[]>(`${EARLY}/handleMonthMultiElectricityBill`, {
    method: 'POST',
    body: { ids },
  });
}

/** POST early/onceMoreHandleElectricityBill: recognise again, keeping corrections unless told not to. */
export function onceMoreHandleElectricityBill(
  id: number,
  keepCorrections = true,
): Promise<BillRecognitionStarted> {
  return requestData<BillRecognitionStarted>(`${EARLY}/onceMoreHandleElectricityBill`, {
    method: 'POST',
    body: { id, keepCorrections },
  });
}

/** POST model/recognizeElectricity: recognition of an upload without a project; poll /api/jobs/{jobId}. */
export function recognizeElectricity(fileUrl: string): Promise<{ jobId: number }> {
  return requestData<{ jobId: number }>(`${ESTIMATE_TOOLS}/model/recognizeElectricity`, {
    method: 'POST',
    body: { fileUrl },
  });
}

/** GET billDetail/getTableNum/{id}: how many bills a file holds. */
export function getTableNum(id: number, signal?: AbortSignal): Promise<BillTableNum> {
  return requestData<BillTableNum>(`${DETAIL}/getTableNum/${id}`, { signal });
}

/** POST billDetail/getBillDetail: a bill by id, or by file and table number. */
export function getBillDetail(
  target: { readonly id: number } | { readonly fileId: number; readonly tableNo: number },
  signal?: AbortSignal,
): Promise<BillDetail> {
  return requestData<BillDetail>(`${DETAIL}/getBillDetail`, { method: 'POST', body: target, signal });
}

/** POST billDetail/saveBillDetail: the user's corrections (replace: drop earlier ones first). */
export function saveBillDetail(
  target: { readonly id: number } | { readonly fileId: number; readonly tableNo: number },
  fields: BillCorrections,
  replace = false,
): Promise<BillDetail> {
  return requestData<BillDetail>(`${DETAIL}/saveBillDetail`, {
    method: 'POST',
    body: { ...target, fields, replace },
    // The review form shows the message next to the fields.
    silent: true,
  });
}

/** POST early/updateElectricityBillType. */
export function updateElectricityBillType(id: number, billType: BillType): Promise<BillSummary> {
  return requestData<BillSummary>(`${EARLY}/updateElectricityBillType`, {
    method: 'POST',
    body: { id, billType },
  });
}

/** POST early/updateElectricityBillState. */
export function updateElectricityBillState(id: number, state: BillState): Promise<BillSummary> {
  return requestData<BillSummary>(`${EARLY}/updateElectricityBillState`, {
    method: 'POST',
    body: { id, state },
  });
}

/** POST early/deleteElectricBillFile: the file and its bills. */
export function deleteElectricBillFile(id: number): Promise<{ id: number }> {
  return requestData<{ id: number }>(`${EARLY}/deleteElectricBillFile`, { method: 'POST', body: { id } });
}

/** POST early/deleteElectricityDataInfo: one bill's data; the file stays. */
export function deleteElectricityDataInfo(id: number): Promise<{ id: number }> {
  return requestData<{ id: number }>(`${EARLY}/deleteElectricityDataInfo`, { method: 'POST', body: { id } });
}
