import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { BYTEA_CODEC } from './pglite-codec';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * `exclusive` runs its work while no other process sharing the database runs its own (start-up:
 * migrations and the demo seed, when several API processes start at once on one PostgreSQL).
 */
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void>; exclusive: <T>(work: () => Promise<T>) => Promise<T> };

/** The PostgreSQL advisory lock the start-up of every Escale process takes (any fixed number). */
const STARTUP_LOCK = 7_300_001;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite in `dataDir` by default (or in memory / from a dump); PostgreSQL when a URL is given. With
 * `thread` (the server), PGlite runs on a thread of its own (db/pglite-proxy.ts): its work no longer
 * holds the event loop.
 */
export async function openDatabase(opts: { url?: string | null; dataDir?: string; loadDataDir?: Blob; thread?: boolean }): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server drops (restart, failover, a dropped database) must not crash the
    // process: the pool replaces it on next use.
    pool.on('error', (err) => console.error(JSON.stringify({ level: 'warn', msg: 'idle database connection lost', err: String(err) })));
    // So must one lost while checked out between two queries (a transaction's, the start-up lock's): pg
    // emits it on the client, where the pool does not listen, and an unheard 'error' event ends the
    // process (a PostgreSQL restart killed an API process in the soak). Heard here (the pool logs an
    // idle one above), its next query fails instead (503, platform/errors.ts logs it), and the pool
    // drops the client when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session lock on a connection of its own: released by the unlock, or by the server should this process die.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
        }
      } finally {
        client.release();
      }
    };
    return { db: drizzle(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end(), exclusive };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { withPreparedStatements } = await import('./pglite-statements');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client =
    opts.thread && opts.dataDir
      ? new (await import('./pglite-proxy')).PGliteThread(opts.dataDir)
      : withPreparedStatements(opts.loadDataDir ? new PGlite({ loadDataDir: opts.loadDataDir, ...BYTEA_CODEC }) : new PGlite(opts.dataDir, BYTEA_CODEC));
  await client.waitReady;
  // Its pages live in memory: an index lookup costs about a sequential read (the default 4 suits disks),
  // so the planner takes the inbox's few requests by key instead of scanning them all.
  await client.exec('SET random_page_cost = 1.1');
  // PGlite is single-process (one data dir, one connection): nothing else can be starting on it.
  return {
    db: drizzle(client as InstanceType<typeof PGlite>, { schema }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    exclusive: (work) => work(),
  };
}

/**
 * A query built once per database (drizzle's prepared query, values as `sql.placeholder`): drizzle
 * spends ~0.4 ms building the SQL of a query on every call, which the hot paths (the session of
 * every signed-in request, a trip search's policy and stored search) need not pay.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder });
    // No autovacuum in PGlite: the planner's statistics are refreshed here and daily (platform/maintenance.ts).
    await (database.db as unknown as { $client: { query: (q: string) => Promise<unknown> } }).$client.query('ANALYZE');
  }
}
