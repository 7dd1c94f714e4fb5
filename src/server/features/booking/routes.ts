import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { confirmBodySchema, travelSchema } from '../../../contract/travel';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { expectedVersion } from '../../platform/if-match';
import { apiErrors } from '../../openapi';
import * as booking from './service';
import { confirmCardPayment, payByCard } from './card-payment';
import { cardPaymentResultSchema, payByCardBodySchema } from '../../../contract/payment';

const tags = ['booking'];
const travelParams = z.object({ travelID: z.string().max(64) });

/** The links `confirm`, `releasePrebooking`, `payByCard` and `confirmCardPayment` of a travel (spec 2 §3). */
export function bookingRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.post(
      routePath('confirm'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Book the travel (company payment), or hold its products as options',
          operationId: 'confirm',
          params: travelParams,
          body: confirmBodySchema.optional(),
          response: { 200: envelope(travelSchema), ...apiErrors(400, 401, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) =>
        sendOnce(services, request, reply, () => booking.confirm(ctx(request), request.params.travelID, expectedVersion(request.headers), request.body ?? {})),
    );

    r.post(
      routePath('payByCard'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary:
            'Book the travel paying by card (its company allows it): a new card’s token from the payment service (`saveCard` keeps it) or a saved card. Answers the travel booked, or the bank’s page where the holder authenticates (3-D Secure); a declined card: 402 (203), nothing charged',
          operationId: 'payByCard',
          params: travelParams,
          body: payByCardBodySchema,
          response: { 200: envelope(cardPaymentResultSchema), ...apiErrors(400, 401, 402, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => payByCard(ctx(request), request.params.travelID, expectedVersion(request.headers), request.body)),
    );

    r.post(
      routePath('confirmCardPayment'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary:
            'Finish a card payment once back from the bank’s authentication page: the payment service says how it went. Authenticated: the travel is booked; refused: 402 (204); left unanswered: 409 (205). Nothing is charged unless booked',
          operationId: 'confirmCardPayment',
          params: travelParams.extend({ paymentID: z.string().max(64) }),
          response: { 200: envelope(cardPaymentResultSchema), ...apiErrors(400, 401, 402, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) =>
        sendOnce(services, request, reply, () => confirmCardPayment(ctx(request), request.params.travelID, request.params.paymentID, expectedVersion(request.headers))),
    );

    r.post(
      routePath('releasePrebooking'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Release a held option (prebooked product) of the travel',
          operationId: 'releasePrebooking',
          params: travelParams.extend({ productID: z.string().max(64) }),
          response: { 200: envelope(travelSchema), ...apiErrors(400, 401, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) =>
        sendOnce(services, request, reply, () => booking.release(ctx(request), request.params.travelID, request.params.productID, expectedVersion(request.headers))),
    );
  };
}
