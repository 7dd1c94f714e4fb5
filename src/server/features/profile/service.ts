import type { User } from '@contract/account';
import type { ProfileInput } from '@contract/profile';
import type { RelBody } from '@contract/rels';
import { apiCode } from '@contract/api-codes';
import { cleared, handicapTypes, isHandicapType, isWheelchair, wheelchairs, type Accessibility } from '@server/domain/accessibility';
import type { SessionInfo } from '@server/platform/auth';
import { ApiError, fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { RequestContext } from '@server/platform/request-context';
import { hashPassword } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import * as repo from './repository';

/**
 * The editable profile (spec 3 "Profile form"): PUT /user/ saves the whole form on the
 * version the user looked at. The user row is locked, its version compared (a stale one: 409 185
 * with the user as it is now), the e-mail and username checked against the agency's other accounts,
 * and everything is written in one transaction with the call's answer.
 */

/** The user as GET /user/ shows it (features/account), given by the app (a feature does not import another). */
export type UserViewOf = (services: Services, userId: string, session?: { externalSource: boolean }) => Promise<User>;

type Ctx = RequestContext & { session: SessionInfo; userView: UserViewOf };

export const referenceTypes = (ctx: RequestContext) => handicapTypes(ctx.lang);
export const referenceWheelchairs = (ctx: RequestContext) => wheelchairs(ctx.lang);

/** The body's problems the contract cannot see: names of the reference data. */
function referenceProblems(input: ProfileInput): Record<string, string> | null {
  const fields: Record<string, string> = {};
  if (input.hasHandicap && input.handicap && !isHandicapType(input.handicap)) fields.handicap = 'SELECT_VALID_VALUE';
  if (input.hasHandicap && input.wheelchair && !isWheelchair(input.wheelchair)) fields.wheelchair = 'SELECT_VALID_VALUE';
  return Object.keys(fields).length ? fields : null;
}

const needsOf = (input: ProfileInput): Accessibility | null => {
  const needs = cleared({
    hasHandicap: input.hasHandicap,
    handicap: input.handicap,
    wheelchair: input.wheelchair,
    wheelchair_dimensions: input.wheelchair_dimensions,
    wheelchair_weight: input.wheelchair_weight,
    wheelchair_wheel_thickness: input.wheelchair_wheel_thickness,
    need_accompanying: input.need_accompanying,
    accompanying: input.accompanying,
    disability_card: input.disability_card as Accessibility['disability_card'],
  });
  return needs.hasHandicap || needs.accompanying ? needs : null;
};

/** Thrown inside the transaction when the version moved on: answered with the profile as it is now, once rolled back. */
class Stale extends Error {}

export async function updateProfile(ctx: Ctx, input: RelBody<'updateProfile'>, expected: number | null): Promise<{ user: User }> {
  const { services } = ctx;
  const { db, clock } = services;
  const problems = referenceProblems(input);
  if (problems) fail('REQUEST_FORMAT_INVALID', problems);
  const me = ctx.session.user;
  const passwordHash = input.password && !me.flags.isPwdChangeDisabled ? await hashPassword(input.password) : null;
  try {
    return await db.transaction(async (tx) => {
      const user = (await repo.lockUser(tx, me.id)) ?? fail('USER_NOT_FOUND_2');
      if (expected !== null && user.version !== expected) throw new Stale();
      const username = user.flags.isUsernameChangeDisabled ? user.username : input.username;
      if (input.email.toLowerCase() !== user.email.toLowerCase() && (await repo.takenBy(tx, user.agencyId, user.id, 'email', input.email)))
        fail('PROFILE_EMAIL_IN_USE', { email: 'DUPLICATE_VALUE' });
      if (username.toLowerCase() !== user.username.toLowerCase() && (await repo.takenBy(tx, user.agencyId, user.id, 'username', username)))
        fail('PROFILE_USERNAME_IN_USE', { username: 'DUPLICATE_VALUE' });
      const masked = input.birthdate === 'xx/xx/xxxx';
      await repo.saveProfile(tx, user.id, user.version, {
        gender: input.gender,
        firstname: input.firstname,
        lastname: input.lastname,
        username,
        email: input.email,
        phone: input.phone,
        birthdate: masked ? user.birthdate : input.birthdate,
        address: input.address?.description ?? null,
        cityOfBirth: input.city_of_birth,
        birthCountry: input.birth_country,
        accessibility: needsOf(input),
        preferredLang: input.lang,
        // E-mails are written in the chosen language from now on (db/recipients.ts reads users.lang).
        lang: input.lang ?? user.lang,
        ...(passwordHash ? { passwordHash } : {}),
        gdprConsentAt: user.gdprConsentAt ?? clock.now(),
      });
      if (passwordHash) await repo.revokeOtherSessions(tx, user.id, ctx.session.id, clock.now());
      const answer = { user: await ctx.userView({ ...services, db: tx }, user.id, ctx.session) };
      // The token is the caller's own session's: it is added when the answer is sent, never stored.
      await recordAnswer(tx, () => ({ token: '', ...answer }));
      return answer;
    });
  } catch (err) {
    if (err instanceof Stale) throw new ApiError(apiCode.PROFILE_CHANGED, undefined, undefined, await ctx.userView(services, me.id, ctx.session));
    // A concurrent save of another account took the address or name first (unique index).
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') fail('PROFILE_EMAIL_IN_USE', { email: 'DUPLICATE_VALUE' });
    throw err;
  }
}
