import { linkTo } from '../../../contract/rels';
import type { Travel, TravelStatus, TravelsList } from '../../../contract/travel';
import { loadTravels, travelToChange, updateTravel } from '../../db/travels';
import { presentTravel } from '../../domain/travel';
import { DELETABLE } from '../../domain/travel-state';
import type { UserRow } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { recordAnswer } from '../../platform/idempotency';
import type { RequestContext } from '../../platform/request-context';

type Ctx = RequestContext & { user: UserRow };

/** The user's travels, of some statuses (all but removed ones by default). */
export async function list(ctx: Ctx, statuses: TravelStatus[] | null): Promise<TravelsList> {
  const now = ctx.services.clock.now();
  const travels = (await loadTravels(ctx.services.db, ctx.user.id, statuses ? { statuses } : {})).map((rec) => presentTravel(rec, ctx.lang, now));
  const inCart = travels.some((t) => t.status === 'cart');
  return { travels, links: inCart ? { emptyCart: linkTo('emptyCart') } : {} };
}

export async function one(ctx: Ctx, travelId: string): Promise<Travel> {
  const [rec] = await loadTravels(ctx.services.db, ctx.user.id, { id: travelId });
  return presentTravel(rec ?? fail('NO_TRAVEL'), ctx.lang, ctx.services.clock.now());
}

/** Removes a travel the user no longer wants (kept as `removed`: approval requests may point at it). */
export async function remove(ctx: Ctx, travelId: string, expected: number | null): Promise<{ ok: true }> {
  const { db, clock } = ctx.services;
  await db.transaction(async (tx) => {
    const { travel } = await travelToChange(tx, ctx.user.id, travelId, expected);
    if (!DELETABLE.includes(travel.status)) fail('TICKET_STATUS_FORBIDS');
    await updateTravel(tx, travel, { status: 'removed' }, clock.now());
    await recordAnswer(tx, () => ({ ok: true }));
  });
  return { ok: true };
}

/** Empties the cart: every travel in status cart is removed. */
export async function emptyCart(ctx: Ctx): Promise<{ ok: true }> {
  const { db, clock } = ctx.services;
  await db.transaction(async (tx) => {
    for (const { travel } of await loadTravels(tx, ctx.user.id, { statuses: ['cart'] })) await updateTravel(tx, travel, { status: 'removed' }, clock.now());
    await recordAnswer(tx, () => ({ ok: true }));
  });
  return { ok: true };
}
