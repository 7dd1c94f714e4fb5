import type { FastifyInstance } from 'fastify';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as cards from './service';

/**
 * Loyalty and discount cards (spec 3 §7 `GET user/cards`, `PUT user/cards`, `GET /user/cards/types`):
 * the signed-in user's own cards, reached from the user's `userCards` link.
 */
export function cardsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags: ['cards'] };
    const refused = [400, 401, 404, 409, 422] as const;

    relRoute(
      on,
      'userCards',
      { summary: 'The user’s loyalty and discount cards, and the links to change them', session: 'user', errors: [400, 401] },
      ({ ctx }) => cards.list(ctx),
    );
    relRoute(
      on,
      'userCardTypes',
      {
        summary: 'The card types per transport type (airline, rail, hotel, car rental) with their number rules: required, exact length, Luhn check, prefix',
        session: 'user',
        errors: [400, 401],
      },
      () => cards.cardTypes(),
    );
    relRoute(
      on,
      'putUserCards',
      {
        summary:
          'The whole list of cards: listed with their uid, kept and changed; without, added; left out, deleted (a number failing its type’s rules: 400, 170, nothing stored)',
        session: 'user',
        errors: refused,
      },
      ({ ctx, body }) => cards.replaceAll(ctx, body),
    );
    relRoute(
      on,
      'addUserCard',
      { summary: 'Add a card (a number failing its type’s length, Luhn check or prefix: 400, 170, nothing stored)', session: 'user', errors: refused },
      ({ ctx, body }) => cards.add(ctx, body),
    );
    relRoute(
      on,
      'updateUserCard',
      { summary: 'Change one of the user’s cards (another user’s: 404, 171)', session: 'user', errors: refused },
      ({ ctx, params, body }) => cards.update(ctx, params.cardID, body),
    );
    relRoute(
      on,
      'deleteUserCard',
      { summary: 'Delete one of the user’s cards (another user’s: 404, 171)', session: 'user', errors: refused },
      ({ ctx, params }) => cards.remove(ctx, params.cardID),
    );
  };
}
