import { personName } from '@contract/person-name';
import { applyTravelEvent } from '@server/db/travels';
import { closeChain, isOpen, presentApproval, roundAccepted } from '@server/domain/approvals';
import type { JobHandlers, JobRow } from '@server/platform/jobs';
import type { Services } from '@server/platform/services';
import { itemOf } from '@server/supplier/book-item';
import { queueBookingMails } from '@server/booking/booking-mail';
import { travelById } from '@server/booking/repository';
import { mailRequester } from './mail';
import * as repo from './repository';
import type { ApprovalRow } from './repository';
import { DEACTIVATED_APPROVER_JOB } from '@server/db/user-status';
import { passOnRequestsOf } from './reassign';
import { bookApprovedJob } from './settle';
import { mailAsked, mailCtx, tokensFor, viewOf } from './views';

const travelOf = (job: JobRow) => String(job.payload.travelId);

/** Statuses in which a travel's products are held options, and the product status they carry then. */
const HELD = { pending_confirmation: 'prebooked', pending_approval: 'pending_approval' } as const;

/**
 * The approvals' durable timers, and the expiry of held options (the traveller's, or those held for
 * the approvers: an approved round's booking is under way and is left to finish). Each re-reads what
 * it acts on and does nothing when it already moved on: running one twice is harmless.
 */
export const approvalJobs: JobHandlers = {
  /** Options (held, or waiting for an approver) not confirmed by their time limit go back to the supplier. */
  'expire-options': async (services, job) => {
    const { db, clock, supplier } = services;
    const rec = await travelById(db, travelOf(job));
    const heldAs = rec && HELD[rec.travel.status as keyof typeof HELD];
    if (!rec || !heldAs || !rec.travel.confirmationTimeLimit) return;
    const now = clock.now();
    if (rec.travel.confirmationTimeLimit > now) return { runAgainAt: rec.travel.confirmationTimeLimit };
    // Approved in time: its booking (book-approved) is under way, and settles the travel itself.
    if (heldAs === 'pending_approval' && roundAccepted(await repo.latestRound(db, rec.travel.id))) return;
    const held = rec.products.filter((p) => p.status === heldAs);
    await Promise.all(held.map((p) => supplier.booking.cancel(p.pnr!, itemOf(p), now)));
    const expired = await db.transaction(async (tx) => {
      const travel = await applyTravelEvent(
        tx,
        rec,
        'expire',
        held.map((p) => ({ id: p.id, status: 'expired' as const })),
        now,
      );
      // Options the user held are told of here; a request for approval that expired, by its own e-mail below.
      if (heldAs === 'prebooked')
        await queueBookingMails(services, tx, { event: 'expired', travel, products: held.map((p) => ({ ...p, status: 'expired' as const })) });
      return expireRound(tx, rec.travel.id, now);
    });
    // The requester is told (after the commit: a rolled-back expiry announces nothing).
    await mailExpired(services, expired);
  },

  /** Half of an approval request's time without an answer: its backup approver is asked. */
  'approval-backup': async (services, job) => askBackup(services, String(job.payload.approvalId)),

  /** A deactivated approver's open requests go to their backup or the next approver (reassign.ts). */
  [DEACTIVATED_APPROVER_JOB]: async (services, job) => passOnRequestsOf(services, String(job.payload.userId)),

  /** An approved travel booked by the job when the approval's own booking did not happen (the process died, the supplier failed). */
  'book-approved': async (services, job) => bookApprovedJob(services, travelOf(job), job.attempts),
};

/** Half of the allowed time without an answer: the backup approver gets the request, and an e-mail. */
async function askBackup(services: Services, approvalId: string): Promise<void> {
  const { db, clock } = services;
  const row = await repo.approvalById(db, approvalId);
  if (!row || !isOpen(row.status) || !row.backupApproverId) return;
  const now = clock.now();
  const asked = await db.transaction(async (tx) => {
    const view = await viewOf(tx, row);
    const backup = view.recipients.find((r) => r.userId === row.backupApproverId && r.role === 'backup');
    if (!backup) return []; // escalated meanwhile
    const person = (await repo.people(tx, [backup.userId])).get(backup.userId)!;
    return tokensFor(tx, view, [person], now);
  });
  const main = row.approverId ? (await repo.people(db, [row.approverId])).get(row.approverId) : undefined;
  await mailAsked(services, asked, { why: 'backup', main: main ? personName(main) : '' });
}

/** In the expiry's transaction: the round's open requests expire, and their chain says so. */
async function expireRound(tx: Services['db'], travelId: string, now: Date): Promise<ApprovalRow[]> {
  const expired: ApprovalRow[] = [];
  for (const r of await repo.latestRound(tx, travelId))
    if (isOpen(r.status)) expired.push(await repo.updateApproval(tx, r, { status: 'expired', answeredAt: now, chain: closeChain(r.chain, 'expired', now) }));
  return expired;
}

/** Tells the requester their request expired. */
async function mailExpired(services: Services, rows: ApprovalRow[]) {
  const row = rows.find((r) => r.kind === 'regular') ?? rows[0];
  if (!row) return;
  const requester = (await repo.people(services.db, [row.requesterId])).get(row.requesterId);
  if (!requester) return;
  const view = await viewOf(services.db, (await repo.approvalById(services.db, row.id))!);
  await mailRequester(await mailCtx(services, row), requester, presentApproval(view, requester, requester.lang, services.clock.now()), { event: 'expired' });
}
