import {
  ESTIMATE_TOOLS,
  type InvitationCodeWithPool,
  type InvitationRecord,
  type InvitationReward,
  type InviteActivity,
  type Page,
} from '@pvplan/contract';
import { requestData } from './request';

/** Page request of the invite tables (spec 000 §7: pageNum, pageSize, inviterId). */
export interface InvitationPageQuery {
  readonly pageNum: number;
  readonly pageSize: number;
  readonly inviterId?: number;
}

const BASE = `${ESTIMATE_TOOLS}/invitation`;

/** POST invitation/getOpenedActivityRecordList: opened campaigns; data[0].endTime is the deadline. Silent: the banner just hides. */
export function getOpenedActivities(signal?: AbortSignal): Promise<InviteActivity[]> {
  return requestData<InviteActivity[]>(`${BASE}/getOpenedActivityRecordList`, {
    method: 'POST',
    body: {},
    silent: true,
    signal,
  });
}

/** POST invitation/getInvitationCode: the signed-in user's exclusive invite code and the running campaign's pool. */
export function getInvitationCode(signal?: AbortSignal): Promise<InvitationCodeWithPool> {
  return requestData<InvitationCodeWithPool>(`${BASE}/getInvitationCode`, {
    method: 'POST',
    body: {},
    signal,
  });
}

/** POST invitation/invitationRewardPage: the rewards credited to the inviter. */
export function getInvitationRewardPage(
  query: InvitationPageQuery,
  signal?: AbortSignal,
): Promise<Page<InvitationReward>> {
  return requestData<Page<InvitationReward>>(`${BASE}/invitationRewardPage`, {
    method: 'POST',
    body: query,
    signal,
  });
}

/** POST invitation/invitationRecordPage: the inviter's invitees (phones masked by the server). */
export function getInvitationRecordPage(
  query: InvitationPageQuery,
  signal?: AbortSignal,
): Promise<Page<InvitationRecord>> {
  return requestData<Page<InvitationRecord>>(`${BASE}/invitationRecordPage`, {
    method: 'POST',
    body: query,
    signal,
  });
}
