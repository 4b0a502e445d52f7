import {
  type ErrorName,
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILES,
  feedbackContactError,
  feedbackTextError,
} from '@pvplan/contract';
import type { MessageKey } from '../../locales/resources';
import { ruleFrom, type Translate } from './translate';

/**
 * Feedback rules (spec 000 §5, 001 §5) with the server's own checks (`@pvplan/contract`
 * feedback-rules): contact required and an 11-digit mobile number starting with 1; text required,
 * 6 to 200 characters; at most 5 attachments, each under 50 MB.
 */

const MESSAGES: Partial<Record<ErrorName, MessageKey>> = {
  ERR_FEEDBACK_CONTACT_REQUIRED: 'validation.feedback.contactRequired',
  ERR_FEEDBACK_CONTACT_INVALID: 'validation.feedback.contactInvalid',
  ERR_FEEDBACK_TEXT_REQUIRED: 'validation.feedback.textRequired',
  ERR_FEEDBACK_TEXT_TOO_SHORT: 'validation.feedback.textTooShort',
  ERR_FEEDBACK_TEXT_TOO_LONG: 'validation.feedback.textTooLong',
};

function asText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function contactMessage(value: unknown): MessageKey | null {
  const error = feedbackContactError(asText(value));
  return error ? (MESSAGES[error] ?? 'validation.feedback.contactInvalid') : null;
}

export function feedbackTextMessage(value: unknown): MessageKey | null {
  const error = feedbackTextError(asText(value));
  return error ? (MESSAGES[error] ?? 'validation.feedback.textRequired') : null;
}

export function feedbackRules(t: Translate) {
  return {
    contact: [ruleFrom(contactMessage, t)],
    suggestions: [ruleFrom(feedbackTextMessage, t)],
  };
}

/** "Under 50 MB": a file of exactly the limit is refused, as the message 请上传小于50M的文件! says. */
export function isAttachmentTooLarge(sizeBytes: number): boolean {
  return sizeBytes >= FEEDBACK_MAX_FILE_BYTES;
}

export interface AttachmentSelection {
  /** How many files may still be added. */
  readonly accepted: number;
  /** Whether the user selected more than fit (warn with the counts). */
  readonly overLimit: boolean;
}

/** How many of the newly selected files fit next to those already attached (at most 5 in all). */
export function attachmentSelection(alreadyAttached: number, selected: number): AttachmentSelection {
  const room = Math.max(0, FEEDBACK_MAX_FILES - alreadyAttached);
  return { accepted: Math.min(room, selected), overLimit: selected > room };
}
