import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/** Accounts, sessions, menus, dictionaries, notices, files, feedback, statistics and jobs. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;
  await withIdColumn(schema.createTable('orgs'), dialect)
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .execute();

  await withIdColumn(schema.createTable('users'), dialect)
    .addColumn('login_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(16)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('out_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tier', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tier_expires_at', 'varchar(32)')
    .addColumn('org_id', 'integer', (c) => c.references('orgs.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await schema
    .createTable('user_quotas')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('total_capacity_mw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('used_capacity_mw', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('total_area_wan_m2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('used_area_wan_m2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('roles'), dialect)
    .addColumn('role_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('role_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_name_en', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_code', 'varchar(32)')
    .execute();

  await schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoked_reason', 'varchar(32)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('project_id', 'varchar(64)')
    .addColumn('is_jump', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'revoked_at']).execute();

  await withIdColumn(schema.createTable('sms_codes'), dialect)
    .addColumn('phone', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await schema.createIndex('sms_codes_phone_idx').on('sms_codes').columns(['phone', 'created_at']).execute();
  await schema.createIndex('sms_codes_ip_idx').on('sms_codes').columns(['ip', 'created_at']).execute();

  await schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await withIdColumn(schema.createTable('menus'), dialect)
    .addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('cascade'))
    .addColumn('app_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('text_ch', 'varchar(64)', (c) => c.notNull())
    .addColumn('text_en', 'varchar(64)', (c) => c.notNull())
    .addColumn('menu_icon', 'varchar(64)')
    .addColumn('menu_level', 'integer', (c) => c.notNull())
    .addColumn('menu_type', 'varchar(1)', (c) => c.notNull())
    .addColumn('menu_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('route_url', 'varchar(255)')
    .addColumn('url', 'varchar(255)')
    .addColumn('button_flag', 'varchar(128)')
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await schema.createIndex('menus_app_idx').on('menus').columns(['app_code', 'parent_id']).execute();

  await schema
    .createTable('role_menus')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
    .execute();

  await schema
    .createTable('app_projects')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('app_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('dict_types'), dialect)
    .addColumn('dict_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('dict_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('dict_name_en', 'varchar(64)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('dict_items'), dialect)
    .addColumn('type_id', 'integer', (c) => c.notNull().references('dict_types.id').onDelete('cascade'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('description_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('dict_items_type_code_uq', ['type_id', 'code'])
    .execute();

  await withIdColumn(schema.createTable('notices'), dialect)
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('activity_stats'), dialect)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('operate_user', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('proj_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema.createIndex('activity_stats_day_idx').on('activity_stats').column('day').execute();

  await withIdColumn(schema.createTable('files'), dialect)
    .addColumn('object_key', 'varchar(512)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('feedback'), dialect)
    .addColumn('inserter', 'varchar(64)', (c) => c.notNull())
    .addColumn('inserter_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('suggestions', 'text', (c) => c.notNull())
    .addColumn('contact', 'varchar(16)', (c) => c.notNull())
    .addColumn('imgs_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(schema.createTable('jobs'), dialect)
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_json', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('run_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(128)')
    .addColumn('locked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'run_after']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'jobs',
    'feedback',
    'files',
    'activity_stats',
    'notices',
    'dict_items',
    'dict_types',
    'app_projects',
    'role_menus',
    'menus',
    'captchas',
    'sms_codes',
    'sessions',
    'user_roles',
    'roles',
    'user_quotas',
    'users',
    'orgs',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
