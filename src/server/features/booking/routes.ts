import type { FastifyInstance } from 'fastify';
import { expectedVersion } from '@server/platform/if-match';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import { confirmCardPayment, payByCard } from './card-payment';
import * as booking from './service';

/** The links `confirm`, `releasePrebooking`, `payByCard` and `confirmCardPayment` of a travel (spec 2 §3). */
export function bookingRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags: ['booking'] };
    const booked = [400, 401, 404, 409, 422, 503, 504] as const;
    const paid = [400, 401, 402, 404, 409, 422, 503, 504] as const;

    relRoute(
      on,
      'confirm',
      { summary: 'Book the travel (company payment), or hold its products as options', session: 'user', errors: booked },
      ({ ctx, params, body, request }) => booking.confirm(ctx, params.travelID, expectedVersion(request.headers), body),
    );
    relRoute(
      on,
      'payByCard',
      {
        summary:
          'Book the travel paying by card (its company allows it): a new card’s token from the payment service (`saveCard` keeps it) or a saved card. Answers the travel booked, or the bank’s page where the holder authenticates (3-D Secure); a declined card: 402 (203), nothing charged',
        session: 'user',
        errors: paid,
      },
      ({ ctx, params, body, request }) => payByCard(ctx, params.travelID, expectedVersion(request.headers), body),
    );
    relRoute(
      on,
      'confirmCardPayment',
      {
        summary:
          'Finish a card payment once back from the bank’s authentication page: the payment service says how it went. Authenticated: the travel is booked; refused: 402 (204); left unanswered: 409 (205). Nothing is charged unless booked',
        session: 'user',
        errors: paid,
      },
      ({ ctx, params, request }) => confirmCardPayment(ctx, params.travelID, params.paymentID, expectedVersion(request.headers)),
    );
    relRoute(
      on,
      'releasePrebooking',
      { summary: 'Release a held option (prebooked product) of the travel', session: 'user', errors: booked },
      ({ ctx, params, request }) => booking.release(ctx, params.travelID, params.productID, expectedVersion(request.headers)),
    );
  };
}
