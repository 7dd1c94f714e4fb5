import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@contract/envelope';
import { productSchema } from '@contract/travel';
import { expectedVersion } from '@server/platform/if-match';
import { relRoute } from '@server/platform/rel-route';
import { userContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import * as exchange from './service';
import { entries } from '@contract/entries';

const tags = ['exchange'];
const productParams = z.object({ productID: z.string().max(64) });
/** Sections and choices are the supplier's ids, longer than ours. */
const long = z.string().max(200);

/** The rail exchange (spec 2 §7): the product, its sections, a search per section, the booking of a choice, its confirmation. */
export function exchangeRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };

    r.get(
      entries.product,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'One of the user’s booked products, with its links (the exchange’s entry point)',
          operationId: 'getProduct',
          params: productParams,
          response: { 200: envelope(productSchema), ...apiErrors(400, 401, 404) },
        },
      },
      async (request) => ({ result: await exchange.product(userContext(request, services), request.params.productID) }),
    );

    relRoute(
      on,
      'getExchangeableSections',
      { summary: 'The sections of a ticket that can be exchanged', session: 'user', errors: [400, 401, 404, 409] },
      ({ ctx, params }) => exchange.sections(ctx, params.productID),
    );
    relRoute(
      on,
      'searchExchange',
      {
        summary: 'Search the trains a section of a ticket can be exchanged for, with each fare’s difference',
        session: 'user',
        params: { sectionID: long },
        errors: [400, 401, 404, 409, 503, 504],
        once: false, // a search: no Idempotency-Key, a retry searches again
      },
      ({ ctx, params, body }) => exchange.search(ctx, params.productID, params.sectionID, body),
    );
    relRoute(
      on,
      'bookExchange',
      {
        summary: 'Book a choice of an exchange search: the exchange offer (fees, fare difference, total)',
        session: 'user',
        params: { sectionID: long, choiceID: long },
        errors: [400, 401, 404, 409, 422],
      },
      ({ ctx, params }) => exchange.book(ctx, params.productID, params.sectionID, params.choiceID),
    );
    relRoute(
      on,
      'confirmExchange',
      {
        summary: 'Exchange the ticket: the new one is issued, the old one exchanged and cancelled, the travel modified',
        session: 'user',
        errors: [400, 401, 404, 409, 422, 503, 504],
      },
      ({ ctx, params, request }) => exchange.confirm(ctx, params.productID, params.offerID, expectedVersion(request.headers)),
    );
  };
}
