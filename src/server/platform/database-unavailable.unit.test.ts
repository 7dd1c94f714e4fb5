import Fastify from 'fastify';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './errors';

/** An app whose one route fails as `fail` does. */
async function answerOf(fail: () => Promise<unknown>) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/x', async () => fail());
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

/** The error drizzle throws when PostgreSQL answers with `code` (as the soak's PostgreSQL restart made it). */
const queryFailed = (code: string, message: string) =>
  new Error('Failed query: select 1', { cause: Object.assign(new Error(message), { name: 'error', code, severity: 'FATAL' }) });

describe('a database out of reach for a moment (PostgreSQL restarting)', () => {
  it('answers 503 SERVICE_UNAVAILABLE (113) with Retry-After when the database cannot be connected to, not 500 "contact support"', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 });
    const db = drizzle(pool);
    try {
      const res = await answerOf(() => db.execute(sql`select 1`));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ api_code: 113 });
      expect(res.headers['retry-after']).toBe('2');
    } finally {
      await pool.end();
    }
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is shutting down'],
    ['08006', 'connection failure'],
  ])('answers 503 (113) when PostgreSQL answers %s (%s)', async (code, message) => {
    const res = await answerOf(async () => {
      throw queryFailed(code, message);
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ api_code: 113 });
    expect(res.body).not.toContain(message);
  });

  it('still answers any other failure 500 (108)', async () => {
    const res = await answerOf(async () => {
      throw queryFailed('23505', 'duplicate key value violates unique constraint');
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ api_code: 108 });
  });
});
