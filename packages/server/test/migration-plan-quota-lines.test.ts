import { type Kysely, type Migration, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Dialect, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import * as planQuotaFeatureLines from '../src/db/migrations/2026-11-22_018_plan_quota_feature_lines';
import type { Database } from '../src/db/tables';
import { createPostgresDatabase, dialectsUnderTest } from './harness';

/**
 * Migration 018 on a database migrated to 017 and holding the rows installations seeded before it:
 * each plan loses its stored quota line (含优化设计容量…MW、勘测面积…万m²) and nothing else.
 */

const QUOTA_MIGRATION = '2026-11-22_018_plan_quota_feature_lines';
const STAMP = '2026-11-01T00:00:00.000Z';

const MEMBER_FEATURES = [
  { zh: '光储容量优化与结算模式对比', en: 'PV+storage capacity optimisation and settlement comparison' },
  { zh: '无人机勘测与三维自动建模', en: 'Drone survey and 3D auto modelling' },
  { zh: '优化设计与报告导出', en: 'Optimisation design and report export' },
];
// What the seed wrote before 018 (seed/membership-catalogue.ts at that time) for the yearly plan.
const SEEDED_QUOTA_LINE = {
  zh: '含优化设计容量300MW、勘测面积150万m²',
  en: 'Includes 300 MW and 150 × 10,000 m²',
};

/** Stored feature lists, by package name: before the migration, and what it must leave. */
const CASES: ReadonlyArray<{ name: string; before: string; after: string }> = [
  {
    name: 'seeded yearly plan',
    before: JSON.stringify([...MEMBER_FEATURES, SEEDED_QUOTA_LINE]),
    after: JSON.stringify(MEMBER_FEATURES),
  },
  {
    // An administrator's own lines around a quota line (padded, decimal figures) keep their order;
    // a line that merely mentions 含优化设计容量 is the administrator's and stays.
    name: 'edited plan',
    before: JSON.stringify([
      { zh: '专属客服', en: 'Dedicated support' },
      { zh: ' 含优化设计容量12.5MW、勘测面积0.5万m² ', en: 'Includes 12.5 MW and 0.5 × 10,000 m²' },
      { zh: '含优化设计容量说明见帮助中心', en: 'See the help centre for the design capacity' },
      { zh: '发票', en: 'Invoices' },
    ]),
    after: JSON.stringify([
      { zh: '专属客服', en: 'Dedicated support' },
      { zh: '含优化设计容量说明见帮助中心', en: 'See the help centre for the design capacity' },
      { zh: '发票', en: 'Invoices' },
    ]),
  },
  {
    // No quota line: left byte for byte, formatting included.
    name: 'plan without a quota line',
    before: '[ {"zh": "优化设计与报告导出", "en": "Optimisation design and report export"} ]',
    after: '[ {"zh": "优化设计与报告导出", "en": "Optimisation design and report export"} ]',
  },
  { name: 'capacity pack', before: '[]', after: '[]' },
  {
    name: 'broken row',
    before: 'not json 含优化设计容量5MW、勘测面积2万m²',
    after: 'not json 含优化设计容量5MW、勘测面积2万m²',
  },
];

/** Applies every migration before 018, as an installation that has not yet run it. */
async function migrateBeforeQuotaMigration(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const earlier = Object.entries(MIGRATIONS).filter(([name]) => name < QUOTA_MIGRATION);
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async (): Promise<Record<string, Migration>> =>
        Object.fromEntries(
          earlier.map(([name, migration]) => [
            name,
            {
              up: (target: Kysely<unknown>) => migration.up(target, dialect),
              down: (target: Kysely<unknown>) => migration.down(target, dialect),
            },
          ]),
        ),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

describe.each(dialectsUnderTest())('migration 018 (plan quota feature lines) on %s', (dialect) => {
  let database: DatabaseHandle;
  let dropPostgres: (() => Promise<void>) | undefined;

  const storedRows = () =>
    database.db
      .selectFrom('vip_packages')
      .select(['vip_name', 'features_json', 'updated_at'])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const postgres = await createPostgresDatabase();
      dropPostgres = postgres.drop;
      database = openDatabase(postgres.url);
    } else {
      database = openDatabase('sqlite::memory:');
    }
    await migrateBeforeQuotaMigration(database.db, dialect);
    await database.db
      .insertInto('vip_packages')
      .values(
        CASES.map((entry, index) => ({
          vip_name: entry.name,
          vip_name_en: entry.name,
          vip_type: entry.name === 'capacity pack' ? 'search_capacity' : 'membership',
          tier: 1,
          period: 'year',
          member_days: 365,
          price_fen: 100,
          discount: null,
          instant_discount_fen: 0,
          design_capacity_mw: 300,
          survey_area_wan_m2: 150,
          features_json: entry.before,
          status: 1,
          sort: index + 1,
          once_only: 0,
          created_at: STAMP,
          updated_at: STAMP,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await database?.destroy();
    await dropPostgres?.();
  });

  it('removes exactly the quota lines and leaves every other entry, row and timestamp', async () => {
    expect(await migrateToLatest(database.db, dialect)).toEqual([QUOTA_MIGRATION]);
    expect(await storedRows()).toEqual(
      CASES.map((entry) => ({ vip_name: entry.name, features_json: entry.after, updated_at: STAMP })),
    );
  });

  it('changes nothing when run again', async () => {
    const before = await storedRows();
    await planQuotaFeatureLines.up(database.db as unknown as Kysely<unknown>, dialect);
    expect(await storedRows()).toEqual(before);
    expect(await migrateToLatest(database.db, dialect)).toEqual([]);
  });
});
