import { and, asc, eq, gt, inArray, lte, notInArray } from 'drizzle-orm';
import type { Lang } from '@contract/account';
import type { Config } from '@server/config';
import type { Clock } from '@server/platform/clock';
import { minutes } from '@server/platform/clock';
import { clientKey, pairKey, SignInThrottled, waitMs } from '@server/platform/sign-in-throttle';
import type { Db } from './client';
import { authFailures } from './schema';

/**
 * Password checks, throttled (platform/sign-in-throttle.ts): the sign-in's, and the current
 * password a signed-in user gives to change their password or e-mail (a stolen session must not
 * become an unthrottled password oracle). The attempt is written before the password is checked,
 * so that parallel tries count against each other; a refused one is forgotten (it proved nothing),
 * a failed one stays, a successful one clears its pair.
 */

type AttemptScope = (typeof authFailures.$inferSelect)['scope'];

/** Writes a sign-in attempt under each key, before its password is checked; answers the rows' ids. */
async function recordAttempts(db: Db, keys: { scope: AttemptScope; key: string }[], at: Date): Promise<string[]> {
  const rows = await db
    .insert(authFailures)
    .values(keys.map((k) => ({ ...k, at })))
    .returning({ id: authFailures.id });
  return rows.map((r) => r.id);
}

/** The times of a key's attempts after `since`, oldest first, but for the caller's own (`except`); older ones are dropped on the way. */
async function attemptsSince(db: Db, scope: AttemptScope, key: string, since: Date, except: string[]): Promise<Date[]> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), lte(authFailures.at, since)));
  const rows = await db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.at, since), notInArray(authFailures.id, except)))
    .orderBy(asc(authFailures.at));
  return rows.map((r) => r.at);
}

const forgetAttempts = (db: Db, ids: string[]) => db.delete(authFailures).where(inArray(authFailures.id, ids));

const clearAttempts = (db: Db, scope: AttemptScope, key: string) =>
  db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key)));

/** Forgets the failures of one username from one client (a password just set by a reset link). */
export const clearPairAttempts = (db: Db, agencyId: string, username: string, address: string) =>
  clearAttempts(db, 'pair', pairKey(agencyId, username, clientKey(address)));

export type PasswordAttempt = {
  /** The password was right: the pair's failures are forgotten. */
  succeeded: () => Promise<void>;
  /** Refused before the password proved anything (e.g. single sign-on enforced): not counted. */
  refused: () => Promise<void>;
};

/**
 * Starts one password check of `username` from `address`: counted at once; throws SignInThrottled
 * (429 104, Retry-After) when the pair or the address must wait. A check that fails needs nothing
 * more: its attempt stays counted.
 */
export async function startPasswordAttempt(
  { db, clock, config }: { db: Db; clock: Clock; config: Pick<Config, 'loginLimits'> },
  { agencyId, username, address, lang }: { agencyId: string; username: string; address: string; lang: Lang },
): Promise<PasswordAttempt> {
  const now = clock.now();
  const client = clientKey(address);
  const pair = pairKey(agencyId, username, client);
  const own = await recordAttempts(
    db,
    [
      { scope: 'pair', key: pair },
      { scope: 'address', key: client },
    ],
    now,
  );
  const since = new Date(now.getTime() - minutes(config.loginLimits.windowMinutes));
  const [byPair, byAddress] = await Promise.all([attemptsSince(db, 'pair', pair, since, own), attemptsSince(db, 'address', client, since, own)]);
  const wait = waitMs(byPair, byAddress, now, config.loginLimits);
  if (wait > 0) {
    await forgetAttempts(db, own);
    throw new SignInThrottled(Math.ceil(wait / 1000), lang);
  }
  return {
    succeeded: async () => {
      await Promise.all([clearAttempts(db, 'pair', pair), forgetAttempts(db, own)]);
    },
    refused: async () => {
      await forgetAttempts(db, own);
    },
  };
}
