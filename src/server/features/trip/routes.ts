import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@contract/envelope';
import { placementOptionsSchema, travelerStepBodySchema, tripResultsSchema, tripSearchBodySchema } from '@contract/trip';
import { anonymousSearchLimit } from '@server/platform/rate-limit';
import { relRoute } from '@server/platform/rel-route';
import { visitorContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import { envelopeBytesWriter, fastOkSerializer } from '@server/platform/json-writer';
import * as trip from './service';
import { entries } from '@contract/entries';

const tags = ['trip'];

/** Results answers run to tens of KB: their 200 is written by fast-json-stringify, a proposal at a time (platform/json-writer.ts). */
const resultsSerializer = fastOkSerializer(envelope(tripResultsSchema), envelopeBytesWriter(tripResultsSchema, 'proposals'));

export function tripRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };
    const resultsErrors = [400, 401, 404, 429, 503, 504] as const;
    // Every search and page is stored: without a session, a client gets so many a minute.
    const limited = anonymousSearchLimit(services.config);

    r.post(
      entries.tripSearch,
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
          response: { 200: envelope(tripResultsSchema), ...apiErrors(...resultsErrors) },
        },
      },
      async (request) => ({ result: await trip.search(visitorContext(request, services), request.body) }),
    );
    for (const direction of ['next', 'previous'] as const)
      relRoute(
        on,
        direction,
        {
          ...limited,
          summary: direction === 'next' ? 'The next page of a search (later departures)' : 'The previous page of a search (earlier departures)',
          session: 'optional',
          serializerCompiler: resultsSerializer,
          errors: resultsErrors,
          once: false, // a page of results: no Idempotency-Key, as for the search
        },
        ({ ctx, body }) => trip.page(ctx, body.searchID, direction),
      );
    relRoute(
      on,
      'travelerForm',
      {
        summary: 'The traveller step of chosen offers: the forms to fill, seat options',
        session: 'optional',
        errors: [400, 401, 404],
        once: false /* a form: no Idempotency-Key, a retry asks again */,
      },
      ({ ctx, body }) => trip.travelerStep(ctx, body),
    );
    r.post(
      entries.placementOptions,
      {
        onRequest: app.optionalUser,
        schema: {
          tags,
          summary: 'The seat placement options of chosen offers',
          operationId: 'getPlacementOptions',
          body: travelerStepBodySchema,
          response: { 200: envelope(placementOptionsSchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: await trip.placement(visitorContext(request, services), request.body.choiceIDs) }),
    );
    // Choices and offers are the supplier's ids, longer than ours.
    relRoute(
      on,
      'getMoreChoices',
      { summary: 'Every fare of a cabin (a choice)', session: 'optional', params: { choiceID: z.string().max(200) }, errors: [400, 401] },
      ({ ctx, params }) => trip.moreChoices(ctx, params.choiceID),
    );
    relRoute(
      on,
      'fullfareConditions',
      { summary: 'The full fare conditions of an offer', session: 'optional', params: { offerID: z.string().max(200) }, errors: [400, 401] },
      ({ ctx, params }) => trip.fareConditions(ctx, params.offerID),
    );
  };
}
