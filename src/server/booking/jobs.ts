import { applyTravelEvent } from '../db/travels';
import { TICKETED_TYPES } from '../domain/product';
import type { JobHandlers, JobRow } from '../platform/jobs';
import { queueBookingMails } from './booking-mail';
import { releaseJob } from './release';
import * as repo from './repository';

const travelOf = (job: JobRow) => String(job.payload.travelId);

/** Travels whose status tells of a cancellation rather than of the ticketing. */
const PARTLY_CANCELLED: string[] = ['partially_cancelled', 'pending_cancel'];

/** Where ticketing takes a travel next. */
const TICKETING_STEP = { booked: 'pending_ticketing', pending_ticketing: 'issued' } as const;

/**
 * The booking's durable timers once a travel is booked or lets holds go. Each re-reads the travel and
 * does nothing when it already moved on: running one twice is harmless.
 */
export const bookingJobs: JobHandlers = {
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
      const moves = moved.map((p) => ({ id: p.id, status: p.status }));
      const travel = await applyTravelEvent(tx, rec, step === 'pending_ticketing' ? 'startTicketing' : 'issue', moves, now);
      if (step === 'issued') await queueBookingMails(services, tx, { event: 'issued', travel, products: moved });
    });
    if (step === 'pending_ticketing') return { runAgainAt: new Date(now.getTime() + config.ticketing.issueMs) };
  },
};
