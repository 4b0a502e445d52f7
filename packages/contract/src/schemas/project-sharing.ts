import { z } from 'zod';
import { phoneSchema, projectIdSchema } from './common';

/**
 * early/getShareUserByPhone: the owner of a project finds the account to share it with by its
 * mobile number (an ordinary user may not read the user centre's lists). Exact match only; limited
 * per caller (SHARE_LOOKUP_LIMIT) and answered masked, so the call cannot be used to list who is
 * registered and under which name.
 */
export const shareUserByPhoneBody = z.object({
  projId: projectIdSchema.optional(),
  phone: phoneSchema,
});
export type ShareUserByPhoneBody = z.infer<typeof shareUserByPhoneBody>;

/**
 * The account a phone number belongs to, as batchSetAuthority takes it (`userId`). The display name
 * and the number are masked (`maskDisplayName`, and `maskPhone` of ./invitation): the caller confirms the person he
 * meant, he does not learn the account's full name.
 */
export interface ShareUserCandidate {
  readonly userId: number;
  /** Masked: the first character and one '*', e.g. 张*. */
  readonly userName: string;
  /** Masked: the first 3 and last 4 digits, e.g. 138****0003 (spec 000 §9). */
  readonly phone: string;
}

/** How many phone look-ups (early/getShareUserByPhone) one user may make in a sliding window. */
export const SHARE_LOOKUP_LIMIT = { maxLookups: 20, windowMinutes: 60 } as const;

/**
 * A display name with only its first character visible and one '*' (张三 → 张*, 欧阳娜娜 → 欧*,
 * Alice → A*): the length is not shown either. A one-character name is all hidden ('*'); an empty
 * name stays empty.
 */
export function maskDisplayName(name: string | null | undefined): string {
  const characters = Array.from((name ?? '').trim());
  if (characters.length === 0) return '';
  if (characters.length === 1) return '*';
  return `${characters[0]}*`;
}
