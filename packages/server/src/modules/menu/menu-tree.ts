import type { MenuEntry } from '@pvplan/contract';
import type { MenuRow } from '../../db/tables';

function toEntry(row: MenuRow): MenuEntry {
  return {
    menuId: row.id,
    parentId: row.parent_id,
    textCh: row.text_ch,
    textEn: row.text_en,
    menuIcon: row.menu_icon,
    menuLevel: row.menu_level,
    menuType: row.menu_type === 'M' || row.menu_type === 'C' ? row.menu_type : 'F',
    menuState: row.menu_state === 1 ? 1 : 0,
    routeUrl: row.route_url,
    url: row.url,
    buttonFlag: row.button_flag,
    menuOrder: row.menu_order,
    children: [],
  };
}

/** Nests flat rows into a tree, children sorted by menuOrder; rows whose parent is not visible are dropped. */
export function buildMenuTree(rows: readonly MenuRow[]): MenuEntry[] {
  const entries = new Map(rows.map((row) => [row.id, toEntry(row)]));
  const roots: MenuEntry[] = [];
  for (const entry of entries.values()) {
    if (entry.parentId === null) roots.push(entry);
    else entries.get(entry.parentId)?.children.push(entry);
  }
  const sortDeep = (list: MenuEntry[]): MenuEntry[] => {
    list.sort((a, b) => a.menuOrder - b.menuOrder || a.menuId - b.menuId);
    for (const entry of list) sortDeep(entry.children);
    return list;
  };
  return sortDeep(roots);
}
