import type { Lang } from '@contract/account';
import { activateUser, insertUser, userByEmail, userByUsername } from '@server/db/users';
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
 * then openid-client checks the answer against it; only a verified identity with an e-mail reaches
 * the users table. Success answers the app's entry with a one-time sign-in token
 * (/sso/<segment>?token=… or /sandbox/<segment>?token=…), where the web app opens the session.
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
  const token = await issueLoginToken(services, user.id);
  return `/${attempt.entry}/${encodeURIComponent(company.sso.segment)}?token=${encodeURIComponent(token)}`;
}

/**
 * The company's user with the provider's verified e-mail, or a new active employee of the company
 * with the provider's names. An address of another company's user, or of an account deleted or
 * deactivated, signs nobody in. The provider vouches for the address: an account still waiting
 * for its e-mail confirmation (or an invitation) becomes active.
 */
async function userFor(services: Services, company: repo.SsoCompany, identity: Identity, lang: Lang) {
  const { db, clock } = services;
  const { email } = identity;
  if (!email || !identity.emailVerified || email.length > 254 || !email.includes('@')) throw new SsoFailure('email');
  const found = await userByEmail(db, company.agencyId, email);
  if (found) {
    if (found.companyId !== company.id || found.status === 'deleted' || found.status === 'inactive') throw new SsoFailure('account');
    if (found.status !== 'active') await activateUser(db, found.id, clock.now());
    return found;
  }
  const username = email.toLowerCase();
  if (await userByUsername(db, company.agencyId, username)) throw new SsoFailure('account');
  const [first, ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean);
  const now = clock.now();
  return insertUser(db, {
    agencyId: company.agencyId,
    companyId: company.id,
    username,
    email,
    // Nobody knows it: this account signs in through its provider only.
    passwordHash: await unusablePasswordHash(),
    firstname: (identity.givenName ?? first ?? email.split('@')[0]!).slice(0, 100),
    lastname: (identity.familyName ?? (rest.join(' ') || '-')).slice(0, 100),
    // Its provider manages the name and the password (spec 3 §5: their fields are hidden).
    flags: { isPwdChangeDisabled: true, isUsernameChangeDisabled: true },
    lang,
    status: 'active',
    activatedAt: now,
  }).catch(async (err: { code?: string; cause?: { code?: string } }) => {
    // Two first sign-ins at once: the other one created the account.
    if (err.code !== '23505' && err.cause?.code !== '23505') throw err;
    const winner = await userByEmail(db, company.agencyId, email);
    if (!winner || winner.companyId !== company.id) throw new SsoFailure('account');
    return winner;
  });
}
