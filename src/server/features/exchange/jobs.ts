import { and, inArray, lt, notExists, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { exchangeOffers, exchangeSearches } from '@server/db/schema';
import { enqueue, type JobHandlers } from '@server/platform/jobs';
import { finishExchange } from './service';

const DAY = 24 * 3_600_000;
/** Exchange searches and offers never confirmed are kept this long (results left open overnight can still be booked). */
export const EXCHANGE_RETENTION_MS = 2 * DAY;

/** Schedules the daily clean-up once; a restart keeps the existing schedule. */
export const scheduleExchangeCleanup = (db: Db, now: Date) =>
  enqueue(db, { kind: 'cleanup-exchange-searches', key: 'cleanup-exchange-searches', payload: {}, runAt: now, keep: true });

export const exchangeJobs: JobHandlers = {
  /** An exchange a process left half done (killed after asking the supplier, or before cancelling the old ticket) is finished, or undone, here. */
  'finish-exchange': async (services, job) => {
    await finishExchange(services, String(job.payload.offerId), { inline: false });
  },

  /** Stored exchange searches hold whole supplier answers: dropped when old, with the offers nobody confirmed (those under way or done stay, and their search). */
  'cleanup-exchange-searches': async ({ db, clock }) => {
    const now = clock.now();
    const before = new Date(now.getTime() - EXCHANGE_RETENTION_MS);
    await db.delete(exchangeOffers).where(and(inArray(exchangeOffers.status, ['offered', 'failed']), lt(exchangeOffers.updatedAt, before)));
    await db
      .delete(exchangeSearches)
      .where(
        and(
          lt(exchangeSearches.createdAt, before),
          notExists(db.select({ id: exchangeOffers.id }).from(exchangeOffers).where(eq(exchangeOffers.searchId, exchangeSearches.id))),
        ),
      );
    return { runAgainAt: new Date(now.getTime() + DAY) };
  },
};
