import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import * as foundation from './2026-11-21_001_foundation';
import * as invitation from './2026-11-21_002_invitation';
import * as priceStore from './2026-11-21_003_price_store';
import * as loadData from './2026-11-21_004_load_data';
import * as bills from './2026-11-21_005_bills';
import * as membership from './2026-11-21_006_membership';
import * as weather from './2026-11-21_007_weather';
import * as projects from './2026-11-21_008_projects';
import * as projectFiles from './2026-11-21_009_project_files';
import * as membershipMore from './2026-11-21_011_membership_more';
import * as tariffOverrides from './2026-11-21_012_tariff_overrides';
import * as storageProducts from './2026-11-21_013_storage_products';
import * as storageBuiltinOverrides from './2026-11-21_014_storage_builtin_overrides';
import * as invoiceApplications from './2026-11-21_015_invoice_applications';
import * as shareLookups from './2026-11-22_016_share_lookups';
import * as orderNamesEn from './2026-11-22_017_order_names_en';
import * as planQuotaFeatureLines from './2026-11-22_018_plan_quota_feature_lines';

export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Every migration, by dated name. Append; never edit one that has shipped. */
export const MIGRATIONS: Readonly<Record<string, DialectMigration>> = {
  '2026-11-21_001_foundation': foundation,
  '2026-11-21_002_invitation': invitation,
  '2026-11-21_003_price_store': priceStore,
  '2026-11-21_004_load_data': loadData,
  '2026-11-21_005_bills': bills,
  '2026-11-21_006_membership': membership,
  '2026-11-21_007_weather': weather,
  '2026-11-21_008_projects': projects,
  '2026-11-21_011_membership_more': membershipMore,
  '2026-11-21_009_project_files': projectFiles,
  '2026-11-21_012_tariff_overrides': tariffOverrides,
  '2026-11-21_013_storage_products': storageProducts,
  '2026-11-21_014_storage_builtin_overrides': storageBuiltinOverrides,
  '2026-11-21_015_invoice_applications': invoiceApplications,
  '2026-11-22_016_share_lookups': shareLookups,
  '2026-11-22_017_order_names_en': orderNamesEn,
  '2026-11-22_018_plan_quota_feature_lines': planQuotaFeatureLines,
};
