import type { FastifyInstance } from 'fastify';
import { agencyQueueQuerySchema } from '@contract/agency-queue';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as agencyQueue from './service';

/** The agency work queue: the user's `agencyQueue` link (for the agency's staff) and the closeAgencyTask link of its failed bookings. */
export function agencyQueueRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags: ['agency-queue'] };

    relRoute(
      on,
      'agencyQueue',
      {
        summary:
          'The agency’s work queue, for its staff: offline cancellations to answer, failed bookings to follow up, options whose deadline is near; each section by urgency, at most `limit` items, with its total',
        session: 'user',
        errors: [400, 401, 403],
        query: agencyQueueQuerySchema,
      },
      ({ ctx, query }) => agencyQueue.queue(ctx, query.limit),
    );
    relRoute(
      on,
      'closeAgencyTask',
      {
        summary: 'Agency staff close a failed booking they followed up, with a note of what they did',
        session: 'user',
        errors: [400, 401, 403, 404, 409, 422],
      },
      ({ ctx, params, body }) => agencyQueue.close(ctx, params.taskID, body),
    );
  };
}
