import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agencyTaskListSchema, agencyTaskSchema, cancelBodySchema, cancelResultSchema, completeTaskBodySchema, refundPreviewSchema } from '../../../contract/cancellation';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as cancellation from './service';

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
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      routePath('previewRefund'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'What cancelling the product now refunds (and the other leg of a round-trip fare, cancelled with it), valid until confirm_refund_date_limit',
          operationId: 'previewRefund',
          params: z.object({ productID: z.string().max(64) }),
          response: { 200: envelope(refundPreviewSchema), ...apiErrors(400, 401, 404, 409) },
        },
      },
      async (request) => ({ result: await cancellation.preview(ctx(request), request.params.productID) }),
    );

    r.post(
      routePath('cancelProduct'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Cancel products (ticket_ids: product ids) at the refunds previewed, or send their cancellation to the agency when it is offline',
          operationId: 'cancelProduct',
          body: cancelBodySchema,
          response: { 200: envelope(cancelResultSchema), ...apiErrors(400, 401, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => cancellation.cancel(ctx(request), request.body)),
    );

    r.get(
      '/agency/tasks',
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
      async (request) => ({ result: await cancellation.listTasks(ctx(request), request.query.status) }),
    );

    r.post(
      routePath('completeAgencyTask'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The agency’s answer to an offline cancellation: the refund and fees obtained, or its refusal',
          operationId: 'completeAgencyTask',
          params: z.object({ taskID: z.string().max(64) }),
          body: completeTaskBodySchema,
          response: { 200: envelope(agencyTaskSchema), ...apiErrors(400, 401, 403, 404, 409, 422) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => cancellation.completeTask(ctx(request), request.params.taskID, request.body)),
    );
  };
}
