import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncMenuTree } from '../src/seed/reference-data';
import { dialectsUnderTest, startTestApp, type TestApp } from './harness';

/*
 * An installation seeded by an earlier release gets the menu entries a later release adds (e.g. the
 * storage product catalogue of issue 6), with their roles and buttons, at start-up; what is already
 * there, including an administrator's renaming, stays as it is.
 */
describe.each(dialectsUnderTest())('menu sync on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const menuOf = (buttonFlag: string) =>
    t.database.db.selectFrom('menus').selectAll().where('button_flag', '=', buttonFlag).executeTakeFirst();

  it('adds a product entry an older installation lacks, with its roles and buttons; keeps the rest', async () => {
    const db = t.database.db;
    expect(await syncMenuTree(db)).toBe(0);
    const page = await menuOf('systemStorageProducts');
    expect(page).toBeDefined();
    const roles = async (menuId: number) =>
      (
        await db
          .selectFrom('role_menus')
          .innerJoin('roles', 'roles.id', 'role_menus.role_id')
          .select('roles.role_key')
          .where('role_menus.menu_id', '=', menuId)
          .execute()
      )
        .map((row) => row.role_key)
        .sort();
    const pageRoles = await roles(page!.id);
    const buttons = await db.selectFrom('menus').select('id').where('parent_id', '=', page!.id).execute();
    expect(buttons).toHaveLength(3);

    // As an installation from before the catalogue: the page and its buttons are not there; an
    // administrator renamed another page.
    const ids = [page!.id, ...buttons.map((b) => b.id)];
    await db.deleteFrom('role_menus').where('menu_id', 'in', ids).execute();
    await db.deleteFrom('menus').where('id', 'in', ids).execute();
    const renamed = await menuOf('priceSearch');
    expect(renamed).toBeDefined();
    await db
      .updateTable('menus')
      .set({ text_ch: '电价查询（本地）' })
      .where('id', '=', renamed!.id)
      .execute();
    const total = async () => (await db.selectFrom('menus').select('id').execute()).length;
    const before = await total();

    expect(await syncMenuTree(db)).toBe(4);
    const back = await menuOf('systemStorageProducts');
    expect(back).toMatchObject({
      parent_id: page!.parent_id,
      url: 'system/storageProducts/index',
      menu_type: 'C',
      text_ch: '储能产品库',
    });
    expect(await roles(back!.id)).toEqual(pageRoles);
    expect(
      await db.selectFrom('menus').select('id').where('parent_id', '=', back!.id).execute(),
    ).toHaveLength(3);
    expect((await menuOf('priceSearch'))?.text_ch).toBe('电价查询（本地）');
    expect(await total()).toBe(before + 4);
    // Idempotent.
    expect(await syncMenuTree(db)).toBe(0);
  });
});
