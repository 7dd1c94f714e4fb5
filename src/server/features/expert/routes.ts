import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@contract/envelope';
import { expertResultSchema, expertSearchBodySchema } from '@contract/expert';
import { relRoute } from '@server/platform/rel-route';
import { userContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import * as expert from './service';
import { entries } from '@contract/entries';

const tags = ['expert'];

/** Expert search (spec 1 §7 `POST /expert-search`, then its nextJourney and travelerForm links): signed-in users with canUseExpertMode. */
export function expertRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };
    const resultsErrors = [400, 401, 403, 404, 503, 504] as const;

    r.post(
      entries.expertSearch,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Search up to three flight journeys at once; answers the first journey’s flights',
          operationId: 'expertSearch',
          body: expertSearchBodySchema,
          response: { 200: envelope(expertResultSchema), ...apiErrors(...resultsErrors) },
        },
      },
      async (request) => ({ result: await expert.search(userContext(request, services), request.body) }),
    );
    // The journeys' search ids, joined; the next journey and the forms change nothing.
    const params = { expertID: z.string().max(120) };
    relRoute(
      on,
      'nextJourney',
      {
        summary: 'The next journey’s flights, for the offers chosen so far (one per journey, in order)',
        session: 'user',
        params,
        errors: resultsErrors,
        once: false,
      },
      ({ ctx, params, body }) => expert.nextJourney(ctx, params.expertID, body.offerIDs),
    );
    relRoute(
      on,
      'expertTravelerForm',
      { summary: 'The traveller forms of a complete itinerary (an offer per journey)', session: 'user', params, errors: [400, 401, 403, 404], once: false },
      ({ ctx, params, body }) => expert.travelerStep(ctx, params.expertID, body.offerIDs),
    );
  };
}
