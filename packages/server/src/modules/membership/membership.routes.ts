import {
  idPathParams,
  modifyStatusBody,
  pointsBody,
  pointsPageBody,
  pointsUsersBody,
  saveVipBody,
  subPointsBody,
  trialApplyBody,
  trialListBody,
  trialReviewBody,
  userPageParams,
  userPathParams,
  vipListBody,
} from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { jsonRoutes } from '../../http/json-routes';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { adminPrincipalOf, principalOf } from '../../http/request-context';
import { actingUserId } from '../auth/principal';
import { ordersRoutes } from '../orders/orders.routes';
import { paymentRoutes } from '../payment/payment.routes';

/** The membership area's paths (spec 001 §7 "Membership and orders"; the ones marked ours are not in the spec). */
export const MEMBERSHIP_PATHS = {
  vipList: `${ESTIMATE_TOOLS}/vip/getVipList`,
  modifyStatus: `${ESTIMATE_TOOLS}/vip/modifyStatus`,
  saveOrUpdate: `${ESTIMATE_TOOLS}/vip/saveOrUpdate`,
  statistics: `${ESTIMATE_TOOLS}/vip/getStatistics/:userId`,
  userSchema: `${ESTIMATE_TOOLS}/vip/getVipUserSchema/:userId/:pageNum/:pageSize`,
  onceVipIds: `${ESTIMATE_TOOLS}/vip/getOnceVipIds/:id`,
  /** Ours: the spec does not show the path of "get usage capacity". */
  usageCapacity: `${ESTIMATE_TOOLS}/vip/getUsageCapacity`,
  /** Ours: the tier comparison of the subscription page (spec 001 §6 as data). */
  features: `${ESTIMATE_TOOLS}/vip/getVipFeatures`,
  /** Ours: the trial application dialog for the pro plan, and its review. */
  applyTrial: `${ESTIMATE_TOOLS}/vip/applyTrial`,
  trialList: `${ESTIMATE_TOOLS}/vip/trialApplications`,
  reviewTrial: `${ESTIMATE_TOOLS}/vip/reviewTrial`,
  getPoints: `${ESTIMATE_TOOLS}/account/getPoints`,
  subPoints: `${ESTIMATE_TOOLS}/account/subPoints`,
  detailPoints: `${ESTIMATE_TOOLS}/account/getDetailPoints`,
  detailActivePoints: `${ESTIMATE_TOOLS}/account/getDetailActivePoints`,
  /** Ours: the sales user-points page's user list (ledger sums). */
  pointsUsers: `${ESTIMATE_TOOLS}/account/pointsUsers`,
} as const;

/** Plans and packs, usage and statistics, trial applications and points. */
async function membershipCoreRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { membership, quotas } = app.services;
  const tags = ['membership'];
  const preHandler = app.authenticate;
  const api = jsonRoutes(fastify, { tags, preHandler });

  api.post(
    MEMBERSHIP_PATHS.vipList,
    { summary: 'Plans and packs of a type (status 1 unless administrator)', body: vipListBody },
    (body, c) => membership.list(c.principal, body, c.language),
  );
  api.post(
    MEMBERSHIP_PATHS.modifyStatus,
    { summary: 'Put a package on or off sale (administrators)', body: modifyStatusBody },
    (body, c) => {
      adminPrincipalOf(c.request);
      return membership.modifyStatus(body, c.language);
    },
  );
  api.post(
    MEMBERSHIP_PATHS.saveOrUpdate,
    { summary: 'Create or update a plan or pack (administrators)', body: saveVipBody },
    (body, c) => {
      adminPrincipalOf(c.request);
      return membership.saveOrUpdate(body, c.language);
    },
  );

  // No body, path parameters, or two methods: registered directly.
  app.post(
    MEMBERSHIP_PATHS.features,
    { schema: { tags, summary: 'Tiers and their features (spec 001 §6)' }, preHandler },
    async (request) => ok(request.ctx.language, await membership.features(request.ctx.language)),
  );

  app.post(
    MEMBERSHIP_PATHS.onceVipIds,
    { schema: { tags, summary: 'Once-only packages the user has bought', params: idPathParams }, preHandler },
    async (request) =>
      ok(request.ctx.language, await membership.onceVipIds(principalOf(request), request.params.id)),
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: MEMBERSHIP_PATHS.usageCapacity,
      schema: { tags, summary: "The signed-in user's usage capacity (MW, 万m²)" },
      preHandler,
      handler: async (request) =>
        ok(request.ctx.language, await quotas.usageOf(principalOf(request).user.id)),
    });
  }

  app.post(
    MEMBERSHIP_PATHS.userSchema,
    {
      schema: { tags, summary: 'Usage statistics: projects that used the quota', params: userPageParams },
      preHandler,
    },
    async (request) => {
      const { userId, pageNum, pageSize } = request.params;
      const target = actingUserId(principalOf(request), userId);
      return ok(request.ctx.language, await quotas.usagePage(target, pageNum, pageSize));
    },
  );

  app.post(
    MEMBERSHIP_PATHS.statistics,
    {
      schema: { tags, summary: 'Orders and quota bought and used by a user', params: userPathParams },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await quotas.statistics(actingUserId(principalOf(request), request.params.userId)),
      ),
  );

  api.post(
    MEMBERSHIP_PATHS.applyTrial,
    { summary: 'Apply for a trial of the premium plan', body: trialApplyBody },
    (body, c) => membership.applyTrial(c.principal, body),
  );
  api.post(
    MEMBERSHIP_PATHS.trialList,
    { summary: 'Trial applications (administrators)', body: trialListBody },
    (body, c) => {
      adminPrincipalOf(c.request);
      return membership.trialPage(body);
    },
  );
  api.post(
    MEMBERSHIP_PATHS.reviewTrial,
    { summary: 'Approve or reject a trial application (administrators)', body: trialReviewBody },
    (body, c) => membership.reviewTrial(adminPrincipalOf(c.request), body.id, body.status as 1 | 2),
  );
  api.post(
    MEMBERSHIP_PATHS.getPoints,
    { summary: 'Points balance (sum of the ledger)', body: pointsBody },
    (body, c) => membership.points(c.principal, body?.userId),
  );
  api.post(
    MEMBERSHIP_PATHS.subPoints,
    { summary: 'Take points off a user (administrators and sales)', body: subPointsBody },
    (body, c) => membership.subPoints(c.principal, body),
  );
  api.post(
    MEMBERSHIP_PATHS.detailPoints,
    { summary: 'Points ledger entries', body: pointsPageBody },
    (body, c) => membership.pointsDetail(c.principal, body, false),
  );
  api.post(
    MEMBERSHIP_PATHS.detailActivePoints,
    { summary: 'Points earned by activity (purchases, campaigns)', body: pointsPageBody },
    (body, c) => membership.pointsDetail(c.principal, body, true),
  );
  api.post(
    MEMBERSHIP_PATHS.pointsUsers,
    { summary: 'Users and their points balances (administrators and sales)', body: pointsUsersBody },
    (body, c) => membership.pointsUsers(c.principal, body),
  );
}

/** The whole membership area: plans, packs, quotas, points, orders and payment (one register line in app.ts). */
export async function membershipRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(membershipCoreRoutes);
  await fastify.register(ordersRoutes);
  await fastify.register(paymentRoutes);
}
