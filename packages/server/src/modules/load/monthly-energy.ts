import type { LoadMonthlyEnergy, LoadMonthlySource } from '@pvplan/contract';
import type { Insertable } from 'kysely';
import type { LoadMonthlyEnergyTable } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { Db } from '../users/user.repository';
import { upsertMonthlyEnergy } from './load.repository';

/** Store a project's monthly energy (one row per month, upserted in one transaction); a month given twice is refused. */
export async function writeMonthlyEnergy(
  db: Db,
  projId: string,
  datas: readonly LoadMonthlyEnergy[],
  source: LoadMonthlySource,
): Promise<void> {
  const seen = new Set<number>();
  for (const d of datas) {
    if (seen.has(d.month)) throw new AppError('ERR_LOAD_INVALID', { detail: `month ${d.month} twice` });
    seen.add(d.month);
  }
  const now = nowIso();
  const rows: Insertable<LoadMonthlyEnergyTable>[] = datas.map((d) => {
    const parts = [d.sharp, d.peak, d.flat, d.valley, d.deepValley].filter(
      (v): v is number => typeof v === 'number',
    );
    return {
      project_id: projId,
      month: d.month,
      year: d.year ?? null,
      sharp_kwh: d.sharp ?? null,
      peak_kwh: d.peak ?? null,
      flat_kwh: d.flat ?? null,
      valley_kwh: d.valley ?? null,
      deep_valley_kwh: d.deepValley ?? null,
      total_kwh: d.totalKwh ?? (parts.length > 0 ? parts.reduce((s, v) => s + v, 0) : null),
      max_demand_kw: d.maxDemandKw ?? null,
      source,
      updated_at: now,
    };
  });
  await db.transaction().execute((trx) => upsertMonthlyEnergy(trx, rows));
}
