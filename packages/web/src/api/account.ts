import { ESTIMATE_TOOLS, type FeedbackBody } from '@pvplan/contract';
import { request, requestData } from './request';

/**
 * The signed-in user's own account: password change, feedback with attachments, and the
 * new-user-guide preference.
 */

export interface PasswordChange {
  readonly userId: number;
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

/**
 * POST /usercenter/user/updatePassword (spec 000 §7). The server checks the old password and the
 * same rules as the form, then ends every session of the user: the caller clears the local
 * session and goes to /login. Failures show the server's message (e.g. 旧密码不正确).
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  await request('/usercenter/user/updatePassword', { method: 'POST', body: change });
}

/** The attachment category of feedback images (spec 000 §7). */
export const FEEDBACK_FILE_TYPE = 'USER_SUGGEST_IMG';

export interface UploadedFile {
  readonly name: string;
  readonly url: string;
}

interface UploadAnswer {
  readonly fileUrl: string | null;
}

/**
 * POST estimate-tools/early/uploadOssFile with one file and the fields fileName, fileType
 * USER_SUGGEST_IMG and subfolder = user id (spec 000 §7); answers the stored file's URL.
 */
export async function uploadFeedbackFile(file: File, userId: number | string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('fileName', file.name);
  form.append('fileType', FEEDBACK_FILE_TYPE);
  form.append('subfolder', String(userId));
  form.append('file', file, file.name);
  const answer = await requestData<UploadAnswer>(`${ESTIMATE_TOOLS}/early/uploadOssFile`, {
    method: 'POST',
    body: form,
  });
  if (!answer.fileUrl) throw new Error('upload answered no fileUrl');
  return { name: file.name, url: answer.fileUrl };
}

/** POST estimate-tools/feedback/insertFeedback: inserter, inserterUserId, suggestions, contact, imgs. */
export async function submitFeedback(body: FeedbackBody): Promise<void> {
  await request(`${ESTIMATE_TOOLS}/feedback/insertFeedback`, { method: 'POST', body });
}

/**
 * The show-guide flag (spec 000 §4: the guide's skip button toggles it). Neither spec nor server
 * names a user field or endpoint for it, so it is kept in this browser, per user.
 */
const SHOW_GUIDE_KEY_PREFIX = 'showGuide:';

export function readShowGuide(userId: number | string | null | undefined): boolean {
  if (userId === null || userId === undefined) return true;
  try {
    return localStorage.getItem(`${SHOW_GUIDE_KEY_PREFIX}${userId}`) !== 'false';
  } catch {
    return true;
  }
}

export function writeShowGuide(userId: number | string | null | undefined, show: boolean): void {
  if (userId === null || userId === undefined) return;
  try {
    localStorage.setItem(`${SHOW_GUIDE_KEY_PREFIX}${userId}`, String(show));
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}
