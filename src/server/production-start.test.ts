import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '@server/db/client';
import { users } from '@server/db/schema';
import { ALPINE_USERS, DEMO_USERS, demoUsersWithDemoPassword, seedIfEmpty } from '@server/db/seed';
import { hashPassword } from '@server/platform/secrets';
import { freshDatabase } from '@test/support/databases';
import { callServer, killServer, startServerProcess, type ServerProcess } from '@test/support/server-process';

/** Production mode (NODE_ENV=production) on an on-disk PGlite: what it needs besides (README "Configuration"). */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://travel.example', SMTP_URL: 'smtp://127.0.0.1:2525' };

const seededUsernames = () => [...DEMO_USERS, ...ALPINE_USERS].map((u) => u.username).sort();

const dirs: string[] = [];
const servers: ServerProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-production-'));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  for (const server of servers) await killServer(server.child);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a production server', () => {
  it('migrates an empty database and seeds nothing: no demo agency, and its start line says how to create the first one', async () => {
    const server = await startServerProcess({ dataDir: tempDir() }, PRODUCTION);
    servers.push(server);
    const started = () => server.output().includes('Escale on http://');
    while (!started()) await new Promise((r) => setTimeout(r, 20));
    const startLine = server
      .output()
      .split('\n')
      .find((line) => line.includes('Escale on http://'))!;
    expect(JSON.parse(startLine).msg).toMatch(/production\): no agency yet — create the first one with `npm run admin -- agency create --help`$/);
    expect(server.output()).not.toContain('demo world seeded');
    // The demo agency's Api-Key names no agency, and alice does not exist.
    const login = await callServer(server, 'POST', '/api/v1/user/login', { body: { username: 'alice', password: 'Escale2026!' } });
    expect([login.status, login.body.api_code]).toEqual([401, 7]);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 60_000);

  it('refuses to start, in one line saying why and how, on a database where the demo users still have the demo password', async () => {
    const dataDir = tempDir();
    const demo = await openDatabase({ dataDir });
    await migrate(demo);
    await seedIfEmpty(demo.db);
    await demo.close();

    const refused = await startServerProcess({ dataDir }, PRODUCTION).then(
      (server) => (servers.push(server), 'started'),
      (err: Error) => err.message,
    );
    // The process wrote that one line, nothing else (server exited… is the helper's).
    expect(refused).toBe(
      `server exited (1): Refusing to start in production mode: the demo users ${seededUsernames().join(', ')} still sign in with the public demo password; deactivate or delete them (or change their passwords), or run a demo instead (DEMO=1, without NODE_ENV=production).\n`,
    );
  }, 60_000);
});

describe('the demo users a production server looks for', () => {
  it('are the seeded usernames still active with the public demo password: not once deactivated, deleted or given another password', async () => {
    const database = await freshDatabase();
    try {
      const seeded = seededUsernames();
      expect(await demoUsersWithDemoPassword(database.db)).toEqual(seeded);

      await database.db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'alice'));
      await database.db.update(users).set({ status: 'deleted' }).where(eq(users.username, 'bob'));
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword('a-real-secret-2027') })
        .where(eq(users.username, 'tina'));
      expect(await demoUsersWithDemoPassword(database.db)).toEqual(seeded.filter((u) => !['alice', 'bob', 'tina'].includes(u)));

      await database.db.update(users).set({ status: 'inactive' });
      expect(await demoUsersWithDemoPassword(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
