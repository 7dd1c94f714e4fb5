import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { exchangeDoneSchema, exchangeOfferSchema, exchangeResultSchema, exchangeSearchBodySchema, exchangeSectionsSchema } from '../../../contract/exchange';
import { routePath } from '../../../contract/rels';
import { productSchema } from '../../../contract/travel';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { expectedVersion } from '../../platform/if-match';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { apiErrors } from '../../openapi';
import * as exchange from './service';

const tags = ['exchange'];
const productParams = z.object({ productID: z.string().max(64) });
const sectionParams = productParams.extend({ sectionID: z.string().max(200) });

/** The rail exchange (spec 2 §7): the product, its sections, a search per section, the booking of a choice, its confirmation. */
export function exchangeRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      '/products/:productID',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'One of the user’s booked products, with its links (the exchange’s entry point)', operationId: 'getProduct', params: productParams, response: { 200: envelope(productSchema), ...apiErrors(400, 401, 404) } },
      },
      async (request) => ({ result: await exchange.product(ctx(request), request.params.productID) }),
    );

    r.get(
      routePath('getExchangeableSections'),
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'The sections of a ticket that can be exchanged', operationId: 'getExchangeableSections', params: productParams, response: { 200: envelope(exchangeSectionsSchema), ...apiErrors(400, 401, 404, 409) } },
      },
      async (request) => ({ result: await exchange.sections(ctx(request), request.params.productID) }),
    );

    r.post(
      routePath('searchExchange'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Search the trains a section of a ticket can be exchanged for, with each fare’s difference',
          operationId: 'searchExchange',
          params: sectionParams,
          body: exchangeSearchBodySchema,
          response: { 200: envelope(exchangeResultSchema), ...apiErrors(400, 401, 404, 409, 503, 504) },
        },
      },
      async (request) => ({ result: await exchange.search(ctx(request), request.params.productID, request.params.sectionID, request.body) }),
    );

    r.post(
      routePath('bookExchange'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Book a choice of an exchange search: the exchange offer (fees, fare difference, total)',
          operationId: 'bookExchange',
          params: sectionParams.extend({ choiceID: z.string().max(200) }),
          response: { 200: envelope(exchangeOfferSchema), ...apiErrors(400, 401, 404, 409, 422) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => exchange.book(ctx(request), request.params.productID, request.params.sectionID, request.params.choiceID)),
    );

    r.post(
      routePath('confirmExchange'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Exchange the ticket: the new one is issued, the old one exchanged and cancelled, the travel modified',
          operationId: 'confirmExchange',
          params: productParams.extend({ offerID: z.string().max(64) }),
          response: { 200: envelope(exchangeDoneSchema), ...apiErrors(400, 401, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => exchange.confirm(ctx(request), request.params.productID, request.params.offerID, expectedVersion(request.headers))),
    );
  };
}
