import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agencyQueueQuerySchema, agencyQueueSchema, closeTaskBodySchema } from '../../../contract/agency-queue';
import { agencyTaskSchema } from '../../../contract/cancellation';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as agencyQueue from './service';

const tags = ['agency-queue'];

/** The agency work queue (issue 15): GET /agency/queue (an entry point for the agency's staff) and the closeAgencyTask link of its failed bookings. */
export function agencyQueueRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      '/agency/queue',
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
      async (request) => ({ result: await agencyQueue.queue(ctx(request), request.query.limit) }),
    );

    r.post(
      routePath('closeAgencyTask'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Agency staff close a failed booking they followed up, with a note of what they did',
          operationId: 'closeAgencyTask',
          params: z.object({ taskID: z.string().max(64) }),
          body: closeTaskBodySchema,
          response: { 200: envelope(agencyTaskSchema), ...apiErrors(400, 401, 403, 404, 409, 422) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => agencyQueue.close(ctx(request), request.params.taskID, request.body)),
    );
  };
}
