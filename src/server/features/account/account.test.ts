import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api, DEMO_PASSWORD } from '@test/support/api';
import { issueLoginToken } from './service';
import { users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { signupBody } from '@test/factories/account';
import { issueUserToken } from '@server/db/user-tokens';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const validSignup = (n: string) => signupBody({ firstname: ' Zoé ', username: `zoe${n}`, email: `zoe${n}@acme.example` });

describe('tenancy', () => {
  it('refuses a missing or unknown Api-Key with 401 and code 7', async () => {
    for (const apiKey of [null, 'nope']) {
      const res = await api.call('GET', '/api/v1/agency', { apiKey });
      expect(res.status).toBe(401);
      expect(res.body.api_code).toBe(7);
      expect(res.body.errorMessage).toMatch(/clé d’API/);
    }
  });

  it('answers the branding of the agency named by the key, with an accessible brand colour', async () => {
    const res = await api.call('GET', '/api/v1/agency');
    expect(res.status).toBe(200);
    expect(res.body.result.name).toBe('Escale Voyages');
    expect(res.body.result.logo).toMatch(/^data:image\/svg\+xml/);
    expect(res.body.result.info.html).not.toMatch(/<script/);
  });

  it('speaks English when asked', async () => {
    const res = await api.call('GET', '/api/v1/agency', { apiKey: 'bad', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.body.errorMessage).toMatch(/missing or unknown API key/);
  });
});

describe('GET /user/auth-strategy/{username}', () => {
  it('says password for a known username whatever its case, and for an unknown one alike', async () => {
    for (const name of ['ALICE', 'nobody-here']) {
      const res = await api.call('GET', `/api/v1/user/auth-strategy/${name}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: { strategy: 'password', redirectURL: null } });
    }
  });
});

describe('POST /user/login and the session', () => {
  it('signs in with username and password and GET /user/ returns the user with company and entities', async () => {
    const token = await api.login('alice');
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const me = await api.call('GET', '/api/v1/user/', { token });
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({ username: 'alice', firstname: 'Alice', company: { name: 'Acme Industries' } });
    expect(me.body.result.entities.map((e: { name: string }) => e.name)).toEqual(['Lyon Plant', 'Paris HQ']);
    expect(me.body.result.links.logout).toEqual({ href: '/api/v1/user/logout', method: 'POST' });
  });

  it('links the agency’s staff, and them only, to the customer companies they book for', async () => {
    type Link = { href: string; method: string };
    const linksOf = async (username: string) => {
      const token = await api.login(username);
      return { token, links: (await api.call('GET', '/api/v1/user/', { token })).body.result.links as Record<string, Link | undefined> };
    };
    // A travel agent and an assistance agent: the link lists the agency's customers by name.
    for (const username of ['tina', 'arthur']) {
      const { token, links } = await linksOf(username);
      expect(links.listCustomerCompanies, username).toEqual({ href: '/api/v1/companies/', method: 'GET' });
      const companies = await api.call('GET', links.listCustomerCompanies!.href, { token });
      expect(companies.status, JSON.stringify(companies.body)).toBe(200);
      expect(companies.body.result.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Acme Industries', 'Globex Consulting']));
    }
    // Employees of a customer, a travel manager and an approver among them, book for their own company.
    for (const username of ['alice', 'maya', 'bob', 'gus']) {
      const { token, links } = await linksOf(username);
      expect(links.listCustomerCompanies, username).toBeUndefined();
      expect((await api.call('GET', '/api/v1/companies/', { token })).body.api_code, username).toBe(34);
    }
  });

  it('answers 401 code 29 "username or password incorrect" to a wrong password and to an unknown username', async () => {
    for (const username of ['gus', 'nobody-here']) {
      const res = await api.call('POST', '/api/v1/user/login', { body: { username, password: 'wrong-Pass1' } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ api_code: 29, errorMessage: 'Nom d’utilisateur ou mot de passe incorrect.' });
    }
  });

  it('rejects malformed bodies with 400 code 17, never a 500', async () => {
    const bodies = [
      {},
      { username: 'alice' },
      { username: 42, password: true },
      { username: 'a'.repeat(10_000), password: 'x' },
      { username: 'alice', password: 'x', extra: 1 },
      [],
      'null',
      { token: '' },
    ];
    for (const body of bodies) {
      const res = await api.call('POST', '/api/v1/user/login', { body: body as never, headers: { 'content-type': 'application/json' } });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.api_code).toBe(17);
    }
    const notJson = await api.call('POST', '/api/v1/user/login', { body: '{bad', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body.api_code).toBe(17);
    const tooBig = await api.call('POST', '/api/v1/user/login', {
      body: JSON.stringify({ username: 'x'.repeat(300_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.api_code).toBe(107);
  });

  it('refuses missing, garbage and revoked tokens with 401 code 59', async () => {
    expect((await api.call('GET', '/api/v1/user/')).body.api_code).toBe(59);
    expect((await api.call('GET', '/api/v1/user/', { token: 'x'.repeat(43) })).status).toBe(401);
    const token = await api.login('bob');
    const out = await api.call('POST', '/api/v1/user/logout', { token });
    expect(out.body).toEqual({ result: { redirectURL: null } });
    const after = await api.call('GET', '/api/v1/user/', { token });
    expect(after.status).toBe(401);
    expect(after.body.api_code).toBe(59);
  });

  it('expires a session after 8 idle hours, and after 7 days however active', async () => {
    const token = await api.login('carol');
    api.clock.advance(7 * 3600_000);
    expect((await api.call('GET', '/api/v1/user/', { token })).status).toBe(200);
    api.clock.advance(8 * 3600_000 + 60_000);
    expect((await api.call('GET', '/api/v1/user/', { token })).status).toBe(401);

    const busy = await api.login('carol');
    for (let step = 1; step <= 25; step++) {
      api.clock.advance(7 * 3600_000); // used every 7 h: never idle for 8
      const res = await api.call('GET', '/api/v1/user/', { token: busy });
      expect(res.status, `after ${step * 7} h`).toBe(step * 7 < 7 * 24 ? 200 : 401);
    }
  });

  it('does not accept a token of one agency on another agency', async () => {
    const { agencies } = await import('@server/db/schema');
    const { sha256 } = await import('@server/platform/secrets');
    await api.db.insert(agencies).values({ name: 'Other', apiKeyHash: sha256('other-key'), brandColor: '#000000', accentColor: '#000000' });
    const token = await api.login('maya');
    const res = await api.call('GET', '/api/v1/user/', { token, apiKey: 'other-key' });
    expect(res.status).toBe(401);
    const elsewhere = await api.call('POST', '/api/v1/user/login', { body: { username: 'maya', password: DEMO_PASSWORD }, apiKey: 'other-key' });
    expect(elsewhere.body.api_code).toBe(29);
  });

  it('signs in once with a one-time login token (sandbox / SSO entry)', async () => {
    const [sam] = await api.db.select().from(users).where(eq(users.username, 'sam'));
    const { loadConfig } = await import('@server/config');
    const token = await issueLoginToken({ db: api.db, clock: api.clock, config: loadConfig({}) }, sam!.id);
    const first = await api.call('POST', '/api/v1/user/login', { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body.result.user.username).toBe('sam');
    const again = await api.call('POST', '/api/v1/user/login', { body: { token } });
    expect(again.status).toBe(410);
    expect(again.body.api_code).toBe(103);
  });
});

describe('sign-in throttling (the attacks are in test/security/lockout.test.ts)', () => {
  const attempt = (password: string) => api.call('POST', '/api/v1/user/login', { body: { username: 'arthur', password }, remoteAddress: '192.0.2.40' });

  it('locks a device after 5 failures with 429 code 104 and Retry-After; following a reset link from it unlocks it', async () => {
    for (let failures = 0; failures < 5; ) {
      const res = await attempt(`bad${failures}`);
      if (res.status === 429) api.clock.advance(Number(res.headers['retry-after']) * 1000);
      else failures++;
    }
    const locked = await attempt(DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ api_code: 104, errorMessage: expect.stringMatching(/Trop de tentatives/) });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    await api.call('POST', '/api/v1/user/forgot', { body: { username: 'arthur' } });
    const mail = await api.lastMail('arthur@escale-voyages.example');
    const reset = await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: mail!.token, password: 'Arthur2027x' }, remoteAddress: '192.0.2.40' });
    expect(reset.status).toBe(200);
    expect((await attempt('Arthur2027x')).status).toBe(200);
  });
});

describe('sign-up and activation', () => {
  it('creates a pending account, e-mails an activation link, and activates it once', async () => {
    const res = await api.call('POST', '/api/v1/user/signin', { body: validSignup('1') });
    expect(res.status).toBe(201);
    expect(res.body.result).toEqual({ email: 'zoe1@acme.example' });

    const pending = await api.call('POST', '/api/v1/user/login', { body: { username: 'zoe1', password: 'Voyage2026' } });
    expect(pending.status).toBe(403);
    expect(pending.body.api_code).toBe(30);

    const mail = await api.lastMail('zoe1@acme.example');
    expect(mail?.subject).toMatch(/activez votre compte/);
    expect(mail?.link).toMatch(/^http:\/\/localhost(:\d+)?\/user\/activate\/[A-Za-z0-9_-]{43}$/);
    expect((await api.call('POST', '/api/v1/user/confirm', { body: { token: mail!.token } })).status).toBe(200);
    const again = await api.call('POST', '/api/v1/user/confirm', { body: { token: mail!.token } });
    expect(again.status).toBe(409);
    expect(again.body.api_code).toBe(109);

    const token = await api.login('zoe1', 'Voyage2026');
    const me = await api.call('GET', '/api/v1/user/', { token });
    expect(me.body.result).toMatchObject({ firstname: 'Zoé', phone: '0611223344', company: null });
  });

  it('refuses an expired activation link with 410 code 102, and regenerate sends a working one', async () => {
    await api.call('POST', '/api/v1/user/signin', { body: validSignup('2') });
    const first = await api.lastMail('zoe2@acme.example');
    api.clock.advance(49 * 3600_000);
    const expired = await api.call('POST', '/api/v1/user/confirm', { body: { token: first!.token } });
    expect(expired.status).toBe(410);
    expect(expired.body.api_code).toBe(102);

    expect((await api.call('POST', '/api/v1/user/regenerate', { body: { token: first!.token } })).status).toBe(200);
    const second = await api.lastMail('zoe2@acme.example');
    expect(second!.token).not.toBe(first!.token);
    expect((await api.call('POST', '/api/v1/user/confirm', { body: { token: second!.token } })).status).toBe(200);
    const done = await api.call('POST', '/api/v1/user/regenerate', { body: { token: first!.token } });
    expect(done.body.api_code).toBe(109);
  });

  it('answers 101 to an unknown activation token, for confirm and regenerate', async () => {
    for (const path of ['/api/v1/user/confirm', '/api/v1/user/regenerate']) {
      const res = await api.call('POST', path, { body: { token: 'A'.repeat(43) } });
      expect(res.status).toBe(400);
      expect(res.body.api_code).toBe(101);
    }
  });

  it.each([
    ['email', { email: undefined }, 46, 'PLEASE_FILL'],
    ['firstname', { firstname: '   ' }, 47, 'PLEASE_FILL'],
    ['lastname', { lastname: undefined }, 48, 'PLEASE_FILL'],
    ['email', { email: 'zoe@' }, 17, 'EMAIL_FORMAT'],
    ['email', { email: `${'a'.repeat(65)}@acme.example` }, 17, 'EMAIL_FORMAT'],
    ['gender', { gender: 'X' }, 17, 'FORMAT_INVALID'],
    ['username', { username: ' zoe ' }, 17, 'NO_WHITESPACE'],
    ['username', { username: '' }, 17, 'PLEASE_FILL'],
    ['phone', { phone: '01-23' }, 17, 'PHONE_FORMAT'],
    ['birthdate', { birthdate: '1899-12-31' }, 17, 'NOT_THAT_OLD'],
    ['birthdate', { birthdate: '2030-01-01' }, 17, 'TOO_YOUNG'],
    ['birthdate', { birthdate: '2001-02-30' }, 17, 'VALID_DATE'],
    ['birthdate', { birthdate: '' }, 17, 'PLEASE_FILL'],
    ['birthdate', { birthdate: 'xx/xx/xxxx' }, 17, 'VALID_DATE'],
    ['birthdate', { birthdate: '17/05/1990' }, 17, 'VALID_DATE'],
    ['birthdate', { birthdate: 'yesterday' }, 17, 'VALID_DATE'],
    ['password', { password: 'short1A', password_confirm: 'short1A' }, 17, 'PASSWORD_RULES'],
    ['password', { password: 'alllowercase1', password_confirm: 'alllowercase1' }, 17, 'PASSWORD_RULES'],
    ['password_confirm', { password_confirm: 'Voyage2027' }, 17, 'PASSWORD_MATCH'],
    ['address.description', { address: { description: '' } }, 17, 'PLEASE_FILL'],
    ['gdpr_consent', { gdpr_consent: false }, 17, 'PLEASE_CHECK'],
  ])('rejects a bad %s with code %s and its message key', async (field, patch, code, key) => {
    const res = await api.call('POST', '/api/v1/user/signin', { body: { ...validSignup('x'), ...patch } });
    expect(res.status).toBe(400);
    expect(res.body.api_code).toBe(code);
    expect(res.body.fields[field]).toBe(key);
  });

  it('tells the owner of a registered e-mail, whatever its case, that they already have an account, in their language', async () => {
    await api.db.update(users).set({ lang: 'en' }).where(eq(users.username, 'bob'));
    const res = await api.call('POST', '/api/v1/user/signin', { body: { ...validSignup('3'), email: 'BOB@acme.example' } });
    expect(res.status).toBe(201);
    const mail = await api.lastMail('bob@acme.example');
    expect(mail?.subject).toBe('Escale Voyages: you already have an account');
    expect(mail?.text).toMatch(/You already have an account: no other account was created\./);
    expect(mail?.text).toMatch(/Username : bob/);
    const reset = /Choose a new password : (\S+)/.exec(mail!.text)![1]!;
    expect(reset).toMatch(/\/password\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toMatch(/Sign in : http:\/\/localhost(:\d+)?\/\n/);
    const token = reset.split('/').pop();
    expect((await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: token, password: 'BobAgain2027' } })).status).toBe(200);
    await api.login('bob', 'BobAgain2027');
  });

  it('e-mails a new address whose username is taken that it is taken, with no link acting on that account', async () => {
    const body = { ...validSignup('6'), username: 'Alice' };
    expect((await api.call('POST', '/api/v1/user/signin', { body })).status).toBe(201);
    const mail = await api.lastMail(body.email);
    expect(mail?.subject).toBe('Escale Voyages : ce nom d’utilisateur est déjà utilisé');
    expect(mail?.text).toMatch(/^Bonjour,\n/);
    expect(mail?.text).toMatch(/un nom d’utilisateur déjà utilisé : aucun compte n’a été créé\./);
    // Nothing typed at sign-up is relayed to the address: neither the name nor the username.
    expect(mail?.text).not.toMatch(/Zoé|Alice/);
    expect(mail?.text).not.toMatch(/password|activate/);
    expect(mail?.link).toMatch(/^http:\/\/localhost(:\d+)?\/$/);
  });

  it('sends a pending account’s owner who signs up again a new activation link', async () => {
    const first = validSignup('7');
    await api.call('POST', '/api/v1/user/signin', { body: first });
    const old = await api.lastMail(first.email);
    expect((await api.call('POST', '/api/v1/user/signin', { body: { ...validSignup('8'), email: first.email } })).status).toBe(201);
    const again = await api.lastMail(first.email);
    expect(again?.subject).toMatch(/activez votre compte/);
    expect(again?.token).not.toBe(old?.token);
    expect((await api.call('POST', '/api/v1/user/confirm', { body: { token: again!.token } })).status).toBe(200);
    await api.login(first.username, 'Voyage2026');
  });

  it('accepts names of any script and survives wrong types without a 500', async () => {
    const ok = await api.call('POST', '/api/v1/user/signin', { body: { ...validSignup('4'), firstname: ' Łukasz-Zoé ', lastname: 'O’Brien 王' } });
    expect(ok.status).toBe(201);
    for (const body of [
      { ...validSignup('5'), address: 'street' },
      { ...validSignup('5'), gdpr_consent: 'yes' },
      { ...validSignup('5'), birthdate: 19900517 },
      null,
      'x',
    ]) {
      const res = await api.call('POST', '/api/v1/user/signin', { body: body as never, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
    }
  });
});

describe('what a sign-up relays to the address it names', () => {
  it('refuses names with anything but letters, spaces, hyphens and apostrophes (NAME_FORMAT), as traveller names', async () => {
    for (const [firstname, lastname] of [
      ['Win 500€ at evil.example', 'Martin'],
      ['Zoé', 'call +33612345678'],
      ['Zoé 🚆', 'Martin'],
      ['Zoé', 'https://evil.example/x'],
      ["- '", 'Martin'],
    ]) {
      const res = await api.call('POST', '/api/v1/user/signin', { body: { ...validSignup('relay'), firstname, lastname } });
      expect([res.status, res.body.api_code], `${firstname} ${lastname}`).toEqual([400, 17]);
      expect(Object.values(res.body.fields)).toEqual(['NAME_FORMAT']);
    }
    expect(await api.lastMail('zoerelay@acme.example')).toBeUndefined();
  });

  it('greets the unconfirmed address generically: the activation mail holds no typed name', async () => {
    const body = { ...validSignup('9'), firstname: 'Mallory', lastname: 'Attacker', lang: 'en' };
    expect((await api.call('POST', '/api/v1/user/signin', { body })).status).toBe(201);
    const mail = await api.lastMail(body.email);
    expect(mail?.subject).toMatch(/activ/);
    expect(mail?.text).toMatch(/^(Bonjour|Hello),\n/);
    expect(mail?.text).not.toMatch(/Mallory|Attacker/);
  });
});

describe('password reset', () => {
  it('e-mails a single-use link; the new password works, the old does not, and every session is revoked', async () => {
    const before = await api.login('gus');
    expect((await api.call('POST', '/api/v1/user/forgot', { body: { username: ' gus ' } })).status).toBe(200);
    const mail = await api.lastMail('gus@globex.example');
    expect(mail?.link).toMatch(/\/password\/[A-Za-z0-9_-]{43}$/);

    const weak = await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: mail!.token, password: 'weak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.fields.password).toBe('PASSWORD_RULES');

    expect((await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: mail!.token, password: 'NouveauMdp7' } })).status).toBe(200);
    expect((await api.call('GET', '/api/v1/user/', { token: before })).status).toBe(401);
    expect((await api.call('POST', '/api/v1/user/login', { body: { username: 'gus', password: DEMO_PASSWORD } })).status).toBe(401);
    await api.login('gus', 'NouveauMdp7');

    const reused = await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: mail!.token, password: 'Another1pass' } });
    expect(reused.status).toBe(410);
    expect(reused.body.api_code).toBe(103);
  });

  it('expires a reset link after an hour, and a newer link retires the older one', async () => {
    await api.call('POST', '/api/v1/user/forgot', { body: { username: 'maya' } });
    const first = await api.lastMail('maya@acme.example');
    await api.call('POST', '/api/v1/user/forgot', { body: { username: 'maya' } });
    const second = await api.lastMail('maya@acme.example');
    expect((await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: first!.token, password: 'Retired1pass' } })).body.api_code).toBe(103);
    api.clock.advance(61 * 60_000);
    const expired = await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: second!.token, password: 'Expired1pass' } });
    expect(expired.status).toBe(410);
    expect(expired.body.api_code).toBe(102);
  });

  it('answers an unknown username as a known one (without an e-mail), 400 code 17 to a blank one, 101 to an unknown token', async () => {
    const unknown = await api.call('POST', '/api/v1/user/forgot', { body: { username: 'nobody' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ result: { message: 'RESET_EMAIL_SENT' } });
    const blank = await api.call('POST', '/api/v1/user/forgot', { body: { username: '  ' } });
    expect(blank.body).toMatchObject({ api_code: 17, fields: { username: 'PLEASE_FILL' } });
    expect((await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: 'nope', password: 'Valid1pass' } })).body.api_code).toBe(101);
  });

  it('never writes an attacker-supplied Host into the e-mailed link', async () => {
    await api.call('POST', '/api/v1/user/forgot', { body: { username: 'sam' }, headers: { host: 'evil.example' } });
    const mail = await api.lastMail('sam@acme.example');
    expect(mail?.link).not.toMatch(/evil/);
  });
});

describe('mailing rate limit', () => {
  it('answers 429 code 104 past the per-address limit on calls that send e-mail', async () => {
    const limited = await startApi({ mailingRateLimit: 2 });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.call('POST', '/api/v1/user/forgot', { body: { username: 'alice' } })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const last = await limited.call('POST', '/api/v1/user/forgot', { body: { username: 'alice' } });
      expect(last.body.api_code).toBe(104);
    } finally {
      await limited.close();
    }
  });
});

describe('the API surface', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await api.call('GET', '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.api_code).toBe(100);
  });
  it('publishes OpenAPI generated from the contract at /api/docs', async () => {
    const res = await api.call('GET', '/api/docs/json', { apiKey: null });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/v1/user/login', '/api/v1/user/signin', '/api/v1/user/password']));
  });
  it('sends security headers with a strict CSP', async () => {
    const res = await api.call('GET', '/api/v1/agency');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a company that enforces its single sign-on (Umbrella Corporation)', () => {
  const umbrellaEntry = (username: string) => expect.stringMatching(new RegExp(`/auth/sso/umbrella\\?login_hint=${username}$`));

  it('refuses ursula’s password sign-in, right or wrong, sending her to her company’s sign-in (403, api_code 32)', async () => {
    for (const password of [DEMO_PASSWORD, 'Wrong1pass']) {
      const res = await api.call('POST', '/api/v1/user/login', { body: { username: 'ursula', password } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        api_code: 32,
        msg: 'ACCOUNT_UNUSABLE_HERE',
        errorMessage: 'Umbrella Corporation vous connecte par sa propre page de connexion : passez par la connexion avec votre entreprise.',
        redirectURL: umbrellaEntry('ursula'),
      });
    }
    const english = await api.call('POST', '/api/v1/user/login', {
      body: { username: 'URSULA', password: DEMO_PASSWORD },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.errorMessage).toBe('Umbrella Corporation signs you in through its own sign-in page: sign in with your company.');
  });

  it('refuses her a password reset link, and a link e-mailed before the company enforced it sets no password', async () => {
    const res = await api.call('POST', '/api/v1/user/forgot', { body: { username: 'ursula' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ api_code: 32, redirectURL: umbrellaEntry('ursula') });
    expect(await api.lastMail('ursula@umbrella.example')).toBeUndefined();

    const [ursula] = await api.db.select().from(users).where(eq(users.username, 'ursula'));
    const token = await issueUserToken(api, ursula!.id, 'reset', 60 * 60_000);
    const reset = await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: token, password: 'Chosen1pass' } });
    expect(reset.status).toBe(403);
    expect(reset.body.api_code).toBe(32);
    const [after] = await api.db.select().from(users).where(eq(users.id, ursula!.id));
    expect(after!.passwordHash).toBe(ursula!.passwordHash);
  });

  it('refuses a sign-up with her e-mail or her username, and sends no e-mail', async () => {
    for (const body of [signupBody({ email: 'ursula@umbrella.example' }), signupBody({ username: 'Ursula' })]) {
      const res = await api.call('POST', '/api/v1/user/signin', { body });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ api_code: 32, redirectURL: umbrellaEntry('ursula') });
    }
    expect(await api.lastMail('ursula@umbrella.example')).toBeUndefined();
  });

  it('changes nothing for a company whose single sign-on is not enforced, nor for unknown names', async () => {
    // gus (Globex) keeps his password beside his company's sign-in.
    expect((await api.call('POST', '/api/v1/user/login', { body: { username: 'gus', password: 'NouveauMdp7' } })).status).toBe(200);
    const unknown = await api.call('POST', '/api/v1/user/login', { body: { username: 'nobody-at-all', password: DEMO_PASSWORD } });
    const wrong = await api.call('POST', '/api/v1/user/login', { body: { username: 'alice', password: 'Wrong1pass' } });
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.api_code).toBe(29);
    const forgotten = await api.call('POST', '/api/v1/user/forgot', { body: { username: 'nobody-at-all' } });
    expect(forgotten.body).toEqual((await api.call('POST', '/api/v1/user/forgot', { body: { username: 'carol' } })).body);
  });
});
