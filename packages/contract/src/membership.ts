/** Membership tiers (spec 000 §6, 001 §9). */
export const TIER_FREE = 0;
export const TIER_MEMBER = 1;
export const TIER_PREMIUM = 2;
export type Tier = typeof TIER_FREE | typeof TIER_MEMBER | typeof TIER_PREMIUM;

/**
 * What a newly registered external user receives with the free membership.
 * The spec gives no figure; these are our product decision (enough to try one
 * optimal design of a small roof and one drone survey), changeable by administrators later.
 */
export const FREE_TIER_QUOTA = { capacityMw: 1, areaWanM2: 1 } as const;
