import { linkTo } from '../../../contract/rels';
import type { LoginBody, Session, User } from '../../../contract/account';
import { featureFlagsSchema, signupBodySchema } from '../../../contract/account';
import { ApiError, fail, parseWith } from '../../platform/errors';
import { hours, isoDate, minutes } from '../../platform/clock';
import { createSession, revokeAllSessions, revokeSession, type UserRow } from '../../platform/auth';
import { decoyHash, hashPassword, newToken, sha256, verifyPassword } from '../../platform/secrets';
import { linkMail } from '../../platform/mail';
import type { Services } from '../../platform/services';
import type { RequestContext as Ctx } from '../../platform/request-context';
import * as repo from './repository';
import { approvalAccess } from '../../domain/approvals';

export async function authStrategy({ services, agency }: Ctx, username: string) {
  const user = await repo.findUserByUsername(services.db, agency.id, username.trim());
  if (!user || user.status === 'deleted') fail('USER_NOT_FOUND');
  return { strategy: 'password' as const, redirectURL: null };
}

export async function login(ctx: Ctx, body: LoginBody): Promise<Session> {
  const user = 'token' in body ? await loginWithToken(ctx, body.token) : await loginWithPassword(ctx, body.username, body.password);
  const token = await createSession(ctx.services, user.id);
  // E-mails others' actions send them (an approval request, an answer) are in the language they last signed in with.
  if (user.lang !== ctx.lang) await repo.setLang(ctx.services.db, user.id, ctx.lang);
  return { token, user: await userView(ctx.services, user.id) };
}

/**
 * Failed sign-ins are counted per account and per address over a sliding window. Past the limit
 * the answer is 429 until the window slides on: never a permanent lock-out of the real user,
 * who can also reset the password (which clears the account's count).
 */
async function loginWithPassword({ services, agency, address }: Ctx, username: string, password: string) {
  const { db, clock, config } = services;
  const now = clock.now();
  const since = new Date(now.getTime() - minutes(config.loginLimits.windowMinutes));
  const accountKey = `${agency.id}:${username.trim().toLowerCase()}`;
  const [byAccount, byAddress] = await Promise.all([
    repo.countFailures(db, 'account', accountKey, since),
    repo.countFailures(db, 'address', address, since),
  ]);
  if (byAccount >= config.loginLimits.perAccount || byAddress >= config.loginLimits.perAddress) fail('TOO_MANY_ATTEMPTS');

  const user = await repo.findUserByUsername(db, agency.id, username.trim());
  const ok = user && user.status !== 'deleted' ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await decoyHash(), password).then(() => false);
  if (!ok || !user) {
    await repo.recordFailures(db, [{ scope: 'account', key: accountKey }, { scope: 'address', key: address }], now);
    return fail('WRONG_CREDENTIALS');
  }
  if (user.status === 'pending') fail('EMAIL_NOT_CONFIRMED');
  await repo.clearFailures(db, 'account', accountKey);
  return user;
}

/** One-time sign-in link (sandbox / SSO entry): single use and short-lived. */
async function loginWithToken({ services }: Ctx, token: string) {
  const user = await useToken(services, token, 'login');
  if (user.status !== 'active') fail('USER_STATUS_INVALID');
  return user;
}

export async function logout({ services }: Ctx, sessionId: string) {
  await revokeSession(services, sessionId);
  return { redirectURL: null };
}

export async function signup(ctx: Ctx, body: unknown) {
  const { db, clock } = ctx.services;
  const input = parseSignup(body, isoDate(clock.now()));
  if (await repo.findUserByUsername(db, ctx.agency.id, input.username)) fail('USER_EXISTS');
  if (await repo.emailTaken(db, ctx.agency.id, input.email)) fail('EMAIL_IN_USE');
  const user = await repo
    .insertUser(db, {
      agencyId: ctx.agency.id,
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      gender: input.gender,
      firstname: input.firstname,
      lastname: input.lastname,
      phone: input.phone,
      birthdate: input.birthdate,
      address: input.address.description,
      subsidyNumber: input.subsidy_number ?? null,
      status: 'pending',
      gdprConsentAt: clock.now(),
    })
    .catch((err: { code?: string; cause?: { code?: string } }) => {
      // A concurrent sign-up with the same username or e-mail lost the race on the unique index.
      if (err.code === '23505' || err.cause?.code === '23505') fail('USER_EXISTS');
      throw err;
    });
  await sendActivation(ctx, user);
  return { email: user.email };
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

async function sendActivation({ services, agency, lang, origin }: Ctx, user: UserRow) {
  const { db, config, mailer } = services;
  const token = await issueToken(services, user.id, 'activation', hours(config.tokens.activationHours));
  const url = `${origin}/user/activate/${token}`;
  const t = lang === 'en'
    ? { subject: `${agency.name}: activate your account`, greeting: `Hello ${user.firstname},`, body: `Welcome to ${agency.name}. Confirm your e-mail address to activate your account. The link is valid for ${config.tokens.activationHours} hours.`, action: 'Activate my account', footer: 'If you did not sign up, ignore this e-mail.' }
    : { subject: `${agency.name} : activez votre compte`, greeting: `Bonjour ${user.firstname},`, body: `Bienvenue chez ${agency.name}. Confirmez votre adresse e-mail pour activer votre compte. Le lien est valable ${config.tokens.activationHours} heures.`, action: 'Activer mon compte', footer: 'Si vous n’êtes pas à l’origine de cette inscription, ignorez cet e-mail.' };
  await mailer.send(db, { agencyId: agency.id, to: user.email, subject: t.subject, ...linkMail({ ...t, url }) });
}

async function issueToken({ db, clock }: Pick<Services, 'db' | 'clock'>, userId: string, kind: repo.TokenKind, ttlMs: number) {
  const token = newToken();
  const now = clock.now();
  await repo.retireTokens(db, userId, kind, now);
  await repo.insertToken(db, { userId, kind, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

/** Checks and consumes a single-use token: unknown → 101, expired → 102, used → 103. */
async function useToken({ db, clock }: Services, token: string, kind: repo.TokenKind) {
  const row = await repo.findToken(db, sha256(token));
  if (!row || row.kind !== kind) return fail('TOKEN_INVALID');
  const now = clock.now();
  if (row.usedAt) fail('TOKEN_USED');
  if (row.expiresAt <= now) fail('TOKEN_EXPIRED');
  if (!(await repo.consumeToken(db, row.id, now))) fail('TOKEN_USED');
  const user = await repo.findUserById(db, row.userId);
  return user ?? fail('USER_NOT_FOUND_2');
}

export async function confirm({ services }: Ctx, token: string) {
  const row = await repo.findToken(services.db, sha256(token));
  if (row?.kind === 'activation') {
    const owner = await repo.findUserById(services.db, row.userId);
    if (owner?.status === 'active') fail('ALREADY_ACTIVATED');
  }
  const user = await useToken(services, token, 'activation');
  await repo.activateUser(services.db, user.id, services.clock.now());
  return { message: 'ACCOUNT_ACTIVATED' };
}

/** A new activation link for the owner of an expired (or otherwise unusable) one. */
export async function regenerate(ctx: Ctx, token: string) {
  const row = await repo.findToken(ctx.services.db, sha256(token));
  if (!row || row.kind !== 'activation') fail('TOKEN_INVALID');
  const user = await repo.findUserById(ctx.services.db, row!.userId);
  if (!user) return fail('TOKEN_INVALID');
  if (user.status === 'active') fail('ALREADY_ACTIVATED');
  await sendActivation(ctx, user);
  return { message: 'ACTIVATION_LINK_SENT' };
}

export async function forgot(ctx: Ctx, username: string) {
  const { db, config, mailer } = ctx.services;
  const user = await repo.findUserByUsername(db, ctx.agency.id, username);
  if (!user || user.status === 'deleted') fail('USER_NOT_FOUND');
  const token = await issueToken(ctx.services, user!.id, 'reset', minutes(config.tokens.resetMinutes));
  const url = `${ctx.origin}/password/${token}`;
  const t = ctx.lang === 'en'
    ? { subject: `${ctx.agency.name}: reset your password`, greeting: `Hello ${user!.firstname},`, body: `Someone asked to reset the password of your account (${user!.username}). The link works once, for ${config.tokens.resetMinutes} minutes.`, action: 'Choose a new password', footer: 'If you did not ask for it, ignore this e-mail: your password stays the same.' }
    : { subject: `${ctx.agency.name} : réinitialisez votre mot de passe`, greeting: `Bonjour ${user!.firstname},`, body: `Une réinitialisation du mot de passe de votre compte (${user!.username}) a été demandée. Le lien fonctionne une seule fois, pendant ${config.tokens.resetMinutes} minutes.`, action: 'Choisir un nouveau mot de passe', footer: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.' };
  await mailer.send(db, { agencyId: ctx.agency.id, to: user!.email, subject: t.subject, ...linkMail({ ...t, url }) });
  return { message: 'RESET_EMAIL_SENT' };
}

/** New password by e-mailed token: single use; every session of the user is revoked. */
export async function resetPassword({ services, agency }: Ctx, token: string, password: string) {
  const user = await useToken(services, token, 'reset');
  await repo.setPassword(services.db, user.id, await hashPassword(password));
  await revokeAllSessions(services, user.id);
  await repo.clearFailures(services.db, 'account', `${agency.id}:${user.username.toLowerCase()}`);
  // Following the e-mailed link proves the address: a pending account becomes active.
  if (user.status === 'pending') await repo.activateUser(services.db, user.id, services.clock.now());
  return { message: 'PASSWORD_UPDATED' };
}

/** Issues a one-time sign-in link token (sandbox entry). */
export const issueLoginToken = (services: Pick<Services, 'db' | 'clock' | 'config'>, userId: string) =>
  issueToken(services, userId, 'login', minutes(services.config.tokens.loginMinutes));

export async function userView(services: Services, userId: string): Promise<User> {
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
    cards: [],
    travel_documents: [],
    last_travelers: [],
    special_fares: [],
    hasOpenJawSearchEnabled: user.flags.hasOpenJawSearchEnabled ?? false,
    canUseExpertMode: user.flags.canUseExpertMode ?? false,
    canApproveSafetyApproval: user.flags.canApproveSafetyApproval ?? false,
    isPwdChangeDisabled: user.flags.isPwdChangeDisabled ?? false,
    isUsernameChangeDisabled: user.flags.isUsernameChangeDisabled ?? false,
    features: featureFlagsSchema.parse(company?.features ?? {}),
    links: {
      self: linkTo('self'),
      logout: linkTo('logout'),
      ...(access.regular ? { approvals: linkTo('approvals') } : {}),
      ...(access.safety ? { safetyApprovals: linkTo('safetyApprovals') } : {}),
      ...(access.regular || access.safety ? { approvalCounts: linkTo('approvalCounts') } : {}),
    },
  };
}
