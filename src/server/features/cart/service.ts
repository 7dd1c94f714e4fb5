import type { CartAddBody } from '../../../contract/cart';
import type { Travel } from '../../../contract/travel';
import type { FormField } from '../../../contract/trip';
import { cartAddBodySchema } from '../../../contract/cart';
import type { Db } from '../../db/client';
import { birthdateProblem } from '../../../contract/validation';
import { companyPolicy } from '../../db/companies';
import { bookablePeople } from '../../db/people';
import { resolveOffer } from '../../db/trip-searches';
import { loadTravels, updateTravel } from '../../db/travels';
import type { Journey } from '../../domain/journey';
import type { TripData } from '../../domain/product';
import { namesStranger, placementOptions, travelerForms } from '../../domain/traveler-forms';
import { presentTravel } from '../../domain/travel';
import type { UserRow } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { recordAnswer } from '../../platform/idempotency';
import { isoDate } from '../../platform/clock';
import type { RequestContext } from '../../platform/request-context';
import { evaluateTrip } from '../../supplier/fastest-train';
import * as repo from './repository';

type Ctx = RequestContext & { user: UserRow };

/**
 * Puts the chosen offers (outward, and return for a round trip) with their travellers, options
 * and seat wishes into a travel in status `cart`: a new one, or the one named by travelID.
 */
export async function addTrip(ctx: Ctx, input: CartAddBody): Promise<{ travel: Travel; offer_errors: { offerID: string; message: string }[] }> {
  const body = cartAddBodySchema.parse(input);
  const { db, clock } = ctx.services;
  const scope = { db, agencyId: ctx.agency.id, userId: ctx.user.id };
  const chosen = await Promise.all(body.choiceIDs.map((id) => resolveOffer(scope, id)));
  const [outward, back] = chosen;
  if (outward!.search.leg !== 'outward' || (back && back.search.leg !== 'return')) fail('OFFERS_INVALID');
  if (outward!.offer.roundTrip && !back) fail('OFFERS_INVALID');
  const passengers = outward!.search.request.body.nb_travelers;
  if (body.travelers.length !== passengers) fail('PASSENGER_INFO_MISSING', { travelers: 'FIELD_REQUIRED' });

  const journeys = chosen.map((c) => c.journey);
  const travelers = await checkTravelers(ctx, journeys, body.travelers);
  const entityId = await checkEntity(ctx, body.entity_id ?? null);
  const options = checkAncillaries(body.ancillaries ?? [], chosen, body.choiceIDs, passengers);
  const placementWishes = checkPlacementWishes(ctx, journeys, body.placementWishes ?? {});
  const offerErrors = chosen.flatMap((c, i) =>
    (c.journey.cabins.find((cab) => cab.cabin === c.cabin)?.seats ?? 0) < passengers
      ? [{ offerID: body.choiceIDs[i]!, message: ctx.lang === 'fr' ? 'Ce trajet est complet.' : 'This trip is full.' }]
      : [],
  );
  if (offerErrors.length) return { travel: await travelById(ctx, body.travelID ?? null), offer_errors: offerErrors };
  // Judged once, here: checkout steps and approval rules read the verdict from the product.
  const policy = await companyPolicy(db, ctx.user.companyId);
  const compliances = await Promise.all(chosen.map((c) => evaluateTrip(policy, { journey: c.journey, cabin: c.cabin, pricePerTraveller: c.offer.price }, ctx.services.supplier.rail, clock.now())));

  const travelId = await db.transaction(async (tx) => {
    let travel = body.travelID ? await repo.findUserTravel(tx, body.travelID, ctx.user.id) : undefined;
    if (body.travelID && (!travel || travel.status !== 'cart')) fail('NO_TRAVEL');
    travel ??= await repo.insertTravel(tx, { agencyId: ctx.agency.id, companyId: ctx.user.companyId, userId: ctx.user.id, entityId, status: 'cart' });
    await repo.insertProducts(
      tx,
      chosen.map((c, i) => {
        const mine = options.filter((o) => o.offerID === body.choiceIDs[i]);
        const data: TripData = {
          type: c.journey.mode,
          journey: c.journey,
          offer: c.offer,
          cabin: c.cabin,
          travelers,
          placementWishes,
          ancillaries: mine,
          searchID: c.search.id,
          compliance: compliances[i],
        };
        return {
          travelId: travel!.id,
          type: c.journey.mode,
          status: 'cart',
          price: c.offer.price * passengers + mine.reduce((sum, o) => sum + o.price * o.quantity, 0),
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

/**
 * Travellers named only by people the user may book for (else 404), required fields filled,
 * formats kept, the leader's linked values copied to every follower.
 */
async function checkTravelers(ctx: Ctx, journeys: Journey[], input: { travelerID: number; fields: Record<string, string | null>; profile_id?: string | null; guest_id?: string | null }[]) {
  const refs = input.map((t) => ({ id: t.travelerID, profile_id: t.profile_id, guest_id: t.guest_id }));
  const known = await bookablePeople(ctx.services.db, ctx.user, refs);
  if (namesStranger(refs, ctx.user, known)) fail('USER_NOT_FOUND_3');
  const forms = travelerForms(journeys, refs, ctx.user, ctx.lang, known);
  const problems: Record<string, string> = {};
  const today = isoDate(ctx.services.clock.now());
  const leaderValues: Record<string, string | null> = {};
  forms[0]?.fieldsGroups.flatMap((g) => g.fields).forEach((f) => {
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
  if (f.regex && !new RegExp(f.regex).test(value)) return 'FORMAT_INVALID';
  if (f.options && !f.options.some((o) => o.value === value)) return 'SELECT_VALID_VALUE';
  return f.name === 'birthdate' ? birthdateProblem(value, today) : null;
}

async function checkEntity(ctx: Ctx, entityId: string | null): Promise<string | null> {
  if (!ctx.user.companyId) return null;
  const list = await repo.companyEntities(ctx.services.db, ctx.user.companyId);
  if (list.length === 0) return null;
  if (!entityId || !list.some((e) => e.id === entityId)) fail('REQUEST_FORMAT_INVALID', { entity_id: 'CHOOSE_ENTITY' });
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

/** Each wish names a placement offered for these journeys and one of its options. */
function checkPlacementWishes(ctx: Ctx, journeys: Journey[], wishes: Record<string, string>) {
  const offered = placementOptions(journeys, ctx.lang);
  const problems = Object.entries(wishes)
    .filter(([name, value]) => !offered.find((p) => p.name === name)?.options.some((o) => o.value === value))
    .map(([name]) => [`placementWishes.${name}`, 'SELECT_VALID_VALUE']);
  if (problems.length) fail('REQUEST_FORMAT_INVALID', Object.fromEntries(problems));
  return wishes;
}

async function travelById(ctx: Ctx, travelID: string | null, db: Db = ctx.services.db): Promise<Travel> {
  const [rec] = travelID ? await loadTravels(db, ctx.user.id, { id: travelID }) : [];
  return presentTravel(rec ?? fail('NO_TRAVEL'), ctx.lang, ctx.services.clock.now());
}
