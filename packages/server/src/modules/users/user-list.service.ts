import type { Page, PageQuery } from '@pvplan/contract';
import type { UserRow } from '../../db/tables';
import type { Db } from './user.repository';

export interface UserListItem {
  readonly id: number;
  readonly userName: string;
  readonly loginNo: string;
  readonly phone: string | null;
  readonly outUser: boolean;
  readonly orgId: number | null;
  readonly tier: number;
  readonly createTime: string;
}

/** Which users a list shows. */
export type UserListScope = 'tools' | 'all' | 'admin' | 'fzjc';

/** The user lists of the user centre (spec 000 §7). */
export class UserListService {
  constructor(private readonly db: Db) {}

  private base(scope: UserListScope, keyword?: string) {
    let query = this.db.selectFrom('users');
    if (scope !== 'all') {
      query = query.where('users.id', 'in', (eb) => {
        const roleIds = eb.selectFrom('roles').select('roles.id');
        const matching =
          scope === 'admin'
            ? roleIds.where('roles.role_key', '=', 'admin')
            : scope === 'fzjc'
              ? roleIds.where('roles.role_key', 'like', '%fzjc%')
              : roleIds.where((r) =>
                  r.or([r('roles.role_key', 'like', '%fzjc%'), r('roles.role_key', 'like', '%tools%')]),
                );
        return eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .where('user_roles.role_id', 'in', matching);
      });
    }
    if (keyword) {
      const pattern = `%${keyword.replace(/[%_]/g, '')}%`;
      query = query.where((eb) =>
        eb.or([
          eb('users.user_name', 'like', pattern),
          eb('users.login_no', 'like', pattern),
          eb('users.phone', 'like', pattern),
        ]),
      );
    }
    return query;
  }

  async page(scope: UserListScope, page: PageQuery & { keyword?: string }): Promise<Page<UserListItem>> {
    const totalRow = await this.base(scope, page.keyword)
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await this.base(scope, page.keyword)
      .selectAll('users')
      .orderBy('users.id')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute();
    return {
      list: rows.map(toItem),
      total: Number(totalRow.total),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
    };
  }

  async all(scope: UserListScope): Promise<UserListItem[]> {
    return (await this.base(scope).selectAll('users').orderBy('users.id').execute()).map(toItem);
  }

  async byOrgIds(orgIds: readonly number[]): Promise<UserListItem[]> {
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where('org_id', 'in', [...orgIds])
      .orderBy('id')
      .execute();
    return rows.map(toItem);
  }
}

function toItem(row: UserRow): UserListItem {
  return {
    id: row.id,
    userName: row.user_name,
    loginNo: row.login_no,
    phone: row.phone,
    outUser: row.out_user === 1,
    orgId: row.org_id,
    tier: row.tier,
    createTime: row.created_at,
  };
}
