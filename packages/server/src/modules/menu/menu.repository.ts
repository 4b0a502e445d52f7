import type { MenuRow } from '../../db/tables';
import type { Db } from '../users/user.repository';

/** The menu rows of an app code visible to any of the roles. */
export async function menuRowsForRoles(
  db: Db,
  appCode: string,
  roleIds: readonly number[],
): Promise<MenuRow[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectFrom('menus')
    .selectAll('menus')
    .where('menus.app_code', '=', appCode)
    .where('menus.id', 'in', (eb) =>
      eb
        .selectFrom('role_menus')
        .select('role_menus.menu_id')
        .where('role_menus.role_id', 'in', [...roleIds]),
    )
    .orderBy('menus.menu_order')
    .orderBy('menus.id')
    .execute();
}

export async function buttonFlagsForRoles(db: Db, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('menus')
    .innerJoin('role_menus', 'role_menus.menu_id', 'menus.id')
    .select('menus.button_flag')
    .distinct()
    .where('menus.menu_type', '=', 'F')
    .where('role_menus.role_id', 'in', [...roleIds])
    .where('menus.button_flag', 'is not', null)
    .orderBy('menus.button_flag')
    .execute();
  return rows.map((row) => row.button_flag).filter((flag): flag is string => Boolean(flag));
}

export async function appCodeOfProject(db: Db, projectId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_projects')
    .select('app_code')
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row?.app_code;
}
