import type { FastifyInstance } from 'fastify';
import { expectedVersion } from '@server/platform/if-match';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import { confirmForAgency, releaseForAgency } from './held-options';

/** The links confirmHeldOption and releaseHeldOptions of the agency work queue's expiring options. */
export function heldOptionsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags: ['booking'] };
    const errors = [400, 401, 403, 404, 409, 422, 503, 504] as const;

    relRoute(
      on,
      'confirmHeldOption',
      { summary: 'Agency staff book the options a traveller holds (their deadline is near), as the traveller’s confirm would', session: 'user', errors },
      ({ ctx, params, request }) => confirmForAgency(ctx, params.travelID, expectedVersion(request.headers)),
    );
    relRoute(
      on,
      'releaseHeldOptions',
      { summary: 'Agency staff give back every option a traveller holds (the travel is removed)', session: 'user', errors },
      ({ ctx, params, request }) => releaseForAgency(ctx, params.travelID, expectedVersion(request.headers)),
    );
  };
}
