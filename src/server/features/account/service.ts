import { linkTo } from '@contract/rels';
import { activateUser, insertUser, userByEmail, userByUsername } from '@server/db/users';
import { isAgencyAdmin, isAgencyStaff } from '@contract/permissions';
import { userObjectCards } from '@server/db/user-cards';
import type { AuthStrategy, LoginBody, Session, SsoEntry, User } from '@contract/account';
import { signupBodySchema } from '@contract/account';
import { ApiError, fail, parseWith } from '@server/platform/errors';
import { apiCode } from '@contract/api-codes';
import { hours, isoDate, minutes } from '@server/platform/clock';
import { createSession, revokeAllSessions, revokeSession, type UserRow } from '@server/platform/auth';
import { decoyHash, hashPassword, sha256, verifyPassword } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import type { RequestContext as Ctx } from '@server/platform/request-context';
import * as repo from './repository';
import { findUserToken, issueLoginToken, issueOnboardingToken, issueUserToken, pendingEmailOf, tokenBrowserMatches, useUpToken } from '@server/db/user-tokens';
import { clearPairAttempts, startPasswordAttempt } from '@server/db/sign-in-attempts';
import { activationMail, alreadyRegisteredMail, onboardingMail, resetMail, usernameTakenMail } from './mails';
import { approvalAccess } from '@server/domain/approvals';
import { effectiveFeatures, type FeatureOverrides } from '@server/domain/features';
import { profileFieldsOf, profileLinks } from '@server/domain/profile';

/**
 * How the name signs in (spec 3 §4). A user of a company with single sign-on is sent to its entry
 * (features/sso: /auth/sso/<segment>, on the public origin, the name passed on as the provider's
 * login hint). Every other name, known or not, gets the password step: that answer must not tell
 * whether an account exists. Finding a provider for a name does say the name is
 * one of that company's: single sign-on cannot route a user without it.
 */
export async function authStrategy(ctx: Ctx, username: string): Promise<AuthStrategy> {
  const name = username.trim();
  const segment = await repo.ssoSegmentOf(ctx.services.db, ctx.agency.id, name);
  if (!segment) return { strategy: 'password', redirectURL: null };
  return { strategy: 'sso', redirectURL: ssoEntry(ctx, segment, name) };
}

/** The company's single sign-on entry on the public origin, the name passed on as the provider's login hint. */
function ssoEntry(ctx: Ctx, segment: string, username: string) {
  const entry = new URL(`/auth/sso/${encodeURIComponent(segment)}`, ctx.origin);
  entry.searchParams.set('login_hint', username);
  return entry.href;
}

/**
 * A company whose single sign-on is enforced signs its users in itself: no password sign-in, reset
 * or sign-up for them (403, api_code 32), with the words and the entry that send them there. Saying so
 * tells that the name is one of that company's, as the sign-in strategy already does (authStrategy);
 * every other name, known or not, goes on as before.
 */
async function refuseIfSsoEnforced(ctx: Ctx, user: { companyId: string | null; username: string; status: string } | undefined) {
  if (!user || user.status === 'deleted') return;
  const sso = await repo.enforcedSsoOf(ctx.services.db, user.companyId);
  if (!sso) return;
  const message =
    ctx.lang === 'en'
      ? `${sso.name} signs you in through its own sign-in page: sign in with your company.`
      : `${sso.name} vous connecte par sa propre page de connexion : passez par la connexion avec votre entreprise.`;
  throw new ApiError(apiCode.ACCOUNT_UNUSABLE_HERE, undefined, message, undefined, ssoEntry(ctx, sso.segment, user.username));
}

/** What a partner's sandbox entry does to the app (spec 2 §2, spec 3 §2): no tabs, no account area, a logo that stays. */
const EXTERNAL_SOURCE: FeatureOverrides = { noTabMode: true, enableAccountAccess: false, disableHomeRedirectionOnLogo: true };

/**
 * The start-up sign-in of the /sso/<segment> and /sandbox/<segment> entries (GET /sso/, spec 3 §7)
 * with their one-time token: a session, in external-source mode for the sandbox entry. The entries
 * carry no partner request, analytics or travel: those are null. A token of a single sign-on is
 * redeemed only by the browser that signed in (`browserSecret`, its HttpOnly cookie).
 */
export async function startupSignIn(ctx: Ctx, type: 'sso' | 'sandbox', token: string, browserSecret: string | undefined): Promise<SsoEntry> {
  const user = await loginWithToken(ctx, token, browserSecret);
  const externalSource = type === 'sandbox';
  const sessionToken = await createSession(ctx.services, user.id, { externalSource });
  if (!user.preferredLang && user.lang !== ctx.lang) await repo.setLang(ctx.services.db, user.id, ctx.lang);
  const view = await userView(ctx.services, user.id, { externalSource });
  return { user: { ...view, token: sessionToken }, request: null, analytics: null, travel: null, features: view.features };
}

export async function login(ctx: Ctx, body: LoginBody): Promise<Session> {
  const user = 'token' in body ? await loginWithToken(ctx, body.token) : await loginWithPassword(ctx, body.username, body.password);
  const token = await createSession(ctx.services, user.id);
  // E-mails others' actions send them (an approval request, an answer) are in the language they last signed in with,
  // unless they chose one in their profile.
  if (!user.preferredLang && user.lang !== ctx.lang) await repo.setLang(ctx.services.db, user.id, ctx.lang);
  return { token, user: await userView(ctx.services, user.id) };
}

/** The password check, throttled (db/sign-in-attempts.ts). */
async function loginWithPassword(ctx: Ctx, username: string, password: string) {
  const { services, agency, address, lang } = ctx;
  const { db } = services;
  const attempt = await startPasswordAttempt(services, { agencyId: agency.id, username, address, lang });

  const user = await userByUsername(db, agency.id, username.trim());
  // Refused before any password is checked: the company's provider is the one that checks it.
  await refuseIfSsoEnforced(ctx, user).catch(async (err: unknown) => {
    await attempt.refused();
    throw err;
  });
  const ok =
    user && user.status !== 'deleted' ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await decoyHash(), password).then(() => false);
  if (!ok || !user) return fail('WRONG_CREDENTIALS');
  await attempt.succeeded();
  if (user.status === 'pending') fail('EMAIL_NOT_CONFIRMED');
  // Deactivated by the company's travel manager: the password is right, the account closed.
  if (user.status === 'inactive') fail('USER_STATUS_INVALID');
  return user;
}

/** One-time sign-in link (sandbox / SSO entry): single use, short-lived, and only in the browser it is bound to, if any. */
async function loginWithToken(ctx: Ctx, token: string, browserSecret?: string) {
  const user = await useToken(ctx, token, 'login', browserSecret);
  if (user.status !== 'active') fail('USER_STATUS_INVALID');
  return user;
}

export async function logout({ services }: Ctx, sessionId: string) {
  await revokeSession(services, sessionId);
  return { redirectURL: null };
}

/**
 * Sign-up answers "check your e-mail" whether the e-mail or username is new or taken, after the
 * same work (a password hash, one e-mail), so that it tells nobody which accounts exist.
 * The e-mail says what happened: the activation link of a new account; to the owner of
 * an address already registered, "you already have an account" (or, still pending, a new
 * activation link); to a new address whose username is taken, that it is taken.
 */
export async function signup(ctx: Ctx, body: unknown) {
  const { db, clock } = ctx.services;
  const input = parseSignup(body, isoDate(clock.now()));
  const answer = { email: input.email };
  const passwordHash = await hashPassword(input.password);
  const owner = await userByEmail(db, ctx.agency.id, input.email);
  await refuseIfSsoEnforced(ctx, owner);
  await refuseIfSsoEnforced(ctx, owner ? undefined : await userByUsername(db, ctx.agency.id, input.username));
  if (owner?.status === 'pending') await sendActivation(ctx, owner);
  else if (owner?.status === 'active') await sendAlreadyRegistered(ctx, owner);
  // An erased account's address gets no e-mail.
  if (owner) return answer;
  if (await userByUsername(db, ctx.agency.id, input.username)) {
    await sendUsernameTaken(ctx, input);
    return answer;
  }
  const user = await insertUser(db, {
    agencyId: ctx.agency.id,
    username: input.username,
    email: input.email,
    passwordHash,
    gender: input.gender,
    firstname: input.firstname,
    lastname: input.lastname,
    phone: input.phone,
    birthdate: input.birthdate,
    address: input.address.description,
    subsidyNumber: input.subsidy_number ?? null,
    status: 'pending',
    lang: ctx.lang,
    gdprConsentAt: clock.now(),
  }).catch((err: { code?: string; cause?: { code?: string } }) => {
    // A concurrent sign-up with the same username or e-mail won the race on the unique index: its e-mail is on its way.
    if (err.code === '23505' || err.cause?.code === '23505') return null;
    throw err;
  });
  if (user) await sendActivation(ctx, user);
  return answer;
}

/** Field problems with their fields; a missing e-mail, first or last name gets its own code (46–48). */
function parseSignup(body: unknown, today: string) {
  try {
    return parseWith(signupBodySchema(today), body);
  } catch (err) {
    const missing = err instanceof ApiError ? err.fields : undefined;
    if (missing?.email === 'PLEASE_FILL') fail('EMAIL_MISSING', missing);
    if (missing?.firstname === 'PLEASE_FILL') fail('FIRSTNAME_MISSING', missing);
    if (missing?.lastname === 'PLEASE_FILL') fail('LASTNAME_MISSING', missing);
    throw err;
  }
}

async function sendActivation({ services, agency, origin }: Ctx, user: UserRow) {
  const { db, config, mailer } = services;
  const token = await issueToken(services, user.id, 'activation', hours(config.tokens.activationHours));
  const mail = activationMail({
    lang: user.lang,
    agency: agency.name,
    url: `${origin}/user/activate/${token}`,
    hours: config.tokens.activationHours,
  });
  await mailer.send(db, { agencyId: agency.id, to: user.email, ...mail });
}

async function sendReset({ services, agency, origin }: Ctx, user: UserRow) {
  const { db, config, mailer } = services;
  const token = await issueToken(services, user.id, 'reset', minutes(config.tokens.resetMinutes));
  const mail = resetMail({
    lang: user.lang,
    agency: agency.name,
    firstname: user.firstname,
    username: user.username,
    url: `${origin}/password/${token}`,
    minutes: config.tokens.resetMinutes,
  });
  await mailer.send(db, { agencyId: agency.id, to: user.email, ...mail });
}

async function sendAlreadyRegistered({ services, agency, origin }: Ctx, user: UserRow) {
  const { db, config, mailer } = services;
  const token = await issueToken(services, user.id, 'reset', minutes(config.tokens.resetMinutes));
  const mail = alreadyRegisteredMail({
    lang: user.lang,
    agency: agency.name,
    firstname: user.firstname,
    username: user.username,
    signInUrl: `${origin}/`,
    resetUrl: `${origin}/password/${token}`,
    minutes: config.tokens.resetMinutes,
  });
  await mailer.send(db, { agencyId: agency.id, to: user.email, ...mail });
}

/** To whoever typed the address: no link that acts on the existing account. */
async function sendUsernameTaken({ services, agency, lang, origin }: Ctx, input: { email: string; firstname: string; username: string }) {
  const mail = usernameTakenMail({ lang, agency: agency.name, signInUrl: `${origin}/` });
  await services.mailer.send(services.db, { agencyId: agency.id, to: input.email, ...mail });
}

const issueToken = (services: Pick<Services, 'db' | 'clock'>, userId: string, kind: repo.TokenKind, ttlMs: number) =>
  issueUserToken(services, userId, kind, ttlMs);

/** Checks and consumes a single-use token of one of the agency's users: unknown → 101, expired → 102, used → 103. */
async function useToken({ services, agency }: Ctx, token: string, kind: repo.TokenKind, browserSecret?: string) {
  const { db, clock } = services;
  const found = await findUserToken(db, agency.id, sha256(token));
  if (!found || found.token.kind !== kind) return fail('TOKEN_INVALID');
  // Bound to another browser (or presented without its cookie): as unknown as a wrong token, whether used or
  // not, and not spent, so that whoever merely saw it cannot take the sign-in away from its browser.
  if (!tokenBrowserMatches(found.token, browserSecret)) return fail('TOKEN_INVALID');
  const now = clock.now();
  if (found.token.usedAt) fail('TOKEN_USED');
  if (found.token.expiresAt <= now) fail('TOKEN_EXPIRED');
  if (!(await useUpToken(db, found.token.id, now))) fail('TOKEN_USED');
  return found.user;
}

export async function confirm(ctx: Ctx, token: string) {
  const found = await findUserToken(ctx.services.db, ctx.agency.id, sha256(token));
  if (found?.token.kind === 'activation' && found.user.status === 'active') fail('ALREADY_ACTIVATED');
  const user = await useToken(ctx, token, 'activation');
  await activateUser(ctx.services.db, user.id, ctx.services.clock.now());
  // The first-login onboarding (spec 3 §4, features/onboarding) follows on /form with this token.
  const onboarding = await issueOnboardingToken(ctx.services, user.id);
  return {
    message: 'ACCOUNT_ACTIVATED',
    onboarding: { token: onboarding, username: user.username, firstname: user.firstname, lastname: user.lastname, email: user.email, sso: false },
  };
}

/** A new activation link for the owner of an expired (or otherwise unusable) one. */
export async function regenerate(ctx: Ctx, token: string) {
  const found = await findUserToken(ctx.services.db, ctx.agency.id, sha256(token));
  if (found?.token.kind === 'onboarding') return regenerateOnboarding(ctx, found.user);
  if (!found || found.token.kind !== 'activation') return fail('TOKEN_INVALID');
  if (found.user.status === 'active') fail('ALREADY_ACTIVATED');
  await sendActivation(ctx, found.user);
  return { message: 'ACTIVATION_LINK_SENT' };
}

/**
 * A new onboarding link for the owner of an expired or used one, e-mailed with the link
 * that deletes the data instead; an erased or deactivated account gets none.
 */
async function regenerateOnboarding({ services, agency, origin }: Ctx, user: UserRow) {
  if (user.status === 'deleted' || user.status === 'inactive') return fail('TOKEN_INVALID');
  const graph = await repo.loadUserGraph(services.db, user.id);
  const token = await issueOnboardingToken(services, user.id);
  const start = new URLSearchParams({ token, username: user.username, firstname: user.firstname, lastname: user.lastname, email: user.email });
  if (graph?.company?.sso) start.set('sso', '1');
  const mail = onboardingMail({
    lang: user.lang,
    agency: agency.name,
    firstname: user.firstname,
    url: `${origin}/user/onboarding?${start}`,
    deleteUrl: `${origin}/user/onboarding/delete?${new URLSearchParams({ token, username: user.username })}`,
  });
  await services.mailer.send(services.db, { agencyId: agency.id, to: user.email, ...mail });
  return { message: 'ONBOARDING_LINK_SENT' };
}

/** The same answer whether the account exists or not; only an existing one gets the e-mail. */
export async function forgot(ctx: Ctx, username: string) {
  const user = await userByUsername(ctx.services.db, ctx.agency.id, username);
  await refuseIfSsoEnforced(ctx, user);
  if (user && user.status !== 'deleted') await sendReset(ctx, user);
  return { message: 'RESET_EMAIL_SENT' };
}

/** New password by e-mailed token: single use; every session of the user is revoked. */
export async function resetPassword(ctx: Ctx, token: string, password: string) {
  const { services, agency, address } = ctx;
  const user = await useToken(ctx, token, 'reset');
  // A link sent before the company enforced its single sign-on sets no password now.
  await refuseIfSsoEnforced(ctx, user);
  await repo.setPassword(services.db, user.id, await hashPassword(password));
  await revokeAllSessions(services, user.id);
  // Following the e-mailed link proves the owner: the device that did may sign in at once.
  await clearPairAttempts(services.db, agency.id, user.username, address);
  // Following the e-mailed link proves the address: a pending account becomes active.
  // An invited employee who chose a password this way has accepted the invitation too.
  if (user.status === 'pending' || user.status === 'invited') await activateUser(services.db, user.id, services.clock.now());
  return { message: 'PASSWORD_UPDATED' };
}

/** Issues a one-time sign-in link token (the sandbox and SSO entries). */
export { issueLoginToken };

/** The user as the API shows it; `session.externalSource`: the features of a partner's sandbox entry. */
/** A new address asked for in the profile and not confirmed yet (features/profile). */
const pendingEmailField = async (services: Services, userId: string) => {
  const pending = await pendingEmailOf(services.db, userId, services.clock.now());
  return pending ? { pendingEmail: pending } : {};
};

export async function userView(services: Services, userId: string, session: { externalSource: boolean } = { externalSource: false }): Promise<User> {
  const graph = await repo.loadUserGraph(services.db, userId);
  if (!graph) return fail('USER_NOT_FOUND_2');
  const { user, company, agency } = graph;
  const entities = graph.entities.map((e) => ({ uid: e.id, name: e.name }));
  const access = approvalAccess(user);
  return {
    uid: user.id,
    username: user.username,
    gender: user.gender,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    birthdate: user.birthdate,
    perms: user.perms,
    company: company
      ? {
          uid: company.id,
          name: company.name,
          config: company.config,
          hotel_enabled: company.hotelEnabled,
          carrental_enabled: company.carrentalEnabled,
          travel_policy: company.travelPolicy,
          entities,
          agency: { uid: agency.id, name: agency.name },
        }
      : null,
    company_id: company?.id ?? null,
    entities,
    cards: await userObjectCards(services.db, user.id),
    travel_documents: [],
    hasOpenJawSearchEnabled: user.flags.hasOpenJawSearchEnabled ?? false,
    canUseExpertMode: user.flags.canUseExpertMode ?? false,
    canApproveSafetyApproval: user.flags.canApproveSafetyApproval ?? false,
    isPwdChangeDisabled: user.flags.isPwdChangeDisabled ?? false,
    isUsernameChangeDisabled: user.flags.isUsernameChangeDisabled ?? false,
    features: effectiveFeatures(agency.features, company?.features, session.externalSource ? EXTERNAL_SOURCE : null),
    // The editable profile (features/profile): its fields, version, last travellers, special fares and links.
    ...profileFieldsOf(user),
    ...(await pendingEmailField(services, user.id)),
    links: {
      self: linkTo('self'),
      logout: linkTo('logout'),
      ...profileLinks(),
      ...(access.regular ? { approvals: linkTo('approvals') } : {}),
      ...(access.safety ? { safetyApprovals: linkTo('safetyApprovals') } : {}),
      ...(access.regular || access.safety ? { approvalCounts: linkTo('approvalCounts') } : {}),
      documents: linkTo('documents'),
      userCards: linkTo('userCards'),
      paymentCards: linkTo('paymentCards'),
      // The dashboard: everyone's own; the company's for its travel manager.
      travelStats: linkTo('travelStats'),
      // Privacy and data deletion (features/privacy); an account of a company with its own sign-in is deleted by the company.
      privacyPolicy: linkTo('privacyPolicy'),
      deleteOptionalData: linkTo('deleteOptionalData'),
      ...(company?.sso ? {} : { deleteAccount: linkTo('deleteAccount') }),
      ...(company && user.perms.includes('account_creation') ? { companyTravelStats: linkTo('companyTravelStats', { companyID: company.id }) } : {}),
      // The agency's staff: its work queue, and the customer companies they book for (which the web app reads as "books for customers").
      ...(isAgencyStaff(user.perms) ? { agencyQueue: linkTo('agencyQueue'), listCustomerCompanies: linkTo('listCustomerCompanies') } : {}),
      ...(isAgencyAdmin(user.perms) ? { agencyAdmin: linkTo('agencyAdmin') } : {}),
    },
  };
}
