import { lt } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { tripSearches } from '@server/db/schema';
import { enqueue, type JobHandlers } from '@server/platform/jobs';

const DAY = 24 * 3_600_000;
/** Searches are kept this long: long enough to add an offer from results left open overnight. */
export const SEARCH_RETENTION_MS = 2 * DAY;

/** Schedules the daily clean-up once; a restart keeps the existing schedule. */
export const scheduleSearchCleanup = (db: Db, now: Date) =>
  enqueue(db, { kind: 'cleanup-trip-searches', key: 'cleanup-trip-searches', payload: {}, runAt: now, keep: true });

export const tripJobs: JobHandlers = {
  /** Stored searches hold whole supplier answers: they are dropped once too old to book from. */
  'cleanup-trip-searches': async ({ db, clock }) => {
    const now = clock.now();
    await db.delete(tripSearches).where(lt(tripSearches.createdAt, new Date(now.getTime() - SEARCH_RETENTION_MS)));
    return { runAgainAt: new Date(now.getTime() + DAY) };
  },
};
