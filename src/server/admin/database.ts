import fs from 'node:fs';
import path from 'node:path';
import { migrate, openDatabase, type Database } from '@server/db/client';
import { refuse, type ToolConfig } from './cli';

/**
 * The tool's own connection to the database the server uses. PostgreSQL takes any number of
 * processes; a PGlite data directory only one: the tool refuses it while another process has it open.
 */

export const IN_USE = 'stop the server first, or use PostgreSQL (DATABASE_URL)';

/**
 * The id of another process that has files of the data directory open (a running server keeps its WAL
 * and tables open), or null. Without /proc (not Linux), PGlite's postmaster.pid is the only sign: it is
 * there while the directory is open (and after a crash, when the check may err on the safe side).
 */
export function dataDirHolder(dir: string): number | null {
  if (!fs.existsSync(dir)) return null;
  const real = fs.realpathSync(dir);
  if (!fs.existsSync('/proc/self/fd')) return fs.existsSync(path.join(real, 'postmaster.pid')) ? -1 : null;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target === real || target.startsWith(`${real}/`)) return Number(pid);
    }
  }
  return null;
}

/** Refuses a PGlite data directory another process holds, in one line. */
export function checkDataDirFree(dir: string) {
  const holder = dataDirHolder(dir);
  if (holder !== null) refuse(`the PGlite data directory ${dir} is in use${holder > 0 ? ` by process ${holder}` : ''}: ${IN_USE}`);
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** The database of DATABASE_URL, or the PGlite data directory of DATA_DIR (created when missing); not migrated. */
export async function openToolDatabase(config: ToolConfig): Promise<Database> {
  if (config.databaseUrl) {
    try {
      return await openDatabase({ url: config.databaseUrl });
    } catch (err) {
      return refuse(`cannot connect to DATABASE_URL: ${firstLine(err)}`);
    }
  }
  checkDataDirFree(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    return await openDatabase({ dataDir: config.dataDir });
  } catch (err) {
    return refuse(`cannot open the PGlite data directory ${config.dataDir} (${firstLine(err)}): if a server runs on it, ${IN_USE}`);
  }
}

/** Migrated to this version's schema first, as the server would on start. */
export async function openMigrated(config: ToolConfig): Promise<Database> {
  const database = await openToolDatabase(config);
  try {
    await database.exclusive(() => migrate(database));
  } catch (err) {
    await database.close().catch(() => undefined);
    // A pool connection's first use is where PostgreSQL reports a refused connection.
    return refuse(`cannot migrate the database (${firstLine(err)})`);
  }
  return database;
}
