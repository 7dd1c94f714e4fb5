import { isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authFailures, idempotencyKeys, rateLimits, sandboxPayTokens, sessions } from '../db/schema';
import { minutes } from './clock';
import { enqueue, type JobHandlers } from './jobs';

const DAY = 24 * 3_600_000;

/**
 * Daily upkeep, scheduled at start-up (once: a restart keeps the schedule). Planner statistics:
 * PGlite has no autovacuum daemon, so without an ANALYZE its planner never learns the tables' sizes
 * and scans where an index would answer (the approvals inbox at thousands of requests); it also runs
 * at start-up (db/client.ts migrate), harmless on PostgreSQL. The purge runs now, then daily.
 */
export async function scheduleMaintenance(db: Db, now: Date) {
  await enqueue(db, { kind: 'analyze-database', key: 'analyze-database', payload: {}, runAt: new Date(now.getTime() + DAY), keep: true });
  await enqueue(db, { kind: 'purge-expired', key: 'purge-expired', payload: {}, runAt: now, keep: true });
}

export const maintenanceJobs: JobHandlers = {
  'analyze-database': async ({ db, clock }) => {
    await db.execute(sql`ANALYZE`);
    return { runAgainAt: new Date(clock.now().getTime() + DAY) };
  },
  /** What can no longer serve anyone, so that nothing grows with traffic alone (trip searches have their own clean-up job). */
  'purge-expired': async ({ db, clock, config }) => {
    const now = clock.now();
    // Sessions no token can use again: expired, revoked, or idle past the limit (auth.ts).
    const idleSince = new Date(now.getTime() - minutes(config.session.idleMinutes));
    await db.delete(sessions).where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt), lt(sessions.lastSeenAt, idleSince)));
    // A retry comes within minutes (the web app keeps its key only until answered): a day is plenty.
    // Both are timed by the database clock that wrote them.
    await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '1 day'`);
    await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
    // Failed sign-ins count only within the throttling window (platform/sign-in-throttle.ts).
    await db.delete(authFailures).where(lt(authFailures.at, new Date(now.getTime() - minutes(config.loginLimits.windowMinutes))));
    // Cards given to the sandbox payment service (anyone may, in demo mode) and never paid with within a day.
    await db.delete(sandboxPayTokens).where(sql`${sandboxPayTokens.customer} is null and ${sandboxPayTokens.createdAt} < now() - interval '1 day'`);
    return { runAgainAt: new Date(now.getTime() + DAY) };
  },
};
