import type { Db } from '../modules/users/user.repository';
import { DICTIONARIES } from './dictionaries';
import { seedMembershipCatalogue } from './membership-catalogue';
import { MENU_TREE, type MenuNode } from './menu-definition';

export const TOOLS_APP_PROJECT_ID = 120015;

/** Roles: key, names, app code. Keys containing fzjc or tools map to app code tools (spec 000 §6). */
export const ROLES: ReadonlyArray<readonly [key: string, zh: string, en: string, appCode: string | null]> = [
  ['admin', '系统管理员', 'Administrator', 'tools'],
  ['fzjc_designer', '内部设计师', 'Internal designer', 'tools'],
  ['sales_manager', '销售经理', 'Sales manager', 'tools'],
  ['channel_partner', '渠道合作伙伴', 'Channel partner', 'tools'],
  ['tools_out_user', '外部用户', 'External user', 'tools'],
];

/** Inserts a menu node with its role links and children; answers how many rows it inserted. */
async function seedMenuNode(
  db: Db,
  node: MenuNode,
  parentId: number | null,
  level: number,
  order: number,
  inheritedRoles: readonly string[],
  roleIds: ReadonlyMap<string, number>,
): Promise<number> {
  const roles = node.roles ?? inheritedRoles;
  const row = await db
    .insertInto('menus')
    .values({
      parent_id: parentId,
      app_code: 'tools',
      text_ch: node.zh,
      text_en: node.en,
      menu_icon: node.icon ?? null,
      menu_level: level,
      menu_type: node.type,
      menu_state: node.hidden ? 1 : 0,
      route_url: node.route ?? null,
      url: node.url ?? null,
      button_flag: node.flag ?? null,
      menu_order: order,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const links = roles.map((key) => roleIds.get(key)).filter((id): id is number => id !== undefined);
  if (links.length)
    await db
      .insertInto('role_menus')
      .values(links.map((roleId) => ({ role_id: roleId, menu_id: row.id })))
      .execute();
  let inserted = 1;
  let childOrder = 1;
  for (const child of node.children ?? []) {
    inserted += await seedMenuNode(db, child, row.id, level + 1, childOrder, roles, roleIds);
    childOrder += 1;
  }
  return inserted;
}

/** Roles, the app project, the full menu and the dictionaries: needed by every installation. Idempotent. */
export async function seedReferenceData(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('roles').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    for (const [key, zh, en, appCode] of ROLES) {
      await trx
        .insertInto('roles')
        .values({ role_key: key, role_name: zh, role_name_en: en, app_code: appCode })
        .execute();
    }
    const roleRows = await trx.selectFrom('roles').select(['id', 'role_key']).execute();
    const roleIds = new Map(roleRows.map((row) => [row.role_key, row.id]));
    await trx
      .insertInto('app_projects')
      .values({ id: TOOLS_APP_PROJECT_ID, app_code: 'tools', name: 'PVPlan' })
      .execute();
    let order = 1;
    for (const node of MENU_TREE) {
      await seedMenuNode(trx, node, null, 1, order, [], roleIds);
      order += 1;
    }
    for (const dictionary of DICTIONARIES) {
      const type = await trx
        .insertInto('dict_types')
        .values({ dict_key: dictionary.key, dict_name: dictionary.zh, dict_name_en: dictionary.en })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('dict_items')
        .values(
          dictionary.items.map(([code, value, zh, en], index) => ({
            type_id: type.id,
            code,
            value,
            description: zh,
            description_en: en,
            sort: index + 1,
          })),
        )
        .execute();
    }
    await seedMembershipCatalogue(trx);
  });
  return true;
}

/** How a product menu node is recognised in the database: its type, route and button flag. */
function sameMenuNode(
  row: { menu_type: string; route_url: string | null; button_flag: string | null },
  node: MenuNode,
): boolean {
  return (
    row.menu_type === node.type &&
    (row.route_url ?? null) === (node.route ?? null) &&
    (row.button_flag ?? null) === (node.flag ?? null)
  );
}

/**
 * Brings an existing installation's menu up to the product's: a node of `MENU_TREE` missing under
 * its parent (same type, route and button flag) is added with its roles and children, as a fresh
 * installation would have it. Rows already there, and what administrators changed in them (names,
 * order, icons, roles), are left as they are. Answers how many rows were added.
 */
export async function syncMenuTree(db: Db): Promise<number> {
  const roleRows = await db.selectFrom('roles').select(['id', 'role_key']).execute();
  if (roleRows.length === 0) return 0;
  const roleIds = new Map(roleRows.map((row) => [row.role_key, row.id]));
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('menus')
      .select(['id', 'parent_id', 'menu_type', 'route_url', 'button_flag'])
      .where('app_code', '=', 'tools')
      .execute();
    const childrenOf = new Map<number | null, typeof rows>();
    for (const row of rows) childrenOf.set(row.parent_id, [...(childrenOf.get(row.parent_id) ?? []), row]);
    let added = 0;
    const visit = async (
      nodes: readonly MenuNode[],
      parentId: number | null,
      level: number,
      inheritedRoles: readonly string[],
    ): Promise<void> => {
      const siblings = childrenOf.get(parentId) ?? [];
      for (const [index, node] of nodes.entries()) {
        const roles = node.roles ?? inheritedRoles;
        const found = siblings.find((row) => sameMenuNode(row, node));
        if (found) await visit(node.children ?? [], found.id, level + 1, roles);
        else added += await seedMenuNode(trx, node, parentId, level, index + 1, roles, roleIds);
      }
    };
    await visit(MENU_TREE, null, 1, []);
    return added;
  });
}
