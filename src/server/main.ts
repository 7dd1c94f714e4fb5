import fs from 'node:fs';
import { count } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { agencies } from './db/schema';
import { demoUsersWithDemoPassword, seedIfEmpty } from './db/seed';
import { buildApp } from './app';
import { smtpMailer, outboxMailer } from './platform/mail';

/** What a stop waits for requests in flight and the job in progress before it closes what is left. */
const STOP_GRACE_MS = 10_000;

/** A start-up the operator must fix: one line saying why, no stack trace. */
class StartRefused extends Error {}

/**
 * Reads config, migrates, seeds an empty database in demo mode (never in production), listens, and
 * stops cleanly on a signal.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, thread: true });
  // Several processes may start at once on one PostgreSQL: one migrates (and seeds), the others then find it done.
  const seeded = await database.exclusive(async () => {
    await migrate(database);
    // Production starts empty: its agencies are the operator's (npm run admin), never the demo's.
    return config.production ? false : seedIfEmpty(database.db);
  });
  if (config.production) {
    // The demo's users sign in with a password README publishes: an open door on a real deployment.
    const open = await demoUsersWithDemoPassword(database.db);
    if (open.length > 0) {
      await database.close();
      throw new StartRefused(
        `Refusing to start in production mode: the demo users ${open.join(', ')} still sign in with the public demo password; deactivate or delete them (or change their passwords), or run a demo instead (DEMO=1, without NODE_ENV=production).`,
      );
    }
  }

  const mailer = config.smtpUrl
    ? await smtpMailer(config.smtpUrl, config.mailFrom, (err, to) =>
        console.error(JSON.stringify({ level: 'error', msg: 'smtp send failed; kept in outbox', to, err: String(err) })),
      )
    : outboxMailer;
  const app = await buildApp({ db: database.db, config, mailer, jobPollMs: 1000 });
  if (seeded) app.log.info('empty database: demo world seeded (see README)');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections; requests in flight and the job in progress finish');
    // New connections are refused at once; a request in flight, or a job, still running after the grace is cut off.
    const grace = setTimeout(() => {
      app.log.warn(`still busy after ${STOP_GRACE_MS / 1000} s: closing the connections left`);
      app.server.closeAllConnections();
    }, STOP_GRACE_MS);
    const closed = await Promise.race([app.close().then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS + 1000))]);
    clearTimeout(grace);
    if (!closed) app.log.warn('the job in progress did not finish: its lease expires and another process takes it over');
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = `${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}`;
  const [agencyCount] = await database.db.select({ n: count() }).from(agencies);
  const empty = (agencyCount?.n ?? 0) === 0;
  app.log.info(
    `Escale on http://localhost:${port} (${where}${config.production ? ', production' : ', demo'})${
      empty ? ': no agency yet — create the first one with `npm run admin -- agency create --help`' : ''
    }`,
  );
}

main().catch((err) => {
  // A bad configuration or a refused start is the operator's to fix: one line, no stack trace.
  console.error(err instanceof ConfigError || err instanceof StartRefused ? err.message : err);
  process.exit(1);
});
