import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '@test/support/databases';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { createSandboxSupplier } from '../supplier';
import { fixedClock } from './clock';
import { LEASE_MS, enqueue, runDueJobs, type JobHandlers } from './jobs';
import { outboxMailer } from './mail';
import type { Services } from './services';

let database: Database;
let services: Services;
const clock = fixedClock('2026-11-22T09:00:00Z');
beforeAll(async () => {
  database = await freshDatabase();
  services = { db: database.db, clock, config: loadConfig({ NODE_ENV: 'test' }), mailer: outboxMailer, supplier: createSandboxSupplier() };
});
afterAll(() => database.close());

const jobByKey = async (key: string) => (await database.db.select().from(jobs).where(eq(jobs.key, key)))[0]!;

describe('durable jobs', () => {
  it('runs a due job once, even with two runners at the same time, and not before its time', async () => {
    const ran: string[] = [];
    const handlers: JobHandlers = { note: async (_, job) => void ran.push(String(job.payload.n)) };
    for (let n = 0; n < 6; n++) await enqueue(database.db, { kind: 'note', key: `note-${n}`, payload: { n }, runAt: clock.now() });
    await enqueue(database.db, { kind: 'note', key: 'note-later', payload: { n: 'later' }, runAt: new Date(clock.now().getTime() + 60_000) });
    await Promise.all([runDueJobs(services, handlers), runDueJobs(services, handlers)]);
    expect(ran.sort()).toEqual(['0', '1', '2', '3', '4', '5']);
    clock.advance(60_000);
    await runDueJobs(services, handlers);
    expect(ran).toContain('later');
    expect((await jobByKey('note-later')).doneAt).not.toBeNull();
  });

  it('records a failure and retries later, with backoff', async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      flaky: async () => {
        if (++calls === 1) throw new Error('supplier down');
      },
    };
    await enqueue(database.db, { kind: 'flaky', key: 'flaky', payload: {}, runAt: clock.now() });
    await runDueJobs(services, handlers);
    const failed = await jobByKey('flaky');
    expect(failed).toMatchObject({ doneAt: null, attempts: 1, leaseUntil: null });
    expect(failed.lastError).toContain('supplier down');
    expect(failed.runAt.getTime()).toBe(clock.now().getTime() + 30_000);
    await runDueJobs(services, handlers);
    expect(calls).toBe(1);
    clock.advance(30_000);
    await runDueJobs(services, handlers);
    expect(await jobByKey('flaky')).toMatchObject({ lastError: null, attempts: 2 });
    expect((await jobByKey('flaky')).doneAt).not.toBeNull();
  });

  it('claims again a job whose runner died once its lease has passed', async () => {
    let calls = 0;
    const handlers: JobHandlers = { orphan: async () => void calls++ };
    await enqueue(database.db, { kind: 'orphan', key: 'orphan', payload: {}, runAt: clock.now() });
    // A runner claimed it and died: the lease stands, nobody else runs it meanwhile.
    await database.db
      .update(jobs)
      .set({ leaseUntil: new Date(clock.now().getTime() + LEASE_MS), attempts: 1 })
      .where(eq(jobs.key, 'orphan'));
    await runDueJobs(services, handlers);
    expect(calls).toBe(0);
    clock.advance(LEASE_MS + 1_000);
    await runDueJobs(services, handlers);
    expect(calls).toBe(1);
    expect((await jobByKey('orphan')).doneAt).not.toBeNull();
  });

  it('renews the lease of a job while it runs: a job longer than a lease is not taken over, and a dead runner’s job waits one minute, not five', async () => {
    expect(LEASE_MS).toBeLessThanOrEqual(60_000);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let others = 0;
    await enqueue(database.db, { kind: 'long', key: 'long', payload: {}, runAt: clock.now() });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const first = runDueJobs(services, {
        long: async () => {
          started();
          await gate;
        },
      });
      await running;
      const claimedUntil = (await jobByKey('long')).leaseUntil!.getTime();
      // Two thirds of a lease later the runner renewed it…
      clock.advance((2 * LEASE_MS) / 3);
      vi.advanceTimersByTime(LEASE_MS / 3);
      vi.advanceTimersByTime(LEASE_MS / 3);
      for (let i = 0; i < 100 && (await jobByKey('long')).leaseUntil!.getTime() <= claimedUntil; i++) await new Promise((r) => setTimeout(r, 20));
      expect((await jobByKey('long')).leaseUntil!.getTime()).toBeGreaterThan(claimedUntil);
      // …so past its first lease, another runner still leaves it alone.
      clock.advance(LEASE_MS / 2);
      await runDueJobs(services, { long: async () => void others++ });
      expect(others).toBe(0);
      finish();
      await first;
    } finally {
      vi.useRealTimers();
    }
    expect(await jobByKey('long')).toMatchObject({ attempts: 1, leaseUntil: null, lastError: null });
    expect((await jobByKey('long')).doneAt).not.toBeNull();
  });
});
