import { ESTIMATE_TOOLS, type Page } from '@pvplan/contract';
import { ApiError, request, requestData } from './request';

/**
 * Membership data of the user popover's dialogs (spec 001 §7 "Membership and orders"). These
 * endpoints arrive with the membership issue: until then the server answers 404, which the
 * dialogs show as "not available yet" (see isMissingEndpoint). Calls are silent: the dialogs
 * report failures themselves.
 */

/** A purchase record (spec 001 §3). orderStatus follows the payment status: 1 paid, 0 unpaid. */
export interface PurchaseRecord {
  readonly id: number;
  readonly orderNum: string;
  readonly bpPackageTypeId: number | string | null;
  readonly orderStatus: number | string | null;
  readonly paymentAmount: number | string | null;
  readonly paymentTime: string | null;
}

/** A usage statistics row (spec 001 §3): one project designed with the user's quota. */
export interface UsageStatisticsRow {
  readonly projectName: string;
  readonly area: string | number | null;
  readonly designModel: string | number | null;
  readonly optTarget: string | number | null;
  readonly projArea: string | number | null;
  readonly schemaCapacity: string | number | null;
  readonly updateTime: string | null;
  readonly createTime: string | null;
}

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
  const data = await requestData<Partial<ListPage<PurchaseRecord>> | null>(
    `${ESTIMATE_TOOLS}/optVipOrder/findByConditionUserId`,
    { method: 'POST', body: query, silent: true, signal },
  );
  return asListPage(data);
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
    `${ESTIMATE_TOOLS}/vip/getVipUserSchema/${userId}/${pageNum}/${pageSize}`,
    { method: 'POST', silent: true, signal },
  );
  return asListPage(data);
}

/** Whether a call failed because the server has no such endpoint yet (code 404). */
export function isMissingEndpoint(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'code' && error.code === 404;
}
