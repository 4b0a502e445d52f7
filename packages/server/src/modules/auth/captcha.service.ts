import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { AppError } from '../../http/app-error';
import { isoAfter, MINUTE_MS, nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';

const CAPTCHA_TTL_MS = 2 * MINUTE_MS;

export interface CaptchaImage {
  readonly uuid: string;
  /** data: URL of an SVG image. */
  readonly img: string;
  readonly captchaEnabled: true;
}

/** Image captchas kept in the database (shared by every instance), single use, 2 minutes. */
export class CaptchaService {
  constructor(private readonly db: Db) {}

  async create(): Promise<CaptchaImage> {
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 3,
      ignoreChars: '0oO1ilI',
      color: true,
      width: 120,
      height: 40,
    });
    const uuid = randomUUID();
    await this.db
      .insertInto('captchas')
      .values({
        id: uuid,
        answer: captcha.text.toLowerCase(),
        created_at: nowIso(),
        expires_at: isoAfter(CAPTCHA_TTL_MS),
        used_at: null,
      })
      .execute();
    const img = `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
    return { uuid, img, captchaEnabled: true };
  }

  /** Uses up the captcha whatever the answer, so one image allows one guess. */
  async verify(uuid: string, answer: string): Promise<void> {
    const claimed = await this.db
      .updateTable('captchas')
      .set({ used_at: nowIso() })
      .where('id', '=', uuid)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .returning(['answer'])
      .executeTakeFirst();
    if (!claimed || claimed.answer !== answer.trim().toLowerCase()) throw new AppError('ERR_AUTH_CAPTCHA');
  }
}
