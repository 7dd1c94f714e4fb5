import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { hotelDetailsSchema, hotelSearchBodySchema, hotelSearchResultSchema } from '../../../contract/hotel';
import { routePath } from '../../../contract/rels';
import { fastOkSerializer } from '../../platform/json-writer';
import { anonymousSearchLimit } from '../../platform/rate-limit';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { apiErrors } from '../../openapi';
import * as hotel from './service';

const tags = ['hotel'];

/** A city's results run to hundreds of hotels: their 200 is written by fast-json-stringify (platform/json-writer.ts). */
const resultsSerializer = fastOkSerializer(envelope(hotelSearchResultSchema));

export function hotelRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: request.session?.user ?? null });
    // As trip searches: without a session, a client gets so many a minute.
    const limited = anonymousSearchLimit(services.config);
    const errors = apiErrors(400, 401, 403, 404, 429, 503, 504);

    r.post(
      '/hotel/search',
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
          response: { 200: envelope(hotelSearchResultSchema), ...errors },
        },
      },
      async (request) => ({ result: await hotel.search(ctx(request), request.body) }),
    );
    r.post(
      routePath('hotelDetails'),
      {
        ...limited,
        onRequest: app.optionalUser,
        schema: {
          tags,
          summary: 'A hotel’s details and room offers for the stay, cheapest first',
          operationId: 'hotelDetails',
          params: z.object({ hotelId: z.string().max(80) }),
          body: hotelSearchBodySchema,
          response: { 200: envelope(hotelDetailsSchema), ...errors },
        },
      },
      async (request) => ({ result: await hotel.details(ctx(request), request.params.hotelId, request.body) }),
    );
  };
}
