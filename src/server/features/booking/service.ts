import type { Travel } from '@contract/travel';
import type { ConfirmBody } from '@contract/checkout-steps';
import { travelToChange } from '@server/db/travels';
import { presentTravel } from '@server/domain/travel';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { bookHeld, holdAsOptions } from '@server/booking/book';
import { answer, travelWithLink } from '@server/booking/present';
import { releaseHeld } from '@server/booking/release';

/**
 * The traveller's booking calls (spec 2 §1): confirm books or holds every product of a travel with
 * the supplier, release gives a held option back; both through the shared booking path (booking/).
 */

/** Books the travel (or, with hold, takes options on it); a travel holding options books them. */
export async function confirm(ctx: Ctx, travelId: string, expected: number | null, body: ConfirmBody): Promise<Travel> {
  const rec = await travelWithLink(ctx, travelId, expected, 'confirm');
  const held = rec.travel.status === 'pending_confirmation';
  if (body.hold && held) fail('TICKET_STATUS_FORBIDS');
  const products = rec.products.filter((p) => p.status === (held ? 'prebooked' : 'cart'));
  const answered = (tx: Ctx['services']['db']) => recordAnswer(tx, () => answer(ctx, travelId, tx));
  if (body.hold) await holdAsOptions(ctx.services, rec, products, answered);
  else await bookHeld(ctx.services, rec, products, answered);
  return answer(ctx, travelId);
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
