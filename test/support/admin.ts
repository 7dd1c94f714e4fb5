import { spawn } from 'node:child_process';
import type { Database, Db } from '@server/db/client';
import { runAdmin } from '@server/admin/tool';
import type { Clock } from '@server/platform/clock';
import { outboxMailer, type Mailer } from '@server/platform/mail';

/** What one run of the operator tool answered: its exit code, its output and errors, and the output as JSON when it gave --json and succeeded. */
export type AdminRun = { code: number; out: string; err: string; json: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A test's database as the tool takes it (its migrations already run). */
export const toolDatabase = (db: Db): Database => ({ db, kind: 'pglite', close: async () => {}, exclusive: (work) => work() });

/**
 * The operator tool in this process on a test's database: what `npm run admin -- …argv` does, without the
 * process. `db` null: the database of `env` (DATA_DIR, DATABASE_URL), opened by the tool as it would be.
 */
export async function admin(
  db: Db | null,
  argv: string[],
  opts: { stdin?: string; clock?: Clock; mailer?: Mailer; env?: NodeJS.ProcessEnv } = {},
): Promise<AdminRun> {
  let out = '';
  let err = '';
  const code = await runAdmin(argv, {
    env: opts.env ?? {},
    stdout: (text) => (out += `${text}\n`),
    stderr: (text) => (err += `${text}\n`),
    readStdin: async () => opts.stdin ?? '',
    database: db ? toolDatabase(db) : undefined,
    clock: opts.clock,
    mailer: opts.mailer ?? outboxMailer,
  });
  return { code, out, err, json: code === 0 && argv.includes('--json') ? JSON.parse(out) : undefined };
}

/** `npm run -s admin -- …argv` as a process of its own (-s: npm's own lines stay out of the output). */
export function spawnAdmin(argv: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'admin', '--', ...argv], {
      env: { ...process.env, NODE_ENV: '', DATABASE_URL: '', DEMO: '', PUBLIC_URL: '', SMTP_URL: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out, err, json: code === 0 && argv.includes('--json') ? JSON.parse(out) : undefined }));
    child.stdin.end(stdin ?? '');
  });
}
