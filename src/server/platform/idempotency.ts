import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import type { Db } from '../db/client';
import { ApiError, errorBody, fail, requestLang } from './errors';
import { currentUser } from './auth';
import { sha256 } from './secrets';
import type { Services } from './services';

export type Answer = { status: number; body: unknown };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a pending key stays reserved without its runner renewing it: then a retry takes it over. */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/** lease_until as the database clock sees it: every API process shares that clock. */
const leaseFrom = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/**
 * Runs an unsafe call once per `Idempotency-Key` (per user): a retry with the same key and body
 * gets the first answer back; the same key with another body is refused (106). Concurrent twins
 * wait for the first to finish. A key left pending by a process that died is taken over once its
 * lease passes (the runner renews it while it works). Without the header the call simply runs.
 */
export async function idempotent(db: Db, request: FastifyRequest, userId: string, run: () => Promise<Answer>, leaseMs = IDEMPOTENCY_LEASE_MS): Promise<Answer> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return run();
  if (typeof header !== 'string' || !/^[A-Za-z0-9_.:-]{8,100}$/.test(header)) fail('REQUEST_FORMAT_INVALID', { 'Idempotency-Key': 'FORMAT_INVALID' });
  const key = header as string;
  const requestHash = sha256(`${request.method} ${request.url.split('?')[0]} ${JSON.stringify(request.body ?? null)}`);
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  for (;;) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, status: 'pending', leaseUntil: leaseFrom(leaseMs) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return runClaimed(db, request, where, run, leaseMs);
    for (;;) {
      const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
      if (!row) break; // the first attempt failed and released the key: claim it
      if (row.requestHash !== requestHash) fail('IDEMPOTENCY_KEY_REUSED');
      if (row.status === 'done') return { status: row.responseStatus!, body: row.responseBody };
      // The database decides whether the lease has passed; asking it only when it looks so saves a write per poll.
      const expired = row.leaseUntil === null || row.leaseUntil.getTime() < Date.now();
      const taken = expired && (await db
        .update(idempotencyKeys)
        .set({ leaseUntil: leaseFrom(leaseMs) })
        .where(and(where, eq(idempotencyKeys.status, 'pending'), or(isNull(idempotencyKeys.leaseUntil), lt(idempotencyKeys.leaseUntil, sql`now()`))))
        .returning({ key: idempotencyKeys.key }));
      if (taken && taken.length > 0) return runClaimed(db, request, where, run, leaseMs);
      await sleep(50);
    }
  }
}

async function runClaimed(db: Db, request: FastifyRequest, where: SQL | undefined, run: () => Promise<Answer>, leaseMs: number): Promise<Answer> {
  const renew = setInterval(() => {
    db.update(idempotencyKeys).set({ leaseUntil: leaseFrom(leaseMs) }).where(where).catch((err) => request.log.warn({ err }, 'idempotency lease not renewed'));
  }, leaseMs / 3);
  try {
    const answer = await run();
    await db.update(idempotencyKeys).set({ status: 'done', responseStatus: answer.status, responseBody: answer.body, leaseUntil: null }).where(where);
    return answer;
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      // A refusal is an answer too: the retry gets the same one.
      const body = errorBody(err, requestLang(request.headers['accept-language']));
      await db.update(idempotencyKeys).set({ status: 'done', responseStatus: err.status, responseBody: body, leaseUntil: null }).where(where);
    } else await db.delete(idempotencyKeys).where(where);
    throw err;
  } finally {
    clearInterval(renew);
  }
}

/** Runs an unsafe call once per Idempotency-Key and sends its answer (a replayed refusal keeps its status). */
export async function sendOnce(services: Services, request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) {
  const answer = await idempotent(services.db, request, currentUser(request).id, async () => ({ status: 200, body: { result: await run() } }), services.config.idempotencyLeaseMs);
  return reply.status(answer.status).send(answer.body);
}
