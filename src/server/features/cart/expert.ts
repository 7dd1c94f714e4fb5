import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RelBody } from '@contract/rels';
import type { Travel } from '@contract/travel';
import { resolveOffer } from '@server/db/trip-searches';
import { isItineraryOf, parseExpertId } from '@server/domain/expert';
import { fail } from '@server/platform/errors';
import { relRoute } from '@server/platform/rel-route';
import type { UserContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { cartParty, checkEntity, checkTravelers, putTrips } from './service';

/**
 * An expert itinerary into the cart (spec 1 §4 "Expert": the travellers form posts to the addToCart
 * link): one flight product per journey, in one travel, with the same data, policy verdict and
 * traveller records as a flight the trip flow adds (service.ts `addTrip`).
 */
export async function addExpert(
  ctx: UserContext,
  expertID: string,
  body: RelBody<'addExpertToCart'>,
): Promise<{ travel: Travel; offer_errors: { offerID: string; message: string }[] }> {
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
    relRoute(
      { app, services, tags: ['cart'] },
      'addExpertToCart',
      {
        summary: 'Add an expert itinerary (an offer per journey) to a travel in the cart: one flight product per journey',
        session: 'user',
        params: { expertID: z.string().max(120) }, // the journeys' search ids, joined
        errors: [400, 401, 404, 409, 422, 503, 504],
      },
      ({ ctx, params, body }) => addExpert(ctx, params.expertID, body),
    );
  };
}
