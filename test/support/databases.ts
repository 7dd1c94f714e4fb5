import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '@server/db/client';
import { seedIfEmpty } from '@server/db/seed';

/**
 * API tests run on a fresh database per test file, copied from a template that was migrated and
 * seeded once (TOOLCHAIN.md: a new PGlite costs ~1.8 s, loading a dump far less). With
 * TEST_DATABASE_URL the same happens on PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
export const TEMPLATE_DUMP = path.resolve('.test-data/pglite-template.tar.gz');
/** One template per checkout: runs from two worktrees on one PostgreSQL server must not drop each other's. */
export const TEMPLATE_DB = `escale_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8)}`;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function prepareTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await admin(url, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    });
    const database = await openDatabase({ url: withDatabase(url, TEMPLATE_DB) });
    await migrate(database);
    await seedIfEmpty(database.db);
    await database.close();
    return;
  }
  const database = await openDatabase({});
  await migrate(database);
  await seedIfEmpty(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'gzip') => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

/**
 * An empty database on the PostgreSQL server of `serverUrl`, for server processes to migrate and
 * seed themselves; `drop` removes it. Fails with the server's error when it cannot be used.
 */
export async function emptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `escale_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: withDatabase(serverUrl, name),
    drop: () => admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `escale_test_${randomBytes(6).toString('hex')}`;
    await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`));
    const database = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const blob = new Blob([fs.readFileSync(TEMPLATE_DUMP)]);
  return openDatabase({ loadDataDir: blob });
}
