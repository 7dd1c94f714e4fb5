import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { fareConditionsSchema, moreChoicesSchema, pageBodySchema, placementOptionsSchema, travelerStepBodySchema, travelerStepSchema, tripResultsSchema, tripSearchBodySchema } from '../../../contract/trip';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import * as trip from './service';

const tags = ['trip'];

export function tripRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: request.session?.user ?? null });
    const results = { 200: envelope(tripResultsSchema) };

    r.post(
      '/treep/search',
      { onRequest: app.optionalUser, schema: { tags, querystring: z.object({ version: z.literal('v2').optional() }), body: tripSearchBodySchema, response: results } },
      async (request) => ({ result: await trip.search(ctx(request), request.body) }),
    );
    for (const direction of ['next', 'previous'] as const)
      r.post(routePath(direction), { onRequest: app.optionalUser, schema: { tags, body: pageBodySchema, response: results } }, async (request) => ({
        result: await trip.page(ctx(request), request.body.searchID, direction),
      }));
    r.post(
      routePath('travelerForm'),
      { onRequest: app.optionalUser, schema: { tags, body: travelerStepBodySchema, response: { 200: envelope(travelerStepSchema) } } },
      async (request) => ({ result: await trip.travelerStep(ctx(request), request.body) }),
    );
    r.post(
      '/ticket/placementOptions',
      { onRequest: app.optionalUser, schema: { tags, body: travelerStepBodySchema, response: { 200: envelope(placementOptionsSchema) } } },
      async (request) => ({ result: await trip.placement(ctx(request), request.body.choiceIDs) }),
    );
    r.get(
      routePath('getMoreChoices'),
      { onRequest: app.optionalUser, schema: { tags, params: z.object({ choiceID: z.string().max(200) }), response: { 200: envelope(moreChoicesSchema) } } },
      async (request) => ({ result: await trip.moreChoices(ctx(request), request.params.choiceID) }),
    );
    r.get(
      routePath('fullfareConditions'),
      { onRequest: app.optionalUser, schema: { tags, params: z.object({ offerID: z.string().max(200) }), response: { 200: envelope(fareConditionsSchema) } } },
      async (request) => ({ result: await trip.fareConditions(ctx(request), request.params.offerID) }),
    );
  };
}
