import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings (dialect-neutral and sortable);
 * booleans are integers 0/1 so SQLite and PostgreSQL read the same values.
 */
export interface UsersTable {
  id: Generated<number>;
  login_no: string;
  user_name: string;
  phone: string | null;
  password_hash: string | null;
  out_user: number;
  tier: number;
  tier_expires_at: string | null;
  org_id: number | null;
  status: number;
  invited_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface UserQuotasTable {
  user_id: number;
  total_capacity_mw: number;
  used_capacity_mw: number;
  total_area_wan_m2: number;
  used_area_wan_m2: number;
  updated_at: string;
}

export interface OrgsTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
}

export interface RolesTable {
  id: Generated<number>;
  role_key: string;
  role_name: string;
  role_name_en: string;
  app_code: string | null;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
  project_id: string | null;
  is_jump: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  ip: string | null;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MenusTable {
  id: Generated<number>;
  parent_id: number | null;
  app_code: string;
  text_ch: string;
  text_en: string;
  menu_icon: string | null;
  menu_level: number;
  menu_type: string;
  menu_state: number;
  route_url: string | null;
  url: string | null;
  button_flag: string | null;
  menu_order: number;
}

export interface RoleMenusTable {
  role_id: number;
  menu_id: number;
}

export interface AppProjectsTable {
  id: number;
  app_code: string;
  name: string;
}

export interface DictTypesTable {
  id: Generated<number>;
  dict_key: string;
  dict_name: string;
  dict_name_en: string;
}

export interface DictItemsTable {
  id: Generated<number>;
  type_id: number;
  code: string;
  value: string;
  description: string;
  description_en: string;
  sort: number;
}

export interface NoticesTable {
  id: Generated<number>;
  title: string;
  content: string;
  start_time: string;
  end_time: string;
  is_open: number;
  created_at: string;
}

export interface ActivityStatsTable {
  id: Generated<number>;
  day: string;
  operate_user: string;
  user_id: number | null;
  proj_id: string | null;
  created_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  object_key: string;
  file_name: string;
  file_type: string;
  content_type: string;
  size_bytes: number;
  owner_user_id: number | null;
  created_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  inserter: string;
  inserter_user_id: number;
  suggestions: string;
  contact: string;
  imgs_json: string;
  created_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  payload_json: string;
  status: string;
  progress: number;
  result_json: string | null;
  error: string | null;
  attempts: number;
  max_attempts: number;
  owner_user_id: number | null;
  run_after: string;
  locked_by: string | null;
  locked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  user_quotas: UserQuotasTable;
  orgs: OrgsTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  captchas: CaptchasTable;
  menus: MenusTable;
  role_menus: RoleMenusTable;
  app_projects: AppProjectsTable;
  dict_types: DictTypesTable;
  dict_items: DictItemsTable;
  notices: NoticesTable;
  activity_stats: ActivityStatsTable;
  files: FilesTable;
  feedback: FeedbackTable;
  jobs: JobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type MenuRow = Selectable<MenusTable>;
export type JobRow = Selectable<JobsTable>;
export type NoticeRow = Selectable<NoticesTable>;

/** An invite campaign (spec 000 §3 "Invite activity"); rewards per successful invite are data here. */
export interface InviteActivitiesTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  start_time: string;
  end_time: string;
  is_open: number;
  reward_member_days: number;
  reward_area_wan_m2: number;
  reward_capacity_mw: number;
  max_member_days: number | null;
  max_area_wan_m2: number | null;
  max_capacity_mw: number | null;
  created_at: string;
}

/** A user's exclusive invite code (created the first time the user asks for the link). */
export interface InviteCodesTable {
  user_id: number;
  code: string;
  created_at: string;
}

/** One invitee per row: who invited whom, and what the invitee has done since (spec 000 §3 invitation record). */
export interface InvitationsTable {
  id: Generated<number>;
  activity_id: number | null;
  inviter_user_id: number;
  invitee_user_id: number;
  invitee_phone: string;
  invite_code: string;
  calculation_num: number;
  modeling_num: number;
  optimizing_num: number;
  monthly_vip_num: number;
  yearly_vip_num: number;
  created_at: string;
}

/** A reward credited to an inviter for one invitation and one reason (spec 000 §3 reward record). */
export interface InviteRewardsTable {
  id: Generated<number>;
  activity_id: number | null;
  inviter_user_id: number;
  invitation_id: number;
  reason: string;
  member_days: number;
  area_wan_m2: number;
  capacity_mw: number;
  status: number;
  created_at: string;
}

export interface Database {
  invite_activities: InviteActivitiesTable;
  invite_codes: InviteCodesTable;
  invitations: InvitationsTable;
  invite_rewards: InviteRewardsTable;
}

export type InviteActivityRow = Selectable<InviteActivitiesTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type InviteRewardRow = Selectable<InviteRewardsTable>;
