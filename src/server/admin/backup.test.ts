import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { admin, spawnAdmin } from '@test/support/admin';
import { emptyPostgresDatabase, TEMPLATE_DUMP } from '@test/support/databases';
import { killServer, startServerProcess } from '@test/support/server-process';
import { migrate, openDatabase, type Db } from '@server/db/client';
import { seedIfEmpty } from '@server/db/seed';
import { travelProducts, travels, users } from '@server/db/schema';
import { seedTravels } from '@server/features/travels/travels.fixtures';

/**
 * Backups from the operator tool: the demo world's PGlite data directory to one file and back into a
 * fresh directory, with its travels, bookings and users; PostgreSQL through pg_dump/pg_restore. A data
 * directory a server has open is refused in one line.
 */

let root: string;
let seeded: string;

/** What a database holds that a restore must bring back. */
async function holdings(db: Db) {
  const n = async (table: typeof travels | typeof travelProducts | typeof users) => (await db.select({ n: count() }).from(table))[0]!.n;
  const [alice] = await db.select().from(users).where(eq(users.username, 'alice'));
  const aliceTravels = alice ? (await db.select({ n: count() }).from(travels).where(eq(travels.userId, alice.id)))[0]!.n : 0;
  return { travels: await n(travels), bookings: await n(travelProducts), users: await n(users), aliceTravels };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-admin-backup-'));
  // The demo world on disk, as `npm start` leaves it (the API tests' migrated and seeded template).
  seeded = path.join(root, 'seeded');
  const db = new PGlite(seeded, { loadDataDir: new Blob([fs.readFileSync(TEMPLATE_DUMP)]) });
  await db.waitReady;
  await db.close();
  // With alice's travels: two booked trains and one in her cart.
  const database = await openDatabase({ dataDir: seeded });
  const [alice] = await database.db.select().from(users).where(eq(users.username, 'alice'));
  await seedTravels(
    database.db,
    alice!,
    [
      { status: 'booked', days: 1 },
      { status: 'booked', days: 3 },
      { status: 'cart', days: 5 },
    ],
    new Date(),
  );
  await database.close();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('backup and restore on PGlite', () => {
  it('backs up the demo world and restores it into a fresh directory with its travels, bookings and users', { timeout: 120_000 }, async () => {
    const before = await (async () => {
      const database = await openDatabase({ dataDir: seeded });
      try {
        return await holdings(database.db);
      } finally {
        await database.close();
      }
    })();
    expect(before.travels).toBeGreaterThan(0);
    expect(before.bookings).toBeGreaterThan(0);
    expect(before.aliceTravels).toBeGreaterThanOrEqual(3);

    const file = path.join(root, 'escale.tar.gz');
    const backup = await spawnAdmin(['backup', file], { DATA_DIR: seeded });
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain(`backup: ${file}`);
    expect(backup.out).toContain(`${before.users} users, ${before.travels} travels, ${before.bookings} travel products`);
    expect(fs.statSync(file).size).toBeGreaterThan(100_000);

    const fresh = path.join(root, 'restored');
    const restore = await spawnAdmin(['restore', file, '--json'], { DATA_DIR: fresh });
    expect(restore.err).toBe('');
    expect(restore.json).toMatchObject({
      kind: 'pglite',
      movedAside: null,
      contents: { users: before.users, travels: before.travels, bookings: before.bookings },
    });

    const database = await openDatabase({ dataDir: fresh });
    try {
      expect(await holdings(database.db)).toEqual(before);
      // A restored database opens as the server opens it: migrated (nothing to do), then used.
      await migrate(database);
    } finally {
      await database.close();
    }
  });

  it('refuses to restore over a directory that has data, unless --force, which moves it aside', { timeout: 60_000 }, async () => {
    const file = path.join(root, 'escale.tar.gz');
    const target = path.join(root, 'restored');
    const refused = await admin(null, ['restore', file], { env: { DATA_DIR: target } });
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`error: DATA_DIR ${target} is not empty: restore into a fresh directory (DATA_DIR=…), or --force to move this one aside\n`);
    const forced = await admin(null, ['restore', file, '--force', '--json'], { env: { DATA_DIR: target } });
    expect(forced.err).toBe('');
    expect(forced.json.movedAside).toMatch(new RegExp(`^${target}\\.before-restore-`));
    expect(fs.existsSync(path.join(forced.json.movedAside, 'PG_VERSION'))).toBe(true);
    expect(forced.json.contents.travels).toBeGreaterThan(0);
  });

  it.each([
    [['backup', 'EXISTING'], 'exists: choose another name, or --force to replace it'],
    [['backup', '/nonexistent/dir/escale.tar.gz'], 'error: <file> /nonexistent/dir/escale.tar.gz: its directory /nonexistent/dir does not exist'],
    [['restore', '/nonexistent/escale.tar.gz'], 'error: <file> /nonexistent/escale.tar.gz does not exist'],
    [['restore', 'NOT_A_BACKUP'], 'is not a PGlite backup (a .tar.gz written by backup)'],
    [['backup'], 'error: "backup" needs <file>'],
  ])('refuses %j in one line', async (argv, message) => {
    const existing = path.join(root, 'existing.tar.gz');
    fs.writeFileSync(existing, 'x');
    const args = argv.map((a) => (a === 'EXISTING' || a === 'NOT_A_BACKUP' ? existing : a));
    const run = await admin(null, args, { env: { DATA_DIR: path.join(root, 'empty') } });
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toContain(message);
  });

  it('refuses a data directory a running server holds, in one line, and works on it once the server stopped', { timeout: 120_000 }, async () => {
    const dir = path.join(root, 'restored');
    const server = await startServerProcess({ dataDir: dir });
    try {
      for (const argv of [
        ['agency', 'list'],
        ['backup', path.join(root, 'while-running.tar.gz')],
      ]) {
        const run = await admin(null, argv, { env: { DATA_DIR: dir } });
        expect(run.code).toBe(1);
        expect(run.err).toBe(
          `error: the PGlite data directory ${dir} is in use by process ${server.child.pid}: stop the server first, or use PostgreSQL (DATABASE_URL)\n`,
        );
      }
    } finally {
      await killServer(server.child);
    }
    const run = await admin(null, ['agency', 'list', '--json'], { env: { DATA_DIR: dir } });
    expect(run.err).toBe('');
    expect(run.json.map((a: { name: string }) => a.name)).toContain('Escale Voyages');
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('backup and restore on PostgreSQL (runs when TEST_DATABASE_URL is set; needs pg_dump and pg_restore on PATH)', () => {
  it('dumps the demo world with pg_dump and restores it with pg_restore into an empty database', { timeout: 120_000 }, async () => {
    const source = await emptyPostgresDatabase(serverUrl!);
    const target = await emptyPostgresDatabase(serverUrl!);
    try {
      const database = await openDatabase({ url: source.url });
      await migrate(database);
      await seedIfEmpty(database.db);
      const before = await holdings(database.db);
      await database.close();

      const file = path.join(root, 'escale.pgdump');
      const backup = await spawnAdmin(['backup', file, '--json'], { DATABASE_URL: source.url });
      expect(backup.err).toBe('');
      expect(backup.json).toMatchObject({ kind: 'postgres', file });
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

      const restore = await spawnAdmin(['restore', file, '--json'], { DATABASE_URL: target.url });
      expect(restore.err).toBe('');
      expect(restore.json.contents).toMatchObject({ users: before.users, travels: before.travels, bookings: before.bookings });
      const restored = await openDatabase({ url: target.url });
      try {
        expect(await holdings(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }

      const again = await spawnAdmin(['restore', file], { DATABASE_URL: target.url });
      expect(again.code).toBe(1);
      expect(again.err).toMatch(
        /^error: the database of DATABASE_URL is not empty \(\d+ tables\): restore into an empty database, or --force to replace its objects\n$/,
      );
      const forced = await spawnAdmin(['restore', file, '--force', '--json'], { DATABASE_URL: target.url });
      expect(forced.err).toBe('');
      expect(forced.json.contents.travels).toBe(before.travels);
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});
