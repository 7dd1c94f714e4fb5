import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '@test/support/databases';
import { isDatabaseUnavailable } from '../platform/errors';
import { openDatabase, type Database } from './client';

/**
 * PostgreSQL drops a connection while a transaction holds it, between two of its queries (what a
 * restart does: "terminating connection due to administrator command"). The process must live on
 * (an unheard 'error' event on the client ended it: the soak's PostgreSQL restart killed an API
 * process), the transaction fail as "database unavailable" (503, 113), and the next call work on a
 * new connection. Runs with TEST_DATABASE_URL (the CI's PostgreSQL run), as several-processes.test.ts.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('a PostgreSQL connection lost while in use (runs when TEST_DATABASE_URL is set)', () => {
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  let opened: Database;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  beforeAll(async () => {
    database = await emptyPostgresDatabase(serverUrl!);
    opened = await openDatabase({ url: database.url });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    process.prependListener('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await admin?.end();
    await opened?.close();
    await database?.drop();
  });

  it('fails the transaction as "database unavailable", keeps the process alive, and serves the next call on a new connection', async () => {
    const failed = await opened.db
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        // The server's farewell arrives while the transaction runs no query.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(uncaught).toEqual([]);
    expect(failed).not.toBeNull();
    expect(isDatabaseUnavailable(failed)).toBe(true);
    const { rows } = (await opened.db.execute(sql`select 41 + 1 as answer`)) as unknown as { rows: { answer: number }[] };
    expect(rows[0]!.answer).toBe(42);
  });
});
