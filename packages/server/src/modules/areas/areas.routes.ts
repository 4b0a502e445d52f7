import { areaIdParams, areaTreeQuery, cityPositionQuery, mapSearchQuery } from '@pvplan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';

/**
 * Divisions and maps (spec 001 §7 "Dictionary and area", "Maps and download"). The city-position
 * query lives "under the admin province-city-district service" without a named path; ours is below.
 */
export const AREA_PATHS = {
  areas: `${ESTIMATE_TOOLS}/dict/getAreas`,
  children: `${ESTIMATE_TOOLS}/dict/proList/:id`,
  cityPosition: '/api/admin/province-city-district/getCityPosition',
  mapSearch: `${ESTIMATE_TOOLS}/early/getGaodeMap`,
} as const;

export async function areasRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { areas, maps } = app.services;
  const tags = ['areas'];
  const preHandler = app.authenticate;

  app.get(
    AREA_PATHS.areas,
    {
      schema: { tags, summary: 'Division tree (GB/T 2260) down to a level', querystring: areaTreeQuery },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await areas.tree(request.query.level)),
  );

  app.get(
    AREA_PATHS.children,
    { schema: { tags, summary: 'Children of a division (0 = provinces)', params: areaIdParams }, preHandler },
    async (request) => ok(request.ctx.language, await areas.children(request.params.id)),
  );

  app.get(
    AREA_PATHS.cityPosition,
    {
      schema: {
        tags,
        summary: 'A division by code or name, its path and a WGS84 point',
        querystring: cityPositionQuery,
      },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await maps.cityPosition(request.query)),
  );

  app.get(
    AREA_PATHS.mapSearch,
    {
      schema: {
        tags,
        summary: 'Place search: AMap when configured, else the local divisions',
        querystring: mapSearchQuery,
      },
      preHandler,
    },
    async (request) => ok(request.ctx.language, await maps.search(request.query)),
  );
}
