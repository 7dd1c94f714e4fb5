import type { Lang } from '@contract/account';
import { activateUser, insertUser, userByEmail, userById, userByUsername, type UserRecord } from '@server/db/users';
import { minutes } from '@server/platform/clock';
import { newToken, sha256, unusablePasswordHash } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { issueLoginToken } from '@server/db/user-tokens';
import type { SsoFailureReason } from './pages';
import * as repo from './repository';
import { authorizationRequest, completeCallback, isProviderRefusal, isUnreachable, type Identity, type RelyingParty } from './relying-party';

/** A sign-in that did not happen, with what to tell the person; `cause` is for the log only. */
export class SsoFailure extends Error {
  override name = 'SsoFailure';
  constructor(
    readonly reason: SsoFailureReason,
    cause?: unknown,
  ) {
    super(reason, { cause });
  }
}

export type Entry = 'sso' | 'sandbox';

/** How long a browser has to come back from the provider. */
const ATTEMPT_MINUTES = 10;

/** The entry's segment as written in paths: lower-case letters, digits and dashes. */
export const SEGMENT = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Starts a sign-in at the company's provider: stores the attempt (state, nonce, PKCE verifier) under
 * the hash of a new browser secret, and answers the provider's address and that secret, which the
 * route puts in an HttpOnly cookie: only the browser that started may finish.
 */
export async function start(services: Services, rp: RelyingParty, origin: string, input: { segment: string; entry: Entry; loginHint?: string; lang: Lang }) {
  const company = SEGMENT.test(input.segment) ? await repo.companyBySegment(services.db, input.segment) : undefined;
  if (!company) throw new SsoFailure('unknown_entry');
  const config = await rp(company.sso, origin).catch((err: unknown) => {
    throw new SsoFailure('unavailable', err);
  });
  const { attempt, url } = await authorizationRequest(config, company.sso, origin, { loginHint: input.loginHint, lang: input.lang });
  const browserSecret = newToken();
  const now = services.clock.now();
  await repo.insertLogin(
    services.db,
    {
      browserHash: sha256(browserSecret),
      companyId: company.id,
      entry: input.entry,
      ...attempt,
      expiresAt: new Date(now.getTime() + minutes(ATTEMPT_MINUTES)),
    },
    now,
  );
  return { location: url.href, browserSecret, maxAgeSeconds: ATTEMPT_MINUTES * 60 };
}

/**
 * The provider's answer. The attempt of the browser's cookie is used up first (once, unexpired),
 * then openid-client checks the answer against it; only a verified identity reaches the users table
 * (by its subject, or by its verified e-mail the first time). Success answers the app's entry with a
 * one-time sign-in token bound to the browser's secret (/sso/<segment>?token=… or
 * /sandbox/<segment>?token=…), where the web app opens the session with that browser's cookie.
 */
export async function finish(services: Services, rp: RelyingParty, origin: string, input: { browserSecret: string | undefined; query: string; lang: Lang }) {
  const now = services.clock.now();
  const attempt = input.browserSecret ? await repo.consumeLogin(services.db, sha256(input.browserSecret), now) : undefined;
  if (!attempt) throw new SsoFailure('expired');
  const company = (await repo.companiesById(services.db, attempt.companyId))[0];
  if (!company) throw new SsoFailure('unknown_entry');
  const config = await rp(company.sso, origin).catch((err: unknown) => {
    throw new SsoFailure('unavailable', err);
  });
  // The address the provider sent the browser to, rebuilt on the public origin (never the request's Host).
  const currentUrl = new URL(`${origin}/auth/callback${input.query ? `?${input.query}` : ''}`);
  const identity = await completeCallback(config, currentUrl, attempt).catch(async (err: unknown) => {
    throw new SsoFailure((await isProviderRefusal(err)) ? 'refused' : isUnreachable(err) ? 'unavailable' : 'invalid', err);
  });
  const user = await userFor(services, company, identity, input.lang);
  // Bound to this browser: only a call with its cookie opens the session (no sign-in in someone else's browser).
  const token = await issueLoginToken(services, user.id, sha256(input.browserSecret!));
  return `/${attempt.entry}/${encodeURIComponent(company.sso.segment)}?token=${encodeURIComponent(token)}`;
}

/**
 * Who signs in. The provider's subject (`sub`, under the company's issuer) names the person: once
 * linked, it alone finds the account, whatever e-mail the provider sends later (an address can change
 * or be given to someone else there; the subject cannot). A subject not linked yet is linked once, by
 * the e-mail the provider explicitly verified (`email_verified: true`), to the company's account with
 * that address if it is not linked to another subject of that provider; with no such account, a new
 * active employee of the company is created with the provider's names, linked likewise. An address
 * of another company's user, of an account deleted or deactivated, or of an account already linked to
 * another subject, signs nobody in. The provider vouches for the address: an account still waiting
 * for its e-mail confirmation (or an invitation) becomes active.
 */
async function userFor(services: Services, company: repo.SsoCompany, identity: Identity, lang: Lang) {
  const { db } = services;
  const issuer = company.sso.issuer;
  const linked = await repo.linkedUserId(db, issuer, identity.subject);
  if (linked) return usable(services, company, await userById(db, linked));
  const { email } = identity;
  if (!email || !identity.emailVerified || email.length > 254 || !email.includes('@')) throw new SsoFailure('email');
  const found = await userByEmail(db, company.agencyId, email);
  if (found) return linkExisting(services, company, identity.subject, found);
  return provision(services, company, identity, email, lang);
}

/** The linked or found account, if this company's and open; activated if it still waited for its e-mail or invitation. */
async function usable(services: Services, company: repo.SsoCompany, user: UserRecord | undefined) {
  if (!user || user.companyId !== company.id || user.status === 'deleted' || user.status === 'inactive') throw new SsoFailure('account');
  if (user.status !== 'active') await activateUser(services.db, user.id, services.clock.now());
  return user;
}

/** The first sign-in of an existing account: linked to the subject unless another subject of the provider has it. */
async function linkExisting(services: Services, company: repo.SsoCompany, subject: string, found: UserRecord) {
  if (found.companyId !== company.id || found.status === 'deleted' || found.status === 'inactive') throw new SsoFailure('account');
  const issuer = company.sso.issuer;
  const linked = await services.db.transaction(async (tx) => {
    // One first sign-in per account at a time: two subjects racing for one address do not both get it.
    await repo.lockUser(tx, found.id);
    if ((await repo.linkedSubject(tx, issuer, found.id)) !== undefined) return false;
    return repo.link(tx, { issuer, subject, userId: found.id });
  });
  // Not linked here: the account has another subject, or this subject was just linked (to it, by a concurrent sign-in, or to another).
  if (!linked && (await repo.linkedUserId(services.db, issuer, subject)) !== found.id) throw new SsoFailure('account');
  return usable(services, company, found);
}

/** Just-in-time provisioning: a new active employee with the provider's names, linked to the subject in the same transaction. */
async function provision(services: Services, company: repo.SsoCompany, identity: Identity, email: string, lang: Lang) {
  const { db, clock } = services;
  const username = email.toLowerCase();
  if (await userByUsername(db, company.agencyId, username)) throw new SsoFailure('account');
  const [first, ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean);
  const now = clock.now();
  const passwordHash = await unusablePasswordHash();
  return db
    .transaction(async (tx) => {
      const user = await insertUser(tx, {
        agencyId: company.agencyId,
        companyId: company.id,
        username,
        email,
        // Nobody knows it: this account signs in through its provider only.
        passwordHash,
        firstname: (identity.givenName ?? first ?? email.split('@')[0]!).slice(0, 100),
        lastname: (identity.familyName ?? (rest.join(' ') || '-')).slice(0, 100),
        // Its provider manages the name and the password (spec 3 §5: their fields are hidden).
        flags: { isPwdChangeDisabled: true, isUsernameChangeDisabled: true },
        lang,
        status: 'active',
        activatedAt: now,
      });
      // The subject was linked meanwhile (a concurrent first sign-in): this account is not made.
      if (!(await repo.link(tx, { issuer: company.sso.issuer, subject: identity.subject, userId: user.id }))) throw new ConcurrentFirstSignIn();
      return user;
    })
    .catch(async (err: { code?: string; cause?: { code?: string } }) => {
      // Two first sign-ins at once: the other one created the account and linked the subject.
      if (!(err instanceof ConcurrentFirstSignIn) && err.code !== '23505' && err.cause?.code !== '23505') throw err;
      const winner = await repo.linkedUserId(db, company.sso.issuer, identity.subject);
      if (!winner) throw new SsoFailure('account');
      return usable(services, company, await userById(db, winner));
    });
}

class ConcurrentFirstSignIn extends Error {}
