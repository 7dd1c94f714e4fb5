import { placeSchema } from '@contract/places';
import type { z } from 'zod';
import type { TripResults, TripSearchBody } from '@contract/trip';
import type { tripSearchBodySchema } from '@contract/trip';
import { birthdateProblem } from '@contract/validation';
import { linkTo } from '@contract/rels';
import { buyerCompany, companyPolicy, companySuggestedAddresses } from '@server/db/companies';
import { bookingParty, formsBooker } from '@server/db/acting';
import { withDocuments } from '@server/db/travel-documents';
import { type TravelPolicyRules } from '@server/domain/company';
import { isAgencyStaff } from '@contract/permissions';
import { findSearch, resolveChoice, resolveOffer as resolveOfferIn, saveSearch, type StoredSearch } from '@server/db/trip-searches';
import type { Journey, Place } from '@server/domain/journey';
import { flightDay, tripCompliance } from '@server/domain/policy';
import { namesStranger, placementOptions, travelerForms } from '@server/domain/traveler-forms';
import { searchDayProblems, type SearchedDay, type StoredTripRequest as Stored, type TripSearchRequest as SearchRequest } from '@server/domain/trip';
import { fail } from '@server/platform/errors';
import { searchAssistance, type SearchAssistance } from '@server/domain/accessibility';
import { travelerNeeds } from '@server/db/traveler-needs';
import { actingBooker } from '@server/db/people';
import { isoDate } from '@server/platform/clock';
import type { VisitorContext as Ctx } from '@server/platform/request-context';
import { fastestTrainMinutes } from '@server/supplier/fastest-train';
import { cardProgramme } from '@server/reference/card-programmes';
import { cardsOfTravelers, validOn, type UserCardRow } from '@server/db/user-cards';
import { searchReads, type SearchReads } from './repository';
import { choicesAndOffers, NO_COMPLIANCE, resultsOf, type ComplianceTags } from './results';
import { SupplierError, type Customer, type TripQuery } from '@server/supplier/types';

/**
 * The company a search is for: the caller's own, or the agency customer staff name in `customer_id`
 * (spec 1 §6; another agency's, or a customer named by anyone else: 404). An assistance agent names
 * the traveller they act for too (150 otherwise). A search without a customer costs no query.
 */
async function searchCompanyId(ctx: Ctx, body: Pick<TripSearchBody, 'customer_id' | 'travelers'>): Promise<string | null> {
  const own = ctx.user?.companyId ?? null;
  if (ctx.user && isAgencyStaff(ctx.user.perms)) {
    const requireTraveler = ctx.user.perms.includes('assistance_agent');
    return (await bookingParty(ctx.services.db, ctx.agency.id, ctx.user, body.customer_id, body.travelers ?? [], { requireTraveler })).company?.id ?? null;
  }
  if (!body.customer_id || body.customer_id === own) return own;
  return (await buyerCompany(ctx.services.db, ctx.agency.id, ctx.user, body.customer_id))?.id ?? null;
}

/** A place ID of the reference world, or one of the addresses of the company the search is for. */
async function resolvePlace(ctx: Ctx, companyId: string | null, id: string): Promise<Place> {
  const known = ctx.services.supplier.places.byId(id, ctx.lang);
  if (known) return known;
  if (id.startsWith('address:') && companyId) {
    for (const raw of await companySuggestedAddresses(ctx.services.db, companyId)) {
      const address = placeSchema.safeParse(raw);
      if (address.success && address.data.ID === id) return ctx.services.supplier.places.locate(address.data, ctx.lang);
    }
  }
  return fail('PLACE_INCORRECT');
}

const customerOf = (companyId: string | null): Customer => ({ companyId, corporateCarriers: [], negotiatedChains: [] });

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

/** The search's travellers by number (1…nb_travelers), each as the body names them, if it does. */
const travelersOf = (body: Pick<SearchRequest, 'travelers' | 'nb_travelers'>) =>
  Array.from({ length: body.nb_travelers }, (_, i) => body.travelers.find((t) => t.id === i + 1));

/** The user a traveller is: the one named, else the caller as the first traveller named by nobody. */
const profileOf = (caller: string, t: SearchRequest['travelers'][number] | undefined, i: number) => t?.profile_id ?? (i === 0 && !t?.guest_id ? caller : null);

/** The policy and the travellers' cards a search or page needs (one query: features/trip/repository.ts). */
const readsOf = (ctx: Ctx, companyId: string | null, body: Pick<SearchRequest, 'travelers' | 'nb_travelers'>): Promise<SearchReads> => {
  const caller = ctx.user?.id ?? null;
  const userIds = caller ? travelersOf(body).flatMap((t, i) => profileOf(caller, t, i) ?? []) : [];
  return searchReads(ctx.services.db, { agencyId: ctx.agency.id, callerId: caller, companyId, userIds });
};

/**
 * The discount and loyalty cards each traveller holds, valid on the day searched: the
 * signed-in traveller's own (traveller 1 unless another is named) and those of the colleagues they
 * book for. A traveller whose search entry lists cards uses only those of theirs.
 */
function travelerCards(ctx: Ctx, held: SearchReads['cards'], body: Pick<SearchRequest, 'travelers' | 'nb_travelers'>, datetime: string): string[][] {
  if (!ctx.user) return [];
  const caller = ctx.user.id;
  const day = datetime.slice(0, 10);
  return travelersOf(body).map((t, i) => {
    const chosen = t?.cards?.map((c) => c.cardtype_id);
    return (held.get(profileOf(caller, t, i) ?? '') ?? [])
      .filter((c) => validOn(c, day) && (!chosen || chosen.includes(c.cardTypeId)))
      .map((c) => c.cardTypeId);
  });
}

const queryOf = (
  ctx: Ctx,
  companyId: string | null,
  body: SearchRequest,
  origin: Place,
  destination: Place,
  datetime: string,
  represents: TripQuery['represents'],
  withReturn: boolean,
  cards: string[][],
): TripQuery => ({
  origin,
  destination,
  datetime,
  represents,
  passengers: body.nb_travelers,
  customer: customerOf(companyId),
  lang: ctx.lang,
  withReturn,
  now: ctx.services.clock.now(),
  cards,
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
  fr: (a: Place, b: Place) =>
    `${a.name} et ${b.name} sont dans la même ville (${a.city}) : aucun train ni vol ne les relie. Choisissez une destination dans une autre ville.`,
  en: (a: Place, b: Place) => `${a.name} and ${b.name} are in the same city (${a.city}): no train or flight links them. Choose a destination in another city.`,
};

export async function search(ctx: Ctx, body: z.output<typeof tripSearchBodySchema>): Promise<TripResults> {
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
  const companyId = await searchCompanyId(ctx, body);
  const origin = await resolvePlace(ctx, companyId, originId);
  const destination = await resolvePlace(ctx, companyId, destinationId);
  if (origin.ID === destination.ID) fail('PLACE_INCORRECT');
  if (origin.city === destination.city && origin.country === destination.country)
    fail('PLACE_INCORRECT', { destination: 'SAME_CITY' }, SAME_CITY[ctx.lang](origin, destination));
  // The outward search checks the return's day too, so that a round trip fails before its outward is chosen.
  const days: SearchedDay[] =
    leg === 'return'
      ? [{ field: 'return_datetime', datetime, tz: origin.tz }]
      : [
          { field: 'datetime', datetime, tz: origin.tz },
          ...(body.return_datetime ? [{ field: 'return_datetime', datetime: body.return_datetime, tz: destination.tz }] : []),
        ];
  const dayProblems = searchDayProblems(days, ctx.services.clock.now(), ctx.lang);
  if (dayProblems) fail('REQUEST_FORMAT_INVALID', dayProblems.fields, dayProblems.message);
  const assistance = await assistanceOf(ctx, companyId, body);
  const reads = await readsOf(ctx, companyId, body);
  const query = queryOf(
    ctx,
    companyId,
    body,
    origin,
    destination,
    datetime,
    represents,
    leg === 'outward' && !!body.return_datetime,
    travelerCards(ctx, reads.cards, body, datetime),
  );
  query.assistance = assistance;
  const journeys = await askSupplier(ctx, query, body.filters);
  const shown = (j: Journey) => !body.direct || j.sections.length === 1;
  const visible = journeys.filter(shown);
  return store(
    ctx,
    leg,
    { body, origin, destination, lang: ctx.lang, assistance },
    body.filters.rail ? await withRailFallback(ctx, query, visible, shown) : visible,
    reads.policy,
  );
}

async function store(ctx: Ctx, leg: 'outward' | 'return', request: Stored, journeys: Journey[], policy: TravelPolicyRules | null): Promise<TripResults> {
  // The verdicts (maybe a rail question) are found while the search is written.
  const [row, compliance] = await Promise.all([
    saveSearch(ctx.services.db, { agencyId: ctx.agency.id, userId: ctx.user?.id ?? null, leg, request, journeys }),
    complianceTags(ctx, policy, journeys),
  ]);
  return resultsOf(row, request, journeys, compliance);
}

/**
 * The signed-in employee's company policy applied to each offer by the rules add-to-cart applies
 * (domain/policy.ts). No company or no policy: no tags, as the spec shows compliance only to
 * companies that use it. A flight is judged against the fastest train of its whole day, asked once per
 * day as add-to-cart asks it — not against the few trains of these results, which could start later
 * than the day's fastest and make the results and the cart disagree.
 */
async function complianceTags(ctx: Ctx, policy: TravelPolicyRules | null, journeys: Journey[]): Promise<ComplianceTags> {
  if (!policy) return NO_COMPLIANCE;
  const flightOfDay = new Map(journeys.filter((j) => j.mode === 'flight').map((f) => [flightDay(f), f]));
  const fastest = new Map(await Promise.all([...flightOfDay].map(async ([day, flight]) => [day, await askFastestTrain(ctx, flight)] as const)));
  return (journey, cabin, offer) => {
    const fastestTrain = journey.mode === 'flight' ? fastest.get(flightDay(journey)) : null;
    if (fastestTrain === undefined) return [];
    return [tripCompliance(policy, { journey, cabin, pricePerTraveler: offer.price }, fastestTrain).compliant ? 'compliant' : 'not-compliant'];
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
  const companyId = await searchCompanyId(ctx, request.body);
  const reads = await readsOf(ctx, companyId, request.body);
  const answers = await Promise.all(modes.map((mode) => pageOfMode(ctx, companyId, reads.cards, row, mode, direction)));
  const shown = new Set(journeys.map((j) => j.id));
  const fresh = answers.flat().filter((j) => !shown.has(j.id) && (!request.body.direct || j.sections.length === 1));
  return store(ctx, row.leg, request, fresh, reads.policy);
}

const instantOf = (iso: string) => new Date(iso).getTime();

/** One mode's journeys beyond the page's edge: the latest departure shown (next) or the earliest (previous). */
async function pageOfMode(
  ctx: Ctx,
  companyId: string | null,
  cards: SearchReads['cards'],
  row: StoredSearch,
  mode: 'rail' | 'flight',
  direction: 'next' | 'previous',
): Promise<Journey[]> {
  const { request } = row;
  const departures = row.journeys.filter((j) => j.mode === mode).map((j) => j.departure);
  const edge = departures.reduce((a, b) => ((direction === 'next' ? instantOf(b) > instantOf(a) : instantOf(b) < instantOf(a)) ? b : a));
  // The edge's own minute is asked again: another train may leave that same minute.
  const represents = direction === 'next' ? 'departure' : 'departure-before';
  const query = queryOf(
    ctx,
    companyId,
    request.body,
    request.origin,
    request.destination,
    localOf(edge, 0),
    represents,
    row.leg === 'outward' && !!request.body.return_datetime,
    travelerCards(ctx, cards, request.body, localOf(edge, 0)),
  );
  query.assistance = request.assistance ?? null;
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
  const compliance = await complianceTags(ctx, await companyPolicy(ctx.services.db, await searchCompanyId(ctx, request.body)), search.journeys);
  return {
    ...choicesAndOffers(search.id, index, journey, request.body.nb_travelers, true, compliance),
  };
}

export async function fareConditions(ctx: Ctx, offerID: string) {
  const { offer } = await resolveOffer(ctx, offerID);
  return { offerID, name: offer.name, flexibility: offer.flexibility, text: offer.conditions, refundable: offer.refundable, exchangeable: offer.exchangeable };
}

/** The chosen offers' journeys (one per leg), each offer checked against its stored search. */
async function chosenJourneys(ctx: Ctx, offerIDs: string[]) {
  return Promise.all(offerIDs.map(async (id) => (await resolveOffer(ctx, id)).journey));
}

export async function travelerStep(
  ctx: Ctx,
  input: { choiceIDs: string[]; travelers?: { id: number; profile_id?: string | null; guest_id?: string | null }[] },
) {
  const first = await resolveOffer(ctx, input.choiceIDs[0]!);
  const journeys = await chosenJourneys(ctx, input.choiceIDs);
  const count = first.search.request.body.nb_travelers;
  const travelers = input.travelers?.length ? input.travelers : Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
  if (travelers.length !== count) fail('PASSENGER_INFO_MISSING');
  const party = await bookingParty(ctx.services.db, ctx.agency.id, ctx.user, first.search.request.body.customer_id, travelers, { requireTraveler: false });
  const { known } = party;
  if (namesStranger(travelers, ctx.user, known)) fail('USER_NOT_FOUND_3');
  const forms = travelerForms(
    journeys,
    travelers,
    await withDocuments(ctx.services.db, await formsBooker(ctx.services.db, ctx.user, party), journeys, ctx.user?.id ?? null),
    ctx.lang,
    known,
  );
  // Each traveller's cards valid on the day, offered with their form.
  const day = journeys[0]!.departure.slice(0, 10);
  const held = ctx.user
    ? await cardsOfTravelers(
        ctx.services.db,
        ctx.agency.id,
        ctx.user.id,
        party.company?.id ?? ctx.user.companyId,
        forms.flatMap((f) => f.profileID ?? []),
      )
    : new Map<string, UserCardRow[]>();
  return {
    placement: placementOptions(journeys, ctx.lang),
    travelerForms: forms.map((form) => ({
      ...form,
      cards: (held.get(form.profileID ?? '') ?? [])
        .filter((c) => validOn(c, day))
        .flatMap((c) => {
          const programme = cardProgramme(c.cardTypeId);
          return programme ? [{ cardtype: { name: programme.name }, cardnumber: c.cardNumber ?? '' }] : [];
        }),
    })),
    // Adding needs a session: an anonymous visitor signs in first, then reads this step again.
    links: ctx.user ? { addToCart: linkTo('addToCart') } : {},
  };
}

export async function placement(ctx: Ctx, offerIDs: string[]) {
  return { placement: placementOptions(await chosenJourneys(ctx, offerIDs), ctx.lang) };
}

/**
 * The assistance a search asks for: the needs its travellers recorded in their profiles
 * (theirs or the colleagues' they book for), under the single disabled / single accompanying
 * passenger rules (spec 2 §5: codes 1 and 2).
 */
async function assistanceOf(ctx: Ctx, companyId: string | null, body: Pick<SearchRequest, 'travelers' | 'nb_travelers'>): Promise<SearchAssistance | null> {
  if (!ctx.user) return null;
  const travellers = Array.from({ length: body.nb_travelers }, (_, i) => body.travelers.find((t) => t.id === i + 1) ?? { id: i + 1 });
  const booker = actingBooker(ctx.user, companyId ? { id: companyId } : null);
  const verdict = searchAssistance(await travelerNeeds(ctx.services.db, booker, travellers, ctx.user.accessibility));
  if ('problem' in verdict) return fail(verdict.problem);
  return verdict.assistance;
}
