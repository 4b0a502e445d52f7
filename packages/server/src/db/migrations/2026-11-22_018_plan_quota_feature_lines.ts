import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * vip_packages.features_json: installations seeded before the clients worded a plan's quota
 * themselves hold that quota as a feature line, {"zh":"含优化设计容量5MW、勘测面积2万m²","en":"Includes
 * 5 MW and 2 × 10,000 m²"}, a copy of design_capacity_mw and survey_area_wan_m2 in fixed wording
 * (stale once an administrator changes the figures). The clients word it from those numbers in
 * their UI language, so this migration removes such lines. Every other entry stays as it is and in
 * its order; rows without such a line, and rows whose features_json is not a JSON array, are not
 * written; updated_at is kept (no administrator changed the package). Running it again changes nothing.
 */

/** The seeded quota line, recognised by its Chinese text (trimmed), as the server's reader did. */
const QUOTA_FEATURE_LINE_ZH = /^含优化设计容量[\d.]+MW、勘测面积[\d.]+万m²$/;

interface PackageFeaturesTables {
  vip_packages: { id: number; features_json: string };
}

function isQuotaFeatureLine(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const zh = (entry as { zh?: unknown }).zh;
  return typeof zh === 'string' && QUOTA_FEATURE_LINE_ZH.test(zh.trim());
}

/** The feature list without its quota lines as stored JSON, or null when nothing is to change. */
function featuresJsonWithoutQuotaLines(featuresJson: string): string | null {
  let entries: unknown;
  try {
    entries = JSON.parse(featuresJson);
  } catch {
    return null;
  }
  if (!Array.isArray(entries)) return null;
  const kept = entries.filter((entry) => !isQuotaFeatureLine(entry));
  return kept.length === entries.length ? null : JSON.stringify(kept);
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const packages = db as unknown as Kysely<PackageFeaturesTables>;
  const rows = await packages
    .selectFrom('vip_packages')
    .select(['id', 'features_json'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const featuresJson = featuresJsonWithoutQuotaLines(row.features_json);
    if (featuresJson === null) continue;
    await packages
      .updateTable('vip_packages')
      .set({ features_json: featuresJson })
      .where('id', '=', row.id)
      .execute();
  }
}

/** The removed lines are not put back: the clients word the quota from the plan's numbers. */
export async function down(_db: Kysely<unknown>, _dialect: Dialect): Promise<void> {}
