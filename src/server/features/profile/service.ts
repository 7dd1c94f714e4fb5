import type { User } from '@contract/account';
import { emailChanged, type EmailChanged, type ProfileInput } from '@contract/profile';
import type { RelBody } from '@contract/rels';
import { apiCode } from '@contract/api-codes';
import { cleared, handicapTypes, isHandicapType, isWheelchair, wheelchairs, type Accessibility } from '@server/domain/accessibility';
import { EMAIL_CHANGE_HOURS, findUserToken, issueEmailChangeToken, retireEmailChanges, useUpToken } from '@server/db/user-tokens';
import { startPasswordAttempt } from '@server/db/sign-in-attempts';
import type { SessionInfo } from '@server/platform/auth';
import { ApiError, fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import { queueMails } from '@server/platform/outbox';
import type { RequestContext } from '@server/platform/request-context';
import { hashPassword, sha256, verifyPassword } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { confirmEmailMail, emailChangedMail } from './mails';
import * as repo from './repository';

/**
 * The editable profile (spec 3 "Profile form"): PUT /user/ saves the whole form on the
 * version the user looked at. The user row is locked, its version compared (a stale one: 409 185
 * with the user as it is now), the e-mail and username checked against the agency's other accounts,
 * and everything is written in one transaction with the call's answer.
 *
 * A session alone changes neither the password nor the e-mail address (issue 25, item 3): either
 * takes the current password (missing: 400 17 with `current_password` PLEASE_FILL; wrong: 403 191,
 * nothing saved). A new address is not switched to at once: a link is sent to it (user_tokens
 * `email_change`, 24 h, single use), the profile shows it as `pendingEmail` until the link is
 * followed (confirmEmailChange), and then the former address is told. Either change ends the user's
 * other sessions (whoever held a stolen one is out). An account whose sign-in its company manages
 * (SSO, SCIM: isPwdChangeDisabled, no password its owner knows) cannot prove it by a password: its
 * address is the company's to change (409 188), as its password and username already are.
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
  const newPassword = !!input.password && !me.flags.isPwdChangeDisabled;
  const newEmail = emailChanged(me.email, input.email);
  if (newEmail && me.flags.isPwdChangeDisabled) fail('EMAIL_MANAGED_BY_COMPANY');
  if (newPassword || newEmail) {
    if (!input.current_password) fail('REQUEST_FORMAT_INVALID', { current_password: 'PLEASE_FILL' });
    // Throttled as a sign-in is: a stolen session must not guess the password at the server's speed.
    const attempt = await startPasswordAttempt(services, { agencyId: me.agencyId, username: me.username, address: ctx.address, lang: ctx.lang });
    if (!(await verifyPassword(me.passwordHash, input.current_password!))) fail('WRONG_PASSWORD');
    await attempt.succeeded();
  }
  const passwordHash = newPassword ? await hashPassword(input.password!) : null;
  try {
    return await db.transaction(async (tx) => {
      const user = (await repo.lockUser(tx, me.id)) ?? fail('USER_NOT_FOUND_2');
      if (expected !== null && user.version !== expected) throw new Stale();
      const username = user.flags.isUsernameChangeDisabled ? user.username : input.username;
      // Checked against the row as it is now: a change the password was not asked for goes no further.
      const switching = emailChanged(user.email, input.email);
      if (switching && !newEmail) fail('REQUEST_FORMAT_INVALID', { current_password: 'PLEASE_FILL' });
      if (switching && (await repo.takenBy(tx, user.agencyId, user.id, 'email', input.email))) fail('PROFILE_EMAIL_IN_USE', { email: 'DUPLICATE_VALUE' });
      if (username.toLowerCase() !== user.username.toLowerCase() && (await repo.takenBy(tx, user.agencyId, user.id, 'username', username)))
        fail('PROFILE_USERNAME_IN_USE', { username: 'DUPLICATE_VALUE' });
      const masked = input.birthdate === 'xx/xx/xxxx';
      await repo.saveProfile(tx, user.id, user.version, {
        gender: input.gender,
        firstname: input.firstname,
        lastname: input.lastname,
        username,
        // A new address waits for its confirmation; the same one in other letter case is written as typed.
        email: switching ? user.email : input.email,
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
      if (switching) {
        const token = await issueEmailChangeToken({ db: tx, clock }, user.id, input.email);
        const mail = confirmEmailMail({
          lang: input.lang ?? user.lang,
          agency: ctx.agency.name,
          firstname: input.firstname,
          url: `${ctx.origin}/user/email/${token}`,
          hours: EMAIL_CHANGE_HOURS,
        });
        await queueMails(tx, services.mailer, [{ agencyId: ctx.agency.id, to: input.email, ...mail }], clock.now());
      }
      if (passwordHash || switching) await repo.revokeOtherSessions(tx, user.id, ctx.session.id, clock.now());
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

/**
 * POST /user/email/confirm (no session: the link may be opened anywhere): the e-mailed link of an
 * e-mail change, followed once. The account's address becomes the new one (unless another account
 * took it meanwhile: 409 186), every other pending change of it stops working, and the former address
 * is told, in the user's language. A used link answers 410 (103), an expired one 410 (102), an
 * unknown one, or one of an account closed since, 400 (101).
 */
export async function confirmEmailChange(ctx: RequestContext, token: string): Promise<EmailChanged> {
  const { db, clock, mailer } = ctx.services;
  const found = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await findUserToken(db, ctx.agency.id, sha256(token)) : undefined;
  const newEmail = found?.token.kind === 'email_change' ? found.token.newEmail : null;
  if (!found || !newEmail) return fail('TOKEN_INVALID');
  const now = clock.now();
  if (found.token.usedAt) fail('TOKEN_USED');
  if (found.token.expiresAt <= now) fail('TOKEN_EXPIRED');
  if (found.user.status !== 'active') fail('TOKEN_INVALID');
  try {
    return await db.transaction(async (tx) => {
      const user = (await repo.lockUser(tx, found.user.id)) ?? fail('TOKEN_INVALID');
      if (!(await useUpToken(tx, found.token.id, now))) fail('TOKEN_USED');
      if (await repo.takenBy(tx, user.agencyId, user.id, 'email', newEmail)) fail('PROFILE_EMAIL_IN_USE');
      await repo.saveProfile(tx, user.id, user.version, { email: newEmail });
      await retireEmailChanges(tx, user.id, now);
      const mail = emailChangedMail({
        lang: user.preferredLang ?? user.lang,
        agency: ctx.agency.name,
        firstname: user.firstname,
        newEmail,
        url: `${ctx.origin}/`,
      });
      await queueMails(tx, mailer, [{ agencyId: ctx.agency.id, to: user.email, ...mail }], now);
      return { email: newEmail };
    });
  } catch (err) {
    // Another account took the address at the same moment (unique index).
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') fail('PROFILE_EMAIL_IN_USE');
    throw err;
  }
}
