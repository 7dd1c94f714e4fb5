import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import type { Db } from '../db/client';
import { ApiError, errorBody, fail, requestLang } from './errors';
import { currentUser } from './auth';
import { sha256 } from './secrets';
import type { Services } from './services';

export type Answer = { status: number; body: unknown };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A twin waits for the first call's answer at most one lease and this much: by then a dead runner's
 * key has been taken over, so one still pending belongs to a live but slow call (409, api_code 112).
 */
const WAIT_MARGIN_MS = 1_000;

/** lease_until as the database clock sees it: every API process shares that clock. */
const leaseFrom = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/** A key held by this runner: `owner` is new at every claim and takeover, so a runner that lost its key can no longer write it. */
type Claim = { userId: string; key: string; owner: string };
/** The key of the idempotent call running in this async context, for `recordAnswer`. */
const running = new AsyncLocalStorage<Claim>();

const keyOf = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
const ownedBy = (claim: Claim) => and(keyOf(claim.userId, claim.key), eq(idempotencyKeys.owner, claim.owner));

/**
 * Runs an unsafe call once per `Idempotency-Key` (per user): a retry with the same key and body
 * gets the first answer back; the same key with another body is refused (106). Concurrent twins
 * wait for the first to finish, at most about one lease (then 409, 112), and get its final answer.
 * The runner renews its lease (`leaseMs`, config IDEMPOTENCY_LEASE_MS) every third of it. Once the
 * lease of a process that died has passed, its retry gets the answer its change committed with
 * (`recordAnswer`), or, when no change committed, takes the key over and runs the call: no crash
 * makes a retry change anything twice. Without the header the call simply runs.
 */
export async function idempotent(db: Db, request: FastifyRequest, userId: string, run: () => Promise<Answer>, leaseMs: number): Promise<Answer> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return run();
  if (typeof header !== 'string' || !/^[A-Za-z0-9_.:-]{8,100}$/.test(header)) fail('REQUEST_FORMAT_INVALID', { 'Idempotency-Key': 'FORMAT_INVALID' });
  const key = header as string;
  const requestHash = sha256(`${request.method} ${request.url.split('?')[0]} ${JSON.stringify(request.body ?? null)}`);
  const where = keyOf(userId, key);
  const deadline = Date.now() + leaseMs + WAIT_MARGIN_MS;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const claim: Claim = { userId, key, owner: randomUUID() };
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, status: 'pending', leaseUntil: leaseFrom(leaseMs), owner: claim.owner })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      // Said (at debug level) once the pending key is committed: the crash tests kill a server only then.
      request.log.debug({ idempotencyKey: key }, 'idempotency key claimed');
      return runClaimed(db, request, claim, run, leaseMs);
    }
    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
        // The database clock decides, as for the lease itself.
        expired: sql<boolean>`${idempotencyKeys.leaseUntil} is null or ${idempotencyKeys.leaseUntil} < now()`,
      })
      .from(idempotencyKeys)
      .where(where)
      .limit(1);
    if (!row) continue; // the first attempt failed and released the key: claim it
    if (row.requestHash !== requestHash) fail('IDEMPOTENCY_KEY_REUSED');
    if (row.status === 'done') {
      request.idempotentReplay = true;
      return { status: row.responseStatus!, body: row.responseBody };
    }
    if (row.expired && row.responseStatus !== null) {
      // Its change committed, then its runner died before the final answer: the recorded one is the call's.
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', leaseUntil: null })
        .where(and(where, eq(idempotencyKeys.status, 'pending')));
      request.idempotentReplay = true;
      return { status: row.responseStatus, body: row.responseBody };
    }
    if (row.expired) {
      const taken = await db
        .update(idempotencyKeys)
        .set({ owner: claim.owner, leaseUntil: leaseFrom(leaseMs) })
        .where(
          and(
            where,
            eq(idempotencyKeys.status, 'pending'),
            isNull(idempotencyKeys.responseStatus),
            or(isNull(idempotencyKeys.leaseUntil), lt(idempotencyKeys.leaseUntil, sql`now()`)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) return runClaimed(db, request, claim, run, leaseMs);
    }
    const left = deadline - Date.now();
    if (left <= 0) fail('IDEMPOTENCY_IN_PROGRESS');
    await sleep(Math.min(pause, left));
  }
}

async function runClaimed(db: Db, request: FastifyRequest, claim: Claim, run: () => Promise<Answer>, leaseMs: number): Promise<Answer> {
  const mine = ownedBy(claim);
  const stillPending = and(mine, eq(idempotencyKeys.status, 'pending'));
  const renew = setInterval(() => {
    db.update(idempotencyKeys)
      .set({ leaseUntil: leaseFrom(leaseMs) })
      .where(stillPending)
      .catch((err) => request.log.warn({ err }, 'idempotency lease not renewed'));
  }, leaseMs / 3);
  try {
    const answer = await running.run(claim, run);
    // The answer as it stands at the end (after what followed the change: an approval's booking) replaces the one recorded with the change.
    await db.update(idempotencyKeys).set({ status: 'done', responseStatus: answer.status, responseBody: answer.body, leaseUntil: null }).where(mine);
    return answer;
  } catch (err) {
    // A change that committed keeps the answer recorded with it: the retry gets that one.
    await db
      .update(idempotencyKeys)
      .set({ status: 'done', leaseUntil: null })
      .where(and(stillPending, isNotNull(idempotencyKeys.responseStatus)));
    const unchanged = and(stillPending, isNull(idempotencyKeys.responseStatus));
    if (err instanceof ApiError && err.status < 500) {
      // A refusal is an answer too: the retry gets the same one.
      const body = errorBody(err, requestLang(request.headers['accept-language']));
      await db.update(idempotencyKeys).set({ status: 'done', responseStatus: err.status, responseBody: body, leaseUntil: null }).where(unchanged);
    } else await db.delete(idempotencyKeys).where(unchanged);
    throw err;
  } finally {
    clearInterval(renew);
  }
}

/**
 * Call inside the transaction that makes an idempotent call's change: records the call's answer
 * (`{ result }`, 200) with the change, so both commit or neither does, and a retry after a crash
 * gets this answer instead of changing anything again. The key stays pending (twins keep waiting)
 * until the runner writes its final answer. When another process took the key over meanwhile
 * (this one stalled past its lease) it refuses (409, 112): the transaction rolls back and the
 * other runner makes the change. Outside an idempotent call (no key, a job) it does nothing and
 * `answer` is not computed.
 */
export async function recordAnswer(tx: Db, answer: () => unknown): Promise<void> {
  const claim = running.getStore();
  if (!claim) return;
  const result = await answer();
  const recorded = await tx
    .update(idempotencyKeys)
    .set({ responseStatus: 200, responseBody: { result } })
    .where(and(ownedBy(claim), eq(idempotencyKeys.status, 'pending')))
    .returning({ key: idempotencyKeys.key });
  if (recorded.length === 0) fail('IDEMPOTENCY_IN_PROGRESS');
}

/**
 * `idempotent` for a call whose answer holds a secret the call made (a session token, a calendar
 * feed's address): the key keeps the answer without it (`withoutSecret`; the service records the
 * same with its change, `recordAnswer`), so `idempotency_keys` never holds the secret. The call that
 * ran answers the secret (`fresh`); a replay answers the stored answer, which the caller completes
 * with what the replayer may have (onboarding: a new session; the calendar: the subscription without
 * its address). The profile update keeps its own: its answer's token is always the caller's.
 */
export async function idempotentWithSecret<T>(
  db: Db,
  request: FastifyRequest,
  userId: string,
  run: () => Promise<T>,
  withoutSecret: (answer: T) => unknown,
  leaseMs: number,
): Promise<{ status: number; body: unknown; fresh?: T }> {
  let fresh: T | undefined;
  const answer = await idempotent(
    db,
    request,
    userId,
    async () => {
      const made = await run();
      fresh = made;
      return { status: 200, body: { result: withoutSecret(made) } };
    },
    leaseMs,
  );
  return fresh === undefined ? answer : { status: 200, body: { result: fresh }, fresh };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer is a replay of an earlier call with the same key: nothing changed this time. */
    idempotentReplay?: boolean;
  }
}

/** Runs an unsafe call once per Idempotency-Key and sends its answer (a replayed refusal keeps its status). */
export async function sendOnce(services: Services, request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) {
  const answer = await idempotent(
    services.db,
    request,
    currentUser(request).id,
    async () => ({ status: 200, body: { result: await run() } }),
    services.config.idempotencyLeaseMs,
  );
  return reply.status(answer.status).send(answer.body);
}
