import type { FastifyInstance } from 'fastify';
import { statsQuerySchema } from '@contract/stats';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as stats from './service';

const tags = ['stats'];
/**
 * The period's days are checked by the service (180 not ISO days or one missing, 181 reversed, 182 too
 * long; neither: the current calendar year): here the query documents them.
 */
const query = statsQuerySchema.partial();

/** The dashboard (spec 3 §7 `GET stats/travels`): the user's statistics, and their company's for its travel manager. */
export function statsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags };

    relRoute(
      on,
      'travelStats',
      {
        summary:
          'The user’s booked travels over a period (ISO days `beginPeriod`..`endPeriod`, 366 days at most; by default the current calendar year): trips, km, CO2 by mode with equivalents, time, money, and the trips to come',
        session: 'user',
        query,
        errors: [400, 401],
      },
      ({ ctx, query }) => stats.userStats(ctx, query),
    );
    relRoute(
      on,
      'companyTravelStats',
      {
        summary: 'The company’s booked travels over a period, for its travel manager (account_creation, own company only)',
        session: 'user',
        query,
        errors: [400, 401, 403, 404],
      },
      ({ ctx, params, query }) => stats.companyStats(ctx, params.companyID, query),
    );
  };
}
