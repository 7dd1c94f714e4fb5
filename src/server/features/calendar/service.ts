import type { CalendarSubscription } from '@contract/calendar';
import { CALENDAR_FEED_PREFIX } from '@contract/calendar';
import { linkTo } from '@contract/rels';
import { loadTravels } from '@server/db/travels';
import { CALENDAR_PRODUCT_STATUSES, hasBookedLegs } from '@server/domain/travel';
import { fail } from '@server/platform/errors';
import { calendar } from '@server/platform/ics';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { newToken, sha256 } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { productEvents } from './events';
import * as repo from './repository';

const PROD_ID = '-//Escale//Calendar//FR';

/** A booked travel's legs as an .ics file (its `calendar` link): booked legs, and cancelled or exchanged ones as cancelled events. */
export async function travelCalendar(ctx: Ctx, travelId: string): Promise<{ ics: string; filename: string }> {
  const { db, clock } = ctx.services;
  const [rec] = await loadTravels(db, ctx.user.id, { id: travelId });
  // The link exists exactly when the travel has booked legs: without it, nothing to read here.
  if (!rec || !hasBookedLegs(rec.products)) return fail('NO_TRAVEL');
  const shown = rec.products.filter((p) => CALENDAR_PRODUCT_STATUSES.includes(p.status) || p.status === 'cancelled' || p.status === 'exchanged');
  const ics = calendar(
    shown.flatMap((p) => productEvents(p, ctx.lang)),
    { prodId: PROD_ID, now: clock.now() },
  );
  return { ics, filename: `${ctx.lang === 'fr' ? 'voyage' : 'trip'}-${rec.travel.id.slice(0, 8)}.ics` };
}

/** The feed's addresses for a token: webcal:// for calendar apps, https:// (or http:// in demo mode) for the others. PUBLIC_URL, never Host. */
function feedUrls(origin: string, token: string) {
  const httpsUrl = `${origin}${CALENDAR_FEED_PREFIX}${token}.ics`;
  return { httpsUrl, url: httpsUrl.replace(/^https?:\/\//, 'webcal://') };
}

function present(row: repo.SubscriptionRow | undefined, token?: string, origin?: string): CalendarSubscription {
  const urls = token && origin ? feedUrls(origin, token) : { url: null, httpsUrl: null };
  return {
    active: Boolean(row),
    createdAt: row?.createdAt.toISOString() ?? null,
    ...urls,
    links: { subscribeCalendar: linkTo('subscribeCalendar'), ...(row ? { revokeCalendar: linkTo('revokeCalendar') } : {}) },
  };
}

/** The user's subscription as it is: whether an address works (the address itself is shown only when made). */
export async function subscription(ctx: Ctx): Promise<CalendarSubscription> {
  return present(await repo.subscriptionOf(ctx.services.db, ctx.user.id));
}

/**
 * The subscription as an Idempotency-Key keeps it: without its address, which no table holds in clear
 * (only its hash). A replay answers this, as `GET calendar/subscription` would: an address works, and
 * its `subscribeCalendar` link makes a new one should the first answer have been lost.
 */
export const withoutAddress = (answer: CalendarSubscription): CalendarSubscription => ({ ...answer, url: null, httpsUrl: null });

/** A new secret address; the previous one, if any, stops working. */
export async function subscribe(ctx: Ctx): Promise<CalendarSubscription> {
  const { db, clock } = ctx.services;
  const token = newToken();
  return db.transaction(async (tx) => {
    const row = await repo.saveSubscription(tx, ctx.user.id, sha256(token), clock.now());
    const answer = present(row, token, ctx.origin);
    await recordAnswer(tx, () => withoutAddress(answer));
    return answer;
  });
}

/** Ends the address: calendar apps reading it get 404 from now on. */
export async function revoke(ctx: Ctx): Promise<CalendarSubscription> {
  const { db } = ctx.services;
  return db.transaction(async (tx) => {
    await repo.deleteSubscription(tx, ctx.user.id);
    const answer = present(undefined);
    await recordAnswer(tx, () => answer);
    return answer;
  });
}

/** The feed behind a secret token, in its owner's language; an unknown or revoked token is not found. */
export async function feed(services: Services, token: string): Promise<string> {
  const { db, clock } = services;
  const owner = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await repo.feedOwner(db, sha256(token)) : undefined;
  if (!owner) return fail('NOT_FOUND');
  const now = clock.now();
  const products = await repo.upcomingProducts(db, owner.id, now);
  await repo.markRead(db, owner.id, now);
  return calendar(
    products.flatMap((p) => productEvents(p, owner.lang)),
    { prodId: PROD_ID, now, name: owner.lang === 'fr' ? 'Mes voyages' : 'My trips', refreshMinutes: 60 },
  );
}
