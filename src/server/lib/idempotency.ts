import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import type { Db } from '../db/client';
import { ApiError, errorBody, fail, requestLang } from './errors';
import { sha256 } from './secrets';

export type Answer = { status: number; body: unknown };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs an unsafe call once per `Idempotency-Key` (per user): a retry with the same key and body
 * gets the first answer back; the same key with another body is refused (106). Concurrent twins
 * wait for the first to finish. Without the header the call simply runs.
 */
export async function idempotent(db: Db, request: FastifyRequest, userId: string, run: () => Promise<Answer>): Promise<Answer> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return run();
  if (typeof header !== 'string' || !/^[A-Za-z0-9_.:-]{8,100}$/.test(header)) fail('REQUEST_FORMAT_INVALID', { 'Idempotency-Key': 'FORMAT_INVALID' });
  const key = header as string;
  const requestHash = sha256(`${request.method} ${request.url.split('?')[0]} ${JSON.stringify(request.body ?? null)}`);
  const claimed = await db.insert(idempotencyKeys).values({ userId, key, requestHash, status: 'pending' }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  if (claimed.length === 0) {
    for (let waited = 0; waited < 15_000; waited += 50) {
      const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
      if (!row) break; // the first attempt failed and released the key: fall through and run
      if (row.requestHash !== requestHash) fail('IDEMPOTENCY_KEY_REUSED');
      if (row.status === 'done') return { status: row.responseStatus!, body: row.responseBody };
      await sleep(50);
    }
    return idempotent(db, request, userId, run);
  }
  try {
    const answer = await run();
    await db.update(idempotencyKeys).set({ status: 'done', responseStatus: answer.status, responseBody: answer.body }).where(where);
    return answer;
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      // A refusal is an answer too: the retry gets the same one.
      const body = errorBody(err, requestLang(request.headers['accept-language']));
      await db.update(idempotencyKeys).set({ status: 'done', responseStatus: err.status, responseBody: body }).where(where);
    } else await db.delete(idempotencyKeys).where(where);
    throw err;
  }
}
