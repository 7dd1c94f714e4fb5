import { personName } from '@contract/person-name';
import { apiCode } from '@contract/api-codes';
import { loadTravels, type TravelRecord } from '@server/db/travels';
import { presentApproval, roundAccepted } from '@server/domain/approvals';
import { ApiError } from '@server/platform/errors';
import { settleJob } from '@server/platform/jobs';
import type { Services } from '@server/platform/services';
import { SupplierError } from '@server/supplier/types';
import { bookHeld } from '@server/booking/book';
import { travelById } from '@server/booking/repository';
import { returnToCart } from '@server/booking/return-to-cart';
import { mailApproverFailed, mailRequester } from './mail';
import * as repo from './repository';
import type { ApprovalRow } from './repository';
import { mailCtx, viewOf, viewsOf, type View } from './views';

/**
 * Booking once approved: the round's last approval enqueues the book-approved job in its
 * transaction, then books at once through the booking path of a direct confirm (bookHeld); when the
 * process dies in between, the job books it (the supplier answers the same references with the same
 * PNRs, the travel's version guards the write: it is booked once), or, when booking is no longer
 * possible, fails the round and tells the requester and the approvers.
 */

export const bookApprovedKey = (travelId: string) => `book-approved:${travelId}`;
/** The booking job waits this long behind the inline booking it stands in for (it books only if that one died). */
export const BOOKING_RECOVERY_MS = 5_000;
/** A booking the supplier keeps refusing for this many attempts fails the round. */
const BOOKING_ATTEMPTS = 6;

/**
 * Books a travel whose round of requests all said yes (inline after the last approval, or by the
 * book-approved job after a crash). Safe to run twice: it books only a travel still pending approval,
 * and the booking's write is version-guarded. A booking the supplier refuses for good (or still
 * fails on the last attempt) fails the round: the travel goes back to the cart.
 */
export async function settleApproved(
  services: Services,
  travelId: string,
  opts: { final: boolean; round?: ApprovalRow[] },
): Promise<{ result: 'booked' | 'failed' | 'noop'; views?: Map<string, View> }> {
  const { db, clock } = services;
  // The requester owns the travel: read as theirs, it is one query less.
  const rec = opts.round?.[0]
    ? (await loadTravels(db, opts.round[0].requesterId, { id: travelId, statuses: ['pending_approval'] }))[0]
    : await travelById(db, travelId);
  const round = rec ? (opts.round ?? (await repo.latestRound(db, travelId))) : [];
  if (!rec || rec.travel.status !== 'pending_approval' || !roundAccepted(round)) return { result: 'noop' };
  try {
    await bookHeld(
      services,
      rec,
      rec.products.filter((p) => p.status === 'pending_approval'),
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === apiCode.VERSION_CONFLICT) return { result: 'noop' }; // a twin run wrote first
    const transient = err instanceof SupplierError && (err.kind === 'timeout' || err.kind === 'unavailable');
    if (transient && !opts.final && clock.now() < round[0]!.timeLimit) throw err;
    await failRound(services, rec, round);
    return { result: 'failed' };
  }
  await settleJob(db, bookApprovedKey(travelId), clock.now());
  const views = await viewsOf(db, round);
  const regular = views.get(round[0]!.id);
  const requester = regular?.people.get(round[0]!.requesterId);
  const last = round.reduce((a, b) => ((b.answeredAt?.getTime() ?? 0) > (a.answeredAt?.getTime() ?? 0) ? b : a));
  const by = last.answeredBy ? regular?.people.get(last.answeredBy) : undefined;
  if (regular && requester)
    await mailRequester(await mailCtx(services, round[0]!), requester, presentApproval(regular, requester, requester.lang, clock.now()), {
      event: 'booked',
      by: by ? personName(by) : '',
      message: last.answerMessage,
    });
  return { result: 'booked', views };
}

/** Marks an approved round failed, puts the travel back in the cart (re-priced), releases its holds, tells everyone, and puts it in the agency's work queue. */
async function failRound(services: Services, rec: TravelRecord, round: ApprovalRow[]) {
  const { db, clock } = services;
  const back = await returnToCart(services, rec, 'failRound');
  const done = await db.transaction(async (tx) => {
    const now = clock.now();
    const travel = await travelById(tx, rec.travel.id);
    if (!travel || travel.travel.status !== 'pending_approval') return false;
    for (const r of await repo.roundOf(tx, round[0]!.roundId)) await repo.updateApproval(tx, r, { status: 'failed' });
    const held = travel.products.filter((p) => p.status === 'pending_approval');
    await back.write(tx, travel, now);
    await repo.queueFailedBooking(tx, {
      agencyId: travel.travel.agencyId,
      travelId: travel.travel.id,
      productIds: held.map((p) => p.id),
      requesterId: round[0]!.requesterId,
      createdAt: now,
    });
    return true;
  });
  if (!done) return;
  await back.giveHoldsBack();
  const people = await repo.people(db, [round[0]!.requesterId, ...round.flatMap((r) => (r.answeredBy ? [r.answeredBy] : []))]);
  const now = clock.now();
  for (const r of round) {
    const view = await viewOf(db, (await repo.approvalById(db, r.id))!);
    const ctx = await mailCtx(services, r);
    const approver = r.answeredBy ? people.get(r.answeredBy) : undefined;
    if (approver) await mailApproverFailed(ctx, approver, presentApproval(view, approver, approver.lang, now));
    const requester = people.get(r.requesterId);
    if (requester && r.kind === 'regular') await mailRequester(ctx, requester, presentApproval(view, requester, requester.lang, now), { event: 'failed' });
  }
}

/** The book-approved job: books, or retries later (its backoff), or fails the round on its last attempt. */
export async function bookApprovedJob(services: Services, travelId: string, attempts: number): Promise<void> {
  await settleApproved(services, travelId, { final: attempts >= BOOKING_ATTEMPTS });
}
