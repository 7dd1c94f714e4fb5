import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { startApi, DEMO_API_KEY, DEMO_PASSWORD, type Api } from '@test/support/api';
import { companies, sessions, userTokens, users } from '@server/db/schema';

/**
 * Single sign-on over real HTTP: the app listens, a cookie-keeping client follows the
 * redirects by hand, through the demo provider at /oidc (Globex) or through a provider this test
 * runs itself (Initrode, made here), which can sign with the wrong key, change the nonce or name anybody.
 */
let api: Api;
let origin: string;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake?.close();
  await api.close();
});

/** A browser: keeps cookies per path, never follows redirects by itself, speaks French. */
function browser() {
  const jar = new Map<string, { value: string; path: string }>();
  return async function go(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
    const target = new URL(url, origin);
    const cookie = [...jar.entries()]
      .filter(([, c]) => target.origin === origin && target.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const headers: Record<string, string> = { 'accept-language': 'fr-FR,fr;q=0.9', ...init.headers };
    if (cookie) headers.cookie = cookie;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: 'manual',
    });
    if (target.origin === origin)
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
        if (value === '' || attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=.*1970/i.test(a))) jar.delete(name);
        else jar.set(name, { value, path });
      }
    return { status: res.status, location: res.headers.get('location'), body: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
  };
}
type Go = ReturnType<typeof browser>;

/** The web app's start-up sign-in (GET /api/v1/sso/), from this browser: its cookies go with the call, as a same-origin fetch sends them. */
async function redeem(go: Go, token: string | null, type: 'sso' | 'sandbox' = 'sso') {
  const res = await go(`/api/v1/sso/?type=${type}&token=${encodeURIComponent(token ?? '')}`, { headers: { 'api-key': DEMO_API_KEY } });
  return { status: res.status, body: JSON.parse(res.body) };
}

/** Follows redirects until an answer that is not one (or leaves for another origin). */
async function follow(go: Go, url: string) {
  let res = await go(url);
  while (res.location && new URL(res.location, origin).origin === origin && !res.location.includes('token=')) res = await go(res.location);
  return res;
}

const formAction = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)![1]!;

/** From the username to the demo provider's sign-in page. */
async function toProviderPage(go: Go, username = 'gus', entry?: string) {
  const strategy = await api.call('GET', `/api/v1/user/auth-strategy/${username}`);
  const page = await follow(go, entry ?? strategy.body.result.redirectURL);
  expect(page.status).toBe(200);
  return page;
}

/** What a failed sign-in must leave: no session, no sign-in token. */
async function countSignIns() {
  const [s] = await api.db.select({ n: count() }).from(sessions);
  const [t] = await api.db.select({ n: count() }).from(userTokens).where(eq(userTokens.kind, 'login'));
  return { sessions: s!.n, tokens: t!.n };
}

describe('GET /user/auth-strategy/{username}', () => {
  it('sends a user of a company with single sign-on to its entry, with the name as the provider’s hint', async () => {
    for (const name of ['gus', 'GUS', ' gus ']) {
      const res = await api.call('GET', `/api/v1/user/auth-strategy/${encodeURIComponent(name)}`);
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ strategy: 'sso', redirectURL: `${origin}/auth/sso/globex?login_hint=${encodeURIComponent(name.trim())}` });
    }
  });

  it('answers the password step for the other users and for unknown names alike', async () => {
    for (const name of ['alice', 'nobody-here']) {
      const res = await api.call('GET', `/api/v1/user/auth-strategy/${name}`);
      expect(res.body).toEqual({ result: { strategy: 'password', redirectURL: null } });
    }
  });
});

describe('the authorization-code flow with PKCE through the demo provider', () => {
  it('signs gus in: provider page, password, callback, one-time token, session', async () => {
    const go = browser();
    const page = await toProviderPage(go);
    // The provider's own page, in French, with the hint filled in and a CSP of its own (no script).
    expect(page.body).toContain('Connexion à Globex Consulting');
    expect(page.body).toContain('value="gus"');
    expect(page.csp).toMatch(/default-src 'none'/);
    expect(page.csp).not.toMatch(/script-src/);

    const back = await follow(go, (await go(formAction(page.body), { form: { username: 'gus', password: DEMO_PASSWORD } })).location!);
    expect(back.status).toBe(302);
    const landing = new URL(back.location!, origin);
    expect(landing.pathname).toBe('/sso/globex');
    const token = landing.searchParams.get('token')!;

    const entry = await redeem(go, token);
    expect(entry.status).toBe(200);
    expect(entry.body.result).toMatchObject({
      user: { username: 'gus', firstname: 'Gus', company: { name: 'Globex Consulting' } },
      request: null,
      analytics: null,
      travel: null,
    });
    expect(entry.body.result.features).toMatchObject({ noTabMode: false, enableAccountAccess: true });
    const me = await api.call('GET', '/api/v1/user/', { token: entry.body.result.user.token });
    expect(me.body.result.username).toBe('gus');

    // The sign-in token is single use; the browser's cookie went with it.
    const again = await redeem(go, token);
    expect(again.status).toBe(400);
    expect(again.body.api_code).toBe(101);
  });

  it('the sign-in token opens a session only in the browser that signed in: elsewhere it is unknown, and stays its browser’s', async () => {
    const go = browser();
    const page = await toProviderPage(go);
    const back = await follow(go, (await go(formAction(page.body), { form: { username: 'gus', password: DEMO_PASSWORD } })).location!);
    const token = new URL(back.location!, origin).searchParams.get('token')!;
    const before = await countSignIns();

    // The landing address, opened without the browser's cookie (a link someone was sent: login CSRF) or in another
    // browser that has a sign-in of its own under way, or handed to the password sign-in: the answer of an unknown token.
    const other = browser();
    const otherPage = await toProviderPage(other, 'ursula');
    await follow(other, (await other(formAction(otherPage.body), { form: { username: 'ursula', password: DEMO_PASSWORD } })).location!);
    for (const res of [
      await api.call('GET', `/api/v1/sso/?type=sso&token=${token}`),
      await redeem(other, token),
      await redeem(other, token, 'sandbox'),
      await api.call('POST', '/api/v1/user/login', { body: { token } }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.api_code).toBe(101);
    }
    expect((await countSignIns()).sessions).toBe(before.sessions);

    // Those attempts did not spend it: its own browser signs in.
    const entry = await redeem(go, token);
    expect(entry.status).toBe(200);
    expect(entry.body.result.user.username).toBe('gus');
  });

  it('the sandbox entry signs in in external-source mode: no tabs, no account area, also after a reload', async () => {
    const go = browser();
    const page = await toProviderPage(go, 'gus', `${origin}/auth/sandbox/globex`);
    expect(page.body).toContain('value=""');
    const back = await follow(go, (await go(formAction(page.body), { form: { username: 'gus', password: DEMO_PASSWORD } })).location!);
    const landing = new URL(back.location!, origin);
    expect(landing.pathname).toBe('/sandbox/globex');

    const entry = await redeem(go, landing.searchParams.get('token'), 'sandbox');
    const external = { noTabMode: true, enableAccountAccess: false, disableHomeRedirectionOnLogo: true };
    expect(entry.body.result.features).toMatchObject(external);
    expect(entry.body.result.user.features).toMatchObject(external);
    const me = await api.call('GET', '/api/v1/user/', { token: entry.body.result.user.token });
    expect(me.body.result.features).toMatchObject(external);
    // Another session of the same user is an ordinary one.
    const own = await api.call('GET', '/api/v1/user/', { token: await api.login('gus') });
    expect(own.body.result.features).toMatchObject({ noTabMode: false, enableAccountAccess: true });
  });

  it('the provider refuses a wrong password and another company’s user, and signs nobody in', async () => {
    const before = await countSignIns();
    const go = browser();
    const page = await toProviderPage(go);
    for (const form of [
      { username: 'gus', password: 'Not-the-password1' },
      { username: 'alice', password: DEMO_PASSWORD },
      { username: 'nobody', password: DEMO_PASSWORD },
    ]) {
      const res = await go(formAction(page.body), { form });
      expect(res.status).toBe(401);
      expect(res.location).toBeNull();
      expect(res.body).toContain('Nom d’utilisateur ou mot de passe incorrect.');
    }
    expect(await countSignIns()).toEqual(before);
  });

  it('a person who cancels at the provider gets the error page, signed out', async () => {
    const before = await countSignIns();
    const go = browser();
    const page = await toProviderPage(go);
    const cancelled = await follow(go, (await go(formAction(page.body).replace(/\/login$/, '/abort'), { form: {} })).location!);
    expect(cancelled.status).toBe(401);
    expect(cancelled.body).toContain('Le fournisseur d’identité n’a pas confirmé votre identité.');
    expect(cancelled.body).toContain('<a href="/">Retour à l’accueil</a>');
    expect(await countSignIns()).toEqual(before);
  });

  /** Up to the provider's answer: the callback address, not yet followed. */
  async function callbackOf(go: Go) {
    const page = await toProviderPage(go);
    let res = await go(formAction(page.body), { form: { username: 'gus', password: DEMO_PASSWORD } });
    while (!res.location!.includes('/auth/callback')) res = await go(res.location!);
    return new URL(res.location!);
  }

  it('a callback with a state that is not the attempt’s: error page, no session', async () => {
    const before = await countSignIns();
    const go = browser();
    const callback = await callbackOf(go);
    callback.searchParams.set('state', 'forged-state');
    const res = await go(callback.href);
    expect(res.status).toBe(400);
    expect(res.body).toContain('La réponse du fournisseur d’identité n’a pas pu être vérifiée');
    expect(res.location).toBeNull();
    expect(await countSignIns()).toEqual(before);
  });

  it('a callback from another browser, or twice, or too late: error page, no session', async () => {
    const before = await countSignIns();
    // Another browser (no cookie of the attempt).
    const callback = await callbackOf(browser());
    const stranger = await browser()(callback.href);
    expect(stranger.status).toBe(400);
    expect(stranger.body).toContain('a expiré, a déjà servi ou a commencé dans un autre navigateur');

    // Too late: the attempt lasts ten minutes.
    const slow = browser();
    const late = await callbackOf(slow);
    api.clock.advance(11 * 60_000);
    expect((await slow(late.href)).status).toBe(400);
    expect(await countSignIns()).toEqual(before);

    // Twice: the first one signs in, the replay does not.
    const go = browser();
    const twice = await callbackOf(go);
    expect((await go(twice.href)).location).toMatch(/^\/sso\/globex\?token=/);
    const replay = await go(twice.href);
    expect(replay.status).toBe(400);
    expect((await countSignIns()).tokens).toBe(before.tokens + 1);
  });

  it('answers an unknown entry with a 404 page in English when asked', async () => {
    const res = await fetch(`${origin}/auth/sso/no-such-company`, { headers: { 'accept-language': 'en-GB' }, redirect: 'manual' });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('This sign-in entry does not exist.');
  });
});

// ---------------------------------------------------------------------------------------------
// A provider of our own, to answer what the demo provider never would.

type Behaviour = {
  email?: string | null;
  /** `email_verified` as sent: true unless told (`'missing'`: the claim is left out). */
  emailVerified?: boolean | 'missing';
  subject?: string;
  nonce?: 'keep' | 'other';
  key?: 'good' | 'wrong';
  givenName?: string;
  familyName?: string;
};
let fake: { issuer: string; behave: (b: Behaviour) => void; close: () => Promise<void> } | undefined;

async function fakeProvider() {
  const good = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const wrong = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...good.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  let behaviour: Behaviour = {};
  const nonces = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, issuer);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration')
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      // No person here: the code names the request's nonce.
      const code = `code-${nonces.size}`;
      nonces.set(code, url.searchParams.get('nonce')!);
      return res.writeHead(302, { location: `${origin}/auth/callback?code=${code}&state=${url.searchParams.get('state')}` }).end();
    }
    if (url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const code = new URLSearchParams(body).get('code')!;
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          iss: issuer,
          aud: 'initrode-app',
          sub: behaviour.subject ?? 'initrode-42',
          iat: now,
          exp: now + 300,
          nonce: behaviour.nonce === 'other' ? 'not-the-nonce' : nonces.get(code),
          ...(behaviour.email === null ? {} : { email: behaviour.email ?? 'new.person@initrode.example' }),
          ...(behaviour.emailVerified === 'missing' ? {} : { email_verified: behaviour.emailVerified ?? true }),
          given_name: behaviour.givenName ?? 'Peter',
          family_name: behaviour.familyName ?? 'Gibbons',
        };
        json({
          access_token: 'at',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: jwt(claims, behaviour.key === 'wrong' ? wrong.privateKey : good.privateKey),
        });
      });
      return;
    }
    if (url.pathname === '/userinfo') return json({ sub: behaviour.subject ?? 'initrode-42' });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, behave: (b: Behaviour) => (behaviour = b), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function jwt(claims: Record<string, unknown>, key: KeyObject) {
  const input = `${b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

describe('the callback’s checks, against a provider that misbehaves', () => {
  let initrodeId: string;
  beforeAll(async () => {
    fake = await fakeProvider();
    // The demo agency's (alice's, gus's).
    const [agency] = await api.db.select({ id: companies.agencyId }).from(companies).where(eq(companies.name, 'Globex Consulting'));
    const [initrode] = await api.db
      .insert(companies)
      .values({
        agencyId: agency!.id,
        name: 'Initrode',
        config: { test: false, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
        sso: { segment: 'initrode', issuer: fake.issuer, clientId: 'initrode-app', clientSecret: 'initrode-secret', scopes: 'openid email profile' },
      })
      .returning();
    initrodeId = initrode!.id;
  });
  beforeEach(() => fake!.behave({}));

  /** Start → the fake's authorize → the callback, with the cookie of the attempt. */
  async function signInAtInitrode(go = browser()) {
    const started = await go('/auth/sso/initrode');
    const authorize = await fetch(started.location!, { redirect: 'manual' });
    return go(authorize.headers.get('location')!);
  }

  /** The whole sign-in in one browser, up to the web app's start-up sign-in: the session's user. */
  async function sessionAtInitrode() {
    const go = browser();
    const res = await signInAtInitrode(go);
    expect(res.status).toBe(302);
    const entry = await redeem(go, new URL(res.location!, origin).searchParams.get('token'));
    expect(entry.status).toBe(200);
    return entry.body.result.user as { uid: string; username: string; email: string };
  }

  it('an ID token signed with a key that is not the provider’s: error page, no session', async () => {
    const before = await countSignIns();
    fake!.behave({ key: 'wrong' });
    const res = await signInAtInitrode();
    expect(res.status).toBe(400);
    expect(res.body).toContain('n’a pas pu être vérifiée');
    expect(await countSignIns()).toEqual(before);
  });

  it('an ID token with another nonce: error page, no session', async () => {
    const before = await countSignIns();
    fake!.behave({ nonce: 'other' });
    const res = await signInAtInitrode();
    expect(res.status).toBe(400);
    expect(await countSignIns()).toEqual(before);
  });

  it('a new e-mail becomes an active employee of the company, with the provider’s names; the next sign-in finds it', async () => {
    const go = browser();
    const res = await signInAtInitrode(go);
    const landing = new URL(res.location!, origin);
    expect(landing.pathname).toBe('/sso/initrode');
    const entry = await redeem(go, landing.searchParams.get('token'));
    expect(entry.body.result.user).toMatchObject({
      username: 'new.person@initrode.example',
      email: 'new.person@initrode.example',
      firstname: 'Peter',
      lastname: 'Gibbons',
      company: { name: 'Initrode' },
      isPwdChangeDisabled: true,
      isUsernameChangeDisabled: true,
    });
    expect((await sessionAtInitrode()).uid).toBe(entry.body.result.user.uid);
    expect(await api.db.select().from(users).where(eq(users.companyId, initrodeId))).toHaveLength(1);
    // Its users are sent to their provider.
    expect((await api.call('GET', '/api/v1/user/auth-strategy/new.person@initrode.example')).body.result.redirectURL).toBe(
      `${origin}/auth/sso/initrode?login_hint=new.person%40initrode.example`,
    );
  });

  it('after its first sign-in, the account is the subject’s: a new e-mail at the provider still finds it, unchanged', async () => {
    const first = await sessionAtInitrode();
    fake!.behave({ email: 'peter.gibbons@initrode.example' });
    const renamed = await sessionAtInitrode();
    expect(renamed).toMatchObject({ uid: first.uid, username: 'new.person@initrode.example', email: 'new.person@initrode.example' });
    // Even an address the provider no longer vouches for: the subject is what names the person.
    fake!.behave({ email: 'peter.gibbons@initrode.example', emailVerified: false });
    expect((await sessionAtInitrode()).uid).toBe(first.uid);
    expect(await api.db.select().from(users).where(eq(users.companyId, initrodeId))).toHaveLength(1);
  });

  it('another subject with the address of an account already linked signs nobody in', async () => {
    const before = await countSignIns();
    fake!.behave({ subject: 'initrode-impostor', email: 'new.person@initrode.example' });
    const res = await signInAtInitrode();
    expect(res.status).toBe(403);
    expect(res.body).toContain('Votre compte ne peut pas être utilisé ici.');
    expect(await countSignIns()).toEqual(before);
  });

  it('an account is linked by its e-mail only when the provider says it verified it', async () => {
    const [pat] = await api.db
      .insert(users)
      .values({
        agencyId: (await api.db.select().from(companies).where(eq(companies.id, initrodeId)))[0]!.agencyId,
        companyId: initrodeId,
        username: 'pat',
        email: 'pat@initrode.example',
        passwordHash: 'x',
        firstname: 'Pat',
        lastname: 'Initrode',
        status: 'active',
        activatedAt: new Date(),
      })
      .returning();
    const before = await countSignIns();
    for (const emailVerified of ['missing', false] as const) {
      fake!.behave({ subject: 'initrode-pat', email: 'pat@initrode.example', emailVerified });
      const res = await signInAtInitrode();
      expect(res.status).toBe(403);
      expect(res.body).toContain('n’a pas donné d’adresse e-mail vérifiée');
      // Nor a new account for an unverified address.
      fake!.behave({ subject: 'initrode-nobody', email: 'someone.new@initrode.example', emailVerified });
      expect((await signInAtInitrode()).status).toBe(403);
    }
    expect(await countSignIns()).toEqual(before);
    expect(await api.db.select().from(users).where(eq(users.email, 'someone.new@initrode.example'))).toHaveLength(0);

    fake!.behave({ subject: 'initrode-pat', email: 'pat@initrode.example', emailVerified: true });
    expect((await sessionAtInitrode()).uid).toBe(pat!.id);
  });

  it('the e-mail of another company’s user, or none at all, signs nobody in', async () => {
    const before = await countSignIns();
    fake!.behave({ subject: 'initrode-other', email: 'alice@acme.example' });
    const other = await signInAtInitrode();
    expect(other.status).toBe(403);
    expect(other.body).toContain('Votre compte ne peut pas être utilisé ici.');
    fake!.behave({ subject: 'initrode-other', email: null });
    const none = await signInAtInitrode();
    expect(none.status).toBe(403);
    expect(none.body).toContain('n’a pas donné d’adresse e-mail vérifiée');
    expect(await countSignIns()).toEqual(before);
  });

  it('a provider that does not answer: a 502 page', async () => {
    await api.db
      .update(companies)
      .set({ sso: { segment: 'initrode', issuer: 'http://127.0.0.1:9', clientId: 'other-app', clientSecret: 's', scopes: 'openid email' } })
      .where(eq(companies.id, initrodeId));
    const res = await browser()('/auth/sso/initrode');
    expect(res.status).toBe(502);
    expect(res.body).toContain('Le fournisseur d’identité ne répond pas.');
  });
});

it('GET /sso/ refuses a missing, unknown or malformed token', async () => {
  expect((await api.call('GET', '/api/v1/sso/?type=sso&token=nope')).body.api_code).toBe(101);
  expect((await api.call('GET', '/api/v1/sso/?type=elsewhere&token=nope')).status).toBe(400);
  expect((await api.call('GET', '/api/v1/sso/?type=sso')).status).toBe(400);
  expect((await api.call('GET', `/api/v1/sso/?type=sso&token=x`, { apiKey: DEMO_API_KEY.slice(1) })).status).toBe(401);
});

describe('a company that enforces its single sign-on (Umbrella Corporation)', () => {
  it('refuses ursula’s password with the way to her company’s sign-in, which signs her in through the demo provider', async () => {
    const refused = await api.call('POST', '/api/v1/user/login', { body: { username: 'ursula', password: DEMO_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ api_code: 32, redirectURL: `${origin}/auth/sso/umbrella?login_hint=ursula` });

    const go = browser();
    const page = await follow(go, refused.body.redirectURL);
    expect(page.body).toContain('Connexion à Umbrella Corporation');
    expect(page.body).toContain('value="ursula"');
    // Globex’s gus is not one of Umbrella’s: the provider refuses him there.
    const other = await go(formAction(page.body), { form: { username: 'gus', password: DEMO_PASSWORD } });
    expect(other.status).toBe(401);
    const back = await follow(go, (await go(formAction(other.body), { form: { username: 'ursula', password: DEMO_PASSWORD } })).location!);
    const landing = new URL(back.location!, origin);
    expect(landing.pathname).toBe('/sso/umbrella');
    const entry = await redeem(go, landing.searchParams.get('token'));
    expect(entry.status).toBe(200);
    expect(entry.body.result.user).toMatchObject({ username: 'ursula', company: { name: 'Umbrella Corporation' }, isPwdChangeDisabled: true });
  });
});
