import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { userTokens, users } from './schema';
import type { Clock } from '../platform/clock';
import { minutes } from '../platform/clock';
import { newToken, sha256 } from '../platform/secrets';
import type { Config } from '../config';

export type TokenKind = (typeof userTokens.$inferSelect)['kind'];

/**
 * A new single-use token of the user (stored as its sha256): the user's older unused tokens of the
 * same kind stop working. Shared by the account (activation, reset) and single sign-on (login).
 */
export async function issueUserToken(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  kind: TokenKind,
  ttlMs: number,
  extra: { browserHash?: string } = {},
) {
  const token = newToken();
  const now = clock.now();
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
  await db
    .insert(userTokens)
    .values({ userId, kind, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + ttlMs), browserHash: extra.browserHash ?? null });
  return token;
}

/**
 * A one-time sign-in token (the sandbox and SSO entries' GET /sso/, or POST /user/login): short-lived.
 * `browserHash` (single sign-on: the sha256 of the browser's HttpOnly secret, platform/sso-browser.ts)
 * binds it to that browser: only a call carrying that cookie may redeem it (`tokenBrowserMatches`).
 */
export const issueLoginToken = (services: { db: Db; clock: Clock; config: Pick<Config, 'tokens'> }, userId: string, browserHash?: string) =>
  issueUserToken(services, userId, 'login', minutes(services.config.tokens.loginMinutes), { browserHash });

/** A token bound to a browser is redeemed only with that browser's secret; an unbound one by whoever holds it. */
export const tokenBrowserMatches = (token: { browserHash: string | null }, browserSecret: string | undefined) =>
  token.browserHash === null || (browserSecret !== undefined && sha256(browserSecret) === token.browserHash);

/** An onboarding link works this long: the activation's /form and the e-mailed /user/onboarding link. */
export const ONBOARDING_TOKEN_DAYS = 7;

/** The token of a user's first-login onboarding (features/onboarding): made at activation, again by POST /user/regenerate. */
export const issueOnboardingToken = (services: { db: Db; clock: Clock }, userId: string) =>
  issueUserToken(services, userId, 'onboarding', ONBOARDING_TOKEN_DAYS * 24 * 60 * 60_000);

/** A single-use token of one of the agency's users, with that user (whatever its kind and state). */
export const findUserToken = async (db: Db, agencyId: string, tokenHash: string) =>
  (
    await db
      .select({ token: userTokens, user: users })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .where(and(eq(userTokens.tokenHash, tokenHash), eq(users.agencyId, agencyId)))
      .limit(1)
  )[0];

/** Uses the token up only if nobody did first: of two concurrent uses, exactly one wins. */
export async function useUpToken(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: at })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.length === 1;
}

/** An e-mail change link works this long. */
export const EMAIL_CHANGE_HOURS = 24;

/**
 * The link of an e-mail change (features/profile): a single-use token carrying the address asked
 * for; an older unconfirmed change stops working.
 */
export async function issueEmailChangeToken({ db, clock }: { db: Db; clock: Clock }, userId: string, newEmail: string) {
  const token = await issueUserToken({ db, clock }, userId, 'email_change', EMAIL_CHANGE_HOURS * 60 * 60_000);
  await db
    .update(userTokens)
    .set({ newEmail })
    .where(eq(userTokens.tokenHash, sha256(token)));
  return token;
}

/** The address the user asked to change to and has not confirmed yet (the link still works), if any. */
export async function pendingEmailOf(db: Db, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: userTokens.newEmail })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, 'email_change'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .orderBy(desc(userTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Every unconfirmed e-mail change of the user stops working (the address was changed otherwise, or the change withdrawn). */
export const retireEmailChanges = (db: Db, userId: string, at: Date) =>
  db
    .update(userTokens)
    .set({ usedAt: at })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, 'email_change'), isNull(userTokens.usedAt)));
