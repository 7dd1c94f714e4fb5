import type { FastifyRequest } from 'fastify';
import { onboardingConfirmBodySchema, type OnboardingData } from '@contract/privacy';
import { createSession } from '@server/platform/auth';
import { isoDate } from '@server/platform/clock';
import { fail, parseWith } from '@server/platform/errors';
import { idempotentWithSecret, recordAnswer } from '@server/platform/idempotency';
import type { RequestContext as Ctx } from '@server/platform/request-context';
import { hashPassword, sha256, unusablePasswordHash } from '@server/platform/secrets';
import { clearOptionalData, eraseAccount, lockUser } from '@server/db/account-erasure';
import { companyHasSso } from '@server/db/companies';
import { findUserToken, useUpToken } from '@server/db/user-tokens';
import * as repo from './repository';

/**
 * The first-login onboarding (spec 3 §2 "Onboarding routes", §4, §5, §7). The e-mailed
 * onboarding token (or the one activation hands /form) is the proof: no session yet. Every call
 * names the token's user by username too; a token of another kind, another user, an erased or
 * deactivated account is not valid (101), an expired one 102, a used one 103.
 */

type Query = { token: string; username: string };

/** The token's user, when the token is a live onboarding token of that username. */
async function tokenUser(ctx: Ctx, query: Query) {
  const found = await findUserToken(ctx.services.db, ctx.agency.id, sha256(query.token));
  if (!found || found.token.kind !== 'onboarding' || found.user.username.toLowerCase() !== query.username.trim().toLowerCase()) return fail('TOKEN_INVALID');
  if (found.user.status === 'deleted' || found.user.status === 'inactive') return fail('TOKEN_INVALID');
  if (found.token.usedAt) fail('TOKEN_USED');
  if (found.token.expiresAt <= ctx.services.clock.now()) fail('TOKEN_EXPIRED');
  return found;
}

/** GET user/onboarding/data: what step 2 is prefilled with. */
export async function onboardingData(ctx: Ctx, query: Query): Promise<OnboardingData> {
  const { user } = await tokenUser(ctx, query);
  return { birthdate: user.birthdate, phone: user.phone, gender: user.gender };
}

/**
 * Runs an onboarding change once per Idempotency-Key of the token's user (no session: the key is
 * the token's user's), so a retry after a lost answer gets the first answer (the token is used by then).
 */
async function once<T>(ctx: Ctx, request: FastifyRequest, token: string, run: () => Promise<T>, withoutSecret: (answer: T) => unknown = (a) => a) {
  const found = await findUserToken(ctx.services.db, ctx.agency.id, sha256(token));
  if (!found) return fail('TOKEN_INVALID');
  return idempotentWithSecret(ctx.services.db, request, found.user.id, run, withoutSecret, ctx.services.config.idempotencyLeaseMs);
}

/**
 * DELETE /user/onboarding/data: the person does not want the account. What it holds about them
 * goes (the optional data, gender, birthdate and phone); an account never used (pending, invited)
 * is erased whole. The token is used up.
 */
export function deleteOnboardingData(ctx: Ctx, request: FastifyRequest, query: Query) {
  return once(ctx, request, query.token, async () => {
    const found = await tokenUser(ctx, query);
    const { db, clock } = ctx.services;
    const unusable = await unusablePasswordHash();
    const answer = { message: 'INFOS_DELETED' as const };
    await db.transaction(async (tx) => {
      const now = clock.now();
      if (!(await useUpToken(tx, found.token.id, now))) fail('TOKEN_USED');
      const user = (await lockUser(tx, found.user.id))!;
      if (user.status === 'pending' || user.status === 'invited') await eraseAccount(tx, user, unusable, now);
      else await clearOptionalData(tx, user.id, { identity: true });
      await recordAnswer(tx, () => answer);
    });
    return answer;
  });
}

/**
 * POST /user/onboarding/confirm: the identity (with the password, unless the company signs its
 * people in itself), and the details only when the person accepts they are stored. The account is
 * active and a session opens (its token answers). A username or e-mail another account uses is
 * refused (52, 49).
 */
export async function confirmOnboarding(ctx: Ctx, request: FastifyRequest, body: unknown) {
  const token = (body as { onboarding_token?: unknown } | null)?.onboarding_token;
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) return fail('REQUEST_FORMAT_INVALID', { onboarding_token: 'PLEASE_FILL' });
  const { db } = ctx.services;
  const answer = await once(
    ctx,
    request,
    token,
    async () => {
      const { clock } = ctx.services;
      const preview = await findUserToken(db, ctx.agency.id, sha256(token));
      if (!preview) return fail('TOKEN_INVALID');
      const sso = await companyHasSso(db, preview.user.companyId);
      const input = parseWith(onboardingConfirmBodySchema(isoDate(clock.now()), sso), body);
      const found = await tokenUser(ctx, { token, username: preview.user.username });
      const { identity, details } = input;
      if (await repo.nameTaken(db, ctx.agency.id, found.user.id, 'username', identity.username)) fail('USER_EXISTS');
      if (await repo.nameTaken(db, ctx.agency.id, found.user.id, 'email', identity.email)) fail('EMAIL_IN_USE');
      const passwordHash = !sso && identity.password ? await hashPassword(identity.password) : undefined;
      try {
        return await db.transaction(async (tx) => {
          const now = clock.now();
          if (!(await useUpToken(tx, found.token.id, now))) fail('TOKEN_USED');
          await repo.completeOnboarding(
            tx,
            found.user.id,
            {
              firstname: identity.firstname,
              lastname: identity.lastname,
              username: identity.username,
              email: identity.email,
              gender: details?.gender ?? null,
              phone: details?.phone ?? null,
              birthdate: details?.birthdate ?? null,
              passwordHash,
              refuse: identity.stock === 'refuse',
            },
            now,
          );
          const session = await createSession({ ...ctx.services, db: tx }, found.user.id);
          // The key keeps no session token (idempotency_keys would hold it in clear for two days).
          await recordAnswer(tx, () => NO_TOKEN);
          return { token: session };
        });
      } catch (err) {
        // A concurrent sign-up took the username or the e-mail first (unique indexes).
        const e = err as { code?: string; cause?: { code?: string } };
        if (e.code === '23505' || e.cause?.code === '23505') fail('USER_EXISTS');
        throw err;
      }
    },
    () => NO_TOKEN,
  );
  if (answer.fresh || answer.status !== 200) return answer;
  /*
   * A replay (the first answer was lost): the first session's token was never kept, so the retry
   * gets a new session, as the first call would have given it. Only what could have had the first
   * answer can replay: the e-mailed token, the client's own key, and the very same body (with the
   * password, unless the company signs its people in), within the key's two days; and only while
   * the account is active (a deactivated or erased account gets no session).
   */
  const replayed = await findUserToken(db, ctx.agency.id, sha256(token));
  if (!replayed || replayed.user.status !== 'active') return fail('TOKEN_INVALID');
  return { status: 200, body: { result: { token: await createSession(ctx.services, replayed.user.id) } } };
}

/** What an Idempotency-Key keeps of a confirmed onboarding: no session token. */
const NO_TOKEN = { token: '' };
