import { type FeedbackBody, feedbackContactError, feedbackTextError } from '@pvplan/contract';
import { failIf, failWith } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import type { FilesService } from '../files/files.service';
import type { Db } from '../users/user.repository';

export const FEEDBACK_FILE_TYPE = 'USER_SUGGEST_IMG';

/** User feedback (spec 000 §5, 001 §5): validated on the server with the spec's messages. */
export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
  ) {}

  async submit(principal: Principal, body: FeedbackBody): Promise<{ id: number }> {
    failWith(feedbackContactError(body.contact));
    failWith(feedbackTextError(body.suggestions));
    for (const image of body.imgs) {
      const key = this.files.objectKeyOfUrl(image.url);
      const owned = key !== null && (await this.files.ownedBy(key, principal.user.id, FEEDBACK_FILE_TYPE));
      failIf(!owned, 'ERR_FEEDBACK_IMAGE_UNKNOWN');
    }
    const row = await this.db
      .insertInto('feedback')
      .values({
        inserter: body.inserter?.trim() || principal.user.user_name,
        inserter_user_id: principal.user.id,
        suggestions: body.suggestions.trim(),
        contact: body.contact.trim(),
        imgs_json: JSON.stringify(body.imgs),
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  }
}
