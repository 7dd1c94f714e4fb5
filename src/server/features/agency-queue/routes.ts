import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agencyQueueQuerySchema, agencyQueueSchema } from '../../../contract/agency-queue';
import { envelope } from '../../../contract/envelope';
import { apiErrors } from '../../openapi';
import { relRoute } from '../../platform/rel-route';
import { userContext } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as agencyQueue from './service';
import { entries } from '../../../contract/entries';

const tags = ['agency-queue'];

/** The agency work queue (issue 15): GET /agency/queue (an entry point for the agency's staff) and the closeAgencyTask link of its failed bookings. */
export function agencyQueueRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      entries.agencyQueue,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The agency’s work queue, for its staff: offline cancellations to answer, failed bookings to follow up, options whose deadline is near; each section by urgency, at most `limit` items, with its total',
          operationId: 'agencyQueue',
          querystring: agencyQueueQuerySchema,
          response: { 200: envelope(agencyQueueSchema), ...apiErrors(400, 401, 403) },
        },
      },
      async (request) => ({ result: await agencyQueue.queue(userContext(request, services), request.query.limit) }),
    );

    relRoute(
      { app, services, tags },
      'closeAgencyTask',
      { summary: 'Agency staff close a failed booking they followed up, with a note of what they did', session: 'user', errors: [400, 401, 403, 404, 409, 422] },
      ({ ctx, params, body }) => agencyQueue.close(ctx, params.taskID, body),
    );
  };
}
