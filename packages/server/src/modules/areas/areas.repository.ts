import type { AreaRow } from '../../db/tables';
import type { Db } from '../users/user.repository';

/** Every division, parents before children (level, then order within the parent). */
export async function allAreas(db: Db): Promise<AreaRow[]> {
  return db.selectFrom('areas').selectAll().orderBy('level').orderBy('parent_code').orderBy('sort').execute();
}
