import { apiCode } from '../../../contract/api-codes';
import type { Rel } from '../../../contract/rels';
import type { ConfirmBody, Travel } from '../../../contract/travel';
import { travelToChange, updateTravel, type ProductRow, type TravelRecord } from '../../db/travels';
import { offers, presentTravel } from '../../domain/travel';
import type { UserRow } from '../../platform/auth';
import { ApiError, fail } from '../../platform/errors';
import { recordAnswer } from '../../platform/idempotency';
import { enqueue } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { SupplierError, type BookItem } from '../../supplier/types';
import { itemOf } from '../../supplier/book-item';
import { isTripProduct } from '../../domain/product';
import * as repo from './repository';
import { queueBookingMails, type CardPaid } from './booking-mail';
import { rememberTravellers } from '../../db/last-travelers';

/**
 * Booking (spec 2 §1, issue #5): confirm books or holds every product of a travel with the supplier,
 * release gives a held option back. Approvals (approvals.ts) hold, book and release through the
 * same functions (holdProducts, bookHeld, releaseAtSupplier).
 *
 * Crash safety: every supplier call comes first, then every status is written in ONE transaction
 * guarded by the travel's version. A process killed in between wrote nothing, and its retry books
 * the same items again under the same references (the product ids), which the supplier answers
 * with the same PNRs: the travel is never half booked, and nothing is booked twice. That
 * transaction also records the call's Idempotency-Key as answered (recordAnswer): a retry after the
 * commit gets the booking's answer back.
 */

type Ctx = RequestContext & { user: UserRow };

export const expiryKey = (travelId: string) => `expire-options:${travelId}`;
export const ticketingKey = (travelId: string) => `ticket-travel:${travelId}`;

/** What the supplier needs of a product (moved to supplier/, shared with cancellation): re-exported for this feature's files. */
export { itemOf };

/**
 * Runs one supplier call per product, all or nothing: when one fails, what the others did is
 * cancelled and the failure is answered.
 */
async function allOrNothing<R extends { pnr: string }>(services: Services, products: ProductRow[], call: (item: BookItem) => Promise<R>): Promise<R[]> {
  const now = services.clock.now();
  const settled = await Promise.allSettled(products.map((p) => call(itemOf(p))));
  const failure = settled.find((s) => s.status === 'rejected');
  if (!failure) return settled.map((s) => (s as PromiseFulfilledResult<R>).value);
  await Promise.allSettled(settled.map((s, i) => (s.status === 'fulfilled' ? services.supplier.booking.cancel(s.value.pnr, itemOf(products[i]!), now) : null)));
  throw failure.reason;
}

/**
 * Writes the outcome in one version-guarded transaction. When another call changed the travel first,
 * what this call did at the supplier is cancelled unless the travel now records it (a twin that
 * booked the same references got the same PNRs: cancelling them would undo its booking). Nor is it
 * when another process took this call's Idempotency-Key over: that one is booking the same references.
 */
async function commit(services: Services, rec: TravelRecord, pnrs: Map<string, string>, write: (tx: Services['db']) => Promise<void>): Promise<void> {
  const { db, clock, supplier } = services;
  try {
    await db.transaction(write);
  } catch (err) {
    if (err instanceof ApiError && err.code !== apiCode.IDEMPOTENCY_IN_PROGRESS) {
      const now = clock.now();
      const current = (await repo.travelById(db, rec.travel.id))?.products ?? [];
      const orphans = rec.products.filter((p) => pnrs.has(p.id) && current.find((c) => c.id === p.id)?.pnr !== pnrs.get(p.id));
      await Promise.allSettled(orphans.map((p) => supplier.booking.cancel(pnrs.get(p.id)!, itemOf(p), now)));
    }
    throw err;
  }
}

/** The travel as the caller sees it after a change (read in the change's transaction, to record it with it). */
export async function answer(ctx: Ctx, travelId: string, db: Services['db'] = ctx.services.db): Promise<Travel> {
  const rec = await repo.travelById(db, travelId);
  return presentTravel(rec!, ctx.lang, ctx.services.clock.now());
}

/** The travel to change (not theirs → 38, changed since `expected` → 105), refused (69) unless its links offer `rel` now. */
export async function travelWithLink(ctx: Ctx, travelId: string, expected: number | null, rel: Rel): Promise<TravelRecord> {
  const rec = await travelToChange(ctx.services.db, ctx.user.id, travelId, expected);
  if (!offers(rec, rel, ctx.services.clock.now())) fail('TICKET_STATUS_FORBIDS');
  return rec;
}

const earliest = (isoDates: string[]) => new Date(Math.min(...isoDates.map((d) => Date.parse(d))));

/** Books the travel (or, with hold, takes options on it); a travel holding options books them. */
export async function confirm(ctx: Ctx, travelId: string, expected: number | null, body: ConfirmBody): Promise<Travel> {
  const { services } = ctx;
  const rec = await travelWithLink(ctx, travelId, expected, 'confirm');
  const held = rec.travel.status === 'pending_confirmation';
  if (body.hold && held) fail('TICKET_STATUS_FORBIDS');
  const products = rec.products.filter((p) => p.status === (held ? 'prebooked' : 'cart'));

  if (body.hold) {
    const options = await allOrNothing(services, products, (item) => services.supplier.booking.hold(item, services.clock.now()));
    const limit = earliest(options.map((o) => o.confirmationTimeLimit));
    const held = products.map((p, i) => ({ ...p, status: 'prebooked' as const, pnr: options[i]!.pnr, confirmationTimeLimit: new Date(options[i]!.confirmationTimeLimit) }));
    await commit(services, rec, new Map(held.map((p) => [p.id, p.pnr])), async (tx) => {
      const now = services.clock.now();
      const travel = await updateTravel(tx, rec.travel, { status: 'pending_confirmation', confirmationTimeLimit: limit }, now);
      for (const p of held) await repo.updateProduct(tx, p.id, { status: p.status, pnr: p.pnr, confirmationTimeLimit: p.confirmationTimeLimit });
      await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
      await queueBookingMails(services, tx, { event: 'held', travel, products: held, deadline: limit });
      await recordAnswer(tx, () => answer(ctx, travelId, tx));
    });
    return answer(ctx, travelId);
  }

  await bookHeld(services, rec, products, (tx) => recordAnswer(tx, () => answer(ctx, travelId, tx)));
  return answer(ctx, travelId);
}

/**
 * The booking path (a direct confirm, or an approved travel): books `products` with the supplier,
 * then writes the travel booked, its products with their PNRs, tickets and seats, and the ticketing
 * job, in one transaction on the version `rec` was read at (105 when it moved on meanwhile).
 * `alsoInTransaction` runs last in that transaction (a confirm records its answer there); `card`: the
 * booking is paid by card (card-payment.ts), which its e-mail says.
 */
export async function bookHeld(
  services: Services,
  rec: TravelRecord,
  products: ProductRow[],
  alsoInTransaction?: (tx: Services['db']) => Promise<void>,
  card?: CardPaid,
): Promise<void> {
  const bookings = await allOrNothing(services, products, (item) => services.supplier.booking.book(item, services.clock.now()));
  const booked = products.map((p, i) => {
    const { pnr, tickets, seats } = bookings[i]!;
    return { ...p, status: 'booked' as const, pnr, confirmationTimeLimit: null, data: { ...p.data, booking: { bookedAt: services.clock.now().toISOString(), tickets, seats } } };
  });
  await commit(services, rec, new Map(booked.map((p) => [p.id, p.pnr])), async (tx) => {
    const now = services.clock.now();
    const travel = await updateTravel(tx, rec.travel, { status: 'booked', confirmationTimeLimit: null }, now);
    for (const p of booked) await repo.updateProduct(tx, p.id, { status: p.status, pnr: p.pnr, confirmationTimeLimit: null, data: p.data });
    await enqueue(tx, { kind: 'ticket-travel', key: ticketingKey(rec.travel.id), payload: { travelId: rec.travel.id }, runAt: new Date(now.getTime() + services.config.ticketing.startMs) });
    await queueBookingMails(services, tx, { event: 'booked', travel, products: booked, card });
    // The booker's last travellers (issue 16): these people first, 10 at most.
    await rememberTravellers(tx, rec.travel.userId, booked, now);
    await alsoInTransaction?.(tx);
  });
}

/** Holds `products` (an option each) until the earliest of their time limits: the PNRs, and that limit. */
export async function holdProducts(services: Services, products: ProductRow[]): Promise<{ pnrs: string[]; limits: Date[]; limit: Date }> {
  const options = await allOrNothing(services, products, (item) => services.supplier.booking.hold(item, services.clock.now()));
  return { pnrs: options.map((o) => o.pnr), limits: options.map((o) => new Date(o.confirmationTimeLimit)), limit: earliest(options.map((o) => o.confirmationTimeLimit)) };
}

/** Gives held products back to the supplier (cancelling an option twice is harmless: retries are safe). */
export async function releaseAtSupplier(services: Services, products: ProductRow[]): Promise<void> {
  const now = services.clock.now();
  const settled = await Promise.allSettled(products.filter((p) => p.pnr).map((p) => services.supplier.booking.cancel(p.pnr!, itemOf(p), now)));
  const failure = settled.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * What the supplier says of products going back to the cart: each one's price now (the same train
 * and fare searched again), or null when it no longer sells it (full, gone). When the supplier does
 * not answer, the prices stay as they were (booking checks them again).
 */
export async function repriced(services: Services, rec: TravelRecord, products: ProductRow[]): Promise<Map<string, number | null>> {
  const { supplier, clock } = services;
  const now = clock.now();
  const prices = new Map<string, number | null>();
  await Promise.all(
    products.map(async (p) => {
      if (!isTripProduct(p)) {
        prices.set(p.id, await stayOrRentalPrice(services, rec, p));
        return;
      }
      const { journey, offer, cabin, travelers, ancillaries } = p.data;
      try {
        const query = {
          origin: journey.from,
          destination: journey.to,
          datetime: journey.departure.slice(0, 16),
          represents: 'departure' as const,
          passengers: Math.max(travelers.length, 1),
          customer: { companyId: rec.travel.companyId, corporateCarriers: [], negotiatedChains: [] },
          lang: 'fr' as const,
          withReturn: offer.roundTrip,
          now,
        };
        const journeys = await (journey.mode === 'rail' ? supplier.rail.journeys(query) : supplier.flight.itineraries(query));
        const same = journeys.find((j) => j.id === journey.id)?.cabins.find((c) => c.cabin === cabin);
        const fare = same && same.seats >= travelers.length ? same.offers.find((o) => o.id === offer.id) : undefined;
        prices.set(p.id, fare ? fare.price * Math.max(travelers.length, 1) + ancillaries.reduce((sum, a) => sum + a.price * a.quantity, 0) : null);
      } catch (err) {
        if (err instanceof SupplierError && (err.kind === 'timeout' || err.kind === 'unavailable')) prices.set(p.id, p.price);
        else prices.set(p.id, null);
      }
    }),
  );
  return prices;
}

/** A hotel stay's or a car rental's price now (its rooms, its car found again), null when it is gone. */
async function stayOrRentalPrice(services: Services, rec: TravelRecord, p: ProductRow): Promise<number | null> {
  const { supplier, clock } = services;
  const customer = { companyId: rec.travel.companyId, corporateCarriers: [], negotiatedChains: [] };
  const now = clock.now();
  const { data } = p;
  try {
    if (data.type === 'hotel') {
      const hotel = await supplier.hotel.hotel(data.hotel.id, { checkin: data.checkin, checkout: data.checkout, rooms: data.rooms.length, guests: data.travelers.length, customer, lang: 'fr', now });
      const offers = data.rooms.map((r) => hotel?.rooms.find((o) => o.id === r.offer.id));
      const wanted = new Map<string, number>();
      for (const r of data.rooms) wanted.set(r.offer.id, (wanted.get(r.offer.id) ?? 0) + 1);
      if (offers.some((o) => !o || o.available < wanted.get(o.id)!)) return null;
      return offers.reduce((sum, o) => sum + o!.total, 0);
    }
    if (data.type === 'car_rental') return (await supplier.car.car(data.car.id, { customer, lang: 'fr', now }))?.total ?? null;
    return null;
  } catch (err) {
    if (err instanceof SupplierError && (err.kind === 'timeout' || err.kind === 'unavailable')) return p.price;
    return null;
  }
}

/**
 * Gives a held option back to the supplier, with the options taken together with it (the legs of
 * one add to cart: they were inserted in one statement, so they share their created_at). A travel
 * left without a held option is removed from the list.
 */
export async function release(ctx: Ctx, travelId: string, productId: string, expected: number | null): Promise<Travel> {
  const { services } = ctx;
  const rec = await travelToChange(services.db, ctx.user.id, travelId, expected);
  const shown = presentTravel(rec, ctx.lang, services.clock.now()).products.find((p) => p.id === productId);
  if (!shown) fail('NOT_FOUND');
  if (!shown!.links.releasePrebooking) fail('TICKET_STATUS_FORBIDS');
  const product = rec.products.find((p) => p.id === productId)!;
  const released = rec.products.filter((p) => p.status === 'prebooked' && p.createdAt.getTime() === product.createdAt.getTime());
  await releaseHeld(services, rec, released, (tx) => recordAnswer(tx, () => answer(ctx, travelId, tx)));
  return answer(ctx, travelId);
}

/**
 * The release path (the traveller's release, the agency's): gives `released` (held options of the
 * travel) back to the supplier, then writes them released, the travel's next deadline (removed when no
 * option is left) and the traveller's e-mail in one transaction on the version `rec` was read at.
 * `alsoInTransaction` runs last in it (a call records its answer there).
 */
export async function releaseHeld(services: Services, rec: TravelRecord, released: ProductRow[], alsoInTransaction?: (tx: Services['db']) => Promise<void>): Promise<void> {
  const travelId = rec.travel.id;
  // Cancelling an option twice is harmless: a retry after a failure here simply cancels again.
  await Promise.all(released.map((p) => services.supplier.booking.cancel(p.pnr!, itemOf(p), services.clock.now())));
  const left = rec.products.filter((p) => p.status === 'prebooked' && !released.includes(p));
  await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    const limit = left.length ? new Date(Math.min(...left.map((p) => p.confirmationTimeLimit!.getTime()))) : null;
    const travel = await updateTravel(tx, rec.travel, left.length ? { confirmationTimeLimit: limit } : { status: 'removed', confirmationTimeLimit: null }, now);
    for (const p of released) await repo.updateProduct(tx, p.id, { status: 'released', confirmationTimeLimit: null });
    if (limit) await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
    await queueBookingMails(services, tx, { event: 'released', travel, products: released.map((p) => ({ ...p, status: 'released' as const })), stillHeld: left.length > 0 });
    await alsoInTransaction?.(tx);
  });
}
