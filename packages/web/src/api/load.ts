import {
  type AvgHourPowerView,
  type ElectricityCoordinateView,
  ESTIMATE_TOOLS,
  type GetNetLoadQuery,
  LOAD_UPLOAD_TIMEOUT_MS,
  type LoadBillRequest,
  type LoadBillView,
  type LoadConfigView,
  type LoadFileRules,
  type LoadFileView,
  type LoadFillRule,
  type LoadHeaderView,
  type LoadInfo,
  type LoadMonthlyEnergy,
  type LoadMonthlyEnergyView,
  type LoadMonthlySource,
  type LoadSeriesView,
  type LoadStatisticsView,
  type LoadTouRequest,
  type MonthlyTableCoordinateInput,
  type NetLoadOverview,
  type NetLoadSeriesView,
} from '@pvplan/contract';
import { requestData } from './request';

/*
 * Load data (server module `load`; spec 001 §7 "Net load", "Load and power", "Electricity files").
 * Failures are toasted by the request layer unless a function says it is silent.
 */

const NETLOAD = `${ESTIMATE_TOOLS}/netload`;
const EARLY = `${ESTIMATE_TOOLS}/early`;
const POWSENSOR = `${ESTIMATE_TOOLS}/powsensor`;
const ELECTRICITY = `${ESTIMATE_TOOLS}/electricity/file`;

function filesForm(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** POST netload/uploadNetLoadFiles?projId= (multipart, 300 s): stored files with their detected header. Silent: the upload dialog shows the message. */
export function uploadNetLoadFiles(
  projId: string,
  files: readonly File[],
  signal?: AbortSignal,
): Promise<LoadFileView[]> {
  return requestData<LoadFileView[]>(`${NETLOAD}/uploadNetLoadFiles`, {
    method: 'POST',
    query: { projId },
    body: filesForm(files),
    timeoutMs: LOAD_UPLOAD_TIMEOUT_MS,
    silent: true,
    signal,
  });
}

/** POST netload/selectNetLoad: the project's load files and stored series. */
export function selectNetLoad(projId: string, signal?: AbortSignal): Promise<NetLoadOverview> {
  return requestData<NetLoadOverview>(`${NETLOAD}/selectNetLoad`, {
    method: 'POST',
    body: { projId },
    signal,
  });
}

/** POST netload/deleteNetLoadFiles (the stored series stays). */
export function deleteNetLoadFiles(projId: string, fileIds: readonly number[]): Promise<{ deleted: number }> {
  return requestData(`${NETLOAD}/deleteNetLoadFiles`, { method: 'POST', body: { projId, fileIds } });
}

/** POST netload/parseNetLoadHeader: detect the header again, optionally on another sheet. */
export function parseNetLoadHeader(fileId: number, sheetName?: string): Promise<LoadHeaderView> {
  return requestData<LoadHeaderView>(`${NETLOAD}/parseNetLoadHeader`, {
    method: 'POST',
    body: { fileId, ...(sheetName ? { sheetName } : {}) },
    silent: true,
  });
}

/** GET netload/queryFileHeader?fileId= */
export function queryFileHeader(fileId: number, signal?: AbortSignal): Promise<LoadHeaderView> {
  return requestData<LoadHeaderView>(`${NETLOAD}/queryFileHeader`, {
    method: 'GET',
    query: { fileId },
    signal,
  });
}

/** POST netload/updateFileRules: the confirmed mapping. Silent: the dialog shows the message. */
export function updateFileRules(
  fileId: number,
  rules: LoadFileRules,
  sheetName?: string,
): Promise<LoadHeaderView> {
  return requestData<LoadHeaderView>(`${NETLOAD}/updateFileRules`, {
    method: 'POST',
    body: { fileId, rules, ...(sheetName ? { sheetName } : {}) },
    silent: true,
  });
}

/** POST netload/parseNetLoad: parse, clean and store the project's load. Silent: the message names file and row. */
export function parseNetLoad(projId: string, fileIds?: readonly number[]): Promise<LoadSeriesView> {
  return requestData<LoadSeriesView>(`${NETLOAD}/parseNetLoad`, {
    method: 'POST',
    body: { projId, ...(fileIds ? { fileIds } : {}) },
    timeoutMs: LOAD_UPLOAD_TIMEOUT_MS,
    silent: true,
  });
}

/** GET netload/selectSerialNumList: meters of the project's files (or of one file). */
export function selectSerialNumList(
  query: { projId: string } | { fileId: number },
  signal?: AbortSignal,
): Promise<{ serials: string[]; files: { fileId: number; fileName: string; serials: string[] }[] }> {
  return requestData(`${NETLOAD}/selectSerialNumList`, { method: 'GET', query, signal });
}

/** GET netload/selectFillRule?projId= */
export function selectFillRule(projId: string, signal?: AbortSignal): Promise<LoadFillRule> {
  return requestData<LoadFillRule>(`${NETLOAD}/selectFillRule`, { method: 'GET', query: { projId }, signal });
}

/** POST netload/updateFillRule: save the rule and clean the stored load again. Silent: the import panel shows the message. */
export function updateFillRule(
  projId: string,
  fillRule: LoadFillRule,
): Promise<{ fillRule: LoadFillRule; series: LoadSeriesView | null }> {
  return requestData(`${NETLOAD}/updateFillRule`, {
    method: 'POST',
    body: { projId, fillRule },
    silent: true,
  });
}

/**
 * POST netload/getLoadBill: the bill of the stored load, under the request's prices or (without
 * them) the area's agency price row and TOU table. `silent`: no toast on failure (the caller shows
 * the message, e.g. the load bill card).
 */
export function getLoadBill(
  body: LoadBillRequest,
  options: { readonly silent?: boolean; readonly signal?: AbortSignal } = {},
): Promise<LoadBillView> {
  return requestData<LoadBillView>(`${NETLOAD}/getLoadBill`, {
    method: 'POST',
    body,
    timeoutMs: 60_000,
    silent: options.silent,
    signal: options.signal,
  });
}

/** GET powsensor/getNetLoad: values (optionally a date range, averaged). */
export function getNetLoad(
  query: GetNetLoadQuery,
  signal?: AbortSignal,
  options: { readonly silent?: boolean } = {},
): Promise<NetLoadSeriesView> {
  return requestData<NetLoadSeriesView>(`${POWSENSOR}/getNetLoad`, {
    method: 'GET',
    query,
    signal,
    silent: options.silent,
  });
}

/** GET powsensor/getLatestLoadTime?projId= */
export function getLatestLoadTime(
  projId: string,
  signal?: AbortSignal,
): Promise<{ latestTime: string | null }> {
  return requestData(`${POWSENSOR}/getLatestLoadTime`, { method: 'GET', query: { projId }, signal });
}

/** GET early/getAvgHourPowerData?projId= */
export function getAvgHourPowerData(projId: string, signal?: AbortSignal): Promise<AvgHourPowerView> {
  return requestData<AvgHourPowerView>(`${EARLY}/getAvgHourPowerData`, {
    method: 'GET',
    query: { projId },
    signal,
  });
}

/**
 * POST early/selectLoadDataByProId: statistics. The TOU split: the bare table given, or the area named
 * (its table with the calendar rules, as the bill), else the id's tariff choice, else the saved table.
 */
export function selectLoadDataByProId(
  projId: string,
  options: LoadTouRequest & { heatmap?: boolean } = {},
  signal?: AbortSignal,
): Promise<LoadStatisticsView> {
  return requestData<LoadStatisticsView>(`${EARLY}/selectLoadDataByProId`, {
    method: 'POST',
    body: { projId, ...options },
    silent: true,
    signal,
  });
}

/** POST early/saveOrUpdateUserPowerDatas. */
export function saveOrUpdateUserPowerDatas(
  projId: string,
  datas: readonly LoadMonthlyEnergy[],
  source: LoadMonthlySource = 'manual',
): Promise<LoadMonthlyEnergyView[]> {
  return requestData(`${EARLY}/saveOrUpdateUserPowerDatas`, {
    method: 'POST',
    body: { projId, source, datas },
  });
}

/** POST early/getUserPowerDatas. */
export function getUserPowerDatas(projId: string, signal?: AbortSignal): Promise<LoadMonthlyEnergyView[]> {
  return requestData(`${EARLY}/getUserPowerDatas`, { method: 'POST', body: { projId }, signal });
}

/** POST early/saveLoadInfo. */
export function saveLoadInfo(projId: string, info: Partial<LoadInfo>): Promise<LoadConfigView> {
  return requestData(`${EARLY}/saveLoadInfo`, { method: 'POST', body: { projId, ...info } });
}

/** POST early/selectLoadConfigInfo. */
export function selectLoadConfigInfo(projId: string, signal?: AbortSignal): Promise<LoadConfigView> {
  return requestData(`${EARLY}/selectLoadConfigInfo`, { method: 'POST', body: { projId }, signal });
}

/** POST early/insertOrUpdateLoadInfoNew: settings + monthly energy; builds the synthetic profile when asked. */
export function insertOrUpdateLoadInfoNew(
  projId: string,
  info: Partial<LoadInfo>,
  datas?: readonly LoadMonthlyEnergy[],
): Promise<LoadConfigView> {
  return requestData(`${EARLY}/insertOrUpdateLoadInfoNew`, {
    method: 'POST',
    body: { projId, info, ...(datas ? { datas } : {}) },
    silent: true,
  });
}

/** POST electricity/file/uploadExcelFile (multipart). Silent: the dialog shows the message. */
export function uploadElectricityExcel(projId: string, files: readonly File[]): Promise<LoadFileView[]> {
  return requestData<LoadFileView[]>(`${ELECTRICITY}/uploadExcelFile`, {
    method: 'POST',
    query: { projId },
    body: filesForm(files),
    timeoutMs: LOAD_UPLOAD_TIMEOUT_MS,
    silent: true,
  });
}

/** GET electricity/file/getFileList?projId= */
export function getElectricityFileList(projId: string, signal?: AbortSignal): Promise<LoadFileView[]> {
  return requestData(`${ELECTRICITY}/getFileList`, { method: 'GET', query: { projId }, signal });
}

/** POST electricity/file/updateFileList: rename, enable/disable, delete. */
export function updateElectricityFileList(
  projId: string,
  files: readonly { id: number; fileName?: string; enabled?: boolean }[],
  deleteIds: readonly number[] = [],
): Promise<LoadFileView[]> {
  return requestData(`${ELECTRICITY}/updateFileList`, { method: 'POST', body: { projId, files, deleteIds } });
}

/** POST electricity/file/getCoordinate. */
export function getElectricityCoordinate(fileId: number): Promise<ElectricityCoordinateView> {
  return requestData(`${ELECTRICITY}/getCoordinate`, { method: 'POST', body: { fileId } });
}

/** POST electricity/file/updateCoordinate (apply = store the months as the project's monthly energy). */
export function updateElectricityCoordinate(
  fileId: number,
  coordinate: MonthlyTableCoordinateInput,
  apply = true,
): Promise<ElectricityCoordinateView> {
  return requestData(`${ELECTRICITY}/updateCoordinate`, {
    method: 'POST',
    body: { fileId, coordinate, apply },
    silent: true,
  });
}
