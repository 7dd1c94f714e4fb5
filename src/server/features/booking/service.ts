import type { Rel } from '../../../contract/rels';
import type { ConfirmBody, Travel } from '../../../contract/travel';
import { companyApprovers } from '../../db/companies';
import { travelToChange, updateTravel, type ProductRow, type TravelRecord } from '../../db/travels';
import { eligibleApprovers } from '../../domain/checkout';
import { offers, presentTravel } from '../../domain/travel';
import type { UserRow } from '../../platform/auth';
import { ApiError, fail } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { linkMail } from '../../platform/mail';
import type { RequestContext } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import type { BookItem } from '../../supplier/types';
import * as repo from './repository';

/**
 * Booking (spec 2 §1, issue #5): confirm books or holds every product of a travel with the supplier,
 * requestApproval holds them while an approver decides, release gives a held option back.
 *
 * Crash safety: every supplier call comes first, then every status is written in ONE transaction
 * guarded by the travel's version. A process killed in between wrote nothing, and its retry books
 * the same items again under the same references (the product ids), which the supplier answers
 * with the same PNRs: the travel is never half booked, and nothing is booked twice.
 */

type Ctx = RequestContext & { user: UserRow };

export const expiryKey = (travelId: string) => `expire-options:${travelId}`;
export const ticketingKey = (travelId: string) => `ticket-travel:${travelId}`;

/** What the supplier needs to book a product, referenced by the product id so a retry is recognised. */
export function itemOf(product: ProductRow): BookItem {
  const { data } = product;
  const { journey } = data;
  return {
    kind: journey.mode,
    offerRef: data.offer.id,
    price: product.price,
    passengers: data.travelers.map((t) => ({ firstname: t.firstname ?? '', lastname: t.lastname ?? '' })),
    startsAt: journey.departure,
    flexibility: data.offer.flexibility,
    reference: product.id,
    sections: journey.sections.map((s) => ({ mode: journey.mode, duplex: /Duplex/.test(s.transport.model) })),
    placementWishes: data.placementWishes,
  };
}

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
 * booked the same references got the same PNRs: cancelling them would undo its booking).
 */
async function commit(ctx: Ctx, rec: TravelRecord, pnrs: Map<string, string>, write: (tx: Services['db']) => Promise<void>): Promise<void> {
  const { db, clock, supplier } = ctx.services;
  try {
    await db.transaction(write);
  } catch (err) {
    if (err instanceof ApiError) {
      const now = clock.now();
      const current = (await repo.travelById(db, rec.travel.id))?.products ?? [];
      const orphans = rec.products.filter((p) => pnrs.has(p.id) && current.find((c) => c.id === p.id)?.pnr !== pnrs.get(p.id));
      await Promise.allSettled(orphans.map((p) => supplier.booking.cancel(pnrs.get(p.id)!, itemOf(p), now)));
    }
    throw err;
  }
}

/** The travel as the caller sees it after a change. */
async function answer(ctx: Ctx, travelId: string): Promise<Travel> {
  const rec = await repo.travelById(ctx.services.db, travelId);
  return presentTravel(rec!, ctx.lang, ctx.services.clock.now());
}

/** The travel to change (not theirs → 38, changed since `expected` → 105), refused (69) unless its links offer `rel` now. */
async function travelWithLink(ctx: Ctx, travelId: string, expected: number | null, rel: Rel): Promise<TravelRecord> {
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
    await commit(ctx, rec, new Map(products.map((p, i) => [p.id, options[i]!.pnr])), async (tx) => {
      const now = services.clock.now();
      await updateTravel(tx, rec.travel, { status: 'pending_confirmation', confirmationTimeLimit: limit }, now);
      for (const [i, p] of products.entries())
        await repo.updateProduct(tx, p.id, { status: 'prebooked', pnr: options[i]!.pnr, confirmationTimeLimit: new Date(options[i]!.confirmationTimeLimit) });
      await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
    });
    return answer(ctx, travelId);
  }

  const bookings = await allOrNothing(services, products, (item) => services.supplier.booking.book(item, services.clock.now()));
  await commit(ctx, rec, new Map(products.map((p, i) => [p.id, bookings[i]!.pnr])), async (tx) => {
    const now = services.clock.now();
    await updateTravel(tx, rec.travel, { status: 'booked', confirmationTimeLimit: null }, now);
    for (const [i, p] of products.entries()) {
      const { pnr, tickets, seats } = bookings[i]!;
      await repo.updateProduct(tx, p.id, { status: 'booked', pnr, confirmationTimeLimit: null, data: { ...p.data, booking: { tickets, seats } } });
    }
    await enqueue(tx, { kind: 'ticket-travel', key: ticketingKey(travelId), payload: { travelId }, runAt: new Date(now.getTime() + services.config.ticketing.startMs) });
  });
  return answer(ctx, travelId);
}

/**
 * Asks approval (spec 2 §4): the products are held while the approver decides (the hold's time
 * limit is the guarantee shown in the cart), the request is recorded for the chosen approver (or
 * every approver of the company) and e-mailed to them. Answering it is the approvals feature's.
 */
export async function requestApproval(ctx: Ctx, travelId: string, expected: number | null): Promise<Travel> {
  const { services, user } = ctx;
  const { db } = services;
  const rec = await travelWithLink(ctx, travelId, expected, 'requestApproval');
  const chosen = rec.travel.approvers;
  const approvers = chosen
    ? [await repo.approverById(db, chosen.approverId)].filter((a) => a !== undefined)
    : rec.travel.companyId
      ? eligibleApprovers(await companyApprovers(db, rec.travel.companyId), rec.travel, rec.products)
      : [];
  if (approvers.length === 0) fail('TICKET_WITHOUT_APPROVER');

  const products = rec.products.filter((p) => p.status === 'cart');
  const options = await allOrNothing(services, products, (item) => services.supplier.booking.hold(item, services.clock.now()));
  const limit = earliest(options.map((o) => o.confirmationTimeLimit));
  await commit(ctx, rec, new Map(products.map((p, i) => [p.id, options[i]!.pnr])), async (tx) => {
    const now = services.clock.now();
    await updateTravel(tx, rec.travel, { status: 'pending_approval', confirmationTimeLimit: limit }, now);
    for (const [i, p] of products.entries())
      await repo.updateProduct(tx, p.id, { status: 'pending_approval', pnr: options[i]!.pnr, confirmationTimeLimit: new Date(options[i]!.confirmationTimeLimit) });
    await repo.insertApprovalRequests(
      tx,
      approvers.map((a) => ({
        travelId,
        requesterId: user.id,
        approverId: a.id,
        backupApproverId: chosen?.emergencyApproverId ?? null,
        message: chosen?.message ?? null,
        status: 'pending' as const,
        requestedAt: now,
        timeLimit: limit,
      })),
    );
    await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
  });
  const travel = await answer(ctx, travelId);
  // After the commit: an e-mail must not announce a request that was rolled back.
  for (const approver of approvers) await mailApprover(ctx, approver, travel, limit);
  return travel;
}

async function mailApprover(ctx: Ctx, approver: { firstname: string; email: string }, travel: Travel, limit: Date) {
  const { services, agency, lang, origin, user } = ctx;
  const what = travel.products.map((p) => p.name).join(', ');
  const until = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(limit);
  const requester = `${user.firstname} ${user.lastname}`;
  const t =
    lang === 'en'
      ? { subject: `${agency.name}: approval requested by ${requester}`, greeting: `Hello ${approver.firstname},`, body: `${requester} asks you to approve a travel (${what}, ${travel.price.amount} €). The price is guaranteed until ${until}.`, action: 'Answer the request', footer: 'Without an answer by then, the request expires.' }
      : { subject: `${agency.name} : demande d’approbation de ${requester}`, greeting: `Bonjour ${approver.firstname},`, body: `${requester} vous demande d’approuver un voyage (${what}, ${travel.price.amount.replace('.', ',')} €). Le prix est garanti jusqu’au ${until}.`, action: 'Répondre à la demande', footer: 'Sans réponse d’ici là, la demande expire.' };
  await services.mailer.send(services.db, { agencyId: agency.id, to: approver.email, subject: t.subject, ...linkMail({ ...t, url: `${origin}/account/approvals` }) });
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
  // Cancelling an option twice is harmless: a retry after a failure here simply cancels again.
  await Promise.all(released.map((p) => services.supplier.booking.cancel(p.pnr!, itemOf(p), services.clock.now())));
  const left = rec.products.filter((p) => p.status === 'prebooked' && !released.includes(p));
  await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    const limit = left.length ? new Date(Math.min(...left.map((p) => p.confirmationTimeLimit!.getTime()))) : null;
    await updateTravel(tx, rec.travel, left.length ? { confirmationTimeLimit: limit } : { status: 'removed', confirmationTimeLimit: null }, now);
    for (const p of released) await repo.updateProduct(tx, p.id, { status: 'released', confirmationTimeLimit: null });
    if (limit) await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
  });
  return answer(ctx, travelId);
}
