import { spawn, type ChildProcess } from 'node:child_process';
import { DEMO_API_KEY } from '../../src/server/db/seed';

/**
 * The real server (`src/server/main.ts`) in its own process, on an on-disk PGlite (`dataDir`) or a
 * PostgreSQL database (`databaseUrl`, which several processes may share), for tests that kill it
 * (SIGKILL: no clean-up runs) and start it again on the same data.
 */
export type ServerProcess = { child: ChildProcess; url: string };

export async function startServerProcess(database: { dataDir: string } | { databaseUrl: string }, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      // A test server is a demo one on PostgreSQL too (DEMO=1): the developer mailbox and the test clock.
      ...('dataDir' in database ? { DATABASE_URL: '', DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl, DEMO: '1' }),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening) resolve(listening[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { child, url };
}

export const killServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export async function callServer(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; retryAfter: number | null }> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'api-key': DEMO_API_KEY, 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const retryAfter = res.headers.get('retry-after');
  return { status: res.status, body: await res.json(), retryAfter: retryAfter === null ? null : Number(retryAfter) };
}
