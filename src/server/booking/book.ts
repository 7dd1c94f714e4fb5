import { apiCode } from '@contract/api-codes';
import { rememberTravellers } from '../db/last-travelers';
import { applyTravelEvent, type ProductRow, type TravelRecord } from '../db/travels';
import { ApiError } from '../platform/errors';
import { enqueue } from '../platform/jobs';
import type { Services } from '../platform/services';
import { itemOf } from '../supplier/book-item';
import type { BookItem } from '../supplier/types';
import { queueBookingMails, type CardPaid } from './booking-mail';
import * as repo from './repository';

/**
 * The booking path shared by every way a travel gets booked or held (the traveller's confirm, an
 * approved request, a card payment, the agency's staff): the supplier first, then every status in
 * ONE transaction guarded by the travel's version. A process killed in between wrote nothing, and
 * its retry books the same items again under the same references (the product ids), which the
 * supplier answers with the same PNRs: the travel is never half booked, and nothing is booked twice.
 * `alsoInTransaction` runs last in that transaction (a call records its answer there: a retry after
 * the commit gets the booking's answer back).
 */

export type InTransaction = (tx: Services['db']) => Promise<void>;

export const expiryKey = (travelId: string) => `expire-options:${travelId}`;
export const ticketingKey = (travelId: string) => `ticket-travel:${travelId}`;

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
async function commit(services: Services, rec: TravelRecord, pnrs: Map<string, string>, write: InTransaction): Promise<void> {
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

const earliest = (isoDates: string[]) => new Date(Math.min(...isoDates.map((d) => Date.parse(d))));

/** Holds `products` (an option each) until the earliest of their time limits: the PNRs, and that limit. */
export async function holdProducts(services: Services, products: ProductRow[]): Promise<{ pnrs: string[]; limits: Date[]; limit: Date }> {
  const options = await allOrNothing(services, products, (item) => services.supplier.booking.hold(item, services.clock.now()));
  return {
    pnrs: options.map((o) => o.pnr),
    limits: options.map((o) => new Date(o.confirmationTimeLimit)),
    limit: earliest(options.map((o) => o.confirmationTimeLimit)),
  };
}

/** The traveller's hold: an option on each product, the travel held until the earliest deadline, its expiry job and e-mail. */
export async function holdAsOptions(services: Services, rec: TravelRecord, products: ProductRow[], alsoInTransaction?: InTransaction): Promise<void> {
  const travelId = rec.travel.id;
  const { pnrs, limits, limit } = await holdProducts(services, products);
  const held = products.map((p, i) => ({ ...p, status: 'prebooked' as const, pnr: pnrs[i]!, confirmationTimeLimit: limits[i]! }));
  await commit(services, rec, new Map(held.map((p) => [p.id, p.pnr])), async (tx) => {
    const now = services.clock.now();
    const moves = held.map((p) => ({ id: p.id, status: p.status, pnr: p.pnr, confirmationTimeLimit: p.confirmationTimeLimit }));
    const travel = await applyTravelEvent(tx, rec, 'hold', moves, now, { confirmationTimeLimit: limit });
    await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
    await queueBookingMails(services, tx, { event: 'held', travel, products: held, deadline: limit });
    await alsoInTransaction?.(tx);
  });
}

/**
 * Books `products` with the supplier, then writes the travel booked, its products with their PNRs,
 * tickets and seats, and the ticketing job, in one transaction on the version `rec` was read at (105
 * when it moved on meanwhile). `card`: the booking is paid by card, which its e-mail says.
 */
export async function bookHeld(
  services: Services,
  rec: TravelRecord,
  products: ProductRow[],
  alsoInTransaction?: InTransaction,
  card?: CardPaid,
): Promise<void> {
  const bookings = await allOrNothing(services, products, (item) => services.supplier.booking.book(item, services.clock.now()));
  const booked = products.map((p, i) => {
    const { pnr, tickets, seats } = bookings[i]!;
    return {
      ...p,
      status: 'booked' as const,
      pnr,
      confirmationTimeLimit: null,
      data: { ...p.data, booking: { bookedAt: services.clock.now().toISOString(), tickets, seats } },
    };
  });
  await commit(services, rec, new Map(booked.map((p) => [p.id, p.pnr])), async (tx) => {
    const now = services.clock.now();
    // Held for approvers, the products are booked by the approved round; otherwise by the traveller's (or the agency's) confirm.
    const event = rec.travel.status === 'pending_approval' ? 'approveRound' : 'book';
    const moves = booked.map((p) => ({ id: p.id, status: p.status, pnr: p.pnr, confirmationTimeLimit: null, data: p.data }));
    const travel = await applyTravelEvent(tx, rec, event, moves, now, { confirmationTimeLimit: null });
    await enqueue(tx, {
      kind: 'ticket-travel',
      key: ticketingKey(rec.travel.id),
      payload: { travelId: rec.travel.id },
      runAt: new Date(now.getTime() + services.config.ticketing.startMs),
    });
    await queueBookingMails(services, tx, { event: 'booked', travel, products: booked, card });
    // The booker's last travellers: these people first, 10 at most.
    await rememberTravellers(tx, rec.travel.userId, booked, now);
    await alsoInTransaction?.(tx);
  });
}
