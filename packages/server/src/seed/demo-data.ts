import { FREE_TIER_QUOTA } from '@pvplan/contract';
import { hashPassword } from '../modules/auth/password-hash';
import { assignRole, type Db, findRoleByKey, insertUser } from '../modules/users/user.repository';
import { HOUR_MS, isoAfter, nowIso } from '../shared/time';
import { seedInviteCampaign } from './invite-campaign';

/** Password of every demo account (meets the password rules). */
export const DEMO_PASSWORD = 'PvPlan@2580';

export interface DemoAccount {
  readonly loginNo: string;
  readonly userName: string;
  readonly phone: string | null;
  readonly outUser: boolean;
  readonly tier: 0 | 1 | 2;
  readonly roleKey: string;
  readonly quota?: { capacityMw: number; areaWanM2: number };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    loginNo: 'admin',
    userName: '系统管理员',
    phone: '13900000001',
    outUser: false,
    tier: 2,
    roleKey: 'admin',
  },
  {
    loginNo: 'designer',
    userName: '张设计',
    phone: '13900000002',
    outUser: false,
    tier: 2,
    roleKey: 'fzjc_designer',
  },
  {
    loginNo: 'sales',
    userName: '李销售',
    phone: '13900000003',
    outUser: false,
    tier: 0,
    roleKey: 'sales_manager',
  },
  {
    loginNo: 'dms_admin',
    userName: 'DMS跳转用户',
    phone: null,
    outUser: false,
    tier: 0,
    roleKey: 'fzjc_designer',
  },
  {
    loginNo: '13800000001',
    userName: '免费用户',
    phone: '13800000001',
    outUser: true,
    tier: 0,
    roleKey: 'tools_out_user',
    quota: { capacityMw: FREE_TIER_QUOTA.capacityMw, areaWanM2: FREE_TIER_QUOTA.areaWanM2 },
  },
  {
    loginNo: '13800000002',
    userName: '会员用户',
    phone: '13800000002',
    outUser: true,
    tier: 1,
    roleKey: 'tools_out_user',
    quota: { capacityMw: 50, areaWanM2: 30 },
  },
  {
    loginNo: '13800000003',
    userName: '高级会员',
    phone: '13800000003',
    outUser: true,
    tier: 2,
    roleKey: 'tools_out_user',
    quota: { capacityMw: 200, areaWanM2: 100 },
  },
];

/** Demo orgs, accounts, an open notice and a running invite campaign; only into an empty users table. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const org = await trx
      .insertInto('orgs')
      .values({ name: 'PVPlan 演示公司', parent_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const account of DEMO_ACCOUNTS) {
      const role = await findRoleByKey(trx, account.roleKey);
      if (!role) throw new Error(`Role ${account.roleKey} missing: seed reference data first`);
      const id = await insertUser(trx, {
        login_no: account.loginNo,
        user_name: account.userName,
        phone: account.phone,
        password_hash: passwordHash,
        out_user: account.outUser ? 1 : 0,
        tier: account.tier,
        tier_expires_at: account.tier > 0 && account.outUser ? isoAfter(365 * 24 * HOUR_MS) : null,
        org_id: account.outUser ? null : org.id,
        status: 1,
        invited_by: null,
        created_at: now,
        updated_at: now,
      });
      await assignRole(trx, id, role.id);
      if (account.quota) {
        await trx
          .insertInto('user_quotas')
          .values({
            user_id: id,
            total_capacity_mw: account.quota.capacityMw,
            used_capacity_mw: 0,
            total_area_wan_m2: account.quota.areaWanM2,
            used_area_wan_m2: 0,
            updated_at: now,
          })
          .execute();
      }
    }
    await trx
      .insertInto('notices')
      .values({
        title: '系统通知',
        content: '欢迎使用 PVPlan 光伏储能规划平台。演示环境的数据会定期重置，请勿录入真实客户信息。',
        start_time: isoAfter(-24 * HOUR_MS),
        end_time: isoAfter(30 * 24 * HOUR_MS),
        is_open: 1,
        created_at: now,
      })
      .execute();
    await seedInviteCampaign(trx);
  });
  return true;
}
