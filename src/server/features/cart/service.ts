import type { RelBody } from '@contract/rels';
import type { Travel } from '@contract/travel';
import type { FormField } from '@contract/trip';
import type { Db } from '@server/db/client';
import { birthdateProblem } from '@contract/validation';
import { bookingParty, formsBooker, type BookingParty } from '@server/db/acting';
import type { BuyerCompany } from '@server/db/companies';
import { resolveOffer } from '@server/db/trip-searches';
import { loadTravels, updateTravel } from '@server/db/travels';
import type { Journey } from '@server/domain/journey';
import type { TripData } from '@server/domain/product';
import { namesStranger, placementOptions, travelerForms } from '@server/domain/traveler-forms';
import { presentTravel } from '@server/domain/travel';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import { isoDate } from '@server/platform/clock';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { evaluateTrip } from '@server/supplier/fastest-train';
import * as repo from './repository';

/**
 * Puts the chosen offers (outward, and return for a round trip) with their travellers, options
 * and seat wishes into a travel in status `cart`: a new one, or the one named by travelID.
 */
export async function addTrip(ctx: Ctx, body: RelBody<'addToCart'>): Promise<{ travel: Travel; offer_errors: { offerID: string; message: string }[] }> {
  const { db } = ctx.services;
  const scope = { db, agencyId: ctx.agency.id, userId: ctx.user.id };
  const chosen = await Promise.all(body.choiceIDs.map((id) => resolveOffer(scope, id)));
  const [outward, back] = chosen;
  if (outward!.search.leg !== 'outward' || (back && back.search.leg !== 'return')) fail('OFFERS_INVALID');
  if (outward!.offer.roundTrip && !back) fail('OFFERS_INVALID');
  const passengers = outward!.search.request.body.nb_travelers;
  if (body.travelers.length !== passengers) fail('PASSENGER_INFO_MISSING', { travelers: 'FIELD_REQUIRED' });

  const journeys = chosen.map((c) => c.journey);
  const party = await cartParty(ctx, body.customer_id ?? outward!.search.request.body.customer_id, body.travelers);
  const travelers = await checkTravelers(ctx, party, journeys, body.travelers);
  const entityId = checkEntity(party.company, body.entity_id ?? null);
  const options = withAssistance(checkAncillaries(body.ancillaries ?? [], chosen, body.choiceIDs, passengers), chosen, body.choiceIDs);
  const placementWishes = checkPlacementWishes(ctx, journeys, body.placementWishes ?? {});
  return putTrips(ctx, party, {
    chosen,
    offerIDs: body.choiceIDs,
    passengers,
    travelers,
    entityId,
    travelID: body.travelID ?? null,
    placementWishes,
    ancillariesOf: (offerID) => options.filter((o) => o.offerID === offerID),
  });
}

type ChosenOffer = Awaited<ReturnType<typeof resolveOffer>>;
type Added = { travel: Travel; offer_errors: { offerID: string; message: string }[] };

/**
 * The chosen offers' trips, each judged by the company policy, into a travel in status `cart`: a new one,
 * or the user's own named by travelID. An offer without seats left for everyone is an offer error, and
 * nothing is added. Used by the trip flow and the expert search (cart/expert.ts).
 */
export async function putTrips(
  ctx: Ctx,
  party: BookingParty,
  p: {
    chosen: ChosenOffer[];
    offerIDs: string[];
    passengers: number;
    travelers: TripData['travelers'];
    entityId: string | null;
    travelID: string | null;
    placementWishes: Record<string, string>;
    ancillariesOf: (offerID: string) => TripData['ancillaries'];
  },
): Promise<Added> {
  const { db, clock } = ctx.services;
  const offerErrors = p.chosen.flatMap((c, i) =>
    (c.journey.cabins.find((cab) => cab.cabin === c.cabin)?.seats ?? 0) < p.passengers
      ? [{ offerID: p.offerIDs[i]!, message: ctx.lang === 'fr' ? 'Ce trajet est complet.' : 'This trip is full.' }]
      : [],
  );
  if (offerErrors.length) return { travel: await travelById(ctx, p.travelID), offer_errors: offerErrors };
  // Judged once, here: checkout steps and approval rules read the verdict from the product.
  const policy = party.company?.policy ?? null;
  const compliances = await Promise.all(
    p.chosen.map((c) => evaluateTrip(policy, { journey: c.journey, cabin: c.cabin, pricePerTraveler: c.offer.price }, ctx.services.supplier.rail, clock.now())),
  );

  const travelId = await db.transaction(async (tx) => {
    const travel = await cartTravel(tx, ctx, party, p.travelID, p.entityId);
    await repo.insertProducts(
      tx,
      p.chosen.map((c, i) => {
        const ancillaries = p.ancillariesOf(p.offerIDs[i]!);
        const data: TripData = {
          type: c.journey.mode,
          journey: c.journey,
          offer: c.offer,
          cabin: c.cabin,
          travelers: p.travelers,
          placementWishes: p.placementWishes,
          ancillaries,
          searchID: c.search.id,
          compliance: compliances[i],
        };
        return {
          travelId: travel!.id,
          type: c.journey.mode,
          status: 'cart',
          price: c.offer.price * p.passengers + ancillaries.reduce((sum, o) => sum + o.price * o.quantity, 0),
          startsAt: new Date(c.journey.departure),
          endsAt: new Date(c.journey.arrival),
          data,
        };
      }),
    );
    // A new product changes what checkout needs: steps already filled are checked again.
    await updateTravel(tx, travel, {}, clock.now());
    await recordAnswer(tx, async () => ({ travel: await travelById(ctx, travel!.id, tx), offer_errors: [] }));
    return travel.id;
  });
  return { travel: await travelById(ctx, travelId), offer_errors: [] };
}

type TravelerInput = { travelerID: number; profile_id?: string | null; guest_id?: string | null };
const refsOf = (input: TravelerInput[]) => input.map((t) => ({ id: t.travelerID, profile_id: t.profile_id, guest_id: t.guest_id }));

/**
 * For whom an add to cart books (db/acting.ts): agency staff name the customer company and an employee
 * of it they act for (150 otherwise); anyone naming a traveller they may not book for: 404 (55).
 */
export async function cartParty(ctx: Ctx, customerId: string | null | undefined, travelers: TravelerInput[]): Promise<BookingParty> {
  const refs = refsOf(travelers);
  const party = await bookingParty(ctx.services.db, ctx.agency.id, ctx.user, customerId, refs, { requireTraveler: true });
  if (namesStranger(refs, ctx.user, party.known)) fail('USER_NOT_FOUND_3');
  return party;
}

/**
 * The travel in the cart a product joins: the caller's own named by `travelID` — for the same company
 * and the same traveller acted for (409, 151 otherwise) — or a new one, for the party's company, with
 * the traveller staff act for.
 */
export async function cartTravel(tx: Db, ctx: Ctx, party: BookingParty, travelID: string | null | undefined, entityId: string | null) {
  const companyId = party.company?.id ?? null;
  const travel = travelID ? await repo.findUserTravel(tx, travelID, ctx.user.id) : undefined;
  if (travelID && (!travel || travel.status !== 'cart')) fail('NO_TRAVEL');
  if (travel && (travel.companyId !== companyId || travel.onBehalfOf !== party.onBehalfOf)) fail('OTHER_CUSTOMER_TRAVEL');
  return (
    travel ??
    repo.insertTravel(tx, {
      agencyId: ctx.agency.id,
      companyId,
      customerId: party.staff ? companyId : null,
      onBehalfOf: party.onBehalfOf,
      userId: ctx.user.id,
      entityId,
      status: 'cart',
    })
  );
}

/**
 * Travellers named only by people the party may book for (checked by cartParty), required fields
 * filled, formats kept, the leader's linked values copied to every follower.
 */
export async function checkTravelers(ctx: Ctx, party: BookingParty, journeys: Journey[], input: (TravelerInput & { fields: Record<string, string | null> })[]) {
  const refs = refsOf(input);
  const known = party.known;
  const forms = travelerForms(journeys, refs, await formsBooker(ctx.services.db, ctx.user, party), ctx.lang, known);
  const problems: Record<string, string> = {};
  const today = isoDate(ctx.services.clock.now());
  const leaderValues: Record<string, string | null> = {};
  forms[0]?.fieldsGroups
    .flatMap((g) => g.fields)
    .forEach((f) => {
      if (f.linkedWith?.isLeader) for (const name of f.linkedWith.followerNames) leaderValues[name] = input[0]?.fields[f.name] ?? null;
    });
  const travelers = input.map((traveler, i) => {
    const values: Record<string, string | null> = {};
    for (const f of forms[i]!.fieldsGroups.flatMap((g) => g.fields)) {
      const raw = f.linkedWith && !f.linkedWith.isLeader && f.name in leaderValues ? leaderValues[f.name] : traveler.fields[f.name];
      const value = raw?.trim() || null;
      const problem = value ? valueProblem(f, value, today) : f.required ? 'FIELD_REQUIRED' : null;
      if (problem) problems[`travelers.${i}.${f.name}`] = problem;
      values[f.name] = value;
    }
    return { travelerID: traveler.travelerID, profileID: forms[i]!.profileID, guestID: forms[i]!.guestID, ...values };
  });
  if (Object.keys(problems).length) fail('PASSENGER_INFO_MISSING', problems);
  return travelers;
}

/** A filled field's problem: its format, its list of values, and for a birthdate the date rules. */
function valueProblem(f: FormField, value: string, today: string): string | null {
  // The form's own patterns (domain/traveler-forms.ts), Unicode-aware: the name rule's letters are of any script.
  if (f.regex && !new RegExp(f.regex, 'u').test(value)) return 'FORMAT_INVALID';
  if (f.options && !f.options.some((o) => o.value === value)) return 'SELECT_VALID_VALUE';
  return f.name === 'birthdate' ? birthdateProblem(value, today) : null;
}

/** The entity the travel is billed to: required, and one of the company's, when the company has some. */
export function checkEntity(company: BuyerCompany | null, entityId: string | null): string | null {
  if (!company?.entityIds.length) return null;
  if (!entityId || !company.entityIds.includes(entityId)) fail('REQUEST_FORMAT_INVALID', { entity_id: 'CHOOSE_ENTITY' });
  return entityId;
}

function checkAncillaries(
  wanted: { type: string; quantity: number; offerID: string }[],
  chosen: { offer: { ancillaries: { type: string; price: number; maxQuantity: number }[] } }[],
  offerIDs: string[],
  passengers: number,
) {
  return wanted
    .filter((w) => w.quantity > 0)
    .map((w, i) => {
      const offer = chosen[offerIDs.indexOf(w.offerID)]?.offer;
      const option = offer?.ancillaries.find((a) => a.type === w.type);
      if (!option || w.quantity > option.maxQuantity * passengers) fail('REQUEST_FORMAT_INVALID', { [`ancillaries.${i}`]: 'FORMAT_INVALID' });
      return { ...w, price: option!.price };
    });
}

/**
 * A search made for a disabled traveller (their profile's needs) books the carrier's
 * assistance with each offer that sells it, whether or not the traveller step ticked it.
 */
function withAssistance(
  options: { type: string; quantity: number; offerID: string; price: number }[],
  chosen: { search: { request: { assistance?: unknown } }; offer: { ancillaries: { type: string; price: number }[] } }[],
  offerIDs: string[],
) {
  const added = chosen.flatMap((c, i) => {
    const pmr = c.offer.ancillaries.find((a) => a.type === 'pmr');
    const offerID = offerIDs[i]!;
    if (!c.search.request.assistance || !pmr || options.some((o) => o.offerID === offerID && o.type === 'pmr')) return [];
    return [{ type: 'pmr', quantity: 1, offerID, price: pmr.price }];
  });
  return [...options, ...added];
}

/** Each wish names a placement offered for these journeys and one of its options. */
function checkPlacementWishes(ctx: Ctx, journeys: Journey[], wishes: Record<string, string>) {
  const offered = placementOptions(journeys, ctx.lang);
  const problems = Object.entries(wishes)
    .filter(([name, value]) => !offered.find((p) => p.name === name)?.options.some((o) => o.value === value))
    .map(([name]) => [`placementWishes.${name}`, 'SELECT_VALID_VALUE']);
  if (problems.length) fail('REQUEST_FORMAT_INVALID', Object.fromEntries(problems));
  return wishes;
}

export async function travelById(ctx: Ctx, travelID: string | null, db: Db = ctx.services.db): Promise<Travel> {
  const [rec] = travelID ? await loadTravels(db, ctx.user.id, { id: travelID }) : [];
  return presentTravel(rec ?? fail('NO_TRAVEL'), ctx.lang, ctx.services.clock.now());
}
