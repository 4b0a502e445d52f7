import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import type { Db } from '../users/user.repository';
import { requireProjectAccess } from './project-access';

/** Kinds of statistics records (spec 001 §7 "Statistics"). */
type StatisticsKind = 'electricityType' | 'operationTime' | 'concurrent' | 'recognitionError';

interface Range {
  readonly startTime?: string | undefined;
  readonly endTime?: string | undefined;
}

const today = () => nowIso().slice(0, 10);

/**
 * The statistics hooks: the web records events (a project's electricity type, time spent in a
 * module, concurrent users, bill-recognition errors) and the statistics pages read them by day.
 */
export class StatisticsService {
  constructor(private readonly db: Db) {}

  private async record(
    principal: Principal,
    kind: StatisticsKind,
    projId: string | null,
    label: string,
    valueA: number,
    valueB = 0,
  ): Promise<{ saved: true }> {
    if (projId) await requireProjectAccess(this.db, principal, projId, 'view');
    await this.db
      .insertInto('statistics_records')
      .values({
        kind,
        day: today(),
        user_id: principal.user.id,
        proj_id: projId,
        label,
        value_a: valueA,
        value_b: valueB,
        created_at: nowIso(),
      })
      .execute();
    return { saved: true };
  }

  private range(kind: StatisticsKind, range: Range) {
    let query = this.db.selectFrom('statistics_records').where('kind', '=', kind);
    if (range.startTime) query = query.where('day', '>=', range.startTime);
    if (range.endTime) query = query.where('day', '<=', range.endTime);
    return query;
  }

  /** saveStatisticsElectricityType (header projId): the electricity type chosen for a project. */
  saveElectricityType(principal: Principal, projId: string | null, electricityType: string) {
    return this.record(principal, 'electricityType', projId, electricityType, 1);
  }

  /** getStatisticsElectricityType: projects per electricity type (latest choice per project). */
  async electricityTypes(range: Range) {
    const rows = await this.range('electricityType', range)
      .select(['label', 'proj_id', 'id'])
      .orderBy('id')
      .execute();
    const latest = new Map<string, string>();
    rows.forEach((row) => {
      latest.set(row.proj_id ?? `event-${row.id}`, row.label);
    });
    const counts = new Map<string, number>();
    for (const label of latest.values()) counts.set(label, (counts.get(label) ?? 0) + 1);
    return [...counts.entries()].map(([electricityType, count]) => ({ electricityType, count }));
  }

  /** statisticsOfTheNumberOfProjects: projects created per day and type (logically deleted ones too). */
  async numberOfProjects(range: Range) {
    let query = this.db.selectFrom('projects').select(['created_at', 'proj_type', 'is_delete']);
    if (range.startTime) query = query.where('created_at', '>=', range.startTime);
    if (range.endTime) query = query.where('created_at', '<', `${range.endTime}T99`);
    const rows = await query.execute();
    const byDay = new Map<string, Record<string, number>>();
    const byType: Record<string, number> = {};
    for (const row of rows) {
      const day = row.created_at.slice(0, 10);
      const entry = byDay.get(day) ?? {};
      entry[row.proj_type] = (entry[row.proj_type] ?? 0) + 1;
      byDay.set(day, entry);
      byType[row.proj_type] = (byType[row.proj_type] ?? 0) + 1;
    }
    return {
      total: rows.length,
      deleted: rows.filter((row) => row.is_delete).length,
      byType,
      byDay: [...byDay.entries()].sort().map(([day, types]) => ({ day, ...types })),
    };
  }

  /** saveConcurrentQuantity: a sample of users online; the server counts live sessions when none is given. */
  async saveConcurrent(principal: Principal, quantity: number | undefined) {
    let value = quantity;
    if (value === undefined) {
      const now = nowIso();
      const row = await this.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.count<string | number>('user_id').distinct().as('users'))
        .where('expires_at', '>', now)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      value = Number(row?.users ?? 0);
    }
    await this.record(principal, 'concurrent', null, '', value);
    return { quantity: value };
  }

  /** getConcurrentQuantity: the highest sample per day. */
  async concurrent(range: Range) {
    const rows = await this.range('concurrent', range)
      .select((eb) => ['day', eb.fn.max<number>('value_a').as('max')])
      .groupBy('day')
      .orderBy('day')
      .execute();
    return rows.map((row) => ({ day: row.day, maxQuantity: Number(row.max) }));
  }

  /** saveOperationTimeAnalysis: seconds spent in a module. */
  saveOperationTime(principal: Principal, projId: string | null, module: string, seconds: number) {
    return this.record(principal, 'operationTime', projId, module, seconds);
  }

  /** getOperationTimeAnalysis: visits, total and mean seconds per module. */
  async operationTime(range: Range) {
    const rows = await this.range('operationTime', range)
      .select((eb) => [
        'label',
        eb.fn.countAll<string | number>().as('visits'),
        eb.fn.sum<number>('value_a').as('seconds'),
      ])
      .groupBy('label')
      .orderBy('label')
      .execute();
    return rows.map((row) => ({
      module: row.label,
      visits: Number(row.visits),
      totalSeconds: Number(row.seconds),
      meanSeconds: Number(row.visits) > 0 ? Number(row.seconds) / Number(row.visits) : 0,
    }));
  }

  /** saveRecognitionErrorRate: fields recognised on a bill and how many the user had to correct. */
  saveRecognitionError(principal: Principal, projId: string | null, total: number, errors: number) {
    return this.record(principal, 'recognitionError', projId, '', total, Math.min(errors, total));
  }

  /** getRecognitionErrorRate: corrected ÷ recognised fields, overall and per day. */
  async recognitionError(range: Range) {
    const rows = await this.range('recognitionError', range)
      .select((eb) => [
        'day',
        eb.fn.sum<number>('value_a').as('total'),
        eb.fn.sum<number>('value_b').as('errors'),
      ])
      .groupBy('day')
      .orderBy('day')
      .execute();
    const total = rows.reduce((s, r) => s + Number(r.total), 0);
    const errors = rows.reduce((s, r) => s + Number(r.errors), 0);
    return {
      total,
      errors,
      rate: total > 0 ? errors / total : null,
      byDay: rows.map((r) => ({
        day: r.day,
        total: Number(r.total),
        errors: Number(r.errors),
        rate: Number(r.total) > 0 ? Number(r.errors) / Number(r.total) : null,
      })),
    };
  }
}
