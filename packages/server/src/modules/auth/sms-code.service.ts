import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { formatMessage, type Language } from '@pvplan/contract';
import { AppError } from '../../http/app-error';
import type { SmsProvider } from '../../providers/sms';
import { HOUR_MS, isoAfter, MINUTE_MS, nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';

/** Limits of the SMS codes (product decisions; the spec only says codes exist). */
export const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
export const SMS_RESEND_INTERVAL_MS = MINUTE_MS;
export const SMS_MAX_PER_PHONE_PER_HOUR = 5;
export const SMS_MAX_PER_IP_PER_HOUR = 20;
export const SMS_MAX_ATTEMPTS = 5;

function digest(phone: string, code: string): string {
  return createHash('sha256').update(`${phone}:${code}`).digest('hex');
}

function sameDigest(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** One-time SMS codes: 6 digits, valid 5 minutes, single use, rate limited per phone and per IP. */
export class SmsCodeService {
  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly testCode: string | undefined,
  ) {}

  async send(phone: string, ip: string, language: Language): Promise<void> {
    const now = new Date();
    const hourAgo = isoAfter(-HOUR_MS, now);
    const recent = await this.db
      .selectFrom('sms_codes')
      .select(['created_at'])
      .where('phone', '=', phone)
      .where('created_at', '>', hourAgo)
      .orderBy('created_at', 'desc')
      .execute();
    const last = recent[0];
    if (last) {
      const waitMs = SMS_RESEND_INTERVAL_MS - (now.getTime() - Date.parse(last.created_at));
      if (waitMs > 0) throw new AppError('ERR_SMS_TOO_FREQUENT', { seconds: Math.ceil(waitMs / 1000) });
    }
    if (recent.length >= SMS_MAX_PER_PHONE_PER_HOUR)
      throw new AppError('ERR_SMS_TOO_FREQUENT', { seconds: 3600 });
    const fromIp = await this.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('ip', '=', ip)
      .where('created_at', '>', hourAgo)
      .executeTakeFirstOrThrow();
    if (Number(fromIp.count) >= SMS_MAX_PER_IP_PER_HOUR)
      throw new AppError('ERR_SMS_TOO_FREQUENT', { seconds: 3600 });

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db
      .insertInto('sms_codes')
      .values({
        phone,
        code_hash: digest(phone, code),
        ip,
        attempts: 0,
        created_at: nowIso(now),
        expires_at: isoAfter(SMS_CODE_TTL_MS, now),
        used_at: null,
      })
      .execute();
    await this.provider.send(phone, formatMessage(language, 'sms.text', { code }));
  }

  /** Consumes a valid code for the phone, or throws ERR_SMS_CODE_INVALID. */
  async consume(phone: string, code: string): Promise<void> {
    if (this.testCode && code === this.testCode) return;
    const now = nowIso();
    const live = await this.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', phone)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!live || live.attempts >= SMS_MAX_ATTEMPTS) throw new AppError('ERR_SMS_CODE_INVALID');
    if (!sameDigest(live.code_hash, digest(phone, code))) {
      await this.db
        .updateTable('sms_codes')
        .set({ attempts: live.attempts + 1 })
        .where('id', '=', live.id)
        .execute();
      throw new AppError('ERR_SMS_CODE_INVALID');
    }
    const claimed = await this.db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('id', '=', live.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('ERR_SMS_CODE_INVALID');
  }
}
