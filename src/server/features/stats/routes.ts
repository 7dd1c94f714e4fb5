import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { statsQuerySchema, travelStatsSchema } from '../../../contract/stats';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as stats from './service';

const tags = ['stats'];
/**
 * The period's days are checked by the service (180 not ISO days or one missing, 181 reversed, 182 too
 * long; neither: the current calendar year): here the query documents them.
 */
const query = statsQuerySchema.partial();

/** The dashboard (spec 3 §7 `GET stats/travels`, issue 16): the user's statistics, and their company's for its travel manager. */
export function statsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      routePath('travelStats'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The user’s booked travels over a period (ISO days `beginPeriod`..`endPeriod`, 366 days at most; by default the current calendar year): trips, km, CO2 by mode with equivalents, time, money, and the trips to come',
          operationId: 'travelStats',
          querystring: query,
          response: { 200: envelope(travelStatsSchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: await stats.userStats(ctx(request), request.query) }),
    );

    r.get(
      routePath('companyTravelStats'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The company’s booked travels over a period, for its travel manager (account_creation, own company only)',
          operationId: 'companyTravelStats',
          params: z.object({ companyID: z.string().max(64) }),
          querystring: query,
          response: { 200: envelope(travelStatsSchema), ...apiErrors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ result: await stats.companyStats(ctx(request), request.params.companyID, request.query) }),
    );
  };
}
