import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { JOB_HANDLERS } from '@server/app';
import { authFailures, idempotencyKeys, jobs, rateLimits, sandboxPayTokens, sessions, tripSearches, users } from '@server/db/schema';
import { runDueJobs } from '@server/platform/jobs';
import { scheduleMaintenance } from '@server/platform/maintenance';
import { scheduleSearchCleanup } from '@server/features/trip/jobs';
import type { Services } from '@server/platform/services';
import { jobServices, startApi, type Api } from '../support/api';

const DAY = 24 * 3_600_000;

describe('a daily job purges what has expired', () => {
  let api: Api;
  let services: Services;
  beforeAll(async () => {
    api = await startApi();
    services = jobServices(api);
  });
  afterAll(() => api.close());

  it('drops expired, revoked and idle sessions, old idempotency keys, old searches, ended rate-limit windows, failed sign-ins past the window and card tokens never paid with; keeps the rest', async () => {
    const { db, clock } = api;
    const token = await api.login('alice');
    const [alice] = await db.select().from(users).where(eq(users.username, 'alice'));
    const now = clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    const session = (tokenHash: string, values: Partial<typeof sessions.$inferInsert>) =>
      db.insert(sessions).values({ userId: alice!.id, tokenHash, lastSeenAt: at(0), expiresAt: at(DAY), ...values });
    await session('expired', { expiresAt: at(-60_000) });
    await session('revoked', { revokedAt: at(-60_000) });
    await session('idle', { lastSeenAt: at(-(services.config.session.idleMinutes + 1) * 60_000) });
    await db.insert(idempotencyKeys).values([
      { userId: alice!.id, key: 'old-key-0001', requestHash: 'h', status: 'done', createdAt: sql`now() - interval '2 days'` },
      { userId: alice!.id, key: 'new-key-0001', requestHash: 'h', status: 'done' },
    ]);
    const search = { agencyId: alice!.agencyId, userId: alice!.id, leg: 'outward' as const, request: {} as never, journeys: new Uint8Array() };
    await db.insert(tripSearches).values([
      { ...search, createdAt: at(-3 * DAY) },
      { ...search, createdAt: at(0) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'ended', hits: 3, resetAt: sql`now() - interval '1 minute'` },
      { key: 'running', hits: 3, resetAt: sql`now() + interval '1 minute'` },
    ]);
    const window = services.config.loginLimits.windowMinutes * 60_000;
    await db.insert(authFailures).values([
      { scope: 'pair', key: 'old-failure', at: at(-window - 60_000) },
      { scope: 'address', key: 'recent-failure', at: at(-60_000) },
    ]);

    const cardToken = (token: string, values: Partial<typeof sandboxPayTokens.$inferInsert>) => ({
      token,
      brand: 'visa' as const,
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      holder: 'Alice',
      behaviour: 'frictionless' as const,
      ...values,
    });
    await db.insert(sandboxPayTokens).values([
      // Timed by the database clock, as the purge reads it (the test's clock is another).
      cardToken('tok_unused_old_0000000', { createdAt: new Date(Date.now() - 2 * DAY) }),
      cardToken('tok_used_old_00000000', { createdAt: new Date(Date.now() - 2 * DAY), customer: alice!.id }),
      cardToken('tok_unused_new_000000', {}),
    ]);

    // What the server schedules at start-up: a purge now, then every day.
    await scheduleMaintenance(db, clock.now());
    await scheduleSearchCleanup(db, clock.now());
    expect(await runDueJobs(services, JOB_HANDLERS)).toBe(2);
    const [purge] = await db.select().from(jobs).where(eq(jobs.kind, 'purge-expired'));
    expect(purge).toMatchObject({ doneAt: null, runAt: at(DAY) });

    const left = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, alice!.id));
    expect(left).toHaveLength(1);
    expect((await api.call('GET', '/api/v1/user/', { token })).status).toBe(200);
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key)).toEqual(['new-key-0001']);
    expect(await db.select({ id: tripSearches.id }).from(tripSearches)).toHaveLength(1);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(['running']);
    expect((await db.select({ key: authFailures.key }).from(authFailures)).map((r) => r.key)).toEqual(['recent-failure']);
    expect((await db.select({ token: sandboxPayTokens.token }).from(sandboxPayTokens)).map((r) => r.token).sort()).toEqual([
      'tok_unused_new_000000',
      'tok_used_old_00000000',
    ]);
  });
});
