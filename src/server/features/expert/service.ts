import type { z } from 'zod';
import type { ExpertFlight, ExpertJourneyCard, ExpertResult } from '@contract/expert';
import type { expertSearchBodySchema } from '@contract/expert';
import { centsMoney } from '@contract/money';
import { linkTo } from '@contract/rels';
import { tripSearchBodySchema } from '@contract/trip';
import { birthdateProblem } from '@contract/validation';
import { formsBooker, searchParty } from '@server/db/acting';
import { withDocuments } from '@server/db/travel-documents';
import type { TravelPolicyRules } from '@server/domain/company';
import { findSearch, resolveOffer, saveSearch, type StoredSearch } from '@server/db/trip-searches';
import { expertId, isItineraryOf, parseExpertId } from '@server/domain/expert';
import type { FareOffer, Journey, Place } from '@server/domain/journey';
import { flightDay, tripCompliance } from '@server/domain/policy';
import { namesStranger, travelerForms } from '@server/domain/traveler-forms';
import { offerId, parseOfferId, proposalId, searchDayProblems } from '@server/domain/trip';
import { isoDate } from '@server/platform/clock';
import { fail } from '@server/platform/errors';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { fastestTrainMinutes } from '@server/supplier/fastest-train';
import { SupplierError } from '@server/supplier/types';

const logo = (code: string) => `/media/sandbox/carrier/${code}.svg`;
const carrier = (c: { code: string; name: string }) => ({ code: c.code, name: c.name, logo: logo(c.code) });
/** The wall clock (HH:mm) of an ISO date-time with its offset. */
const wallClock = (iso: string) => iso.slice(11, 16);

const CABINS: Record<string, { fr: string; en: string }> = {
  economy: { fr: 'Économique', en: 'Economy' },
  premium: { fr: 'Premium', en: 'Premium economy' },
  business: { fr: 'Affaires', en: 'Business' },
};
const cabinLabel = (cabin: string, lang: 'fr' | 'en') => CABINS[cabin]?.[lang] ?? cabin;

const TEXTS = {
  fr: {
    onePassenger: 'Votre entreprise limite la recherche à un seul passager.',
    noFlight: (n: number, a: Place, b: Place) => `Aucun vol pour le trajet ${n} (${a.city} → ${b.city}) à cette date : changez de date ou de lieu.`,
    sameCity: (n: number, a: Place) => `Trajet ${n} : le départ et la destination sont dans la même ville (${a.city}).`,
    before: (n: number) => `Le trajet ${n} ne peut pas partir avant le trajet ${n - 1}.`,
  },
  en: {
    onePassenger: 'Your company limits the search to one passenger.',
    noFlight: (n: number, a: Place, b: Place) => `No flight for journey ${n} (${a.city} → ${b.city}) on that date: change the date or the place.`,
    sameCity: (n: number, a: Place) => `Journey ${n}: the origin and the destination are in the same city (${a.city}).`,
    before: (n: number) => `Journey ${n} cannot leave before journey ${n - 1}.`,
  },
};

/** Only users the expert mode is granted to (spec 1 §6: canUseExpertMode). */
function checkExpert(ctx: Ctx) {
  if (!ctx.user.flags.canUseExpertMode) fail('NO_PERMISSION');
}

/**
 * POST /expert-search: every journey is checked (places, days, order), then searched at once as a
 * flight search of its own, stored like the trip's; the answer is the first journey's flights.
 */
export async function search(ctx: Ctx, body: z.output<typeof expertSearchBodySchema>): Promise<ExpertResult> {
  checkExpert(ctx);
  const { db, supplier, clock } = ctx.services;
  const texts = TEXTS[ctx.lang];
  const { company } = await searchParty(db, ctx.agency.id, ctx.user, body.customer_id, body.travelers);
  if (body.travelers.length > 1 && company?.config.travelAgency.hasMultipaxSearchDisabled)
    fail('REQUEST_FORMAT_INVALID', { travelers: 'ONE_PASSENGER_ONLY' }, texts.onePassenger);
  const today = isoDate(clock.now());
  body.travelers.forEach((t, i) => {
    const problem = t.birthdate ? birthdateProblem(t.birthdate, today) : null;
    if (problem) fail('REQUEST_FORMAT_INVALID', { [`travelers.${i}.birthdate`]: problem });
  });

  const legs = body.journeys.map((j, i) => {
    const field = `journeys.${i}`;
    const origin = supplier.places.byId(j.origin, ctx.lang) ?? fail('PLACE_INCORRECT', { [`${field}.origin`]: 'ENTER_DEPARTURE_PLACE_LIST' });
    const destination = supplier.places.byId(j.destination, ctx.lang) ?? fail('PLACE_INCORRECT', { [`${field}.destination`]: 'ENTER_DESTINATION_PLACE_LIST' });
    if (origin.ID === destination.ID) fail('PLACE_INCORRECT', { [`${field}.destination`]: 'ENTER_OTHER_ORIGIN_OR_DESTINATION' });
    if (origin.city === destination.city && origin.country === destination.country)
      fail('PLACE_INCORRECT', { [`${field}.destination`]: 'SAME_CITY' }, texts.sameCity(i + 1, origin));
    return { origin, destination, datetime: j.timeRange.from, represents: j.timeRange.represents };
  });
  const dayProblems = searchDayProblems(
    legs.map((leg, i) => ({ field: `journeys.${i}.timeRange.from`, datetime: leg.datetime, tz: leg.origin.tz })),
    clock.now(),
    ctx.lang,
  );
  if (dayProblems) fail('REQUEST_FORMAT_INVALID', dayProblems.fields, dayProblems.message);
  // Spec 1 §5: each journey's date must not precede the previous one's (local date-times, as typed).
  legs.forEach((leg, i) => {
    if (i > 0 && leg.datetime < legs[i - 1]!.datetime)
      fail('REQUEST_FORMAT_INVALID', { [`journeys.${i}.timeRange.from`]: 'DATE_MUST_BE_AFTER_PREVIOUS_JOURNEY' }, texts.before(i + 1));
  });

  const customer = { companyId: company?.id ?? null, corporateCarriers: [], negotiatedChains: [] };
  const answers = await Promise.all(
    legs.map((leg) =>
      supplier.flight.itineraries({ ...leg, passengers: body.travelers.length, customer, lang: ctx.lang, withReturn: false, now: clock.now() }),
    ),
  );
  answers.forEach((flights, i) => {
    if (flights.length === 0) fail('NO_RESULT', { [`journeys.${i}`]: 'NO_RESULT' }, texts.noFlight(i + 1, legs[i]!.origin, legs[i]!.destination));
  });
  const rows = await Promise.all(
    legs.map((leg, i) => {
      // Each journey is an ordinary one-way flight search: its offers are the trip's, and add to the cart as flights do.
      const request = tripSearchBodySchema.parse({
        origin: leg.origin.ID,
        destination: leg.destination.ID,
        datetime: leg.datetime,
        represents: leg.represents,
        nb_travelers: body.travelers.length,
        travelers: body.travelers,
        filters: { rail: false, flight: true },
        travelID: body.travelID,
        customer_id: body.customer_id,
        entity_id: body.entity_id,
      });
      return saveSearch(db, {
        agencyId: ctx.agency.id,
        userId: ctx.user.id,
        leg: 'outward',
        request: { body: request, origin: leg.origin, destination: leg.destination, lang: ctx.lang },
        journeys: answers[i]!,
      });
    }),
  );
  return resultOf(ctx, rows, []);
}

/** The itinerary's stored searches, all of them the caller's (else 404), in order. */
async function searchesOf(ctx: Ctx, id: string): Promise<StoredSearch[]> {
  const ids = parseExpertId(id);
  const rows = await Promise.all(ids.map((searchID) => findSearch(ctx.services.db, searchID, ctx.agency.id, ctx.user.id)));
  if (rows.length === 0 || rows.some((r) => !r)) fail('NO_RESULT');
  return rows as StoredSearch[];
}

/** The offers of an itinerary so far, each an offer of its own journey's search (else OFFERS_INVALID). */
async function itinerary(ctx: Ctx, rows: StoredSearch[], offerIDs: string[]) {
  if (
    !isItineraryOf(
      rows.map((r) => r.id),
      offerIDs,
    )
  )
    fail('OFFERS_INVALID');
  const scope = { db: ctx.services.db, agencyId: ctx.agency.id, userId: ctx.user.id };
  return Promise.all(offerIDs.map((id) => resolveOffer(scope, id)));
}

/** The link's answer: the itinerary with one more journey chosen, and the next journey's flights. */
export async function nextJourney(ctx: Ctx, id: string, offerIDs: string[]): Promise<ExpertResult> {
  checkExpert(ctx);
  const rows = await searchesOf(ctx, id);
  if (offerIDs.length >= rows.length) fail('OFFERS_INVALID');
  await itinerary(ctx, rows, offerIDs);
  return resultOf(ctx, rows, offerIDs);
}

/** The traveller forms of a complete itinerary (every journey chosen), as the trip's traveller step writes them. */
export async function travelerStep(ctx: Ctx, id: string, offerIDs: string[]) {
  checkExpert(ctx);
  const rows = await searchesOf(ctx, id);
  if (offerIDs.length !== rows.length) fail('OFFERS_INVALID');
  const chosen = await itinerary(ctx, rows, offerIDs);
  const travelers = rows[0]!.request.body.travelers;
  const party = await searchParty(ctx.services.db, ctx.agency.id, ctx.user, rows[0]!.request.body.customer_id, travelers);
  if (namesStranger(travelers, ctx.user, party.known)) fail('USER_NOT_FOUND_3');
  const { known } = party;
  return {
    travelerForms: travelerForms(
      chosen.map((c) => c.journey),
      travelers,
      await withDocuments(
        ctx.services.db,
        await formsBooker(ctx.services.db, ctx.user, party),
        chosen.map((c) => c.journey),
        ctx.user?.id ?? null,
      ),
      ctx.lang,
      known,
    ),
    links: { addExpertToCart: linkTo('addExpertToCart', { expertID: id }) },
  };
}

const cheapest = (journey: Journey) => Math.min(...journey.cabins.flatMap((c) => c.offers.map((o) => o.price)));
const journeyBest = (row: StoredSearch) => Math.min(...row.journeys.map(cheapest));

async function resultOf(ctx: Ctx, rows: StoredSearch[], offerIDs: string[]): Promise<ExpertResult> {
  const n = rows[0]!.request.body.nb_travelers;
  const current = offerIDs.length;
  const best = rows.map((r) => journeyBest(r) * n);
  const chosen = offerIDs.map((id, i) => {
    const { index, cabin, offer } = parseOfferId(id);
    const journey = rows[i]!.journeys[index]!;
    return { id, journey, offer: journey.cabins.find((c) => c.cabin === cabin)!.offers[offer]! };
  });
  const cards: ExpertJourneyCard[] = rows.map((row, i) => {
    const pick = chosen[i];
    return {
      origin: row.request.origin,
      destination: row.request.destination,
      departureDate: pick ? pick.journey.departure.slice(0, 10) : row.request.body.datetime.slice(0, 10),
      departureTime: pick ? wallClock(pick.journey.departure) : null,
      arrivalTime: pick ? wallClock(pick.journey.arrival) : null,
      marketingCarrier: pick ? carrier(pick.journey.sections[0]!.transport.carrier) : null,
      extraPrice: pick ? centsMoney(pick.offer.price * n - best[i]!) : null,
      offerId: pick?.id ?? null,
    };
  });
  const row = rows[current]!;
  const id = expertId(rows.map((r) => r.id));
  const flights = await flightsOf(ctx, row, best[current]!);
  return {
    expertID: id,
    journeys: cards,
    currentJourneyIndex: current,
    proposals: { flights },
    cabinClasses: { flight: [...new Set(row.journeys.flatMap((j) => j.cabins.map((c) => c.cabin)))].map((c) => ({ id: c, label: cabinLabel(c, ctx.lang) })) },
    carriers: { flight: [...new Map(flights.flatMap((f) => f.segments.map((s) => [s.marketingCarrier.code, s.marketingCarrier] as const))).values()] },
    bestPackage: { price: centsMoney(best.reduce((a, b) => a + b, 0)) },
    currentPackage: { price: centsMoney(best.reduce((sum, b, i) => sum + (chosen[i] ? chosen[i].offer.price * n : b), 0)) },
    travelID: row.request.body.travelID ?? null,
    links:
      current === rows.length - 1
        ? { expertTravelerForm: linkTo('expertTravelerForm', { expertID: id }) }
        : { nextJourney: linkTo('nextJourney', { expertID: id }) },
  };
}

/** The journey's flights with their offers, priced for every traveller and tagged with the travel policy's verdict. */
async function flightsOf(ctx: Ctx, row: StoredSearch, best: number): Promise<ExpertFlight[]> {
  const n = row.request.body.nb_travelers;
  const { company } = await searchParty(ctx.services.db, ctx.agency.id, ctx.user, row.request.body.customer_id, row.request.body.travelers);
  const verdict = await policyVerdicts(ctx, company?.policy ?? null, row.journeys);
  return row.journeys.map((journey, index) => {
    const cabinClasses = journey.cabins.map((cabin) => {
      const offers = cabin.offers.map((offer: FareOffer, i) => ({
        offerId: offerId(row.id, index, cabin.cabin, i),
        flexibility: offer.flexibility,
        label: offer.name,
        price: centsMoney(offer.price * n),
        extraPrice: centsMoney(offer.price * n - best),
        condition: offer.conditions,
        luggages: offer.luggages,
        offerTags: {
          isCompliant: verdict(journey, cabin.cabin, offer),
          hasNegociatedFare: offer.tags.includes('negociated-fare'),
          hasCorporateFare: offer.tags.includes('corporate-fare'),
          hasCarbookrNegociatedFare: false,
          hasNDCFare: offer.tags.includes('ndc'),
        },
      }));
      const full = cabin.seats < n && !cabin.unavailabilityReason;
      return {
        id: cabin.cabin,
        label: cabinLabel(cabin.cabin, ctx.lang),
        // A cabin without seats for everyone sells nothing to this search.
        offers: full ? [] : offers,
        bestExtraPrice: !full && offers.length ? centsMoney(Math.min(...offers.map((o) => o.extraPrice.amount))) : null,
        proposalTags: [...(full ? ['full'] : []), ...(cabin.unavailabilityReason ? [cabin.unavailabilityReason] : [])],
      };
    });
    const sections = journey.sections;
    return {
      id: proposalId(row.id, index),
      origin: sections[0]!.from,
      destination: sections[sections.length - 1]!.to,
      departure: journey.departure,
      arrival: journey.arrival,
      duration: journey.duration,
      segments: sections.map((s) => ({
        origin: s.from,
        destination: s.to,
        departure: s.departure,
        arrival: s.arrival,
        duration: s.duration,
        transportNumber: s.transport.number,
        marketingCarrier: carrier(s.transport.carrier),
      })),
      transits: sections.slice(0, -1).map((s) => ({ duration: s.connectionMinutes ?? 0, place: s.to })),
      marketingCarrier: carrier(sections[0]!.transport.carrier),
      co2Emission: journey.co2,
      price: centsMoney(cheapest(journey) * n),
      cabinClasses,
    };
  });
}

/**
 * The company policy's verdict per offer, by the rules add-to-cart applies (domain/policy.ts): each
 * flight against the fastest train of its day, asked once per day. No policy, or the rail side
 * failing: null, no verdict shown.
 */
async function policyVerdicts(
  ctx: Ctx,
  policy: TravelPolicyRules | null,
  flights: Journey[],
): Promise<(journey: Journey, cabin: string, offer: FareOffer) => boolean | null> {
  if (!policy) return () => null;
  const byDay = new Map(flights.map((f) => [flightDay(f), f]));
  const fastest = new Map(
    await Promise.all(
      [...byDay].map(async ([day, flight]) => {
        try {
          return [day, await fastestTrainMinutes(ctx.services.supplier.rail, flight, ctx.services.clock.now())] as const;
        } catch (err) {
          if (err instanceof SupplierError) return [day, undefined] as const;
          throw err;
        }
      }),
    ),
  );
  return (journey, cabin, offer) => {
    const train = fastest.get(flightDay(journey));
    return train === undefined ? null : tripCompliance(policy, { journey, cabin, pricePerTraveler: offer.price }, train).compliant;
  };
}
