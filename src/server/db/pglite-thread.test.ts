import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from './client';
import { agencies } from './schema';
import { findSearch, saveSearch } from './trip-searches';

/**
 * The server's PGlite runs on a thread of its own (pglite-proxy.ts): what the app asks of a database
 * must hold across it — transactions, errors' codes, bytea, dates — and a lost thread must say so.
 */
let database: Database;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-thread-'));
  database = await openDatabase({ dataDir, thread: true });
  await migrate(database);
}, 60_000);
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const agency = { name: 'Thread', apiKeyHash: 'thread-key', brandColor: '#1d4ed8', accentColor: '#0f766e' };

describe('PGlite on its own thread', () => {
  it('commits a transaction that ends well and rolls back one that throws, its writes with it', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(agencies).values(agency);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(agencies).values({ ...agency, name: 'Rolled back', apiKeyHash: 'other-key' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const names = (await db.select({ name: agencies.name }).from(agencies)).map((a) => a.name);
    expect(names).toContain('Thread');
    expect(names).not.toContain('Rolled back');
  });

  it('keeps a PostgreSQL error’s code (23505: a unique key taken) and goes on answering', async () => {
    const { db } = database;
    const err = await db
      .insert(agencies)
      .values(agency)
      .then(
        () => null,
        (e: unknown) => e as { code?: string; cause?: { code?: string } },
      );
    expect(err?.code ?? err?.cause?.code).toBe('23505');
    const [row] = await db.select({ createdAt: agencies.createdAt }).from(agencies).where(eq(agencies.name, 'Thread'));
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('stores and reads back a search’s compressed journeys (bytea)', async () => {
    const { db } = database;
    const [owner] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, 'Thread'));
    const journeys = [{ id: 'j1', mode: 'rail', departure: '2026-12-01T07:00:00+01:00' }] as never[];
    const saved = await saveSearch(db, { agencyId: owner!.id, userId: null, leg: 'outward', request: {} as never, journeys });
    expect((await findSearch(db, saved.id, owner!.id, null))?.journeys).toEqual(journeys);
    expect((await db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('gives drizzle dates as the database writes them, and PGlite’s own Dates to a call that does not ask for text', async () => {
    const { db } = database;
    const { rows } = (await db.execute(sql`select timestamptz '2026-12-01 07:00:00+00' as at, date '2026-12-01' as day`)) as unknown as {
      rows: { at: unknown; day: unknown }[];
    };
    expect(rows[0]).toEqual({ at: '2026-12-01 07:00:00+00', day: '2026-12-01' });
    const client = (
      db as unknown as { $client: { query: (q: string) => Promise<{ rows: { at: unknown }[] }>; exec: (q: string) => Promise<{ rows: { at: unknown }[] }[]> } }
    ).$client;
    expect((await client.query(`select timestamptz '2026-12-01 07:00:00+00' as at`)).rows[0]!.at).toEqual(new Date('2026-12-01T07:00:00Z'));
    expect((await client.exec(`select timestamptz '2026-12-01 07:00:00+00' as at`))[0]!.rows[0]!.at).toEqual(new Date('2026-12-01T07:00:00Z'));
  });
});
