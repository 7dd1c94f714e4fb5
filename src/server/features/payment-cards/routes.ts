import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { paymentCardsSchema } from '../../../contract/payment';
import { routePath } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as cards from './service';

const tags = ['payment-cards'];

/** The user's saved payment cards (issue 16), reached from the user's `paymentCards` link. */
export function paymentCardsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      routePath('paymentCards'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The user’s saved payment cards: brand, last 4 digits, expiry, holder, whether expired (never the number), each with its link to delete it',
          operationId: 'paymentCards',
          response: { 200: envelope(paymentCardsSchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: await cards.list(ctx(request)) }),
    );

    r.delete(
      routePath('deletePaymentCard'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Delete one of the user’s saved payment cards (another user’s: 404, 200); answers the list',
          operationId: 'deletePaymentCard',
          params: z.object({ paymentCardID: z.string().max(64) }),
          response: { 200: envelope(paymentCardsSchema), ...apiErrors(400, 401, 404, 409, 422) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => cards.remove(ctx(request), request.params.paymentCardID)),
    );
  };
}
