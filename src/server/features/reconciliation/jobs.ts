import type { Db } from '@server/db/client';
import { enqueue, type JobHandlers } from '@server/platform/jobs';
import { reconcileBookings } from './service';

const DAY = 24 * 3_600_000;
export const RECONCILIATION_JOB = 'reconcile-bookings';

/** Schedules the daily reconciliation once (now, then daily); a restart keeps the existing schedule. */
export const scheduleReconciliation = (db: Db, now: Date) =>
  enqueue(db, { kind: RECONCILIATION_JOB, key: RECONCILIATION_JOB, payload: {}, runAt: now, keep: true });

export const reconciliationJobs: JobHandlers = {
  /** Booked products still ahead compared with the supplier, daily (a failed pass is retried with the usual backoff). */
  [RECONCILIATION_JOB]: async (services) => {
    await reconcileBookings(services);
    return { runAgainAt: new Date(services.clock.now().getTime() + DAY) };
  },
};
