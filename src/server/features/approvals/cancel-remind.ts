import { apiCode } from '@contract/api-codes';
import type { Travel } from '@contract/travel';
import { closeChain, isOpen, mayRemind, presentApproval } from '@server/domain/approvals';
import { ApiError, fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { answer } from '@server/booking/present';
import { travelById } from '@server/booking/repository';
import { returnToCart } from '@server/booking/return-to-cart';
import * as repo from './repository';
import type { ApprovalRow } from './repository';
import { mailAsked, tokensFor, viewerOf, viewOf, type Asked } from './views';

/** The requester's side of a request: taking it back (cancel) and reminding the approvers (remind). */

/** A request of the caller's own (as requester): someone else's is not found. */
async function ownRequest(ctx: Ctx, approvalId: string) {
  const row = await repo.approvalById(ctx.services.db, approvalId);
  if (!row || row.requesterId !== ctx.user.id) return fail('NOT_FOUND');
  return row;
}

const closedRound = async (ctx: Ctx, row: ApprovalRow): Promise<never> => {
  const view = await viewOf(ctx.services.db, (await repo.approvalById(ctx.services.db, row.id))!);
  throw new ApiError(
    apiCode.TICKETS_NOT_AWAITING_APPROVAL,
    undefined,
    undefined,
    presentApproval(view, viewerOf(ctx.user), ctx.lang, ctx.services.clock.now()),
  );
};

/**
 * The requester takes the request back (`PATCH /approvals/{id}/cancel`): every request of its round
 * ends cancelled, the travel goes back to the cart with its products re-priced or released as the
 * supplier says, and the holds are given back.
 */
export async function cancel(ctx: Ctx, approvalId: string): Promise<Travel> {
  const { services } = ctx;
  const { db, clock } = services;
  const row = await ownRequest(ctx, approvalId);
  const rec = await travelById(db, row.travelId);
  const round = await repo.roundOf(db, row.roundId);
  if (!rec || rec.travel.status !== 'pending_approval' || !round.some((r) => isOpen(r.status))) return closedRound(ctx, row);
  const back = await returnToCart(services, rec, 'returnToCart');
  const done = await db.transaction(async (tx) => {
    const now = clock.now();
    const locked = await repo.lockForAnswer(tx, row.id);
    const current = await repo.roundOf(tx, row.roundId);
    const travel = await travelById(tx, row.travelId);
    if (!locked || !travel || travel.travel.status !== 'pending_approval' || !current.some((r) => isOpen(r.status))) return false;
    for (const r of current) if (r.status !== 'denied') await repo.updateApproval(tx, r, { status: 'cancelled', chain: closeChain(r.chain, 'cancelled', now) });
    await back.write(tx, travel, now);
    await recordAnswer(tx, () => answer(ctx, row.travelId, tx));
    return true;
  });
  if (!done) return closedRound(ctx, row);
  await back.giveHoldsBack();
  return answer(ctx, row.travelId);
}

const REMINDED = 'approver reminded';

/** Re-sends the approvers' e-mail (the `remind` link), at most once an hour (429, api_code 104). */
export async function remind(ctx: Ctx, approvalId: string): Promise<{ message: string }> {
  const { services } = ctx;
  const { db, clock } = services;
  const row = await ownRequest(ctx, approvalId);
  const round = await repo.roundOf(db, row.roundId);
  const open = round.filter((r) => isOpen(r.status));
  if (open.length === 0) return closedRound(ctx, row);
  const now = clock.now();
  if (!mayRemind(row, now))
    fail(
      'TOO_MANY_ATTEMPTS',
      undefined,
      ctx.lang === 'fr' ? 'L’approbateur a déjà été relancé il y a moins d’une heure.' : 'The approver was already reminded less than an hour ago.',
    );
  const asked = await db.transaction(async (tx) => {
    // On the version read: of two reminders at once, one e-mails.
    await repo.updateApproval(tx, row, { remindedAt: now }).catch(() => fail('TOO_MANY_ATTEMPTS'));
    const all: Asked[] = [];
    for (const r of open) {
      const view = await viewOf(tx, r);
      const answering = view.recipients.filter((x) => x.role !== 'former' && x.visibleFrom <= now);
      const people = await repo.people(
        tx,
        answering.map((x) => x.userId),
      );
      all.push(...(await tokensFor(tx, view, [...people.values()], now)));
    }
    await recordAnswer(tx, () => ({ message: REMINDED }));
    return all;
  });
  await mailAsked(services, asked, { why: 'reminder' });
  return { message: REMINDED };
}
