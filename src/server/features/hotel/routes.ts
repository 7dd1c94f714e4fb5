import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@contract/envelope';
import { hotelSearchBodySchema, hotelSearchResultSchema } from '@contract/hotel';
import { fastOkSerializer } from '@server/platform/json-writer';
import { anonymousSearchLimit } from '@server/platform/rate-limit';
import { relRoute } from '@server/platform/rel-route';
import { visitorContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import * as hotel from './service';
import { entries } from '@contract/entries';

const tags = ['hotel'];

/** A city's results run to hundreds of hotels: their 200 is written by fast-json-stringify (platform/json-writer.ts). */
const resultsSerializer = fastOkSerializer(envelope(hotelSearchResultSchema));

export function hotelRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // As trip searches: without a session, a client gets so many a minute.
    const limited = anonymousSearchLimit(services.config);
    const errors = [400, 401, 403, 404, 429, 503, 504] as const;

    r.post(
      entries.hotelSearch,
      {
        ...limited,
        onRequest: app.optionalUser,
        serializerCompiler: resultsSerializer,
        schema: {
          tags,
          summary: 'Search hotels around a point for a stay (criteria: name, stars, boards, price per night)',
          description: 'No hotel found is a 200 with an empty list. A company without hotel booking is refused (403, api_code 143).',
          operationId: 'searchHotels',
          body: hotelSearchBodySchema,
          response: { 200: envelope(hotelSearchResultSchema), ...apiErrors(...errors) },
        },
      },
      async (request) => ({ result: await hotel.search(visitorContext(request, services), request.body) }),
    );
    relRoute(
      { app, services, tags },
      'hotelDetails',
      {
        ...limited,
        summary: 'A hotel’s details and room offers for the stay, cheapest first',
        session: 'optional',
        params: { hotelId: z.string().max(80) },
        errors,
        once: false, // a search: no Idempotency-Key, a retry searches again
      },
      ({ ctx, params, body }) => hotel.details(ctx, params.hotelId, body),
    );
  };
}
