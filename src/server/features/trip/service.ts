import { placeSchema } from '../../../contract/places';
import type { Choice, Offer, Proposal, TripResults, TripSearchBody } from '../../../contract/trip';
import { tripSearchBodySchema } from '../../../contract/trip';
import { birthdateProblem } from '../../../contract/validation';
import { linkTo } from '../../../contract/rels';
import { companyPolicy, companySuggestedAddresses } from '../../db/companies';
import { findSearch, resolveChoice, resolveOffer as resolveOfferIn, saveSearch, type StoredSearch } from '../../db/trip-searches';
import type { FareOffer, Journey, Place } from '../../domain/journey';
import { flightDay, tripCompliance } from '../../domain/policy';
import { namesStranger, placementOptions, travelerForms } from '../../domain/traveler-forms';
import { choiceId, offerId, proposalId, searchDayProblems, type SearchedDay, type StoredTripRequest as Stored, type TripSearchRequest as SearchRequest } from '../../domain/trip';
import { fail } from '../../platform/errors';
import { isoDate } from '../../platform/clock';
import type { UserRow } from '../../platform/auth';
import type { RequestContext } from '../../platform/request-context';
import { fastestTrainMinutes } from '../../supplier/fastest-train';
import { SupplierError, type Customer, type TripQuery } from '../../supplier/types';
import { bookablePeople } from '../../db/people';

type Ctx = RequestContext & { user: UserRow | null };

const logo = (code: string) => `/media/sandbox/carrier/${code}.svg`;

/** A place ID of the reference world, or one of the user's company addresses. */
async function resolvePlace(ctx: Ctx, id: string): Promise<Place> {
  const known = ctx.services.supplier.places.byId(id, ctx.lang);
  if (known) return known;
  if (id.startsWith('address:') && ctx.user?.companyId) {
    for (const raw of await companySuggestedAddresses(ctx.services.db, ctx.user.companyId)) {
      const address = placeSchema.safeParse(raw);
      if (address.success && address.data.ID === id) return ctx.services.supplier.places.locate(address.data, ctx.lang);
    }
  }
  return fail('PLACE_INCORRECT');
}

const customerOf = (ctx: Ctx): Customer => ({ companyId: ctx.user?.companyId ?? null, corporateCarriers: [], negotiatedChains: [] });

/** Rail and flight in parallel; a mode that cannot serve the places is left out, not an error. */
async function askSupplier(ctx: Ctx, query: TripQuery, filters: { rail: boolean; flight: boolean }): Promise<Journey[]> {
  const { supplier } = ctx.services;
  const calls = [filters.rail ? supplier.rail.journeys(query) : null, filters.flight ? supplier.flight.itineraries(query) : null].filter(
    (c): c is Promise<Journey[]> => c !== null,
  );
  if (calls.length === 0) fail('TRANSPORT_MODE_UNSUPPORTED');
  const answers = await Promise.allSettled(calls);
  const journeys = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
  const failures = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
  if (failures.length === answers.length) throw failures[0];
  // A timeout on one mode is not hidden behind the other's answer.
  const outage = failures.find((f) => f instanceof SupplierError && (f.kind === 'timeout' || f.kind === 'unavailable'));
  if (outage) throw outage;
  return journeys;
}

const queryOf = (ctx: Ctx, body: SearchRequest, origin: Place, destination: Place, datetime: string, represents: TripQuery['represents'], withReturn: boolean): TripQuery => ({
  origin,
  destination,
  datetime,
  represents,
  passengers: body.nb_travelers,
  customer: customerOf(ctx),
  lang: ctx.lang,
  withReturn,
  now: ctx.services.clock.now(),
});

/** Local wall time of an ISO date-time's own zone, shifted: the supplier reads dates in the origin's zone. */
function localOf(iso: string, deltaMinutes: number): string {
  const offset = iso.slice(19);
  const d = new Date(new Date(iso).getTime() + deltaMinutes * 60_000);
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return new Date(d.getTime() + sign * ((h ?? 0) * 60 + (m ?? 0)) * 60_000).toISOString().slice(0, 16);
}

/** Spec 1 §4: fewer trains than this triggers a fall-back search. */
const RAIL_MINIMUM = 5;
/** Fall-back searches at most, so that a route with few trains costs two more calls, never a loop. */
const RAIL_FALLBACKS = 2;

/**
 * Spec 1 §4 "Rail: fewer than 5 results triggers a fallback search": while fewer than 5 trains are shown,
 * ask the rail supplier again from just after the last one (just before the first for "arrive before"),
 * at most twice, and stop as soon as an answer brings no new train. A failing fall-back keeps the trains found.
 */
async function withRailFallback(ctx: Ctx, query: TripQuery, journeys: Journey[], shown: (j: Journey) => boolean): Promise<Journey[]> {
  let rail = journeys.filter((j) => j.mode === 'rail');
  const later = query.represents === 'departure';
  for (let round = 0; round < RAIL_FALLBACKS && rail.length > 0 && rail.length < RAIL_MINIMUM; round++) {
    const datetime = later ? localOf(rail[rail.length - 1]!.departure, 1) : localOf(rail[0]!.arrival, -1);
    let answer: Journey[];
    try {
      answer = await ctx.services.supplier.rail.journeys({ ...query, datetime });
    } catch (err) {
      if (err instanceof SupplierError) break;
      throw err;
    }
    const known = new Set(rail.map((j) => j.id));
    const fresh = answer.filter((j) => shown(j) && !known.has(j.id));
    if (fresh.length === 0) break;
    rail = later ? [...rail, ...fresh] : [...fresh, ...rail];
  }
  return [...rail, ...journeys.filter((j) => j.mode !== 'rail')];
}

/** Two places of one city (two Paris stations): no train or flight links them, and the traveller is told so. */
const SAME_CITY = {
  fr: (a: Place, b: Place) => `${a.name} et ${b.name} sont dans la même ville (${a.city}) : aucun train ni vol ne les relie. Choisissez une destination dans une autre ville.`,
  en: (a: Place, b: Place) => `${a.name} and ${b.name} are in the same city (${a.city}): no train or flight links them. Choose a destination in another city.`,
};

export async function search(ctx: Ctx, input: TripSearchBody): Promise<TripResults> {
  const body = tripSearchBodySchema.parse(input);
  if (body.travelers.length > body.nb_travelers) fail('REQUEST_FORMAT_INVALID', { travelers: 'FORMAT_INVALID' });
  const today = isoDate(ctx.services.clock.now());
  body.travelers.forEach((t, i) => {
    const problem = t.birthdate ? birthdateProblem(t.birthdate, today) : null;
    if (problem) fail('REQUEST_FORMAT_INVALID', { [`travelers.${i}.birthdate`]: problem });
  });
  if (body.return_datetime && body.return_datetime <= body.datetime) fail('REQUEST_FORMAT_INVALID', { return_datetime: 'ENTER_DATE_AFTER' });
  let leg: 'outward' | 'return' = 'outward';
  let [originId, destinationId, datetime, represents] = [body.origin, body.destination, body.datetime, body.represents];
  if (body.outward) {
    const outward = await choiceOwner(ctx, body.outward.choiceID);
    if (outward.leg !== 'outward' || !body.return_datetime) fail('REQUEST_FORMAT_INVALID', { outward: 'FORMAT_INVALID' });
    leg = 'return';
    originId = body.return_origin ?? body.destination;
    destinationId = body.return_destination ?? body.origin;
    datetime = body.return_datetime!;
    represents = body.return_represents ?? 'departure';
  }
  const origin = await resolvePlace(ctx, originId);
  const destination = await resolvePlace(ctx, destinationId);
  if (origin.ID === destination.ID) fail('PLACE_INCORRECT');
  if (origin.city === destination.city && origin.country === destination.country)
    fail('PLACE_INCORRECT', { destination: 'SAME_CITY' }, SAME_CITY[ctx.lang](origin, destination));
  // The outward search checks the return's day too, so that a round trip fails before its outward is chosen.
  const days: SearchedDay[] =
    leg === 'return'
      ? [{ field: 'return_datetime', datetime, tz: origin.tz }]
      : [{ field: 'datetime', datetime, tz: origin.tz }, ...(body.return_datetime ? [{ field: 'return_datetime', datetime: body.return_datetime, tz: destination.tz }] : [])];
  const dayProblems = searchDayProblems(days, ctx.services.clock.now(), ctx.lang);
  if (dayProblems) fail('REQUEST_FORMAT_INVALID', dayProblems.fields, dayProblems.message);
  const query = queryOf(ctx, body, origin, destination, datetime, represents, leg === 'outward' && !!body.return_datetime);
  const journeys = await askSupplier(ctx, query, body.filters);
  const shown = (j: Journey) => !body.direct || j.sections.length === 1;
  const visible = journeys.filter(shown);
  return store(ctx, leg, { body, origin, destination, lang: ctx.lang }, body.filters.rail ? await withRailFallback(ctx, query, visible, shown) : visible);
}

async function store(ctx: Ctx, leg: 'outward' | 'return', request: Stored, journeys: Journey[]): Promise<TripResults> {
  // The verdicts (a policy read, maybe a rail question) are found while the search is written.
  const [row, compliance] = await Promise.all([
    saveSearch(ctx.services.db, { agencyId: ctx.agency.id, userId: ctx.user?.id ?? null, leg, request, journeys }),
    complianceTags(ctx, journeys),
  ]);
  return resultsOf(row, request, journeys, compliance);
}

/** An offer's compliance fare tag (spec 1 "Fare tags"), none when there is no verdict to show. */
type ComplianceTags = (journey: Journey, cabin: string, offer: FareOffer) => ('compliant' | 'not-compliant')[];
const NO_COMPLIANCE: ComplianceTags = () => [];

/**
 * The signed-in employee's company policy applied to each offer by the rules add-to-cart applies
 * (domain/policy.ts). No company or no policy: no tags, as the spec shows compliance only to
 * companies that use it. A flight is judged against the fastest train of its whole day, asked once per
 * day as add-to-cart asks it — not against the few trains of these results, which could start later
 * than the day's fastest and make the results and the cart disagree.
 */
async function complianceTags(ctx: Ctx, journeys: Journey[]): Promise<ComplianceTags> {
  const policy = await companyPolicy(ctx.services.db, ctx.user?.companyId ?? null);
  if (!policy) return NO_COMPLIANCE;
  const flightOfDay = new Map(journeys.filter((j) => j.mode === 'flight').map((f) => [flightDay(f), f]));
  const fastest = new Map(await Promise.all([...flightOfDay].map(async ([day, flight]) => [day, await askFastestTrain(ctx, flight)] as const)));
  return (journey, cabin, offer) => {
    const fastestTrain = journey.mode === 'flight' ? fastest.get(flightDay(journey)) : null;
    if (fastestTrain === undefined) return [];
    return [tripCompliance(policy, { journey, cabin, pricePerTraveller: offer.price }, fastestTrain).compliant ? 'compliant' : 'not-compliant'];
  };
}

/** The fastest train of a flight's day; undefined when the rail side fails: its flights go untagged, the search still answers. */
async function askFastestTrain(ctx: Ctx, flight: Journey): Promise<number | null | undefined> {
  try {
    return await fastestTrainMinutes(ctx.services.supplier.rail, flight, ctx.services.clock.now());
  } catch (err) {
    if (err instanceof SupplierError) return undefined;
    throw err;
  }
}

/**
 * Next or previous page: per transport mode, the journeys leaving right after the last departure of
 * that mode on the page (or right before its first), so that paging through a day skips no train or
 * flight. A mode the page has none of has nothing to continue.
 */
export async function page(ctx: Ctx, searchID: string, direction: 'next' | 'previous'): Promise<TripResults> {
  const row = (await findSearch(ctx.services.db, searchID, ctx.agency.id, ctx.user?.id ?? null)) ?? fail('NO_RESULT');
  const request = row.request;
  const journeys = row.journeys;
  if (journeys.length === 0) fail('NO_RESULT');
  const modes = (['rail', 'flight'] as const).filter((mode) => request.body.filters[mode] && journeys.some((j) => j.mode === mode));
  const answers = await Promise.all(modes.map((mode) => pageOfMode(ctx, row, mode, direction)));
  const shown = new Set(journeys.map((j) => j.id));
  const fresh = answers.flat().filter((j) => !shown.has(j.id) && (!request.body.direct || j.sections.length === 1));
  return store(ctx, row.leg, request, fresh);
}

const instantOf = (iso: string) => new Date(iso).getTime();

/** One mode's journeys beyond the page's edge: the latest departure shown (next) or the earliest (previous). */
async function pageOfMode(ctx: Ctx, row: StoredSearch, mode: 'rail' | 'flight', direction: 'next' | 'previous'): Promise<Journey[]> {
  const { request } = row;
  const departures = row.journeys.filter((j) => j.mode === mode).map((j) => j.departure);
  const edge = departures.reduce((a, b) => ((direction === 'next' ? instantOf(b) > instantOf(a) : instantOf(b) < instantOf(a)) ? b : a));
  // The edge's own minute is asked again: another train may leave that same minute.
  const represents = direction === 'next' ? 'departure' : 'departure-before';
  const query = queryOf(ctx, request.body, request.origin, request.destination, localOf(edge, 0), represents, row.leg === 'outward' && !!request.body.return_datetime);
  const { supplier } = ctx.services;
  let answer: Journey[];
  try {
    answer = mode === 'rail' ? await supplier.rail.journeys(query) : await supplier.flight.itineraries(query);
  } catch (err) {
    // Before now (previous page of today's first trains): nothing earlier to show.
    if (err instanceof SupplierError && err.kind === 'invalid-request') return [];
    throw err;
  }
  const beyond = (j: Journey) => (direction === 'next' ? instantOf(j.departure) >= instantOf(edge) : instantOf(j.departure) <= instantOf(edge));
  return answer.filter((j) => j.mode === mode && beyond(j));
}

const scopeOf = (ctx: Ctx) => ({ db: ctx.services.db, agencyId: ctx.agency.id, userId: ctx.user?.id ?? null });
const choiceOwner = async (ctx: Ctx, choiceID: string) => (await resolveChoice(scopeOf(ctx), choiceID)).search;
const resolveOffer = (ctx: Ctx, offerID: string) => resolveOfferIn(scopeOf(ctx), offerID);

export async function moreChoices(ctx: Ctx, choiceID: string) {
  const { search, journey, index } = await resolveChoice(scopeOf(ctx), choiceID);
  const request = search.request;
  // Judged with the whole stored page, so that a flight gets the verdict the results gave it.
  const compliance = await complianceTags(ctx, search.journeys);
  return {
    choices: choicesOf(search.id, index, journey, request.body.nb_travelers, true),
    offers: offersOf(search.id, index, journey, request.body.nb_travelers, true, compliance),
  };
}

export async function fareConditions(ctx: Ctx, offerID: string) {
  const { offer } = await resolveOffer(ctx, offerID);
  return { offerID, name: offer.name, flexibility: offer.flexibility, text: offer.conditions, refundable: offer.refundable, exchangeable: offer.exchangeable };
}

const travelerIDs = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Before "more choices": only the cheapest offer of each cabin; after: every offer. */
function offersOf(searchID: string, index: number, journey: Journey, travelers: number, all: boolean, compliance: ComplianceTags): Offer[] {
  return journey.cabins.flatMap((cabin) => {
    const indexed = cabin.offers.map((offer, i) => ({ offer, i }));
    const shown = all ? indexed : indexed.slice().sort((a, b) => a.offer.price - b.offer.price).slice(0, 1);
    return shown.map(({ offer, i }) => {
      const id = offerId(searchID, index, cabin.cabin, i);
      return {
        id,
        cabin: cabin.cabin,
        flexibility: offer.flexibility,
        name: offer.name,
        price: offer.price * travelers,
        tags: [...offer.tags, ...compliance(journey, cabin.cabin, offer)],
        info: null,
        luggages: offer.luggages,
        fares: [{ condition: offer.conditions, code: `${offer.flexibility}${cabin.cabin.slice(0, 1).toUpperCase()}` }],
        ancillaries: offer.ancillaries.map((a) => ({ type: a.type, price: { amount: a.price, currency: 'EUR' as const }, maxQuantity: a.maxQuantity })),
        roundTrip: offer.roundTrip,
        travelerIDs: travelerIDs(travelers),
        links: { fullfareConditions: linkTo('fullfareConditions', { offerID: id }) },
      };
    });
  });
}

function choicesOf(searchID: string, index: number, journey: Journey, travelers: number, all: boolean): Choice[] {
  // A cabin's tags sum up its fares' own tags; the policy verdict differs fare by fare, so it stays on the offers.
  const offers = offersOf(searchID, index, journey, travelers, all, NO_COMPLIANCE);
  return journey.cabins.map((cabin) => {
    const id = choiceId(searchID, index, cabin.cabin);
    const mine = offers.filter((o) => o.cabin === cabin.cabin);
    const hasMore = !all && cabin.offers.length > mine.length;
    return {
      id,
      cabin: cabin.cabin,
      price: mine.length ? Math.min(...mine.map((o) => o.price)) : null,
      minimumReturnPrice: null,
      seats: cabin.seats,
      full: cabin.seats === 0 && !cabin.unavailabilityReason,
      unavailabilityReason: cabin.unavailabilityReason,
      tags: [...new Set(mine.flatMap((o) => o.tags))],
      offers: mine.map((o) => ({ offerID: o.id, travelerIDs: o.travelerIDs })),
      fareSummary: cabin.offers.map((o) => ({
        flexibility: o.flexibility,
        price: o.price * travelers,
        holdLuggage: o.luggages.some((l) => l.type === 'hold' && l.quantity > 0),
      })),
      links: hasMore ? { getMoreChoices: linkTo('getMoreChoices', { choiceID: id }) } : {},
    };
  });
}

const carrier = (c: { code: string; name: string }) => ({ code: c.code, name: c.name, logo: logo(c.code) });

function proposalOf(searchID: string, index: number, journey: Journey, travelers: number, compliance: ComplianceTags): Proposal {
  const carriers = [...new Map(journey.sections.map((s) => [s.transport.carrier.code, carrier(s.transport.carrier)])).values()];
  return {
    id: proposalId(searchID, index),
    type: journey.mode,
    from: journey.sections[0]!.from,
    to: journey.sections[journey.sections.length - 1]!.to,
    departure: journey.departure,
    arrival: journey.arrival,
    duration: journey.duration,
    transitCount: journey.sections.length - 1,
    co2Emission: journey.co2,
    marketingCarrier: carriers[0]!,
    carriers,
    sections: journey.sections.map((s) => ({
      from: s.from,
      to: s.to,
      departure: s.departure,
      arrival: s.arrival,
      duration: s.duration,
      transportType: s.transport.mode,
      kind: s.transport.kind,
      operatingCarrier: carrier(s.transport.operatingCarrier),
      marketingCarrier: carrier(s.transport.carrier),
      transportModel: s.transport.model,
      transportNumber: s.transport.number,
      distanceKm: s.distanceKm,
      co2Emission: s.co2,
      connectionDuration: s.connectionMinutes,
    })),
    choices: choicesOf(searchID, index, journey, travelers, false),
    offers: offersOf(searchID, index, journey, travelers, false, compliance),
    hasRoundTripOffers: journey.cabins.some((c) => c.offers.some((o) => o.roundTrip)),
  };
}

function resultsOf(row: StoredSearch, request: Stored, journeys: Journey[], compliance: ComplianceTags): TripResults {
  const proposals = journeys.map((j, i) => proposalOf(row.id, i, j, request.body.nb_travelers, compliance));
  const carriersOf = (mode: 'rail' | 'flight') => [...new Map(proposals.filter((p) => p.type === mode).flatMap((p) => p.carriers).map((c) => [c.code, c])).values()];
  const warns = [];
  if (request.body.filters.flight && !proposals.some((p) => p.type === 'flight' && p.transitCount === 0) && proposals.some((p) => p.type === 'flight'))
    warns.push({ code: 'NO_RESULTS_WITHOUT_TRANSIT', message: request.lang === 'fr' ? 'Aucun vol sans escale : voici les vols avec correspondance.' : 'No non-stop flight: here are flights with connections.' });
  return {
    searchID: row.id,
    leg: row.leg,
    proposals,
    carriers: { rail: carriersOf('rail'), flight: carriersOf('flight') },
    places: { from: request.origin, to: request.destination },
    warns,
    travelID: request.body.travelID ?? null,
    links: {
      next: linkTo('next'),
      previous: linkTo('previous'),
      travelerForm: linkTo('travelerForm'),
    },
  };
}

/** The chosen offers' journeys (one per leg), each offer checked against its stored search. */
async function chosenJourneys(ctx: Ctx, offerIDs: string[]) {
  return Promise.all(offerIDs.map(async (id) => (await resolveOffer(ctx, id)).journey));
}

export async function travelerStep(ctx: Ctx, input: { choiceIDs: string[]; travelers?: { id: number; profile_id?: string | null; guest_id?: string | null }[] }) {
  const first = await resolveOffer(ctx, input.choiceIDs[0]!);
  const journeys = await chosenJourneys(ctx, input.choiceIDs);
  const count = first.search.request.body.nb_travelers;
  const travelers = input.travelers?.length ? input.travelers : Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
  if (travelers.length !== count) fail('PASSENGER_INFO_MISSING');
  const known = await bookablePeople(ctx.services.db, ctx.user, travelers);
  if (namesStranger(travelers, ctx.user, known)) fail('USER_NOT_FOUND_3');
  return {
    placement: placementOptions(journeys, ctx.lang),
    travelerForms: travelerForms(journeys, travelers, ctx.user, ctx.lang, known),
    // Adding needs a session: an anonymous visitor signs in first, then reads this step again.
    links: ctx.user ? { addToCart: linkTo('addToCart') } : {},
  };
}

export async function placement(ctx: Ctx, offerIDs: string[]) {
  return { placement: placementOptions(await chosenJourneys(ctx, offerIDs), ctx.lang) };
}
