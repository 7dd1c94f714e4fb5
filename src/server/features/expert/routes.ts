import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { expertChoiceBodySchema, expertResultSchema, expertSearchBodySchema, expertTravelerStepSchema } from '../../../contract/expert';
import { routePath } from '../../../contract/rels';
import { currentUser } from '../../platform/auth';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { apiErrors } from '../../openapi';
import * as expert from './service';

const tags = ['expert'];
const params = z.object({ expertID: z.string().max(120) });

/** Expert search (spec 1 §7 `POST /expert-search`, then its nextJourney and travelerForm links): signed-in users with canUseExpertMode. */
export function expertRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });
    const results = { 200: envelope(expertResultSchema), ...apiErrors(400, 401, 403, 404, 503, 504) };

    r.post(
      '/expert-search',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Search up to three flight journeys at once; answers the first journey’s flights', operationId: 'expertSearch', body: expertSearchBodySchema, response: results },
      },
      async (request) => ({ result: await expert.search(ctx(request), request.body) }),
    );
    r.post(
      routePath('nextJourney'),
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'The next journey’s flights, for the offers chosen so far (one per journey, in order)', operationId: 'nextJourney', params, body: expertChoiceBodySchema, response: results },
      },
      async (request) => ({ result: await expert.nextJourney(ctx(request), request.params.expertID, request.body.offerIDs) }),
    );
    r.post(
      routePath('expertTravelerForm'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The traveller forms of a complete itinerary (an offer per journey)',
          operationId: 'expertTravelerForm',
          params,
          body: expertChoiceBodySchema,
          response: { 200: envelope(expertTravelerStepSchema), ...apiErrors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ result: await expert.travelerStep(ctx(request), request.params.expertID, request.body.offerIDs) }),
    );
  };
}
