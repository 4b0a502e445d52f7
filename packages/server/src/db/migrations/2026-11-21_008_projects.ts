import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from './helpers';

/**
 * Projects and plans of the income assessment (spec 001 §7 "Project, plan, bill, load and price",
 * "PVES", "Fast estimate", "PV config", "Statistics"): projects with logical delete and lock, the
 * users they are shared with, sub-customers and sub-plans, the editable configs, every calculation
 * as a plan version (inputs snapshot, summary, object key of the series), customer comments, stored
 * reactive-power assessments, a small per-project cache and the statistics hooks.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const schema = db.schema;

  await withIdColumn(schema.createTable('projects'), dialect)
    .addColumn('proj_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('proj_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_name', 'varchar(64)')
    .addColumn('contact_name', 'varchar(32)')
    .addColumn('contact_phone', 'varchar(32)')
    .addColumn('address', 'varchar(200)')
    .addColumn('area_code', 'varchar(6)')
    .addColumn('latitude_deg', 'double precision')
    .addColumn('longitude_deg', 'double precision')
    .addColumn('industry', 'varchar(64)')
    .addColumn('user_category', 'varchar(16)')
    .addColumn('voltage_level', 'varchar(16)')
    .addColumn('transformer_kva', 'double precision')
    .addColumn('remark', 'varchar(500)')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_plan_id', 'integer')
    .addColumn('is_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('projects_owner_idx')
    .on('projects')
    .columns(['owner_user_id', 'is_delete', 'updated_at'])
    .execute();

  await schema
    .createTable('project_members')
    .addColumn('proj_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'varchar(8)', (c) => c.notNull())
    .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['proj_id', 'user_id'])
    .execute();
  await schema.createIndex('project_members_user_idx').on('project_members').column('user_id').execute();

  await withIdColumn(schema.createTable('project_subs'), dialect)
    .addColumn('proj_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema.createIndex('project_subs_proj_idx').on('project_subs').columns(['proj_id', 'kind']).execute();

  await schema
    .createTable('project_configs')
    .addColumn('proj_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_configs_pk', ['proj_id', 'kind'])
    .execute();

  await withIdColumn(schema.createTable('project_plans'), dialect)
    .addColumn('proj_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('job_id', 'integer')
    .addColumn('inputs_json', 'text', (c) => c.notNull())
    .addColumn('summary_json', 'text')
    .addColumn('series_key', 'varchar(200)')
    .addColumn('error', 'varchar(2000)')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addUniqueConstraint('project_plans_version_uq', ['proj_id', 'version'])
    .execute();
  await schema
    .createIndex('project_plans_status_idx')
    .on('project_plans')
    .columns(['proj_id', 'status'])
    .execute();

  await withIdColumn(schema.createTable('project_comments'), dialect)
    .addColumn('proj_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('project_comments_proj_idx')
    .on('project_comments')
    .columns(['proj_id', 'created_at'])
    .execute();

  await withIdColumn(schema.createTable('project_assessments'), dialect)
    .addColumn('proj_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('input_json', 'text', (c) => c.notNull())
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('project_assessments_proj_idx')
    .on('project_assessments')
    .columns(['proj_id', 'kind', 'id'])
    .execute();

  await schema
    .createTable('project_cache')
    .addColumn('proj_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('cache_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('value_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_cache_pk', ['proj_id', 'cache_key'])
    .execute();

  await withIdColumn(schema.createTable('statistics_records'), dialect)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('proj_id', 'varchar(64)')
    .addColumn('label', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('value_a', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('value_b', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('statistics_records_kind_idx')
    .on('statistics_records')
    .columns(['kind', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'statistics_records',
    'project_cache',
    'project_assessments',
    'project_comments',
    'project_plans',
    'project_configs',
    'project_subs',
    'project_members',
    'projects',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
