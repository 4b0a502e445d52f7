import { FEATURE_MIN_TIER, TIER_PREMIUM, type Tier } from '@pvplan/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import { effectiveTier, isInternal, type Principal } from '../auth/principal';

/**
 * Whether a principal may use something that needs tier `min`: internal staff always may (tiers are
 * what external customers buy, spec 000 §6); an external user needs a running tier of at least `min`.
 */
export function hasTier(principal: Principal, min: Tier, now = nowIso()): boolean {
  return isInternal(principal) || effectiveTier(principal.user, now) >= min;
}

/** Throws the tier error (403, "该功能需要开通会员后使用" or "…高级会员…") unless the principal has tier `min`. */
export function assertTier(principal: Principal, min: Tier): void {
  if (hasTier(principal, min)) return;
  throw new AppError(min >= TIER_PREMIUM ? 'ERR_TIER_PREMIUM_REQUIRED' : 'ERR_TIER_MEMBER_REQUIRED');
}

/**
 * The server's one tier guard for gated features, as a preHandler:
 * `app.post(path, { preHandler: requireTier(TIER_MEMBER) }, handler)`. It authenticates the request
 * itself when no earlier preHandler did (so it can stand alone), then checks the running tier.
 */
export function requireTier(min: Tier) {
  return async function tierGuard(request: FastifyRequest): Promise<void> {
    if (!request.principal) await request.server.authenticate(request);
    if (!request.principal) throw new AppError('ERR_AUTH_REQUIRED');
    assertTier(request.principal, min);
  };
}

/** The guard for a feature of spec 001 §6 by key (e.g. 'droneSurvey', 'detailedDesign'). */
export function requireFeature(featureKey: string) {
  const min = FEATURE_MIN_TIER[featureKey];
  if (min === undefined) throw new Error(`unknown membership feature ${featureKey}`);
  return requireTier(min);
}
