import { applyTravelEvent, type ProductMove, type ProductRow, type TravelRecord } from '../db/travels';
import type { Services } from '../platform/services';
import { enqueueRelease, releaseNow } from './release';
import { repriced } from './reprice';

/**
 * A travel pending approval lets its holds go: the requester took the request back (cancel), the
 * approved booking failed at the supplier (failRound), or an approver said no (deny). One path for
 * the three, in three moments around the caller's transaction:
 * - `returnToCart(services, rec, event)`: before it, each held product's price now (the same fare searched
 *   again; none when the supplier no longer sells it). A denied travel is not re-priced.
 * - `write(tx, rec, now)`: in it, on the travel read there: the travel back in the cart (a denied one
 *   `denied`), each held product back in the cart at its price now or released, and the release-holds
 *   job that gives the holds back should this process die.
 * - `giveHoldsBack()`: after the commit, the holds back at the supplier now (the job otherwise).
 */
export type ReturnToCart = {
  write(tx: Services['db'], rec: TravelRecord, now: Date): Promise<void>;
  giveHoldsBack(): Promise<void>;
};

/** The products held for the approvers. */
const heldOf = (rec: TravelRecord) => rec.products.filter((p) => p.status === 'pending_approval');

export async function returnToCart(services: Services, rec: TravelRecord, event: 'returnToCart' | 'failRound' | 'deny'): Promise<ReturnToCart> {
  const denied = event === 'deny';
  const prices = denied ? new Map<string, number | null>() : await repriced(services, rec, heldOf(rec));
  const travelId = rec.travel.id;
  let held: ProductRow[] = [];
  return {
    async write(tx, current, now) {
      held = heldOf(current);
      const moves = held.map((p): ProductMove => {
        const price = prices.get(p.id);
        // A denied travel's products are released as they are (their PNRs stay on them).
        if (denied) return { id: p.id, status: 'released', confirmationTimeLimit: null };
        if (price === null || price === undefined) return { id: p.id, status: 'released', pnr: null, confirmationTimeLimit: null };
        return { id: p.id, status: 'cart', pnr: null, confirmationTimeLimit: null, price };
      });
      await applyTravelEvent(tx, current, event, moves, now, { confirmationTimeLimit: null });
      await enqueueRelease(tx, travelId, held, now);
    },
    giveHoldsBack: () => releaseNow(services, travelId, held),
  };
}
