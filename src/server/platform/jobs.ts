import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { Services } from './services';

/**
 * Durable jobs (ARCHITECTURE §3): a row per job in `jobs`, run at `run_at` by whichever process
 * claims it first. A claim is a lease: a process that dies mid-run leaves a lease that expires, and
 * the job is claimed again. Handlers must therefore be safe to run twice (they re-read the state
 * they change and do nothing when it already moved on).
 */

export type JobRow = typeof jobs.$inferSelect;

/** What a handler does with a job; it may ask to run again later (a recurring or multi-step job). */
export type JobHandler = (services: Services, job: JobRow) => Promise<void | { runAgainAt: Date }>;
export type JobHandlers = Record<string, JobHandler>;

/**
 * How long a claimed job is reserved for its runner before another process may take it over. The
 * runner renews it while the job runs (every third of it), so a long job keeps its lease and a job
 * whose process died (kill -9) is taken over within a minute — not after the five minutes a lease
 * long enough for any job once made an approved travel wait for its booking (the soak found it).
 */
export const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Retries wait 30 s, 1 min, 2 min… up to an hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/**
 * Schedules a job. With a key there is at most one job per key: enqueueing again reschedules it
 * (a new payload and time, attempts reset), unless `keep` asks to leave an existing one alone.
 * Call it inside the transaction that makes the job necessary, so both happen or neither.
 */
export async function enqueue(db: Db, job: { kind: string; key?: string; payload: Record<string, unknown>; runAt: Date; keep?: boolean }): Promise<void> {
  const values = { kind: job.kind, key: job.key ?? null, payload: job.payload, runAt: job.runAt };
  if (!job.key) await db.insert(jobs).values(values);
  else if (job.keep) await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.key });
  else
    await db
      .insert(jobs)
      .values(values)
      // lease_until is cleared so a runner still busy with the old schedule does not mark the new one done.
      .onConflictDoUpdate({
        target: jobs.key,
        set: { kind: job.kind, payload: job.payload, runAt: job.runAt, doneAt: null, leaseUntil: null, attempts: 0, lastError: null },
      });
}

/**
 * Marks a keyed job done when the work it stood for was completed elsewhere (e.g. inline, right
 * after the change that enqueued it), unless a runner holds it now: that one finishes it.
 */
export async function settleJob(db: Db, key: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now })
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNull(jobs.leaseUntil)));
}

/** Claims one due job atomically: free or with an expired lease, and not locked by a concurrent claim. */
async function claim(db: Db, now: Date): Promise<JobRow | undefined> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, now))))
    .orderBy(asc(jobs.runAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
  return job;
}

async function runOne(services: Services, handlers: JobHandlers, job: JobRow): Promise<void> {
  const { db, clock } = services;
  // Only the holder of this lease may settle (or renew) the job: a re-enqueue or a takeover cleared or replaced it.
  let lease = job.leaseUntil!;
  const mine = () => and(eq(jobs.id, job.id), eq(jobs.leaseUntil, lease));
  let renewing: Promise<unknown> = Promise.resolve();
  const renewal = setInterval(() => {
    renewing = renewing
      .then(async () => {
        const next = new Date(Math.max(clock.now().getTime() + LEASE_MS, lease.getTime() + 1));
        const renewed = await db.update(jobs).set({ leaseUntil: next }).where(mine()).returning({ id: jobs.id });
        if (renewed.length > 0) lease = next;
      })
      .catch(() => undefined);
  }, LEASE_MS / 3);
  renewal.unref();
  const settled = async () => {
    clearInterval(renewal);
    await renewing;
    return mine();
  };
  try {
    const handler = handlers[job.kind];
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    const outcome = await handler(services, job);
    const set = outcome ? { runAt: outcome.runAgainAt, attempts: 0 } : { doneAt: clock.now() };
    await db
      .update(jobs)
      .set({ ...set, leaseUntil: null, lastError: null })
      .where(await settled());
  } catch (err) {
    const retryAt = new Date(clock.now().getTime() + backoffMs(job.attempts));
    await db
      .update(jobs)
      .set({ runAt: retryAt, leaseUntil: null, lastError: String(err instanceof Error ? (err.stack ?? err.message) : err).slice(0, 2000) })
      .where(await settled());
  }
}

/** Runs every job due at the clock's now, one after another; answers how many ran. Tests call it after moving the clock. */
export async function runDueJobs(services: Services, handlers: JobHandlers): Promise<number> {
  let ran = 0;
  for (let job = await claim(services.db, services.clock.now()); job; job = await claim(services.db, services.clock.now())) {
    await runOne(services, handlers, job);
    ran++;
  }
  return ran;
}

/** The polling runner: `stop` waits for the run in progress; `alive` says it still polls (readiness, platform/health.ts). */
export type JobRunner = { stop: () => Promise<void>; alive: () => boolean };

/** A poll (every job due, one after another) may outlast this only when a job hangs. */
const STUCK_MS = 5 * 60_000;

/** Polls for due jobs until stopped. */
export function startJobRunner(services: Services, handlers: JobHandlers, opts: { pollMs: number; onError: (err: unknown) => void }): JobRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  // Real time, not the services' clock (a test clock may stand still or jump).
  let runStartedAt: number | null = null;
  let lastRunEndedAt = Date.now();
  const tick = () => {
    runStartedAt = Date.now();
    running = runDueJobs(services, handlers)
      .catch(opts.onError)
      .finally(() => {
        runStartedAt = null;
        lastRunEndedAt = Date.now();
        if (!stopped) timer = setTimeout(tick, opts.pollMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    alive: () => {
      if (stopped) return false;
      const now = Date.now();
      return runStartedAt !== null ? now - runStartedAt < STUCK_MS : now - lastRunEndedAt < opts.pollMs + 60_000;
    },
  };
}
