import {
  type AdminOrderRow,
  ESTIMATE_TOOLS,
  type InvoiceApplication,
  type InvoiceHandleBody,
  type InvoiceSearchBody,
  type InvoiceTitleType,
  type PurchaseRecord as OrderRecord,
  type OrderSearchBody,
  type PackageType,
  type Page,
  type PointsBalance,
  type PointsEntry,
  type PointsUserRow,
  type PointsUsersBody,
  type QrOrder,
  type SaveVipBody,
  type TrialApplication,
  type UsageCapacity,
  type UsageStatisticsRow as UsageRow,
  type VipFeatures,
  type VipPackage,
} from '@pvplan/contract';
import { ApiError, request, requestData } from './request';

/**
 * The membership area's calls (spec 001 §7 "Top-up packs and payment" and "Membership and
 * orders"): plans and packs, usage capacity, QR orders and their status, purchase records, usage
 * statistics, once-only packages, trial applications and points. Money is whole fen (…Fen).
 */

const VIP = `${ESTIMATE_TOOLS}/vip`;

/**
 * A purchase record as the purchase-records dialog shows it (spec 001 §3). The dialog's package
 * column shows bpPackageTypeId; we hand it the package name there (the id stays in packageId).
 */
export interface PurchaseRecord extends Omit<OrderRecord, 'bpPackageTypeId'> {
  readonly bpPackageTypeId: number | string | null;
  readonly packageId: number;
}

/** A usage statistics row (spec 001 §3): one project designed with the user's quota. */
export type UsageStatisticsRow = UsageRow;

export interface UserPageQuery {
  readonly userId: number;
  readonly pageNum: number;
  readonly pageSize: number;
}

/** The part of a paged answer the dialogs read (spec 001 §7: data.list and data.total). */
export type ListPage<T> = Pick<Page<T>, 'list' | 'total'>;

function asListPage<T>(data: Partial<ListPage<T>> | null | undefined): ListPage<T> {
  return { list: data?.list ?? [], total: Number(data?.total ?? 0) };
}

/** POST optVipOrder/findByConditionUserId {userId, pageNum, pageSize}: the user's orders. */
export async function findOrdersOfUser(
  query: UserPageQuery,
  signal?: AbortSignal,
): Promise<ListPage<PurchaseRecord>> {
  const data = await requestData<Partial<ListPage<OrderRecord>> | null>(
    `${ESTIMATE_TOOLS}/optVipOrder/findByConditionUserId`,
    { method: 'POST', body: query, silent: true, signal },
  );
  const page = asListPage(data);
  return {
    total: page.total,
    list: page.list.map((record) => ({
      ...record,
      packageId: record.bpPackageTypeId,
      bpPackageTypeId: record.vipName || record.bpPackageTypeId,
    })),
  };
}

/** POST optVipOrder/userDel {id, isDelete: 1}: the user removes an order from the list. */
export async function deleteOrder(id: number): Promise<void> {
  await request(`${ESTIMATE_TOOLS}/optVipOrder/userDel`, { method: 'POST', body: { id, isDelete: 1 } });
}

/** POST vip/getVipUserSchema/{userId}/{pageNum}/{pageSize}: projects designed with the user's quota. */
export async function getUsageStatistics(
  query: UserPageQuery,
  signal?: AbortSignal,
): Promise<ListPage<UsageStatisticsRow>> {
  const { userId, pageNum, pageSize } = query;
  const data = await requestData<Partial<ListPage<UsageStatisticsRow>> | null>(
    `${VIP}/getVipUserSchema/${userId}/${pageNum}/${pageSize}`,
    { method: 'POST', silent: true, signal },
  );
  return asListPage(data);
}

/** Whether a call failed because the server has no such endpoint (code 404). */
export function isMissingEndpoint(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'code' && error.code === 404;
}

/**
 * POST vip/getVipList {vipType}: the plans or packs of a type. The server answers only packages on
 * sale (status 1) to everyone but administrators, who get every package of the type.
 */
export function getVipList(vipType: PackageType, signal?: AbortSignal): Promise<VipPackage[]> {
  return requestData<VipPackage[]>(`${VIP}/getVipList`, { method: 'POST', body: { vipType }, signal });
}

/** POST vip/getVipFeatures: tiers and their features (the subscription page's comparison). */
export function getVipFeatures(signal?: AbortSignal): Promise<VipFeatures> {
  return requestData<VipFeatures>(`${VIP}/getVipFeatures`, { method: 'POST', body: {}, signal });
}

/** GET vip/getUsageCapacity: the signed-in user's capacity (MW) and survey area (万m²). */
export function getUsageCapacity(signal?: AbortSignal): Promise<UsageCapacity> {
  return requestData<UsageCapacity>(`${VIP}/getUsageCapacity`, { signal, silent: true });
}

/** POST vip/getOnceVipIds/{userId}: once-only packages (the trial package) already bought. */
export function getOnceVipIds(userId: number, signal?: AbortSignal): Promise<number[]> {
  return requestData<number[]>(`${VIP}/getOnceVipIds/${userId}`, {
    method: 'POST',
    body: {},
    signal,
    silent: true,
  });
}

/** The payment parameters of spec 001 §3: price (fen), proInfo, userId, vipId. */
export interface QrOrderParams {
  readonly vipId: number;
  readonly priceFen: number;
  readonly proInfo: string;
  readonly userId: number;
  readonly payMethod?: number;
}

/** GET ccb/getDyQrCode: creates the order and answers url (the QR text) and orderNum. */
export function createQrOrder(params: QrOrderParams, signal?: AbortSignal): Promise<QrOrder> {
  return requestData<QrOrder>(`${ESTIMATE_TOOLS}/ccb/getDyQrCode`, {
    query: { ...params },
    signal,
  });
}

/** GET ccb/payStatus?orderNum: "1" paid, "0" not yet. Silent: the dialog polls every second. */
export function getPayStatus(orderNum: string, signal?: AbortSignal): Promise<string> {
  return requestData<string>(`${ESTIMATE_TOOLS}/ccb/payStatus`, {
    query: { orderNum },
    silent: true,
    signal,
  });
}

/** The trial application dialog's form. */
export interface TrialApplicationForm {
  readonly contactName: string;
  readonly phone: string;
  readonly company: string;
  readonly remark?: string;
}

/** POST vip/applyTrial: apply for a trial of the premium plan. */
export function applyTrial(form: TrialApplicationForm): Promise<TrialApplication> {
  return requestData<TrialApplication>(`${VIP}/applyTrial`, { method: 'POST', body: form });
}

/** POST account/getPoints: the points balance. */
export function getPoints(signal?: AbortSignal): Promise<PointsBalance> {
  return requestData<PointsBalance>(`${ESTIMATE_TOOLS}/account/getPoints`, {
    method: 'POST',
    body: {},
    signal,
    silent: true,
  });
}

// ---------------------------------------------------------------- administrators

/** POST vip/modifyStatus {id, status}: put a package on (1) or off (0) sale. */
export function modifyVipStatus(id: number, status: 0 | 1): Promise<VipPackage> {
  return requestData<VipPackage>(`${VIP}/modifyStatus`, { method: 'POST', body: { id, status } });
}

/** The administrators' package form (vip/saveOrUpdate); money in fen. */
export type VipPackageForm = SaveVipBody;

/** POST vip/saveOrUpdate: create (no id) or replace a package. */
export function saveVipPackage(form: VipPackageForm): Promise<VipPackage> {
  return requestData<VipPackage>(`${VIP}/saveOrUpdate`, { method: 'POST', body: form });
}

/**
 * The administrators' order search (optVipOrder/findByCondition): order number, phone, package
 * type, status, payment method and an ISO time range.
 */
export type OrderSearch = OrderSearchBody;

export function searchOrders(query: OrderSearch, signal?: AbortSignal): Promise<Page<AdminOrderRow>> {
  return requestData<Page<AdminOrderRow>>(`${ESTIMATE_TOOLS}/optVipOrder/findByCondition`, {
    method: 'POST',
    body: query,
    signal,
  });
}

/** GET ccb/manualUpdate?orderNum: confirm an order paid by hand (audited on the server). */
export function confirmOrderManually(orderNum: string, remark: string): Promise<string> {
  return requestData<string>(`${ESTIMATE_TOOLS}/ccb/manualUpdate`, { query: { orderNum, remark } });
}

/** POST account/pointsUsers (ours; administrators and sales): users with their points balance. */
export function searchPointsUsers(
  query: PointsUsersBody,
  signal?: AbortSignal,
): Promise<Page<PointsUserRow>> {
  return requestData<Page<PointsUserRow>>(`${ESTIMATE_TOOLS}/account/pointsUsers`, {
    method: 'POST',
    body: query,
    signal,
  });
}

/**
 * POST account/getDetailPoints (every entry) or account/getDetailActivePoints (entries earned by
 * activity): a user's points ledger, newest first.
 */
export function getPointsLedger(
  query: UserPageQuery & { readonly activeOnly: boolean },
  signal?: AbortSignal,
): Promise<Page<PointsEntry>> {
  const { activeOnly, ...body } = query;
  const path = activeOnly ? 'getDetailActivePoints' : 'getDetailPoints';
  return requestData<Page<PointsEntry>>(`${ESTIMATE_TOOLS}/account/${path}`, {
    method: 'POST',
    body,
    signal,
  });
}

/** POST account/subPoints {userId, points, remark}: take points off a user (never below 0). */
export function subtractPoints(userId: number, points: number, remark: string): Promise<PointsBalance> {
  return requestData<PointsBalance>(`${ESTIMATE_TOOLS}/account/subPoints`, {
    method: 'POST',
    body: { userId, points, remark },
  });
}

// ---------------------------------------------------------------- invoice applications (ours)

/** POST optVipOrder/invoiceableOrders: my paid orders with no waiting or issued application. */
export function getInvoiceableOrders(signal?: AbortSignal): Promise<OrderRecord[]> {
  return requestData<OrderRecord[]>(`${ESTIMATE_TOOLS}/optVipOrder/invoiceableOrders`, {
    method: 'POST',
    body: {},
    signal,
  });
}

/** The invoice application form: a paid order, the title (personal, or company with its taxpayer ID), the e-mail. */
export interface InvoiceApplyForm {
  readonly orderId: number;
  readonly titleType: InvoiceTitleType;
  readonly title: string;
  readonly taxNo?: string;
  readonly email: string;
  readonly remark?: string;
}

/** POST optVipOrder/applyInvoice. */
export function applyInvoice(form: InvoiceApplyForm): Promise<InvoiceApplication> {
  return requestData<InvoiceApplication>(`${ESTIMATE_TOOLS}/optVipOrder/applyInvoice`, {
    method: 'POST',
    body: form,
  });
}

/** POST optVipOrder/myInvoices {pageNum, pageSize}: my applications, newest first. */
export function getMyInvoices(
  query: { readonly pageNum: number; readonly pageSize: number },
  signal?: AbortSignal,
): Promise<Page<InvoiceApplication>> {
  return requestData<Page<InvoiceApplication>>(`${ESTIMATE_TOOLS}/optVipOrder/myInvoices`, {
    method: 'POST',
    body: query,
    signal,
  });
}

/** POST optVipOrder/invoiceSearch (administrators and sales): applications by status and phone. */
export function searchInvoices(
  query: InvoiceSearchBody,
  signal?: AbortSignal,
): Promise<Page<InvoiceApplication>> {
  return requestData<Page<InvoiceApplication>>(`${ESTIMATE_TOOLS}/optVipOrder/invoiceSearch`, {
    method: 'POST',
    body: query,
    signal,
  });
}

/** POST optVipOrder/handleInvoice {id, status 1 issued | 2 rejected, remark} (administrators). */
export function handleInvoice(body: InvoiceHandleBody): Promise<InvoiceApplication> {
  return requestData<InvoiceApplication>(`${ESTIMATE_TOOLS}/optVipOrder/handleInvoice`, {
    method: 'POST',
    body,
  });
}
