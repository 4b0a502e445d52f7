import { UPGRADE_URL, type UpgradeRequired } from '@pvplan/contract';

/** A member feature refused to a free user: the server's message and the purchase page. */
export interface UpgradeNotice {
  readonly message: string;
  readonly upgradeUrl: string;
}

/**
 * The upgrade answer (envelope code 403 whose data names the purchase page, spec 001 §6) of a failed
 * call — the request layer's ApiError carries the code, the message and the envelope as `body` —, or
 * null for any other failure.
 */
export function upgradeNoticeOf(error: unknown): UpgradeNotice | null {
  if (!(error instanceof Error)) return null;
  const { code, body } = error as Error & { code?: unknown; body?: unknown };
  if (code !== 403) return null;
  const data = (body as { data?: Partial<UpgradeRequired> } | undefined)?.data;
  if (!data || typeof data.upgradeUrl !== 'string') return null;
  return { message: error.message, upgradeUrl: data.upgradeUrl || UPGRADE_URL };
}
