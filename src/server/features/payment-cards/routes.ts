import type { FastifyInstance } from 'fastify';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as cards from './service';

const tags = ['payment-cards'];

/** The user's saved payment cards, reached from the user's `paymentCards` link. */
export function paymentCardsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags };

    relRoute(
      on,
      'paymentCards',
      {
        summary: 'The user’s saved payment cards: brand, last 4 digits, expiry, holder, whether expired (never the number), each with its link to delete it',
        session: 'user',
        errors: [400, 401],
      },
      ({ ctx }) => cards.list(ctx),
    );
    relRoute(
      on,
      'deletePaymentCard',
      {
        summary: 'Delete one of the user’s saved payment cards (another user’s: 404, 200); answers the list',
        session: 'user',
        errors: [400, 401, 404, 409, 422],
      },
      ({ ctx, params }) => cards.remove(ctx, params.paymentCardID),
    );
  };
}
