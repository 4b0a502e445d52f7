import type { Language, NoticeInfo, SaveActivityBody } from '@pvplan/contract';
import type { NoticeRow } from '../../db/tables';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import type { Db } from '../users/user.repository';

export interface DictRecord {
  readonly id: number;
  readonly dictKey: string;
  readonly dictName: string;
  readonly children: Array<{ id: number; code: string; value: string; description: string; sort: number }>;
}

function toNotice(row: NoticeRow): NoticeInfo {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    startTime: row.start_time,
    endTime: row.end_time,
    isOpen: row.is_open === 1 ? 1 : 0,
    createTime: row.created_at,
  };
}

/** Data the application shell reads: dictionaries, notices, activity statistics. */
export class ShellService {
  constructor(private readonly db: Db) {}

  /** The dictionary tree (admin dict page): one record per dictionary with its entries. */
  async dictionaryPage(language: Language, size: number, current: number, dictKey?: string) {
    let typesQuery = this.db.selectFrom('dict_types').selectAll().orderBy('id');
    if (dictKey) typesQuery = typesQuery.where('dict_key', '=', dictKey);
    const types = await typesQuery.execute();
    const total = types.length;
    const pageTypes = types.slice((current - 1) * size, current * size);
    const items = pageTypes.length
      ? await this.db
          .selectFrom('dict_items')
          .selectAll()
          .where(
            'type_id',
            'in',
            pageTypes.map((type) => type.id),
          )
          .orderBy('sort')
          .orderBy('id')
          .execute()
      : [];
    const records: DictRecord[] = pageTypes.map((type) => ({
      id: type.id,
      dictKey: type.dict_key,
      dictName: language === 'en' ? type.dict_name_en : type.dict_name,
      children: items
        .filter((item) => item.type_id === type.id)
        .map((item) => ({
          id: item.id,
          code: item.code,
          value: item.value,
          description: language === 'en' ? item.description_en : item.description,
          sort: item.sort,
        })),
    }));
    return { records, total, size, current };
  }

  /** Every dictionary as a map keyed by dictionary key: entries with code and value. */
  async dictionaryMap(
    language: Language,
  ): Promise<Record<string, Array<{ code: string; value: string; description: string }>>> {
    const { records } = await this.dictionaryPage(language, Number.MAX_SAFE_INTEGER, 1);
    return Object.fromEntries(
      records.map((record) => [
        record.dictKey,
        record.children.map(({ code, value, description }) => ({ code, value, description })),
      ]),
    );
  }

  /** Notices, newest first; isOpen=1 restricts to the open ones (the client checks the time window). */
  async notices(isOpen: number | undefined): Promise<NoticeInfo[]> {
    let query = this.db.selectFrom('notices').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (isOpen !== undefined) query = query.where('is_open', '=', isOpen);
    return (await query.execute()).map(toNotice);
  }

  async saveActivity(principal: Principal, body: SaveActivityBody): Promise<void> {
    await this.db
      .insertInto('activity_stats')
      .values({
        day: body.time,
        operate_user: body.operateUser,
        user_id: principal.user.id,
        proj_id: body.projId ?? null,
        created_at: nowIso(),
      })
      .execute();
  }

  /** Active users and operations per day in a date range (inclusive). */
  async activity(startDay: string, endDay: string) {
    const rows = await this.db
      .selectFrom('activity_stats')
      .select((eb) => [
        'day',
        eb.fn.countAll<string | number>().as('operations'),
        eb.fn.count<string | number>('user_id').distinct().as('users'),
      ])
      .where('day', '>=', startDay)
      .where('day', '<=', endDay)
      .groupBy('day')
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      day: row.day,
      operations: Number(row.operations),
      users: Number(row.users),
    }));
  }
}
