import type * as Client from 'openid-client';
import type { CompanySso } from '@server/db/schema';

/**
 * Escale as an OpenID Connect relying party (openid-client): the authorization-code flow with PKCE
 * (S256), a state and a nonce, the client authenticated with its secret (client_secret_basic, which
 * every provider supports), the ID token's signature checked with the provider's published keys.
 * openid-client is loaded with the first sign-in: start-up does not pay for it.
 */
let loaded: Promise<typeof Client> | undefined;
const openidClient = () => (loaded ??= import('openid-client'));

/** The issuer URL: a stored path (`/oidc`) is this server's own demo provider, at its public origin. */
export const issuerOf = (sso: CompanySso, origin: string) => new URL(sso.issuer.startsWith('/') ? `${origin}${sso.issuer}` : sso.issuer);

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where the provider sends the browser back: one address for every company (the attempt names the company). */
export const callbackUrl = (origin: string) => `${origin}/auth/callback`;

type Cached = { at: number; config: Promise<Client.Configuration> };
const TTL_MS = 10 * 60_000;

/**
 * The provider's configuration (its discovery document and, later, its keys), kept 10 minutes per
 * issuer and client so that a sign-in costs no discovery round trip; a failed discovery is not kept.
 * Plain http is allowed only on this machine (the demo provider, a test provider): a provider
 * elsewhere must use https.
 */
export function relyingParty() {
  const cache = new Map<string, Cached>();
  return async function configuration(sso: CompanySso, origin: string): Promise<Client.Configuration> {
    const client = await openidClient();
    const issuer = issuerOf(sso, origin);
    const key = `${issuer.href}|${sso.clientId}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.config;
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    const config = client.discovery(issuer, sso.clientId, { client_secret: sso.clientSecret }, client.ClientSecretBasic(sso.clientSecret), {
      // The ID token's signature is checked against the provider's keys even though it comes straight
      // from its token endpoint (openid-client skips that by default, trusting TLS, which a local
      // provider on http does not have).
      execute: insecure ? [client.allowInsecureRequests, client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks],
      timeout: 10,
    });
    cache.set(key, { at: Date.now(), config });
    config.catch(() => cache.delete(key));
    return config;
  };
}
export type RelyingParty = ReturnType<typeof relyingParty>;

export type Attempt = { state: string; nonce: string; codeVerifier: string };

/** A new attempt's secrets, and the provider's authorization address that carries them (the verifier stays here). */
export async function authorizationRequest(config: Client.Configuration, sso: CompanySso, origin: string, extra: { loginHint?: string; lang: string }) {
  const client = await openidClient();
  const attempt: Attempt = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  const params: Record<string, string> = {
    redirect_uri: callbackUrl(origin),
    scope: sso.scopes,
    state: attempt.state,
    nonce: attempt.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    ui_locales: extra.lang,
  };
  if (extra.loginHint) params.login_hint = extra.loginHint;
  return { attempt, url: client.buildAuthorizationUrl(config, params) };
}

export type Identity = {
  /** The provider's stable name of the person (`sub`); the issuer is the company's configured one, checked by openid-client. */
  subject: string;
  email: string | null;
  /** Only an explicit `email_verified: true` vouches for the address; a missing claim does not. */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The callback: checks the state, exchanges the code with the verifier, checks the ID token
 * (signature by the provider's keys, issuer, audience, expiry, nonce), then reads who signed in —
 * from the ID token, or the userinfo endpoint when the token names no e-mail.
 */
export async function completeCallback(config: Client.Configuration, currentUrl: URL, attempt: Attempt): Promise<Identity> {
  const client = await openidClient();
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims()!;
  let claims: Record<string, unknown> = idToken;
  if (!text(idToken.email)) claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
  return {
    subject: idToken.sub,
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
  };
}

/** The provider said no (its `error` answer: the person cancelled, or may not use this client). */
export const isProviderRefusal = async (err: unknown) => err instanceof (await openidClient()).AuthorizationResponseError;

/** The provider could not be reached (network, time-out), as opposed to an answer that failed its checks. */
export const isUnreachable = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === 'TimeoutError' || err.name === 'AbortError' || (err instanceof TypeError && /fetch failed/i.test(err.message)) || isUnreachable(err.cause));
