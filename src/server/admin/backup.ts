import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { count } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '@server/db/client';
import { agencies, companies, travelProducts, travels, users } from '@server/db/schema';
import { checkDataDirFree, openToolDatabase } from './database';
import { facts, flagOf, refuse, type AdminContext, type Command } from './cli';

/**
 * Backups. PGlite: its data directory as one gzipped tarball (PGlite's dumpDataDir), restored into a
 * fresh directory. PostgreSQL: pg_dump's custom format and pg_restore, when they are installed. Neither
 * migrates: a backup is of the database as it is, and the server migrates a restored one on start.
 */

/** What a database holds, to say what a backup or a restore carried. */
async function contents(db: Db) {
  const [a, c, u, t, p] = await Promise.all(
    [agencies, companies, users, travels, travelProducts].map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n),
  );
  return { agencies: a!, companies: c!, users: u!, travels: t!, bookings: p! };
}

const contentsText = (c: Awaited<ReturnType<typeof contents>>) =>
  `${c.agencies} agencies, ${c.companies} companies, ${c.users} users, ${c.travels} travels, ${c.bookings} travel products`;

/** A PostgreSQL client program (pg_dump, pg_restore) if it is on PATH, else a one-line refusal saying how to get one. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    return refuse(
      `${name} is not on PATH: install the PostgreSQL client of your server's major version (e.g. apt-get install postgresql-client), or back up with your provider's tools`,
    );
  return name;
}

function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[]) {
  const run = spawnSync(pgTool(name), args, { encoding: 'utf8' });
  if (run.status !== 0) {
    const why = (run.stderr || run.error?.message || `exit code ${run.status}`).trim().split('\n')[0];
    refuse(`${name} failed: ${why}`);
  }
}

async function withPool<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    return refuse(`cannot connect to DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

async function backup(ctx: AdminContext, file: string, force: boolean) {
  const target = path.resolve(file);
  if (fs.existsSync(target) && !force) refuse(`<file> ${file} exists: choose another name, or --force to replace it`);
  if (!fs.existsSync(path.dirname(target))) refuse(`<file> ${file}: its directory ${path.dirname(target)} does not exist`);
  const { config } = ctx;
  const partial = `${target}.partial`;
  if (config.databaseUrl) {
    runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${config.databaseUrl}`]);
    fs.renameSync(partial, target);
    const size = fs.statSync(target).size;
    return { kind: 'postgres' as const, file: target, bytes: size, contents: null };
  }
  if (isEmptyDir(config.dataDir)) refuse(`no database in DATA_DIR ${config.dataDir}: nothing to back up`);
  const database = await openToolDatabase(config);
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'gzip') => Promise<Blob> } }).$client;
    const held = await contents(database.db);
    const dump = await client.dumpDataDir('gzip');
    // Written aside, then renamed: an interrupted backup never leaves a truncated file under the name.
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, target);
    return { kind: 'pglite' as const, file: target, bytes: fs.statSync(target).size, contents: held };
  } finally {
    await database.close();
  }
}

async function restore(ctx: AdminContext, file: string, force: boolean) {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) refuse(`<file> ${file} does not exist`);
  const { config } = ctx;
  const head = Buffer.alloc(5);
  const fd = fs.openSync(source, 'r');
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (config.databaseUrl) {
    if (head.toString('latin1') !== 'PGDMP') refuse(`<file> ${file} is not a pg_dump custom-format backup (backup on PostgreSQL writes one)`);
    const tables = await withPool(config.databaseUrl, async (c) =>
      Number((await c.query(`select count(*) as n from information_schema.tables where table_schema = 'public'`)).rows[0].n),
    );
    if (tables > 0 && !force)
      refuse(`the database of DATABASE_URL is not empty (${tables} tables): restore into an empty database, or --force to replace its objects`);
    runPgTool('pg_restore', ['--no-owner', '--exit-on-error', ...(tables > 0 ? ['--clean', '--if-exists'] : []), `--dbname=${config.databaseUrl}`, source]);
    const database = await openToolDatabase(config);
    try {
      return { kind: 'postgres' as const, file: source, contents: await contents(database.db), movedAside: null };
    } finally {
      await database.close();
    }
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) refuse(`<file> ${file} is not a PGlite backup (a .tar.gz written by backup)`);
  let movedAside: string | null = null;
  if (!isEmptyDir(config.dataDir)) {
    if (!force) refuse(`DATA_DIR ${config.dataDir} is not empty: restore into a fresh directory (DATA_DIR=…), or --force to move this one aside`);
    checkDataDirFree(config.dataDir);
    movedAside = `${config.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(config.dataDir, movedAside);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  try {
    const restored = new PGlite(config.dataDir, { loadDataDir: new Blob([fs.readFileSync(source)]) });
    await restored.waitReady;
    await restored.close();
  } catch (err) {
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    if (movedAside) fs.renameSync(movedAside, config.dataDir);
    return refuse(`<file> ${file} could not be restored (${(err as Error).message.split('\n')[0]})`);
  }
  const database = await openToolDatabase(config);
  try {
    return { kind: 'pglite' as const, file: source, contents: await contents(database.db), movedAside };
  } finally {
    await database.close();
  }
}

export const backupCommands: Command[] = [
  {
    path: ['backup'],
    positionals: ['<file>'],
    summary: 'Back up the database to a file: PGlite’s data directory as a .tar.gz, or PostgreSQL with pg_dump -Fc.',
    options: { force: { type: 'flag', help: 'replace <file> if it exists' } },
    database: 'none',
    notes: [
      'PGlite: the server must be stopped (one process at a time on a data directory). PostgreSQL: pg_dump (the client of',
      'your server’s major version) must be on PATH; the server may keep running.',
    ],
    async run(ctx, args) {
      const done = await backup(ctx, args.positionals[0]!, flagOf(args, 'force'));
      return {
        json: done,
        text: facts([
          ['backup', done.file],
          ['of', done.kind === 'pglite' ? `PGlite ${ctx.config.dataDir}` : 'PostgreSQL (DATABASE_URL)'],
          ['size', `${(done.bytes / 1024 / 1024).toFixed(1)} MB`],
          ['holds', done.contents ? contentsText(done.contents) : undefined],
        ]),
      };
    },
  },
  {
    path: ['restore'],
    positionals: ['<file>'],
    summary: 'Restore a backup into a fresh PGlite DATA_DIR, or into the (empty) database of DATABASE_URL.',
    options: { force: { type: 'flag', help: 'PGlite: move a non-empty DATA_DIR aside first; PostgreSQL: replace existing objects' } },
    database: 'none',
    notes: ['The server migrates a restored database to its own version when it starts.'],
    async run(ctx, args) {
      const done = await restore(ctx, args.positionals[0]!, flagOf(args, 'force'));
      return {
        json: done,
        text: facts([
          ['restored', done.file],
          ['into', done.kind === 'pglite' ? `PGlite ${ctx.config.dataDir}` : 'PostgreSQL (DATABASE_URL)'],
          ['previous data', done.movedAside ? `moved to ${done.movedAside}` : undefined],
          ['holds', contentsText(done.contents)],
        ]),
      };
    },
  },
];
