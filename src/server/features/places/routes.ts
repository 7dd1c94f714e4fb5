import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@contract/envelope';
import { placeSchema, placesQuerySchema } from '@contract/places';
import { requestLang } from '@server/platform/errors';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import { searchPlaces } from './service';
import { entries } from '@contract/entries';

export function placesRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      entries.places,
      {
        onRequest: app.optionalUser,
        // Autocomplete is the hottest read: its answer is built from typed reference data and checked
        // against the schema in the API tests, so it is not re-encoded through zod on every keystroke.
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          tags: ['places'],
          summary: 'Places matching a text (stations, airports, cities; the company’s addresses when signed in)',
          operationId: 'searchPlaces',
          querystring: placesQuerySchema,
          response: { 200: envelope(z.array(placeSchema)), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({
        result: await searchPlaces(
          services,
          request.query.q,
          request.query.types,
          requestLang(request.headers['accept-language']),
          request.session?.user ?? null,
        ),
      }),
    );
  };
}
