import { linkTo } from '@contract/rels';
import type { Travel, TravelStatus, TravelsList } from '@contract/travel';
import type { BetaStatus, TravelListPage, TravelListQuery } from '@contract/travel-list';
import { BETA_PRODUCT_STATUSES, BETA_STATUSES, BETA_STATUS_ORDER, BETA_TRAVEL_STATUSES, TRAVEL_LIST_DEFAULT_LIMIT } from '@contract/travel-list';
import { applyTravelEvent, loadTravels, travelToChange } from '@server/db/travels';
import { presentTravel } from '@server/domain/travel';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { listProducts, travelPage } from './repository';

/** The user's travels, of some statuses (all but removed ones by default). */
export async function list(ctx: Ctx, statuses: TravelStatus[] | null): Promise<TravelsList> {
  const now = ctx.services.clock.now();
  const travels = (await loadTravels(ctx.services.db, ctx.user.id, statuses ? { statuses } : {})).map((rec) => presentTravel(rec, ctx.lang, now));
  const inCart = travels.some((t) => t.status === 'cart');
  return { travels, links: inCart ? { emptyCart: linkTo('emptyCart') } : {} };
}

/**
 * The beta lists' page (spec 2 §7, §9): the user's travels with products, of the beta statuses asked
 * (all of them by default, so never cart or removed), minus the blacklisted ones, optionally with a
 * product of some status, ended or not by the injected clock; sorted and paged in SQL.
 */
export async function page(ctx: Ctx, query: TravelListQuery, statuses: TravelStatus[] | null): Promise<TravelListPage> {
  const limit = query.limit ?? TRAVEL_LIST_DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const travelStatusesOf = (names: readonly BetaStatus[]) => new Set(names.flatMap((n) => BETA_TRAVEL_STATUSES[n]));
  const refused = travelStatusesOf(query.travelStatusBlacklist ?? []);
  const listed = [...travelStatusesOf(query.travelStatus ?? BETA_STATUSES)].filter((s) => !refused.has(s) && (!statuses || statuses.includes(s)));
  const productStatuses = query.ticketStatus ? [...new Set(query.ticketStatus.flatMap((n) => BETA_PRODUCT_STATUSES[n]))] : null;
  if (listed.length === 0 || productStatuses?.length === 0) return { travels: [], total: 0, offset, limit };
  const { db, clock } = ctx.services;
  const { rows, total } = await travelPage(
    db,
    { userId: ctx.user.id, statuses: listed, productStatuses, passed: query.passed === undefined ? null : query.passed === 'true', now: clock.now() },
    { sortBy: query.sortBy ?? 'startDate', orderBy: query.orderBy ?? (query.sortBy === 'status' ? 'asc' : 'desc'), statusOrder: BETA_STATUS_ORDER },
    { limit, offset: offset * limit },
  );
  const products = await listProducts(
    db,
    rows.map((r) => r.id),
  );
  const travels = rows.map((row) => {
    const own = products.filter((p) => p.travelId === row.id);
    return {
      id: row.id,
      status: row.status,
      startDate: (own[0]?.summary?.departure ?? '').slice(0, 10),
      endDate: (own[own.length - 1]?.summary?.arrival ?? '').slice(0, 10),
      products: own.map(({ id, type, status, summary }) => ({
        id,
        type,
        status,
        from: summary?.from ?? '',
        to: summary?.to ?? '',
        departure: summary?.departure ?? '',
        arrival: summary?.arrival ?? '',
        routes: summary?.routes ?? [],
        ticketsByPax: (summary?.pax ?? []).map((pax) => ({ pax })),
      })),
    };
  });
  return { travels, total, offset, limit };
}

export async function one(ctx: Ctx, travelId: string): Promise<Travel> {
  const [rec] = await loadTravels(ctx.services.db, ctx.user.id, { id: travelId });
  return presentTravel(rec ?? fail('NO_TRAVEL'), ctx.lang, ctx.services.clock.now());
}

/** Removes a travel the user no longer wants (kept as `removed`: approval requests may point at it). */
export async function remove(ctx: Ctx, travelId: string, expected: number | null): Promise<{ ok: true }> {
  const { db, clock } = ctx.services;
  await db.transaction(async (tx) => {
    const rec = await travelToChange(tx, ctx.user.id, travelId, expected);
    await applyTravelEvent(tx, rec, 'remove', [], clock.now());
    await recordAnswer(tx, () => ({ ok: true }));
  });
  return { ok: true };
}

/** Empties the cart: every travel in status cart is removed. */
export async function emptyCart(ctx: Ctx): Promise<{ ok: true }> {
  const { db, clock } = ctx.services;
  await db.transaction(async (tx) => {
    for (const rec of await loadTravels(tx, ctx.user.id, { statuses: ['cart'] })) await applyTravelEvent(tx, rec, 'remove', [], clock.now());
    await recordAnswer(tx, () => ({ ok: true }));
  });
  return { ok: true };
}
