import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { ALPINE_API_KEY } from '@server/db/seed';
import { agencies, outbox, paymentCards, travelDocuments, travels, userCards, users } from '@server/db/schema';
import { NEW_TRAVELER_PASSWORD, newTraveler as signUpTraveler } from '@test/support/new-traveler';

/*
 * Privacy and data deletion (spec 3 §4, §7, §9): the agency's privacy policy, DELETE
 * user/optional_data and DELETE user/data, as a caller observes them.
 */

let api: Api;
type Link = { href: string; method: string };
type Me = { uid: string; phone: string | null; birthdate: string | null; links: Record<string, Link> };

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const PASSWORD = NEW_TRAVELER_PASSWORD;
let serial = 0;
const me = async (token: string) => (await api.call('GET', '/api/v1/user/', { token })).body.result as Me;
const follow = (link: Link, token: string, opts: { body?: unknown; key?: string; lang?: string } = {}) =>
  api.call(link.method as 'DELETE', link.href, {
    token,
    body: opts.body as never,
    headers: { ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
  });
const mailsTo = (to: string) => api.db.select().from(outbox).where(eq(outbox.to, to));

/** A new traveller, signed up in `lang` and activated. */
const newTraveler = (lang: 'fr' | 'en' = 'fr') => signUpTraveler(api, `priv${++serial}${lang}`, lang);

describe('the privacy policy', () => {
  it('is the agency’s own text in the reader’s language, through the user’s link', async () => {
    const alice = await api.login('alice');
    const link = (await me(alice)).links.privacyPolicy!;
    const fr = await follow(link, alice);
    expect(fr.status).toBe(200);
    expect(fr.body.result).toMatchObject({ title: 'Politique de confidentialité de Escale Voyages', version: 'février 2022', agency: 'Escale Voyages' });
    expect(fr.body.result.html).toContain('3 ans');
    const en = await follow(link, alice, { lang: 'en' });
    expect(en.body.result.title).toBe('Escale Voyages privacy policy');
    expect(en.body.result.html).toContain('18 months');
  });

  it('is each agency’s own: Alpine’s for Alpine’s Api-Key', async () => {
    const res = await api.call('GET', '/api/v1/user/privacy-policy', { apiKey: ALPINE_API_KEY });
    expect(res.body.result).toMatchObject({ agency: 'Alpine Business Travel', version: 'mars 2024' });
    expect(res.body.result.html).toContain('rgpd@alpine-business-travel.example');
  });

  it('is sanitised whatever wrote it, and falls back to the default text of spec 3 §9', async () => {
    const [escale] = await api.db.select().from(agencies).where(eq(agencies.name, 'Escale Voyages'));
    const before = escale!.privacyPolicy;
    await api.db
      .update(agencies)
      .set({
        privacyPolicy: {
          fr: {
            title: 'T',
            version: 'v1',
            html: '<p onclick="steal()">Texte<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
          },
        },
      })
      .where(eq(agencies.id, escale!.id));
    const dirty = await api.call('GET', '/api/v1/user/privacy-policy', { headers: { 'accept-language': 'en' } });
    // The English reader gets the French text when that is the only one.
    expect(dirty.body.result.html).toMatch(/^<p>Texte<a[^>]*>x<\/a><\/p>$/);
    expect(dirty.body.result.html).not.toMatch(/script|onclick|onerror|javascript|<img/);
    await api.db.update(agencies).set({ privacyPolicy: null }).where(eq(agencies.id, escale!.id));
    const fallback = await api.call('GET', '/api/v1/user/privacy-policy');
    expect(fallback.body.result).toMatchObject({ title: 'Politique de confidentialité', version: 'février 2022' });
    for (const words of ['3 ans', '1 an', '18 mois', '13 mois', 'transporteurs', 'portabilité']) expect(fallback.body.result.html).toContain(words);
    await api.db.update(agencies).set({ privacyPolicy: before }).where(eq(agencies.id, escale!.id));
  });
});

describe('DELETE user/optional_data', () => {
  it('clears the optional data, loyalty and payment cards and documents, keeps the account, and replays a retry', async () => {
    const t = await newTraveler();
    const token = await api.login(t.username, PASSWORD);
    await api.db.update(users).set({ cityOfBirth: 'Lyon', birthCountry: 'FR', subsidyNumber: 'S-1' }).where(eq(users.id, t.id));
    await api.db.insert(userCards).values({ userId: t.id, cardTypeId: 'sncf-avantage', cardNumber: '29090123456789012', expirationDate: '2027-12-31' });
    await api.db
      .insert(paymentCards)
      .values({ userId: t.id, token: 'tok_saved', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holder: 'Léa Rousseau' });
    await api.db.insert(travelDocuments).values({
      userId: t.id,
      position: 0,
      type: 'passport',
      civility: 'ms',
      firstname: 'Léa',
      lastname: 'Rousseau',
      nationality: 'FR',
      effectiveDate: '2020-01-01',
      expirationDate: '2030-01-01',
      number: '20AB12345',
      countryOfIssue: 'FR',
    });
    const before = await me(token);
    expect(before.phone).toBe('0612345678');

    const first = await follow(before.links.deleteOptionalData!, token, { key: 'optional-data-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toEqual({
      message: 'DATA_DELETED',
      cleared: ['phone', 'birthdate', 'address', 'subsidy_number', 'city_of_birth', 'birth_country', 'handicap', 'cards', 'travel_documents', 'payment_cards'],
    });
    const after = await me(token);
    expect({ phone: after.phone, birthdate: after.birthdate }).toEqual({ phone: null, birthdate: null });
    const [row] = await api.db.select().from(users).where(eq(users.id, t.id));
    expect(row).toMatchObject({
      address: null,
      subsidyNumber: null,
      cityOfBirth: null,
      birthCountry: null,
      accessibility: null,
      status: 'active',
      firstname: 'Léa',
    });
    expect(await api.db.select().from(userCards).where(eq(userCards.userId, t.id))).toEqual([]);
    expect(await api.db.select().from(travelDocuments).where(eq(travelDocuments.userId, t.id))).toEqual([]);
    expect(await api.db.select().from(paymentCards).where(eq(paymentCards.userId, t.id))).toEqual([]);

    // The profile's version moved on: an edit begun before cannot write the data back.
    expect(row!.version).toBeGreaterThan(1);
    const replay = await follow(before.links.deleteOptionalData!, token, { key: 'optional-data-1' });
    expect(replay).toMatchObject({ status: 200, body: first.body });
  });

  it('needs a session', async () => {
    const res = await api.call('DELETE', '/api/v1/user/optional_data');
    expect(res.status).toBe(401);
  });
});

describe('DELETE user/data', () => {
  it('refuses a missing or wrong password (nothing changes)', async () => {
    const t = await newTraveler();
    const token = await api.login(t.username, PASSWORD);
    const link = (await me(token)).links.deleteAccount!;
    const missing = await follow(link, token, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ api_code: 17, fields: { password: 'PLEASE_FILL' } });
    const wrong = await follow(link, token, { body: { password: 'NotMine2026' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ api_code: 191, errorMessage: 'Mauvais mot de passe.' });
    expect((await me(token)).uid).toBe(t.id);
  });

  it('refuses while a travel is in progress (409, 190), then deletes once it is over', async () => {
    const t = await newTraveler();
    const token = await api.login(t.username, PASSWORD);
    const [agency] = await api.db.select({ id: users.agencyId }).from(users).where(eq(users.id, t.id));
    const future = new Date(api.clock.now().getTime() + 5 * 86_400_000);
    const [travel] = await api.db.insert(travels).values({ agencyId: agency!.id, userId: t.id, status: 'pending_approval' }).returning();
    const link = (await me(token)).links.deleteAccount!;
    const pending = await follow(link, token, { body: { password: PASSWORD } });
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({ api_code: 190 });
    expect(pending.body.errorMessage).toContain('voyages sont en cours');
    // A booked travel that has not ended yet is in progress too.
    await api.db.update(travels).set({ status: 'booked', startsAt: future, endsAt: future }).where(eq(travels.id, travel!.id));
    expect((await follow(link, token, { body: { password: PASSWORD }, lang: 'en' })).body).toMatchObject({
      api_code: 190,
      errorMessage: expect.stringContaining('in progress'),
    });
    expect((await me(token)).uid).toBe(t.id);

    // Over: kept for the law, the account goes.
    const past = new Date(api.clock.now().getTime() - 86_400_000);
    await api.db.update(travels).set({ startsAt: past, endsAt: past }).where(eq(travels.id, travel!.id));
    const done = await follow(link, token, { body: { password: PASSWORD } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result).toEqual({ message: 'ACCOUNT_DELETED', keptTravels: 1 });
    const [kept] = await api.db.select().from(travels).where(eq(travels.id, travel!.id));
    expect(kept!.userId).toBe(t.id);
  });

  it('erases the account, ends every session, e-mails in the user’s language, and the name can no longer sign in', async () => {
    const t = await newTraveler('en');
    // Signed in in English: e-mails to them are in English.
    const signIn = () => api.call('POST', '/api/v1/user/login', { body: { username: t.username, password: PASSWORD }, headers: { 'accept-language': 'en' } });
    const token = (await signIn()).body.result.token as string;
    const other = (await signIn()).body.result.token as string;
    const link = (await me(token)).links.deleteAccount!;
    const key = 'delete-account-en';
    // A double click: both tries carry the same key; one deletion, one e-mail, the same answer.
    const [a, b] = await Promise.all([follow(link, token, { body: { password: PASSWORD }, key }), follow(link, token, { body: { password: PASSWORD }, key })]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b).toMatchObject({ status: 200, body: a.body });
    expect(a.body.result).toEqual({ message: 'ACCOUNT_DELETED', keptTravels: 0 });

    const mails = await mailsTo(t.email);
    const deleted = mails.filter((m) => m.subject.includes('deleted'));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.subject).toBe('Escale Voyages: your account has been deleted');
    expect(deleted[0]!.text).toContain('Hello Léa,');
    expect(deleted[0]!.text).toContain('you can no longer sign in');
    expect(deleted[0]!.html).toContain('<p>Hello Léa,</p>');

    // Every session ended: a later retry of the same call is refused like any other call.
    for (const s of [token, other]) expect((await api.call('GET', '/api/v1/user/', { token: s })).status).toBe(401);
    expect((await follow(link, token, { body: { password: PASSWORD }, key })).status).toBe(401);
    const refused = await signIn();
    expect(refused.status).toBe(401);
    expect(refused.body.api_code).toBe(29);

    const [row] = await api.db.select().from(users).where(eq(users.id, t.id));
    expect(row).toMatchObject({ status: 'deleted', phone: null, birthdate: null, address: null, gender: null, perms: [] });
    expect(row!.email).not.toContain(t.username);
    expect(row!.firstname).not.toBe('Léa');
    // The address is free again: signing up with it makes a new account.
    const again = await api.call('POST', '/api/v1/user/signin', {
      body: {
        gender: 'MS',
        firstname: 'Léa',
        lastname: 'Rousseau',
        username: `${t.username}b`,
        email: t.email,
        phone: '0612345678',
        birthdate: '1990-05-17',
        password: PASSWORD,
        password_confirm: PASSWORD,
        address: { description: 'Lyon' },
        gdpr_consent: true,
      },
    });
    expect(again.status).toBe(201);
    expect((await api.lastMail(t.email))!.subject).toBe('Escale Voyages : activez votre compte');
  });

  it('writes the French e-mail to a French user', async () => {
    const t = await newTraveler('fr');
    const token = await api.login(t.username, PASSWORD);
    const res = await follow((await me(token)).links.deleteAccount!, token, { body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    const mail = (await api.lastMail(t.email))!;
    expect(mail.subject).toBe('Escale Voyages : votre compte a été supprimé');
    expect(mail.text).toContain('Bonjour Léa,');
    expect(mail.text).toContain('rien n’est conservé');
  });

  it('is not offered to, and refused for, an account its company’s own sign-in manages (409, 192)', async () => {
    const [gus] = await api.db.select().from(users).where(eq(users.username, 'gus'));
    const { createSession } = await import('@server/platform/auth');
    const { jobServices } = await import('@test/support/api');
    const token = await createSession(jobServices(api), gus!.id);
    const user = await me(token);
    expect(user.links.deleteAccount).toBeUndefined();
    expect(user.links.deleteOptionalData).toBeDefined();
    const res = await api.call('DELETE', '/api/v1/user/data', { token, body: { password: 'anything' } });
    expect(res.status).toBe(409);
    expect(res.body.api_code).toBe(192);
  });
});
