import { applyTravelEvent, type ProductRow, type TravelRecord } from '../db/travels';
import { enqueue, settleJob } from '../platform/jobs';
import type { Services } from '../platform/services';
import { itemOf } from '../supplier/book-item';
import { expiryKey, type InTransaction } from './book';
import { queueBookingMails } from './booking-mail';
import * as repo from './repository';

/** Giving held products back to the supplier: the traveller's (or the agency's) release, and the holds a travel leaving approval gives back. */

export const releaseKey = (travelId: string) => `release-holds:${travelId}`;
/** The release-holds job waits this long behind the release made right after the commit (it gives back only what that one could not). */
const RELEASE_RETRY_MS = 5_000;

/** Gives held products back to the supplier (cancelling an option twice is harmless: retries are safe). */
export async function releaseAtSupplier(services: Services, products: ProductRow[]): Promise<void> {
  const now = services.clock.now();
  const settled = await Promise.allSettled(products.filter((p) => p.pnr).map((p) => services.supplier.booking.cancel(p.pnr!, itemOf(p), now)));
  const failure = settled.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * The release path (the traveller's release, the agency's): gives `released` (held options of the
 * travel) back to the supplier, then writes them released, the travel's next deadline (removed when no
 * option is left) and the traveller's e-mail in one transaction on the version `rec` was read at.
 * `alsoInTransaction` runs last in it (a call records its answer there).
 */
export async function releaseHeld(services: Services, rec: TravelRecord, released: ProductRow[], alsoInTransaction?: InTransaction): Promise<void> {
  const travelId = rec.travel.id;
  // Cancelling an option twice is harmless: a retry after a failure here simply cancels again.
  await Promise.all(released.map((p) => services.supplier.booking.cancel(p.pnr!, itemOf(p), services.clock.now())));
  const left = rec.products.filter((p) => p.status === 'prebooked' && !released.includes(p));
  await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    const limit = left.length ? new Date(Math.min(...left.map((p) => p.confirmationTimeLimit!.getTime()))) : null;
    const moves = released.map((p) => ({ id: p.id, status: 'released' as const, confirmationTimeLimit: null }));
    const travel = await applyTravelEvent(tx, rec, 'release', moves, now, { confirmationTimeLimit: limit });
    if (limit) await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
    await queueBookingMails(services, tx, {
      event: 'released',
      travel,
      products: released.map((p) => ({ ...p, status: 'released' as const })),
      stillHeld: left.length > 0,
    });
    await alsoInTransaction?.(tx);
  });
}

/** In the transaction that lets holds go: the holds to give back, as a durable job (its payload keeps their PNRs: the products lose them). */
export async function enqueueRelease(tx: Services['db'], travelId: string, products: ProductRow[], now: Date): Promise<void> {
  const held = products.filter((p) => p.pnr).map((p) => ({ id: p.id, pnr: p.pnr! }));
  if (held.length)
    await enqueue(tx, {
      kind: 'release-holds',
      key: releaseKey(travelId),
      payload: { travelId, products: held },
      runAt: new Date(now.getTime() + RELEASE_RETRY_MS),
    });
}

/** After that commit: gives the holds back now; when the supplier fails, the job does it later. */
export async function releaseNow(services: Services, travelId: string, products: ProductRow[]): Promise<void> {
  if (products.length === 0) return;
  try {
    await releaseAtSupplier(services, products);
    await settleJob(services.db, releaseKey(travelId), services.clock.now());
  } catch {
    // release-holds retries.
  }
}

/** The release-holds job: gives the recorded PNRs back (the products may have lost theirs). */
export async function releaseJob(services: Services, payload: { travelId: string; products: { id: string; pnr: string }[] }): Promise<void> {
  const rec = await repo.travelById(services.db, payload.travelId);
  if (!rec) return;
  const products = payload.products.flatMap((h) => {
    const p = rec.products.find((x) => x.id === h.id);
    return p ? [{ ...p, pnr: h.pnr }] : [];
  });
  await releaseAtSupplier(services, products);
}
