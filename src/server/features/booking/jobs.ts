import type { JobHandlers, JobRow } from '../../platform/jobs';
import { updateTravel } from '../../db/travels';
import { TICKETED_TYPES } from '../../domain/product';
import * as repo from './repository';
import { itemOf } from './service';
import { queueBookingMails } from './booking-mail';
import { askBackup, bookApprovedJob, expireRound, mailExpired, releaseJob, roundApproved } from './approvals';

const travelOf = (job: JobRow) => String(job.payload.travelId);

/** Statuses in which a travel's products are held options, and the product status they carry then. */
const HELD = { pending_confirmation: 'prebooked', pending_approval: 'pending_approval' } as const;

/** Travels whose status tells of a cancellation rather than of the ticketing. */
const PARTLY_CANCELLED: string[] = ['partially_cancelled', 'pending_cancel'];

/** Where ticketing takes a travel next. */
const TICKETING_STEP = { booked: 'pending_ticketing', pending_ticketing: 'issued' } as const;

/**
 * The booking's and the approvals' durable timers. Each re-reads the travel and does nothing when it already moved on
 * (confirmed, released, expired by a twin run): running one twice is harmless.
 */
export const bookingJobs: JobHandlers = {
  /** Options (held, or waiting for an approver) not confirmed by their time limit go back to the supplier. */
  'expire-options': async (services, job) => {
    const { db, clock, supplier } = services;
    const rec = await repo.travelById(db, travelOf(job));
    const heldAs = rec && HELD[rec.travel.status as keyof typeof HELD];
    if (!rec || !heldAs || !rec.travel.confirmationTimeLimit) return;
    const now = clock.now();
    if (rec.travel.confirmationTimeLimit > now) return { runAgainAt: rec.travel.confirmationTimeLimit };
    // Approved in time: its booking (book-approved) is under way, and settles the travel itself.
    if (heldAs === 'pending_approval' && (await roundApproved(db, rec.travel.id))) return;
    const held = rec.products.filter((p) => p.status === heldAs);
    await Promise.all(held.map((p) => supplier.booking.cancel(p.pnr!, itemOf(p), now)));
    const expired = await db.transaction(async (tx) => {
      const travel = await updateTravel(tx, rec.travel, { status: 'expired' }, now);
      for (const p of held) await repo.updateProduct(tx, p.id, { status: 'expired' });
      // Options the user held are told of here; a request for approval that expired, by its own e-mail below.
      if (heldAs === 'prebooked') await queueBookingMails(services, tx, { event: 'expired', travel, products: held.map((p) => ({ ...p, status: 'expired' as const })) });
      return expireRound(tx, rec.travel.id, now);
    });
    // The requester is told (after the commit: a rolled-back expiry announces nothing).
    await mailExpired(services, expired);
  },

  /** Half of an approval request's time without an answer: its backup approver is asked. */
  'approval-backup': async (services, job) => askBackup(services, String(job.payload.approvalId)),

  /** An approved travel booked by the job when the approval's own booking did not happen (the process died, the supplier failed). */
  'book-approved': async (services, job) => bookApprovedJob(services, travelOf(job), job.attempts),

  /** Holds given back to the supplier after a deny, a cancel or a failure, until it said so. */
  'release-holds': async (services, job) => releaseJob(services, job.payload as { travelId: string; products: { id: string; pnr: string }[] }),

  /** The supplier issues the tickets of a booked travel: booked → pending_ticketing → issued (delays: config.ticketing, TICKETING_START_MS / TICKETING_ISSUE_MS). */
  'ticket-travel': async (services, job) => {
    const { db, clock, config } = services;
    const rec = await repo.travelById(db, travelOf(job));
    const now = clock.now();
    // A travel partly cancelled, or with a cancellation at the agency, keeps its status: its other products are still issued.
    const partly = rec && PARTLY_CANCELLED.includes(rec.travel.status);
    // Only tickets are issued: a hotel stay or a car rental stays booked, and a travel of nothing else stays booked too.
    const tickets = rec ? rec.products.filter((p) => TICKETED_TYPES.includes(p.type)) : [];
    const from = rec && (partly ? (['booked', 'pending_ticketing'] as const).find((s) => tickets.some((p) => p.status === s)) : rec.travel.status);
    const step = from && TICKETING_STEP[from as keyof typeof TICKETING_STEP];
    const moved = tickets.filter((p) => p.status === from).map((p) => ({ ...p, status: step! }));
    if (!rec || !step || moved.length === 0) return;
    await db.transaction(async (tx) => {
      const travel = await updateTravel(tx, rec.travel, partly ? {} : { status: step }, now);
      for (const p of moved) await repo.updateProduct(tx, p.id, { status: step });
      if (step === 'issued') await queueBookingMails(services, tx, { event: 'issued', travel, products: moved });
    });
    if (step === 'pending_ticketing') return { runAgainAt: new Date(now.getTime() + config.ticketing.issueMs) };
  },
};
