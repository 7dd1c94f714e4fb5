import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, JOB_HANDLERS } from '@server/app';
import { loadConfig } from '@server/config';
import { fixedClock } from '@server/platform/clock';
import { startJobRunner } from '@server/platform/jobs';
import { freshDatabase } from '@test/support/databases';
import { jobServices, startApi, type Api } from '@test/support/api';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

describe('GET /healthz and /readyz', () => {
  it('answer without Api-Key or session, uncached, and are not in the OpenAPI description', async () => {
    const health = await api.call('GET', '/healthz', { apiKey: null });
    expect([health.status, health.body, health.headers['cache-control']]).toEqual([200, { status: 'ok' }, 'no-store']);
    const ready = await api.call('GET', '/readyz', { apiKey: null });
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } }]);
    const paths = Object.keys((api.app.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths.filter((p) => /healthz|readyz|metrics/.test(p))).toEqual([]);
  });

  it('answers 503 naming the migrations when the database lacks this build’s newest one', async () => {
    const behind = await startApi();
    try {
      await behind.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`);
      const ready = await behind.call('GET', '/readyz', { apiKey: null });
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: expect.stringMatching(/^behind: the newest applied migration is \d+, this build's is \d+$/), jobs: 'ok' },
      });
    } finally {
      await behind.close();
    }
  });

  it('answers 503 naming the database when it no longer answers, while /healthz still answers', async () => {
    const database = await freshDatabase();
    const app = await buildApp({
      db: database.db,
      config: loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent' }),
      clock: fixedClock('2026-11-22T09:00:00Z'),
      logger: false,
    });
    await app.ready();
    await database.close();
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', checks: { database: expect.stringMatching(/^unreachable: /), migrations: 'ok', jobs: 'ok' } });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('checks the job runner of an app that runs one: ready while it polls', async () => {
    const database = await freshDatabase();
    const app = await buildApp({
      db: database.db,
      config: loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent' }),
      clock: fixedClock('2026-11-22T09:00:00Z'),
      logger: false,
      jobPollMs: 50,
    });
    await app.ready();
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.json().checks.jobs]).toEqual([200, 'ok']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the job runner as readiness sees it', () => {
  it('is alive while it polls and no longer once stopped', async () => {
    const runner = startJobRunner(jobServices(api), JOB_HANDLERS, { pollMs: 20, onError: () => undefined });
    expect(runner.alive()).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    expect(runner.alive()).toBe(true);
    await runner.stop();
    expect(runner.alive()).toBe(false);
  });
});
