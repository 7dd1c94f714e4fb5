import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { enqueue, type JobHandlers } from './jobs';

const DAY = 24 * 3_600_000;

/**
 * Planner statistics: PGlite has no autovacuum daemon, so without an ANALYZE its planner never
 * learns the tables' sizes and scans where an index would answer (the approvals inbox at thousands
 * of requests). Daily, and at start-up (db/client.ts migrate); harmless on PostgreSQL.
 */
export const scheduleMaintenance = (db: Db, now: Date) => enqueue(db, { kind: 'analyze-database', key: 'analyze-database', payload: {}, runAt: new Date(now.getTime() + DAY), keep: true });

export const maintenanceJobs: JobHandlers = {
  'analyze-database': async ({ db, clock }) => {
    await db.execute(sql`ANALYZE`);
    return { runAgainAt: new Date(clock.now().getTime() + DAY) };
  },
};
