import { personName } from '@contract/person-name';
import type { Approval } from '@contract/approvals';
import { apiCode } from '@contract/api-codes';
import { companyApprovers } from '@server/db/companies';
import {
  answerChain,
  answerRefusal,
  closeChain,
  escalatedChain,
  involvedIn,
  isOpen,
  nextApprovers,
  presentApproval,
  roundAccepted,
  type Answer,
  type Refusal,
} from '@server/domain/approvals';
import type { UserRow } from '@server/platform/auth';
import { ApiError, fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import { enqueue } from '@server/platform/jobs';
import type { UserContext as Ctx } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { travelById } from '@server/booking/repository';
import { returnToCart, type ReturnToCart } from '@server/booking/return-to-cart';
import { mailRequester, type RequesterNews } from './mail';
import * as repo from './repository';
import type { ApprovalRow, PersonRow } from './repository';
import { BOOKING_RECOVERY_MS, bookApprovedKey, settleApproved } from './settle';
import { chainPerson, mailAsked, mailCtx, tokensFor, viewerOf, viewOf, type Asked, type View } from './views';

/**
 * An approver's answer (approve, deny, escalate; spec 2 §4–§5), from the inbox or a one-click link.
 * Exactly one answer wins: an answer locks the travel, then the request (SELECT … FOR UPDATE), checks
 * the request is still open and writes it on its version, all in one transaction; a concurrent answer
 * waits for the lock, finds the request answered and is refused (409, api_code 67, with the request
 * as it is now). The approval that completes its round books the travel (settle.ts).
 */

const REFUSALS: Record<Exclude<Refusal, 'closed' | 'hidden'>, Parameters<typeof fail>[0]> = {
  not_allowed: 'UNAUTHORIZED_TICKETS',
  own_trip: 'APPROVER_NOT_ALLOWED',
  no_escalation: 'TICKET_STATUS_FORBIDS',
};

type AnswerInput = { message?: string | null; reason?: string | null; approver?: string | null };
type Outcome = { row: ApprovalRow; round: ApprovalRow[]; roundComplete: boolean; back: ReturnToCart | null; escalatedTo: PersonRow | null; asked: Asked[] };
export type Actor = Pick<UserRow, 'id' | 'companyId' | 'perms' | 'flags' | 'firstname' | 'lastname' | 'email'>;

/**
 * Gives `actor`'s answer to a request, once. `beforeWrite` runs in the transaction once the answer
 * is allowed (a one-click token is spent there); `shown` is what the caller gets of the request (the
 * one-click page gets no links).
 */
export async function answerRequest(
  services: Services,
  actor: Actor,
  lang: Ctx['lang'],
  approvalId: string,
  answer: Answer,
  input: AnswerInput,
  opts: { beforeWrite?: (tx: Services['db']) => Promise<void>; shown?: (approval: Approval) => Approval } = {},
): Promise<Approval> {
  const { db, clock } = services;
  const viewer = viewerOf(actor);
  const { beforeWrite, shown = (approval: Approval) => approval } = opts;
  const outcome = await db.transaction(async (tx) => {
    const decided = await decide(tx);
    // The answer as of the commit (the booking that may follow is the job's, should this process die).
    await recordAnswer(tx, async () => shown(presentApproval(await viewOf(tx, decided.row), viewer, lang, clock.now())));
    return decided;
  });

  async function decide(tx: Services['db']): Promise<Outcome> {
    const now = clock.now();
    const row = await repo.lockForAnswer(tx, approvalId);
    if (!row) return fail('NOT_FOUND');
    const view = await viewOf(tx, row, answer === 'escalate');
    const recipient = view.recipients.find((r) => r.userId === actor.id);
    const involved = involvedIn(view.travel, view.products);
    const refusal = answerRefusal(answer, { request: row, recipient, viewer, involved, hasNext: view.next.length > 0 }, now);
    if (refusal === 'hidden') return fail('NOT_FOUND');
    if (refusal === 'closed') throw new ApiError(apiCode.TICKETS_NOT_AWAITING_APPROVAL, undefined, undefined, presentApproval(view, viewer, lang, now));
    if (refusal) return fail(REFUSALS[refusal]);
    await beforeWrite?.(tx);
    const me = chainPerson(actor);
    const role = recipient!.role === 'former' ? 'main' : recipient!.role;
    const base = { row, round: [row], roundComplete: false, back: null as ReturnToCart | null, escalatedTo: null as PersonRow | null, asked: [] as Asked[] };

    if (answer === 'approve') {
      const saved = await repo.updateApproval(tx, row, {
        status: 'accepted',
        answeredAt: now,
        answeredBy: actor.id,
        answerMessage: input.message ?? null,
        chain: answerChain(row.chain, me, 'accepted', input.message ?? null, now, role),
      });
      const round = (await repo.roundOf(tx, row.roundId)).map((r) => (r.id === saved.id ? saved : r));
      const roundComplete = roundAccepted(round);
      if (roundComplete)
        await enqueue(tx, {
          kind: 'book-approved',
          key: bookApprovedKey(row.travelId),
          payload: { travelId: row.travelId },
          runAt: new Date(now.getTime() + BOOKING_RECOVERY_MS),
        });
      return { ...base, row: saved, round, roundComplete };
    }

    if (answer === 'deny') {
      const reason = input.reason ?? '';
      const saved = await repo.updateApproval(tx, row, {
        status: 'denied',
        answeredAt: now,
        answeredBy: actor.id,
        answerMessage: reason,
        chain: answerChain(row.chain, me, 'denied', reason, now, role),
      });
      for (const other of await repo.roundOf(tx, row.roundId))
        if (other.id !== row.id && (isOpen(other.status) || other.status === 'accepted'))
          await repo.updateApproval(tx, other, { status: 'cancelled', chain: closeChain(other.chain, 'cancelled', now) });
      const rec = (await travelById(tx, row.travelId))!;
      const back = await returnToCart(services, rec, 'deny');
      await back.write(tx, rec, now);
      return { ...base, row: saved, back };
    }

    // Escalation: to the approver named, or the next one in the company's chain.
    const candidates = nextApprovers(await companyApprovers(tx, row.companyId!), involved, view.recipients);
    const target = input.approver ? candidates.find((c) => c.id === input.approver) : candidates[0];
    if (!target) return fail('APPROVER_NOT_ALLOWED', { approver: 'SELECT_VALID_VALUE' });
    const targetPerson = (await repo.people(tx, [target.id])).get(target.id)!;
    const saved = await repo.updateApproval(tx, row, {
      status: 'escalated',
      approverId: target.id,
      message: input.message ?? row.message,
      chain: escalatedChain(row.chain, me, chainPerson(targetPerson), input.message ?? null, now, role),
    });
    // Passed on: everyone who held it sees it still, only the new approver answers it.
    await repo.putRecipients(tx, [
      ...view.recipients
        .filter((r) => r.userId !== target.id)
        .map((r) => ({ approvalId: row.id, userId: r.userId, role: 'former' as const, visibleFrom: r.visibleFrom < now ? r.visibleFrom : now })),
      { approvalId: row.id, userId: target.id, role: 'main', visibleFrom: now },
    ]);
    const asked = await tokensFor(tx, await viewOf(tx, saved), [targetPerson], now);
    return { ...base, row: saved, escalatedTo: targetPerson, asked };
  }

  // After the commit: the supplier, then the e-mails, from one read of the request.
  const { row } = outcome;
  const by = personName(actor);
  let view: View | undefined;
  if (answer === 'approve' && outcome.roundComplete) {
    const settled = await settleApproved(services, row.travelId, { final: false, round: outcome.round }).catch(() => undefined);
    view = settled?.views?.get(row.id);
  } else if (answer === 'deny') await outcome.back?.giveHoldsBack();
  else if (answer === 'escalate') await mailAsked(services, outcome.asked, { why: 'escalated', by });
  view ??= await viewOf(db, row);
  const requester = view.people.get(row.requesterId);
  const news: RequesterNews | null =
    answer === 'deny'
      ? { event: 'denied', by, reason: input.reason ?? '' }
      : answer === 'escalate'
        ? { event: 'escalated', by, to: personName(outcome.escalatedTo!), message: input.message ?? null }
        : outcome.roundComplete
          ? null // the booking tells the requester (now, or the job)
          : { event: 'waiting', by, message: input.message ?? null };
  if (news && requester) await mailRequester(await mailCtx(services, row), requester, presentApproval(view, requester, requester.lang, clock.now()), news);
  return shown(presentApproval(view, viewer, lang, clock.now()));
}

export const approve = (ctx: Ctx, approvalId: string, message: string | null) =>
  answerRequest(ctx.services, ctx.user, ctx.lang, approvalId, 'approve', { message });
export const deny = (ctx: Ctx, approvalId: string, reason: string) => answerRequest(ctx.services, ctx.user, ctx.lang, approvalId, 'deny', { reason });
export const escalate = (ctx: Ctx, approvalId: string, body: { approver?: string | null; message?: string | null }) =>
  answerRequest(ctx.services, ctx.user, ctx.lang, approvalId, 'escalate', { approver: body.approver?.trim() || null, message: body.message ?? null });
