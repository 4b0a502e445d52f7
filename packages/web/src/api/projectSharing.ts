import {
  type BatchSetAuthorityBody,
  type CustomerComment,
  ESTIMATE_TOOLS,
  type Page,
  type ProjectAuthority,
  type ShareUserCandidate,
} from '@pvplan/contract';
import { requestData } from './request';

/*
 * Project sharing and customer comments (server module `projects`; spec 001 §7 "Access and
 * calculation" batchSetAuthority / refreshAuthority, "Channel partner, invitation, comments").
 * Failures are toasted by the request layer unless `silent`.
 */

const EARLY = `${ESTIMATE_TOOLS}/early`;

/** POST early/refreshAuthority?projId=: the caller's rights on a project and who it is shared with. */
export function getProjectAuthority(projId: string, signal?: AbortSignal): Promise<ProjectAuthority> {
  return requestData<ProjectAuthority>(`${EARLY}/refreshAuthority`, {
    method: 'POST',
    query: { projId },
    body: {},
    signal,
  });
}

/**
 * POST early/getShareUserByPhone: the account of a mobile number (owner of `projId` only). Silent:
 * the dialog shows the server's message under the field.
 */
export function findShareUser(projId: string, phone: string): Promise<ShareUserCandidate> {
  return requestData<ShareUserCandidate>(`${EARLY}/getShareUserByPhone`, {
    method: 'POST',
    body: { projId, phone },
    silent: true,
  });
}

/** POST early/batchSetAuthority: share projects with users (view or edit), or revoke. */
export function setProjectAuthority(body: BatchSetAuthorityBody): Promise<{ updated: number }> {
  return requestData<{ updated: number }>(`${EARLY}/batchSetAuthority`, { method: 'POST', body });
}

/** POST early/getCustomerComments: a project's customer comments, newest first, paged. */
export function getCustomerComments(
  body: { readonly projId: string; readonly pageNum: number; readonly pageSize: number },
  signal?: AbortSignal,
): Promise<Page<CustomerComment>> {
  return requestData<Page<CustomerComment>>(`${EARLY}/getCustomerComments`, { method: 'POST', body, signal });
}

/** POST early/insertCustomerComment: add a comment to a project. */
export function addCustomerComment(body: {
  readonly projId: string;
  readonly content: string;
}): Promise<CustomerComment> {
  return requestData<CustomerComment>(`${EARLY}/insertCustomerComment`, { method: 'POST', body });
}
