import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@server/db/seed';

export type RunningServer = {
  baseUrl: string;
  pid: number;
  dataDir: string;
  /** SIGTERM, wait up to 10 s, then SIGKILL; removes the temporary data directory (unless `keepDataDir`). Idempotent. */
  stop: () => Promise<void>;
};

export const API_KEY = 'demo-agency-key';

/** A free TCP port on 127.0.0.1 (asks the OS for one, then releases it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * The node arguments `npm run serve` starts the server with (package.json: its young generation's
 * size, the tsx loader), so that the bench measures the server as it runs.
 */
function serveNodeArgs(root: string): string[] {
  const serve = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve.split(' ');
  if (serve[0] !== 'node' || serve.at(-1) !== 'src/server/main.ts')
    throw new Error(`package.json's serve script is not "node … src/server/main.ts": ${serve.join(' ')}`);
  return serve.slice(1, -1);
}

/**
 * Starts the real server (`node --import tsx src/server/main.ts`, demo mode) on a free port with a fresh
 * PGlite data directory (or `dataDir`, already migrated and seeded), and waits until GET /api/v1/agency answers 200 (first start migrates + seeds).
 */
export async function startServer(opts: {
  root: string;
  distDir?: string;
  timeoutMs?: number;
  dataDir?: string;
  env?: Record<string, string>;
  keepDataDir?: boolean;
}): Promise<RunningServer> {
  const { root, timeoutMs = 60_000 } = opts;
  const port = await freePort();
  // A prepared data directory (a section's own seeded world) is removed on stop too.
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'escale-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []), ...serveNodeArgs(root), path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: opts.distDir ?? path.join(root, 'dist'),
        LOG_LEVEL: 'warn',
        // Demo mode (PGlite, no NODE_ENV): production mode needs an SMTP server, and the figures would
        // then time e-mail delivery. E-mails stay in the outbox, as they always did here.
        PUBLIC_URL: baseUrl,
        // The supplier answers at once: the browser measurements time the app, not a simulated network.
        SUPPLIER_LATENCY_MS: '0',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, 10_000))) {
          child.kill('SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
      if (!opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    })());

  const server: RunningServer = { baseUrl, pid: child.pid ?? -1, dataDir, stop };
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.signalCode ?? `exit ${child.exitCode}`})`);
      try {
        const res = await fetch(`${baseUrl}/api/v1/agency`, { headers: { 'Api-Key': API_KEY }, signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        if (res.status === 200) return server;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server not ready after ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output (tail) ---\n${output.trim()}`, { cause: err });
  }
}

/** Signs `username` in over the API (demo password): the headers of their calls, and their id. */
export async function signInApi(baseUrl: string, username: string): Promise<{ token: string; uid: string; headers: Record<string, string> }> {
  const res = await fetch(`${baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'api-key': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const json = (await res.json()) as { result: { token: string; user: { uid: string } } };
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  const { token, user } = json.result;
  return { token, uid: user.uid, headers: { 'api-key': API_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}
