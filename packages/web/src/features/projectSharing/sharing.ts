import {
  insertCommentBody,
  MOBILE_PHONE_PATTERN,
  type ProjectAuthority,
  type ProjectPermission,
  type ProjectView,
} from '@pvplan/contract';
import { dateTimeText } from '../../utils/dateTime';

/** The longest customer comment the server takes (the contract's insertCommentBody). */
export const COMMENT_MAX_LENGTH: number = insertCommentBody.shape.content.maxLength ?? 1000;

/** Whether the caller may share the project: its owner (and administrators, as the server allows). */
export function canShareProject(project: Pick<ProjectView, 'role'>): boolean {
  return project.role === 'owner' || project.role === 'admin';
}

/** Whether the project is someone else's, shared with the caller (view or edit). */
export function isSharedWithMe(project: Pick<ProjectView, 'role'>): boolean {
  return project.role === 'view' || project.role === 'edit';
}

/** Whether the caller may change the project (open it in the flow): not when shared to view only. */
export function canEditProject(project: Pick<ProjectView, 'role'>): boolean {
  return project.role !== 'view';
}

/** The selected projects the caller may share (others in the selection are left out). */
export function shareableProjects<P extends Pick<ProjectView, 'projId' | 'role'>>(
  rows: readonly P[],
  selectedIds: readonly string[],
): P[] {
  const selected = new Set(selectedIds);
  return rows.filter((row) => selected.has(row.projId) && canShareProject(row));
}

/** A typed mobile number without spaces or dashes ("138 0000 0002" → "13800000002"). */
export function normalisePhone(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Why a typed mobile number cannot be looked up; null when it has the form of one. */
export function phoneError(input: string): 'required' | 'format' | null {
  const phone = normalisePhone(input);
  if (phone === '') return 'required';
  return MOBILE_PHONE_PATTERN.test(phone) ? null : 'format';
}

/** Why a comment cannot be sent (as the server's schema judges it); null when it can. */
export function commentError(input: string): 'required' | 'tooLong' | null {
  const content = input.trim();
  if (content === '') return 'required';
  return content.length > COMMENT_MAX_LENGTH ? 'tooLong' : null;
}

/** A server timestamp (ISO 8601) as YYYY-MM-DD HH:mm in the browser's time zone; '-' when unreadable. */
export function formatCommentTime(iso: string): string {
  return dateTimeText(iso);
}

/** The members of a project ordered for the dialog: editors first, then by name. */
export function sortedMembers(members: ProjectAuthority['members']): ProjectAuthority['members'] {
  const rank: Record<ProjectPermission, number> = { edit: 0, view: 1 };
  return [...members].sort(
    (a, b) => rank[a.permission] - rank[b.permission] || a.userName.localeCompare(b.userName, 'zh-CN'),
  );
}
