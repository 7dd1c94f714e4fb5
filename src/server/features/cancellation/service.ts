import { apiCode } from '@contract/api-codes';
import type { AgencyTask, CancelResult, RefundPreviewItem } from '@contract/cancellation';
import type { RelBody } from '@contract/rels';
import type { ProductStatus, Travel } from '@contract/travel';
import type { CompanyConfig } from '@server/db/schema';
import { applyTravelEvent, type ProductRow, type TravelRecord } from '@server/db/travels';
import { isAgencyStaff } from '@contract/permissions';
import { cancelledWith, mayCancel, offlineByCompany, previewHolds, previewItem } from '@server/domain/cancellation';
import { presentTask } from '@server/domain/agency-tasks';
import { labelOf, type CancellationRecord } from '@server/domain/product';
import { presentTravel } from '@server/domain/travel';
import type { UserRow } from '@server/platform/auth';
import { ApiError, fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import { enqueue } from '@server/platform/jobs';
import type { UserContext as Ctx } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { itemOf } from '@server/supplier/book-item';
import type { RefundQuote } from '@server/supplier/types';
import { queueAgencyRequestMail, queueCancellationMails } from './cancellation-mail';
import * as repo from './repository';
import { makeCardRefunds, recordCardRefunds } from './refunds';

/**
 * Cancellation: the refund preview of a booked product, its cancel (one or several
 * products, across travels), and the agency's answer to the cancellations it handles offline.
 *
 * Crash safety, as booking's: the supplier's cancels come first (a supplier answers a repeated cancel
 * of the same booking with its refund, and the sandbox is stateless), then ONE transaction locks the
 * travels, checks every product is still cancellable, writes the statuses, refunds, agency tasks and
 * e-mails, and records the call's answer (recordAnswer). A process killed in between wrote nothing:
 * its retry cancels again and records once. A second intent on a cancelled product is refused (69).
 */

/** The supplier's quote for cancelling `product` at `now` (a void when asked and allowed). */
const quoteOf = (services: Services, product: ProductRow, now: Date, wantVoid: boolean): RefundQuote =>
  services.supplier.booking.quoteRefund(itemOf(product), now, { void: wantVoid, issuedAt: product.data.booking?.bookedAt ?? null });

type Loaded = { recs: Map<string, TravelRecord>; configs: Map<string, CompanyConfig | null> };

/** The travels of the user's products `ids`: not all theirs (or unknown) → 404, nothing said about which. */
async function load(ctx: Ctx, ids: string[], db: Services['db'] = ctx.services.db): Promise<Loaded & { travelOf: Map<string, string> }> {
  const travelOf = await repo.ownProducts(db, ctx.user.id, ids);
  if (ids.some((id) => !travelOf.has(id))) fail('NOT_FOUND');
  const recs = new Map((await repo.travelsById(db, [...new Set(travelOf.values())])).map((r) => [r.travel.id, r]));
  const configs = new Map<string, CompanyConfig | null>();
  for (const rec of recs.values())
    if (!configs.has(rec.travel.companyId ?? '')) configs.set(rec.travel.companyId ?? '', await repo.companyConfig(db, rec.travel.companyId));
  return { recs, configs, travelOf };
}

const productIn = (rec: TravelRecord, id: string) => rec.products.find((p) => p.id === id)!;

/** Refused (409, 69) with the travels as they are now when a product may not be cancelled (its links say so). */
function refuseUnlessCancellable(ctx: Ctx, loaded: Loaded & { travelOf: Map<string, string> }, ids: string[], now: Date) {
  const refused = ids.some((id) => {
    const rec = loaded.recs.get(loaded.travelOf.get(id)!)!;
    return !mayCancel(rec.travel, productIn(rec, id), now);
  });
  if (refused) {
    const travels = [...loaded.recs.values()].map((r) => presentTravel(r, ctx.lang, now));
    throw new ApiError(apiCode.TICKET_STATUS_FORBIDS, undefined, undefined, { travels });
  }
}

/** Every product the cancel of `ids` takes (the other legs of round-trip fares too), each once, with its travel. */
function productsToCancel(loaded: Loaded & { travelOf: Map<string, string> }, ids: string[], now: Date): { rec: TravelRecord; product: ProductRow }[] {
  const seen = new Map<string, { rec: TravelRecord; product: ProductRow }>();
  for (const id of ids) {
    const rec = loaded.recs.get(loaded.travelOf.get(id)!)!;
    for (const product of cancelledWith(rec.travel, rec.products, productIn(rec, id), now)) if (!seen.has(product.id)) seen.set(product.id, { rec, product });
  }
  return [...seen.values()];
}

function previewOf(services: Services, loaded: Loaded, rec: TravelRecord, product: ProductRow, now: Date, wantVoid: boolean) {
  const quote = quoteOf(services, product, now, wantVoid);
  const offline = offlineByCompany(loaded.configs.get(rec.travel.companyId ?? '') ?? null, product.type) || !quote.online;
  return { quote, offline, item: previewItem(product, labelOf(product.data), quote, offline, now) };
}

/** GET previewRefund: what cancelling the product now refunds, with the other leg of a round-trip fare. */
export async function preview(ctx: Ctx, productId: string): Promise<RefundPreviewItem[]> {
  const { services } = ctx;
  const now = services.clock.now();
  const loaded = await load(ctx, [productId]);
  refuseUnlessCancellable(ctx, loaded, [productId], now);
  return productsToCancel(loaded, [productId], now).map(({ rec, product }) => previewOf(services, loaded, rec, product, now, true).item);
}

/** POST /treep/cancel (cancelProduct): cancels the products online, or sends them to the agency; all or nothing. */
export async function cancel(ctx: Ctx, body: RelBody<'cancelProduct'>): Promise<CancelResult> {
  const { services } = ctx;
  const now = services.clock.now();
  const ids = [...new Set(body.ticket_ids)];
  const loaded = await load(ctx, ids);
  refuseUnlessCancellable(ctx, loaded, ids, now);
  const chosen = productsToCancel(loaded, ids, now);
  const planned = chosen.map((c) => ({ ...c, ...previewOf(services, loaded, c.rec, c.product, now, body.void) }));
  const shown = new Map(body.previews.map((p) => [p.product_id, p]));
  if (planned.some((p) => !previewHolds(shown.get(p.product.id), p.item, now))) {
    const previews = chosen.map(({ rec, product }) => previewOf(services, loaded, rec, product, now, true).item);
    throw new ApiError(apiCode.REFUND_PREVIEW_CHANGED, undefined, undefined, { previews });
  }

  // The supplier first: all its cancels, or none recorded (a failed one fails the call; its retry cancels again).
  const online = planned.filter((p) => !p.offline);
  const refunds = await Promise.all(
    online.map((p) =>
      services.supplier.booking.cancel(p.product.pnr!, itemOf(p.product), now, { void: body.void, issuedAt: p.product.data.booking?.bookedAt ?? null }),
    ),
  );
  const refundOf = new Map(online.map((p, i) => [p.product.id, refunds[i]!]));

  const travelIds = [...new Set(planned.map((p) => p.rec.travel.id))];
  const cardRefunds: string[] = [];
  await services.db.transaction(async (tx) => {
    await repo.lockTravels(tx, travelIds);
    // Read again under the lock: a twin that cancelled first wins, this one changes nothing (69).
    const all = planned.map((p) => p.product.id);
    const fresh = await load(ctx, all, tx);
    refuseUnlessCancellable(ctx, fresh, all, now);
    for (const travelId of travelIds) {
      const rec = fresh.recs.get(travelId)!;
      const mine = planned.filter((p) => p.rec.travel.id === travelId);
      const changed = new Map<string, ProductRow>();
      const offline = mine.filter((p) => p.offline);
      const task = offline.length
        ? await repo.insertTask(tx, {
            agencyId: rec.travel.agencyId,
            kind: 'cancellation',
            travelId,
            productIds: offline.map((p) => p.product.id),
            requesterId: ctx.user.id,
            createdAt: now,
          })
        : null;
      for (const p of mine) {
        const product = productIn(rec, p.product.id);
        const quote = refundOf.get(product.id);
        const record: CancellationRecord = {
          offline: !quote,
          void: quote?.void ?? false,
          requestedAt: now.toISOString(),
          requestedBy: ctx.user.id,
          cancelledAt: quote ? now.toISOString() : null,
          refund: quote ? quote.refund : null,
          fixedFees: quote ? quote.fixedFees : null,
          variableFees: quote ? quote.fees - quote.fixedFees : null,
          taskId: quote ? null : task!.id,
          previousStatus: product.status,
          refusal: null,
        };
        const status: ProductStatus = quote ? 'cancelled' : 'pending_cancel';
        const data = { ...product.data, cancellation: record };
        changed.set(product.id, { ...product, status, data });
      }
      const travel = await applyTravelEvent(
        tx,
        rec,
        'cancelProducts',
        [...changed.values()].map((p) => ({ id: p.id, status: p.status, data: p.data })),
        now,
      );
      const done = [...changed.values()];
      // Paid by card: the refunds go back to the card (recorded here, made right after the commit, or by their job).
      const card = await recordCardRefunds(
        tx,
        travelId,
        done.filter((p) => p.status === 'cancelled'),
        now,
      );
      if (card) cardRefunds.push(card.paymentId);
      await queueCancellationMails(services, tx, { event: 'cancelled', travel, products: done.filter((p) => p.status === 'cancelled'), card });
      await queueCancellationMails(services, tx, { event: 'requested', travel, products: done.filter((p) => p.status === 'pending_cancel') });
      if (task)
        await queueAgencyRequestMail(services, tx, {
          taskId: task.id,
          travel,
          products: done.filter((p) => p.status === 'pending_cancel'),
          requester: await repo.person(tx, ctx.user.id),
        });
    }
    await recordAnswer(tx, () => result(ctx, planned, travelIds, tx));
  });
  await refundCards(services, cardRefunds);
  return result(ctx, planned, travelIds);
}

/** Makes the card refunds a change recorded; one the payment service does not make now is its job's to retry. */
async function refundCards(services: Services, paymentIds: string[]): Promise<void> {
  await Promise.all(paymentIds.map((id) => makeCardRefunds(services, id).catch(() => undefined)));
}

async function result(
  ctx: Ctx,
  planned: { product: ProductRow; offline: boolean }[],
  travelIds: string[],
  db: Services['db'] = ctx.services.db,
): Promise<CancelResult> {
  const now = ctx.services.clock.now();
  const travels: Travel[] = (await repo.travelsById(db, travelIds)).map((r) => presentTravel(r, ctx.lang, now));
  return {
    cancelled: planned.filter((p) => !p.offline).map((p) => p.product.id),
    requested: planned.filter((p) => p.offline).map((p) => p.product.id),
    travels,
  };
}

// ── The agency's tasks ──────────────────────────────────────────────────────────────────────────

/** Agency staff (travel_agent, assistance_agent): who may answer the agency's tasks. */
const isStaff = (user: UserRow) => isAgencyStaff(user.perms);

/** GET /agency/tasks: the agency's tasks (every kind; the work queue, features/agency-queue, sorts them), for its staff only (34 for anyone else). */
export async function listTasks(ctx: Ctx, status?: 'open' | 'done'): Promise<{ tasks: AgencyTask[] }> {
  if (!isStaff(ctx.user)) fail('NO_PERMISSION');
  return { tasks: (await repo.tasksOf(ctx.services.db, ctx.user.agencyId, { status })).map(presentTask) };
}

/** Splits `total` cents over `weights` in proportion, to the cent (the last takes what rounding left). */
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => (sum > 0 ? Math.floor((total * w) / sum) : Math.floor(total / weights.length)));
  parts[parts.length - 1]! += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/**
 * POST completeAgencyTask: the agency's answer to an offline cancellation — the refund and fees it
 * obtained (the products are cancelled) or its refusal (they are as they were). Staff of the task's
 * agency only (34 for a non-staff user, 404 for another agency's task); an answered task answers 69.
 */
export async function completeTask(ctx: Ctx, taskId: string, body: RelBody<'completeAgencyTask'>): Promise<AgencyTask> {
  const { services } = ctx;
  if (!isStaff(ctx.user)) fail('NO_PERMISSION');
  const answered = async (db: Services['db']) => presentTask((await repo.tasksOf(db, ctx.user.agencyId, { id: taskId }))[0]!);
  const cardRefunds: string[] = [];
  await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    const [probe] = await repo.tasksOf(tx, ctx.user.agencyId, { id: taskId });
    if (!probe) fail('NOT_FOUND');
    await repo.lockTravels(tx, [probe!.travelId]);
    const task = await repo.lockTask(tx, ctx.user.agencyId, taskId);
    // A failed booking is closed (closeAgencyTask), not completed: this link never names one.
    if (!task || task.kind !== 'cancellation') return fail('NOT_FOUND');
    if (task.status !== 'open') throw new ApiError(apiCode.TICKET_STATUS_FORBIDS, undefined, undefined, await answered(tx));
    const rec = (await repo.travelsById(tx, [task.travelId]))[0]!;
    const pending = rec.products.filter((p) => task.productIds.includes(p.id) && p.status === 'pending_cancel');
    const total = pending.reduce((sum, p) => sum + p.price, 0);
    if ('refund' in body && body.refund > total) fail('REQUEST_FORMAT_INVALID', { refund: 'FORMAT_INVALID' });
    const refunds =
      'refund' in body
        ? split(
            body.refund,
            pending.map((p) => p.price),
          )
        : [];
    const fees =
      'refund' in body
        ? split(
            body.fees,
            pending.map((p) => p.price),
          )
        : [];
    const changed = new Map<string, ProductRow>();
    pending.forEach((p, i) => {
      const c = p.data.cancellation!;
      const cancellation: CancellationRecord =
        'refund' in body
          ? { ...c, cancelledAt: now.toISOString(), refund: refunds[i]!, fixedFees: fees[i]!, variableFees: 0 }
          : { ...c, refusal: body.refused };
      changed.set(p.id, { ...p, status: 'refund' in body ? 'cancelled' : c.previousStatus, data: { ...p.data, cancellation } });
    });
    const travel = await applyTravelEvent(
      tx,
      rec,
      'cancelProducts',
      [...changed.values()].map((p) => ({ id: p.id, status: p.status, data: p.data })),
      now,
    );
    await repo.updateTask(tx, task.id, {
      status: 'done',
      outcome: 'refund' in body ? 'cancelled' : 'refused',
      refund: 'refund' in body ? body.refund : null,
      fees: 'refund' in body ? body.fees : null,
      reason: 'refused' in body ? body.refused : null,
      answeredAt: now,
      answeredBy: ctx.user.id,
    });
    // Refused: the tickets go on being issued where ticketing was under way (the booking's job, by its key).
    if ('refused' in body && [...changed.values()].some((p) => p.status === 'booked' || p.status === 'pending_ticketing'))
      await enqueue(tx, { kind: 'ticket-travel', key: `ticket-travel:${travel.id}`, payload: { travelId: travel.id }, runAt: now });
    const card = 'refund' in body ? await recordCardRefunds(tx, travel.id, [...changed.values()], now) : null;
    if (card) cardRefunds.push(card.paymentId);
    await queueCancellationMails(services, tx, {
      event: 'refund' in body ? 'cancelled' : 'refused',
      travel,
      products: [...changed.values()],
      reason: 'refused' in body ? body.refused : null,
      card,
    });
    await recordAnswer(tx, () => answered(tx));
  });
  await refundCards(services, cardRefunds);
  return answered(services.db);
}
