import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agencyTaskListSchema } from '@contract/cancellation';
import { envelope } from '@contract/envelope';
import { apiErrors } from '@server/openapi';
import { relRoute } from '@server/platform/rel-route';
import { userContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import * as cancellation from './service';
import { entries } from '@contract/entries';

const tags = ['cancellation'];

/**
 * The links previewRefund and cancelProduct of a booked product (spec 2 §7), and the agency's tasks:
 * GET /agency/tasks (an entry point for its staff) and their completeAgencyTask links.
 * cancelProduct takes no If-Match: it may span several travels, and the previewed refunds it carries
 * are its guard (a changed or expired preview answers 409, api_code 130).
 */
export function cancellationRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };

    relRoute(
      on,
      'previewRefund',
      {
        summary: 'What cancelling the product now refunds (and the other leg of a round-trip fare, cancelled with it), valid until confirm_refund_date_limit',
        session: 'user',
        errors: [400, 401, 404, 409],
      },
      ({ ctx, params }) => cancellation.preview(ctx, params.productID),
    );
    relRoute(
      on,
      'cancelProduct',
      {
        summary: 'Cancel products (ticket_ids: product ids) at the refunds previewed, or send their cancellation to the agency when it is offline',
        session: 'user',
        errors: [400, 401, 404, 409, 422, 503, 504],
      },
      ({ ctx, body }) => cancellation.cancel(ctx, body),
    );

    r.get(
      entries.agencyTasks,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The agency’s tasks (offline cancellations to answer, failed bookings to close), for its staff',
          operationId: 'agencyTasks',
          querystring: z.object({ status: z.enum(['open', 'done']).optional() }),
          response: { 200: envelope(agencyTaskListSchema), ...apiErrors(400, 401, 403) },
        },
      },
      async (request) => ({ result: await cancellation.listTasks(userContext(request, services), request.query.status) }),
    );

    relRoute(
      on,
      'completeAgencyTask',
      {
        summary: 'The agency’s answer to an offline cancellation: the refund and fees obtained, or its refusal',
        session: 'user',
        errors: [400, 401, 403, 404, 409, 422],
      },
      ({ ctx, params, body }) => cancellation.completeTask(ctx, params.taskID, body),
    );
  };
}
