import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { newTraveler as signUpTraveler } from '@test/support/new-traveler';
import { agencies, idempotencyKeys, users } from '@server/db/schema';
import { issueOnboardingToken } from '@server/db/user-tokens';

/*
 * The first-login onboarding (spec 3 §2, §4, §7): activation starts it, its e-mailed token
 * prefills step 2, confirms the account or refuses it, as a caller observes them.
 */

let api: Api;
type Me = { uid: string; phone: string | null; birthdate: string | null };

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

let serial = 0;
const me = async (token: string) => (await api.call('GET', '/api/v1/user/', { token })).body.result as Me;

/** A new traveller, signed up in `lang` and activated: the onboarding starts. */
const newTraveler = (lang: 'fr' | 'en' = 'fr') => signUpTraveler(api, `onb${++serial}${lang}`, lang);

describe('the onboarding', () => {
  const q = (o: { token: string; username: string }) => `token=${encodeURIComponent(o.token)}&username=${encodeURIComponent(o.username)}`;
  const identity = (t: { username: string; email: string }, extra: Record<string, unknown> = {}) => ({
    firstname: 'Léa',
    lastname: 'Rousseau-Martin',
    username: t.username,
    email: t.email,
    password: 'Nouveau2027',
    password_confirm: 'Nouveau2027',
    stock: 'accept',
    data_accuracy: true,
    ...extra,
  });
  const details = { gender: 'MS', birthdate: '1991-06-18', phone: '0698765432', gdpr_consent: true, data_accuracy: true };

  it('starts at activation: its token prefills step 2 with what the account holds', async () => {
    const t = await newTraveler();
    expect(t.onboarding).toMatchObject({ username: t.username, firstname: 'Léa', email: t.email, sso: false });
    const data = await api.call('GET', `/api/v1/user/onboarding/data?${q(t.onboarding)}`);
    expect(data.status).toBe(200);
    expect(data.body.result).toEqual({ birthdate: '1990-05-17', phone: '0612345678', gender: 'MS' });
    const other = await api.call('GET', `/api/v1/user/onboarding/data?${q({ token: t.onboarding.token, username: 'alice' })}`);
    expect(other.status).toBe(400);
    expect(other.body.api_code).toBe(101);
    expect((await api.call('GET', `/api/v1/user/onboarding/data?${q({ token: 'not-a-token-at-all', username: t.username })}`)).body.api_code).toBe(101);
  });

  it('checks both steps with the spec’s messages, storing nothing', async () => {
    const t = await newTraveler();
    const bad = await api.call('POST', '/api/v1/user/onboarding/confirm', {
      body: {
        onboarding_token: t.onboarding.token,
        identity: identity(t, { firstname: ' ', username: ' lea', password: 'short', data_accuracy: false }),
        details: { ...details, birthdate: '1850-01-01', phone: '06 12 ab', gdpr_consent: false },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      'identity.firstname': 'PLEASE_FILL',
      'identity.username': 'NO_WHITESPACE',
      'identity.data_accuracy': 'PLEASE_CHECK',
      'details.birthdate': 'NOT_THAT_OLD',
      'details.phone': 'PHONE_FORMAT',
      'details.gdpr_consent': 'PLEASE_CHECK',
    });
    // The password rules apply once the rest of the identity is right.
    const weak = await api.call('POST', '/api/v1/user/onboarding/confirm', {
      body: { onboarding_token: t.onboarding.token, identity: identity(t, { password: 'short', password_confirm: 'short' }), details },
    });
    expect(weak.body.fields).toEqual({ 'identity.password': 'PASSWORD_RULES' });
    const mismatch = await api.call('POST', '/api/v1/user/onboarding/confirm', {
      body: { onboarding_token: t.onboarding.token, identity: identity(t, { password_confirm: 'Other2027x' }), details },
    });
    expect(mismatch.body.fields).toEqual({ 'identity.password_confirm': 'PASSWORD_MATCH' });
    const noDetails = await api.call('POST', '/api/v1/user/onboarding/confirm', {
      body: { onboarding_token: t.onboarding.token, identity: identity(t), details: null },
    });
    expect(noDetails.body.fields).toMatchObject({ details: 'PLEASE_FILL' });
    // The token still works.
    expect((await api.call('GET', `/api/v1/user/onboarding/data?${q(t.onboarding)}`)).status).toBe(200);
  });

  it('confirms: identity and details saved, the password set, a session opened; a retry replays, a reuse is refused', async () => {
    const t = await newTraveler();
    const body = { onboarding_token: t.onboarding.token, identity: identity(t), details };
    const res = await api.call('POST', '/api/v1/user/onboarding/confirm', { body, headers: { 'idempotency-key': 'onboarding-confirm-1' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = res.body.result.token as string;
    const user = await me(session);
    expect(user).toMatchObject({ uid: t.id, phone: '0698765432', birthdate: '1991-06-18' });
    expect((await api.call('GET', '/api/v1/user/', { token: session })).body.result.lastname).toBe('Rousseau-Martin');
    expect((await api.call('POST', '/api/v1/user/login', { body: { username: t.username, password: 'Nouveau2027' } })).status).toBe(200);
    // The key keeps no session token in clear: a retry (the first answer lost) gets a session of its own.
    const kept = await api.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'onboarding-confirm-1'));
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(session);
    expect(kept[0]!.responseBody).toEqual({ result: { token: '' } });
    const replay = await api.call('POST', '/api/v1/user/onboarding/confirm', { body, headers: { 'idempotency-key': 'onboarding-confirm-1' } });
    expect(replay.status).toBe(200);
    const again = replay.body.result.token as string;
    expect(again).not.toBe(session);
    expect((await me(again)).uid).toBe(t.id);
    expect(JSON.stringify(await api.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'onboarding-confirm-1')))).not.toContain(again);
    const reuse = await api.call('POST', '/api/v1/user/onboarding/confirm', { body });
    expect(reuse.status).toBe(410);
    expect(reuse.body.api_code).toBe(103);
  });

  it('with stock refuse: submitted at once, no details stored', async () => {
    const t = await newTraveler();
    const res = await api.call('POST', '/api/v1/user/onboarding/confirm', {
      body: { onboarding_token: t.onboarding.token, identity: identity(t, { stock: 'refuse' }), details: null },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.id, t.id));
    expect(row).toMatchObject({ phone: null, birthdate: null, gender: null, address: null, status: 'active' });
  });

  it('refuses a username or e-mail another account uses (52, 49)', async () => {
    const t = await newTraveler();
    const taken = await api.call('POST', '/api/v1/user/onboarding/confirm', {
      body: { onboarding_token: t.onboarding.token, identity: identity(t, { username: 'ALICE' }), details },
    });
    expect(taken).toMatchObject({ status: 409, body: { api_code: 52 } });
    const email = await api.call('POST', '/api/v1/user/onboarding/confirm', {
      body: { onboarding_token: t.onboarding.token, identity: identity(t, { email: 'alice@acme.example' }), details },
    });
    expect(email).toMatchObject({ status: 409, body: { api_code: 49 } });
  });

  it('DELETE onboarding data: what the account holds goes, the token is used up', async () => {
    const t = await newTraveler();
    const res = await api.call('DELETE', `/api/v1/user/onboarding/data?${q(t.onboarding)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ message: 'INFOS_DELETED' });
    const [row] = await api.db.select().from(users).where(eq(users.id, t.id));
    expect(row).toMatchObject({ phone: null, birthdate: null, gender: null, address: null, status: 'active' });
    const again = await api.call('DELETE', `/api/v1/user/onboarding/data?${q(t.onboarding)}`);
    expect(again).toMatchObject({ status: 410, body: { api_code: 103 } });
  });

  it('DELETE onboarding data of an account never used erases it whole', async () => {
    const [row] = await api.db
      .insert(users)
      .values({
        agencyId: (await api.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, 'Escale Voyages')))[0]!.id,
        username: 'imported1',
        email: 'imported1@acme.example',
        passwordHash: 'x',
        firstname: 'Ines',
        lastname: 'Import',
        phone: '0600000000',
        status: 'invited',
      })
      .returning();
    const token = await issueOnboardingToken(api, row!.id);
    const res = await api.call('DELETE', `/api/v1/user/onboarding/data?${q({ token, username: 'imported1' })}`, {
      headers: { 'idempotency-key': 'onboarding-delete-1' },
    });
    expect(res.status).toBe(200);
    const [erased] = await api.db.select().from(users).where(eq(users.id, row!.id));
    expect(erased).toMatchObject({ status: 'deleted', phone: null });
    expect(erased!.username).not.toBe('imported1');
    // The retry after a lost answer gets the same answer.
    const replay = await api.call('DELETE', `/api/v1/user/onboarding/data?${q({ token, username: 'imported1' })}`, {
      headers: { 'idempotency-key': 'onboarding-delete-1' },
    });
    expect(replay).toMatchObject({ status: 200, body: res.body });
  });

  it('an expired link (410, 102) is renewed by POST /user/regenerate: a new link by e-mail, in the user’s language', async () => {
    const t = await newTraveler('en');
    api.clock.advance(8 * 86_400_000);
    try {
      const expired = await api.call('GET', `/api/v1/user/onboarding/data?${q(t.onboarding)}`);
      expect(expired).toMatchObject({ status: 410, body: { api_code: 102 } });
      const renewed = await api.call('POST', '/api/v1/user/regenerate', { body: { token: t.onboarding.token } });
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      expect(renewed.body.result).toEqual({ message: 'ONBOARDING_LINK_SENT' });
      const mail = (await api.lastMail(t.email))!;
      expect(mail.subject).toBe('Escale Voyages: complete your account');
      const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
      expect(links.map((l) => l.pathname)).toEqual(['/user/onboarding', '/user/onboarding/delete']);
      const start = Object.fromEntries(links[0]!.searchParams);
      expect(start).toMatchObject({ username: t.username, firstname: 'Léa', lastname: 'Rousseau', email: t.email });
      expect((await api.call('GET', `/api/v1/user/onboarding/data?${q({ token: start.token!, username: t.username })}`)).status).toBe(200);
      // The old link stays dead.
      expect((await api.call('GET', `/api/v1/user/onboarding/data?${q(t.onboarding)}`)).status).toBe(410);
    } finally {
      api.clock.advance(-8 * 86_400_000);
    }
  });
});
