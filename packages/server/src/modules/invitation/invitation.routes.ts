import { invitationPageBody, openedActivityBody } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';

/**
 * The invite campaign (spec 001 §7 "Channel partner, invitation": the three invitation paths;
 * spec 000 §7: pageNum, pageSize, inviterId answering data.total and data.list; data[0].endTime).
 * getInvitationCode is ours: the spec does not show how the exclusive link is made.
 */
export const INVITATION_PATHS = {
  rewardPage: `${ESTIMATE_TOOLS}/invitation/invitationRewardPage`,
  recordPage: `${ESTIMATE_TOOLS}/invitation/invitationRecordPage`,
  openedActivities: `${ESTIMATE_TOOLS}/invitation/getOpenedActivityRecordList`,
  invitationCode: `${ESTIMATE_TOOLS}/invitation/getInvitationCode`,
} as const;

export async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { invitations } = app.services;
  const tags = ['invitation'];
  const preHandler = app.authenticate;

  app.post(
    INVITATION_PATHS.rewardPage,
    { schema: { tags, summary: 'Rewards credited to the inviter', body: invitationPageBody }, preHandler },
    async (request) =>
      ok(
        request.ctx.language,
        await invitations.rewardPage(principalOf(request), request.body, request.ctx.language),
      ),
  );

  app.post(
    INVITATION_PATHS.recordPage,
    {
      schema: { tags, summary: "The inviter's invitees (masked phones)", body: invitationPageBody },
      preHandler,
    },
    async (request) =>
      ok(request.ctx.language, await invitations.recordPage(principalOf(request), request.body)),
  );

  app.post(
    INVITATION_PATHS.openedActivities,
    {
      schema: { tags, summary: 'Opened invite campaigns, ending last first', body: openedActivityBody },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await invitations.openedActivities(request.ctx.language)),
  );

  app.post(
    INVITATION_PATHS.invitationCode,
    { schema: { tags, summary: "The signed-in user's exclusive invite code" }, preHandler },
    async (request) => ok(request.ctx.language, await invitations.codeOf(principalOf(request))),
  );
}
