import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import type { ExpertCartAddBody } from '../../../contract/expert';
import { expertCartAddBodySchema } from '../../../contract/expert';
import { cartAddResultSchema } from '../../../contract/cart';
import { routePath } from '../../../contract/rels';
import type { Travel } from '../../../contract/travel';
import { resolveOffer } from '../../db/trip-searches';
import { isItineraryOf, parseExpertId } from '../../domain/expert';
import { currentUser, type UserRow } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { sendOnce } from '../../platform/idempotency';
import { contextOf, type RequestContext } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { apiErrors } from '../../openapi';
import { cartParty, checkEntity, checkTravelers, putTrips } from './service';

type Ctx = RequestContext & { user: UserRow };

/**
 * An expert itinerary into the cart (spec 1 §4 "Expert": the travellers form posts to the addToCart
 * link): one flight product per journey, in one travel, with the same data, policy verdict and
 * traveller records as a flight the trip flow adds (service.ts `addTrip`).
 */
export async function addExpert(ctx: Ctx, expertID: string, input: ExpertCartAddBody): Promise<{ travel: Travel; offer_errors: { offerID: string; message: string }[] }> {
  const body = expertCartAddBodySchema.parse(input);
  const { db } = ctx.services;
  const searchIDs = parseExpertId(expertID);
  if (searchIDs.length === 0) fail('NO_RESULT');
  if (body.offerIDs.length !== searchIDs.length || !isItineraryOf(searchIDs, body.offerIDs)) fail('OFFERS_INVALID');
  const scope = { db, agencyId: ctx.agency.id, userId: ctx.user.id };
  const chosen = await Promise.all(body.offerIDs.map((id) => resolveOffer(scope, id)));
  const passengers = chosen[0]!.search.request.body.nb_travelers;
  if (body.travelers.length !== passengers) fail('PASSENGER_INFO_MISSING', { travelers: 'FIELD_REQUIRED' });

  const journeys = chosen.map((c) => c.journey);
  const party = await cartParty(ctx, body.customer_id ?? chosen[0]!.search.request.body.customer_id, body.travelers);
  const travelers = await checkTravelers(ctx, party, journeys, body.travelers);
  const entityId = checkEntity(party.company, body.entity_id ?? null);
  return putTrips(ctx, party, {
    chosen,
    offerIDs: body.offerIDs,
    passengers,
    travelers,
    entityId,
    travelID: body.travelID ?? null,
    placementWishes: {},
    ancillariesOf: () => [],
  });
}

export function expertCartRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });
    r.post(
      routePath('addExpertToCart'),
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['cart'],
          summary: 'Add an expert itinerary (an offer per journey) to a travel in the cart: one flight product per journey',
          operationId: 'addExpertToCart',
          params: z.object({ expertID: z.string().max(120) }),
          body: expertCartAddBodySchema,
          response: { 200: envelope(cartAddResultSchema), ...apiErrors(400, 401, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => addExpert(ctx(request), request.params.expertID, request.body)),
    );
  };
}
