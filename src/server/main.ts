import fs from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { buildApp } from './app';
import { smtpMailer, outboxMailer } from './platform/mail';

/** Reads config, migrates, seeds an empty database, listens, and shuts down cleanly on a signal. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, thread: true });
  // Several processes may start at once on one PostgreSQL: one migrates and seeds, the others then find it done.
  const seeded = await database.exclusive(async () => {
    await migrate(database);
    return seedIfEmpty(database.db);
  });

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
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`Escale on http://localhost:${port} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
}

main().catch((err) => {
  // A bad configuration is the operator's to fix: one line naming the variable, no stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
