import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardBodySchema, cardTypesSchema, putCardsBodySchema, userCardsSchema } from '../../../contract/loyalty-cards';
import { envelope } from '../../../contract/envelope';
import { routePath, type Rel } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as cards from './service';

const tags = ['cards'];
const card = z.object({ cardID: z.string().max(64) });
/** Bodies are checked by the service (each field's problem with its message key, dates against today): here their schemas document them. */
const checkedInService = (route: { httpPart?: string }) =>
  route.httpPart === 'body' ? (value: unknown) => ({ value }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/**
 * Loyalty and discount cards (spec 3 §7 `GET user/cards`, `PUT user/cards`, `GET /user/cards/types`,
 * issue 16): the signed-in user's own cards, reached from the user's `userCards` link.
 */
export function cardsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      routePath('userCards'),
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'The user’s loyalty and discount cards, and the links to change them', operationId: 'userCards', response: { 200: envelope(userCardsSchema), ...apiErrors(400, 401) } },
      },
      async (request) => ({ result: await cards.list(ctx(request)) }),
    );

    r.get(
      routePath('userCardTypes'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The card types per transport type (airline, rail, hotel, car rental) with their number rules: required, exact length, Luhn check, prefix',
          operationId: 'userCardTypes',
          response: { 200: envelope(cardTypesSchema), ...apiErrors(400, 401) },
        },
      },
      async () => ({ result: cards.cardTypes() }),
    );

    const write = (rel: Rel, method: 'post' | 'put' | 'delete', p: { params?: z.ZodObject; body?: z.ZodType; summary: string }, run: (request: FastifyRequest) => Promise<unknown>) =>
      app[method](
        routePath(rel),
        {
          onRequest: app.requireUser,
          ...(p.body ? { validatorCompiler: checkedInService } : {}),
          schema: {
            tags,
            summary: p.summary,
            operationId: rel,
            ...(p.params ? { params: p.params } : {}),
            ...(p.body ? { body: p.body } : {}),
            response: { 200: envelope(userCardsSchema), ...apiErrors(400, 401, 404, 409, 422) },
          },
        },
        (request, reply) => sendOnce(services, request, reply, () => run(request)),
      );
    const cardID = (q: FastifyRequest) => (q.params as { cardID: string }).cardID;

    write('putUserCards', 'put', { body: putCardsBodySchema, summary: 'The whole list of cards: listed with their uid, kept and changed; without, added; left out, deleted (a number failing its type’s rules: 400, 170, nothing stored)' }, (q) =>
      cards.replaceAll(ctx(q), q.body),
    );
    write('addUserCard', 'post', { body: cardBodySchema, summary: 'Add a card (a number failing its type’s length, Luhn check or prefix: 400, 170, nothing stored)' }, (q) => cards.add(ctx(q), q.body));
    write('updateUserCard', 'put', { params: card, body: cardBodySchema, summary: 'Change one of the user’s cards (another user’s: 404, 171)' }, (q) => cards.update(ctx(q), cardID(q), q.body));
    write('deleteUserCard', 'delete', { params: card, summary: 'Delete one of the user’s cards (another user’s: 404, 171)' }, (q) => cards.remove(ctx(q), cardID(q)));
  };
}
