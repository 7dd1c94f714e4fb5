import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder, type Db } from '../db/client';

/** The instant (drizzle's `when`, in ms) of the newest migration this build ships. */
function latestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** A load balancer gives up on a probe after a second or two: a database that does not answer by then is not ready. */
const CHECK_TIMEOUT_MS = 1500;

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

type Checks = { database: string; migrations: string; jobs: string };

/**
 * Probes for a load balancer or an orchestrator, outside the API (no Api-Key, no session), hidden
 * from the OpenAPI description: `/healthz` says the process answers; `/readyz` that it can serve —
 * the database answers, its migrations are this build's latest, the job runner polls. Both read
 * only (a migrations-table lookup), in a few milliseconds; 503 names each check that failed.
 */
export function healthRoutes(deps: { db: Db; jobRunnerAlive: (() => boolean) | null }) {
  const latest = latestMigration();
  return async (app: FastifyInstance) => {
    // Probes come every few seconds: their lines would drown the log (a failed readiness is logged below).
    const quiet = { logLevel: 'warn' as const, schema: { hide: true } };
    app.get('/healthz', quiet, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
    app.get('/readyz', quiet, async (request, reply) => {
      const checks: Checks = { database: 'ok', migrations: 'ok', jobs: 'ok' };
      try {
        // The trivial query is the migrations lookup itself: one round trip.
        const rows = await within(
          deps.db.execute(sql`SELECT max(created_at)::text AS applied FROM drizzle.__drizzle_migrations`) as Promise<unknown>,
          CHECK_TIMEOUT_MS,
        );
        const [row] = ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[])) as { applied: string | null }[];
        const applied = row?.applied ? Number(row.applied) : 0;
        if (applied < latest) checks.migrations = `behind: the newest applied migration is ${applied || 'none'}, this build's is ${latest}`;
      } catch (err) {
        const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
        // 42P01 undefined_table / 3F000 invalid_schema_name: the database answers but was never migrated.
        if (code === '42P01' || code === '3F000') checks.migrations = 'not applied';
        else checks.database = `unreachable: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
      }
      if (deps.jobRunnerAlive && !deps.jobRunnerAlive()) checks.jobs = 'the job runner is not polling';
      const ready = Object.values(checks).every((check) => check === 'ok');
      if (!ready) request.log.warn({ checks }, 'not ready');
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'not ready', checks });
    });
  };
}

/**
 * Once the app closes (SIGTERM), every answer still sent closes its connection: a client's keep-alive
 * connection would otherwise hold the stop until its idle timeout. (Fastify answers requests that
 * arrive meanwhile 503 and already closes idle connections.)
 */
export function installCloseOnStop(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
