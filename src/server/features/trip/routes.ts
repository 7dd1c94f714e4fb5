import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { fareConditionsSchema, moreChoicesSchema, pageBodySchema, placementOptionsSchema, travelerStepBodySchema, travelerStepSchema, tripResultsSchema, tripSearchBodySchema } from '../../../contract/trip';
import { anonymousSearchLimit } from '../../platform/rate-limit';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { apiErrors } from '../../openapi';
import { envelopeBytesWriter, fastOkSerializer } from '../../platform/json-writer';
import * as trip from './service';

const tags = ['trip'];

/** Results answers run to tens of KB: their 200 is written by fast-json-stringify, a proposal at a time (platform/json-writer.ts). */
const resultsSerializer = fastOkSerializer(envelope(tripResultsSchema), envelopeBytesWriter(tripResultsSchema, 'proposals'));

export function tripRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: request.session?.user ?? null });
    const results = { 200: envelope(tripResultsSchema), ...apiErrors(400, 401, 404, 429, 503, 504) };
    // Every search and page is stored: without a session, a client gets so many a minute.
    const limited = anonymousSearchLimit(services.config);

    r.post(
      '/treep/search',
      {
        ...limited,
        onRequest: app.optionalUser,
        serializerCompiler: resultsSerializer,
        schema: {
          tags,
          summary: 'Search rail and flight proposals (one-way, round trip, open-jaw)',
          operationId: 'searchTrips',
          querystring: z.object({ version: z.literal('v2').optional() }),
          body: tripSearchBodySchema,
          response: results,
        },
      },
      async (request) => ({ result: await trip.search(ctx(request), request.body) }),
    );
    for (const direction of ['next', 'previous'] as const)
      r.post(
        routePath(direction),
        {
          ...limited,
          onRequest: app.optionalUser,
          serializerCompiler: resultsSerializer,
          schema: { tags, summary: direction === 'next' ? 'The next page of a search (later departures)' : 'The previous page of a search (earlier departures)', operationId: direction, body: pageBodySchema, response: results },
        },
        async (request) => ({
          result: await trip.page(ctx(request), request.body.searchID, direction),
        }),
      );
    r.post(
      routePath('travelerForm'),
      {
        onRequest: app.optionalUser,
        schema: { tags, summary: 'The traveller step of chosen offers: the forms to fill, seat options', operationId: 'travelerForm', body: travelerStepBodySchema, response: { 200: envelope(travelerStepSchema), ...apiErrors(400, 401, 404) } },
      },
      async (request) => ({ result: await trip.travelerStep(ctx(request), request.body) }),
    );
    r.post(
      '/ticket/placementOptions',
      {
        onRequest: app.optionalUser,
        schema: { tags, summary: 'The seat placement options of chosen offers', operationId: 'getPlacementOptions', body: travelerStepBodySchema, response: { 200: envelope(placementOptionsSchema), ...apiErrors(400, 401) } },
      },
      async (request) => ({ result: await trip.placement(ctx(request), request.body.choiceIDs) }),
    );
    r.get(
      routePath('getMoreChoices'),
      {
        onRequest: app.optionalUser,
        schema: { tags, summary: 'Every fare of a cabin (a choice)', operationId: 'getMoreChoices', params: z.object({ choiceID: z.string().max(200) }), response: { 200: envelope(moreChoicesSchema), ...apiErrors(400, 401) } },
      },
      async (request) => ({ result: await trip.moreChoices(ctx(request), request.params.choiceID) }),
    );
    r.get(
      '/treep/offers/:offerID/fare-conditions',
      {
        onRequest: app.optionalUser,
        schema: { tags, summary: 'The full fare conditions of an offer', operationId: 'fullfareConditions', params: z.object({ offerID: z.string().max(200) }), response: { 200: envelope(fareConditionsSchema), ...apiErrors(400, 401) } },
      },
      async (request) => ({ result: await trip.fareConditions(ctx(request), request.params.offerID) }),
    );
  };
}
