import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@contract/envelope';
import { carRentalSearchBodySchema, carRentalSearchResultSchema } from '@contract/car-rental';
import { fastOkSerializer } from '@server/platform/json-writer';
import { anonymousSearchLimit } from '@server/platform/rate-limit';
import { visitorContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import * as car from './service';
import { entries } from '@contract/entries';

const tags = ['car-rental'];

/** An airport's results run to hundreds of cars with their agencies: the 200 is written by fast-json-stringify. */
const resultsSerializer = fastOkSerializer(envelope(carRentalSearchResultSchema));

export function carRentalRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      entries.carRentalSearch,
      {
        // As trip searches: without a session, a client gets so many a minute.
        ...anonymousSearchLimit(services.config),
        onRequest: app.optionalUser,
        serializerCompiler: resultsSerializer,
        schema: {
          tags,
          summary: 'Search rental cars between a pick-up and a return place for a period',
          description:
            'No car found is a 200 with an empty list. Times are the places’ local wall clock; the pick-up must not be past, the return strictly after it. A company without car rental is refused (403, api_code 144).',
          operationId: 'searchCarRentals',
          body: carRentalSearchBodySchema,
          response: { 200: envelope(carRentalSearchResultSchema), ...apiErrors(400, 401, 403, 404, 429, 503, 504) },
        },
      },
      async (request) => ({ result: await car.search(visitorContext(request, services), request.body) }),
    );
  };
}
