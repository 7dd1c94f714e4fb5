import type { JobHandlers, JobRow } from '../../platform/jobs';
import { updateTravel } from '../../db/travels';
import * as repo from './repository';
import { itemOf } from './service';

const travelOf = (job: JobRow) => String(job.payload.travelId);

/** Statuses in which a travel's products are held options, and the product status they carry then. */
const HELD = { pending_confirmation: 'prebooked', pending_approval: 'pending_approval' } as const;

/**
 * The booking's durable timers. Each re-reads the travel and does nothing when it already moved on
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
    const held = rec.products.filter((p) => p.status === heldAs);
    await Promise.all(held.map((p) => supplier.booking.cancel(p.pnr!, itemOf(p), now)));
    await db.transaction(async (tx) => {
      await updateTravel(tx, rec.travel, { status: 'expired' }, now);
      for (const p of held) await repo.updateProduct(tx, p.id, { status: 'expired' });
      await repo.expireApprovalRequests(tx, rec.travel.id, now);
    });
  },

  /** The supplier issues the tickets of a booked travel: booked → pending_ticketing → issued (delays: config.ticketing, TICKETING_START_MS / TICKETING_ISSUE_MS). */
  'ticket-travel': async ({ db, clock, config }, job) => {
    const rec = await repo.travelById(db, travelOf(job));
    const now = clock.now();
    const step = rec && ({ booked: 'pending_ticketing', pending_ticketing: 'issued' } as const)[rec.travel.status as 'booked'];
    if (!rec || !step) return;
    const from = rec.travel.status;
    await db.transaction(async (tx) => {
      await updateTravel(tx, rec.travel, { status: step }, now);
      for (const p of rec.products.filter((p) => p.status === from)) await repo.updateProduct(tx, p.id, { status: step });
    });
    if (step === 'pending_ticketing') return { runAgainAt: new Date(now.getTime() + config.ticketing.issueMs) };
  },
};
