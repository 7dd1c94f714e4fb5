import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api, writeMissionOrders } from '@test/support/api';
import { users } from '@server/db/schema';

/*
 * The editable profile: PUT /user/ with every rule of spec 3 §5 "Profile form", the
 * version guard (409 185 with the profile as it is now), idempotent retries, the language e-mails
 * use, and the accessibility needs a search and a booking carry (codes 1 and 2 of spec 2 §5).
 */

let api: Api;
type Link = { href: string; method: string };
type User = Record<string, any> & { uid: string; version: number; links: Record<string, Link> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi();
  for (const name of ['alice', 'bob', 'carol', 'gus', 'maya', 'sam']) tokens[name] = await api.login(name);
  for (const row of await api.db.select({ id: users.id, username: users.username }).from(users)) ids[row.username] = row.id;
});
afterAll(() => api.close());

const me = async (who: string): Promise<User> => (await api.call('GET', '/api/v1/user/', { token: tokens[who] })).body.result;

/** The form as the user saw it: their profile with both consent boxes ticked. */
const formOf = (user: User, changes: Record<string, unknown> = {}) => ({
  gender: user.gender,
  firstname: user.firstname,
  lastname: user.lastname,
  username: user.username,
  email: user.email,
  phone: user.phone,
  birthdate: user.birthdate,
  address: user.address,
  city_of_birth: user.city_of_birth,
  birth_country: user.birth_country,
  hasHandicap: user.hasHandicap,
  handicap: user.handicap,
  wheelchair: user.wheelchair,
  wheelchair_dimensions: user.wheelchair_dimensions,
  wheelchair_weight: user.wheelchair_weight,
  wheelchair_wheel_thickness: user.wheelchair_wheel_thickness,
  need_accompanying: user.need_accompanying,
  accompanying: user.accompanying,
  disability_card: user.disability_card,
  lang: user.lang,
  password: '',
  password_confirm: '',
  rgpd: true,
  data_accuracy: true,
  ...changes,
});

const save = (who: string, user: User, body: unknown, opts: { version?: number | null; key?: string; lang?: string } = {}) =>
  api.call('PUT', user.links.updateProfile!.href, {
    token: tokens[who],
    body: body as never,
    headers: {
      ...(opts.version !== null ? { 'if-match': String(opts.version ?? user.version) } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
  });

const wheelchairNeeds = {
  hasHandicap: true,
  handicap: 'WHEELCHAIR_USER',
  wheelchair: 'MANUAL_FOLDING',
  wheelchair_dimensions: '66 x 104 x 90',
  wheelchair_weight: '16',
  wheelchair_wheel_thickness: '3,5',
};

describe('the profile on the user resource', () => {
  it('carries its fields, a version and the links to edit it and read the reference data', async () => {
    const alice = await me('alice');
    expect(alice).toMatchObject({
      version: 1,
      address: null,
      city_of_birth: null,
      hasHandicap: false,
      wheelchair: null,
      lang: null,
      last_travelers: [],
      special_fares: [],
    });
    expect(Object.keys(alice.links)).toEqual(expect.arrayContaining(['updateProfile', 'handicapTypes', 'wheelchairs']));
  });

  it('serves the accessibility reference data in the caller’s language, wheelchairs with their measures', async () => {
    const alice = await me('alice');
    const types = (await api.call('GET', alice.links.handicapTypes!.href, { token: tokens.alice, headers: { 'accept-language': 'en' } })).body.result;
    expect(types).toContainEqual({ name: 'WHEELCHAIR_USER', label: 'Wheelchair user' });
    expect(types.length).toBeGreaterThanOrEqual(5);
    const chairs = (await api.call('GET', alice.links.wheelchairs!.href, { token: tokens.alice })).body.result;
    expect(chairs).toContainEqual({ name: 'ELECTRIC', label: 'Fauteuil électrique', dimensions: '68x115x105', weight: 120, wheel_thickness: 8 });
  });

  it('shows special fares from the user record, without the entries flagged auto', async () => {
    await api.db
      .update(users)
      .set({
        specialFares: [
          { code: 'CORSE', label: 'Résident corse' },
          { code: 'AGENCY', label: 'Tarif agence', auto: true },
        ],
      })
      .where(eq(users.id, ids.maya!));
    expect((await me('maya')).special_fares).toEqual([{ code: 'CORSE', label: 'Résident corse' }]);
  });
});

describe('PUT /user/ validation (spec 3 §5): a field problem is 400 (17) with its message, and nothing is written', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    [
      'required fields',
      { gender: null, firstname: ' ', lastname: '', email: '', username: '' },
      { gender: 'PLEASE_FILL', firstname: 'PLEASE_FILL', lastname: 'PLEASE_FILL', email: 'PLEASE_FILL', username: 'PLEASE_FILL' },
    ],
    ['e-mail format', { email: 'alice@' }, { email: 'EMAIL_FORMAT' }],
    ['phone format', { phone: '06-11' }, { phone: 'PHONE_FORMAT' }],
    ['birthdate before 1900', { birthdate: '1899-12-31' }, { birthdate: 'NOT_THAT_OLD' }],
    ['birthdate from today on', { birthdate: '2026-11-22' }, { birthdate: 'TOO_YOUNG' }],
    ['birthdate not a date', { birthdate: '1990-02-30' }, { birthdate: 'VALID_DATE' }],
    ['username with edge spaces', { username: ' alice' }, { username: 'NO_WHITESPACE' }],
    ['weak password', { password: 'short', password_confirm: 'short' }, { password: 'PASSWORD_RULES' }],
    ['confirmation differs', { password: 'Voyage2026', password_confirm: 'Voyage2027' }, { password_confirm: 'PASSWORD_MATCH' }],
    ['consent not ticked', { rgpd: false, data_accuracy: false }, { rgpd: 'PLEASE_CHECK', data_accuracy: 'PLEASE_CHECK' }],
    ['oversized name', { firstname: 'A'.repeat(51) }, { firstname: 'TOO_LONG' }],
    [
      'markup in a name or the address',
      { lastname: '<b>Martin</b>', address: { description: '<script>alert(1)</script>' } },
      { lastname: 'NAME_FORMAT', 'address.description': 'FORMAT_INVALID' },
    ],
    // The one name rule of the contract (sign-up, invitations, travellers): letters, spaces, hyphens, apostrophes.
    ['digits or a link in a name', { firstname: 'Marie 2', lastname: 'www.example.com' }, { firstname: 'NAME_FORMAT', lastname: 'NAME_FORMAT' }],
    ['handicap without its type', { hasHandicap: true, handicap: null }, { handicap: 'PLEASE_FILL' }],
    [
      'wheelchair without its measures',
      { hasHandicap: true, handicap: 'WHEELCHAIR_USER', wheelchair: 'ELECTRIC' },
      { wheelchair_dimensions: 'PLEASE_FILL', wheelchair_weight: 'PLEASE_FILL', wheelchair_wheel_thickness: 'PLEASE_FILL' },
    ],
    [
      'measures out of bounds',
      { ...wheelchairNeeds, wheelchair_dimensions: '5x5', wheelchair_weight: 900, wheelchair_wheel_thickness: 'thick' },
      { wheelchair_dimensions: 'FORMAT_INVALID', wheelchair_weight: 'FORMAT_INVALID', wheelchair_wheel_thickness: 'FORMAT_INVALID' },
    ],
    ['accompanying without the card', { accompanying: true, disability_card: null }, { disability_card: 'PLEASE_FILL' }],
    ['an unknown card kind', { accompanying: true, disability_card: 'GOLD' }, { disability_card: 'SELECT_VALID_VALUE' }],
  ];
  it.each(cases)('%s', async (_, changes, fields) => {
    const alice = await me('alice');
    const res = await save('alice', alice, formOf(alice, changes));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ api_code: 17, fields });
    expect((await me('alice')).version).toBe(alice.version);
  });

  it('refuses names the reference data does not know', async () => {
    const alice = await me('alice');
    const res = await save(
      'alice',
      alice,
      formOf(alice, {
        hasHandicap: true,
        handicap: 'FLYING',
        wheelchair: 'JETPACK',
        wheelchair_dimensions: '60x90x80',
        wheelchair_weight: 9,
        wheelchair_wheel_thickness: 2,
      }),
    );
    expect(res.body).toMatchObject({ api_code: 17, fields: { handicap: 'SELECT_VALID_VALUE', wheelchair: 'SELECT_VALID_VALUE' } });
  });

  it('refuses an e-mail or a username of another account (409 186 / 187)', async () => {
    const alice = await me('alice');
    expect((await save('alice', alice, formOf(alice, { email: 'BOB@acme.example', current_password: 'Escale2026!' }))).body).toMatchObject({
      api_code: 186,
      fields: { email: 'DUPLICATE_VALUE' },
    });
    expect((await save('alice', alice, formOf(alice, { username: 'Bob' }))).body).toMatchObject({ api_code: 187, fields: { username: 'DUPLICATE_VALUE' } });
  });
});

describe('saving the profile', () => {
  it('saves every field, trimmed, the clearing rules applied, and answers the caller’s token with the user at its next version', async () => {
    const carol = await me('carol');
    const res = await save(
      'carol',
      carol,
      formOf(carol, {
        firstname: '  Carole ',
        phone: '06 12 34 56 78',
        birthdate: '1985-06-30',
        address: { description: ' 12 rue de la Paix, 75002 Paris ' },
        city_of_birth: 'Nantes',
        birth_country: 'France',
        ...wheelchairNeeds,
        // Accompanying is off: the card goes.
        disability_card: 'BLINDNESS_GREEN_STAR',
        lang: 'en',
      }),
      { key: 'profile-carol-1' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.token).toBe(tokens.carol);
    expect(res.body.result.user).toMatchObject({
      version: 2,
      firstname: 'Carole',
      phone: '0612345678',
      birthdate: '1985-06-30',
      address: { description: '12 rue de la Paix, 75002 Paris' },
      city_of_birth: 'Nantes',
      birth_country: 'France',
      hasHandicap: true,
      handicap: 'WHEELCHAIR_USER',
      wheelchair: 'MANUAL_FOLDING',
      wheelchair_dimensions: '66x104x90',
      wheelchair_weight: 16,
      wheelchair_wheel_thickness: 3.5,
      disability_card: null,
      lang: 'en',
    });
    expect(await me('carol')).toMatchObject({ version: 2, firstname: 'Carole' });
  });

  it('replays a retry with the same Idempotency-Key: the same answer, one change', async () => {
    const carol = await me('carol');
    const body = formOf(carol, { lastname: 'Petit-Martin' });
    const first = await save('carol', carol, body, { key: 'profile-carol-2' });
    const again = await save('carol', carol, body, { key: 'profile-carol-2' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await me('carol')).version).toBe(carol.version + 1);
  });

  it('clears the handicap’s type, wheelchair, measures and need of a companion when it is switched off', async () => {
    const carol = await me('carol');
    const res = await save('carol', carol, formOf(carol, { hasHandicap: false, need_accompanying: true }));
    expect(res.body.result.user).toMatchObject({
      hasHandicap: false,
      handicap: null,
      wheelchair: null,
      wheelchair_dimensions: null,
      wheelchair_weight: null,
      wheelchair_wheel_thickness: null,
      need_accompanying: false,
    });
  });

  it('refuses a stale version with 409 (185) and the profile as it is now; nothing changes', async () => {
    const seen = await me('bob');
    // Another tab saves first.
    expect((await save('bob', seen, formOf(seen, { firstname: 'Robert' }))).status).toBe(200);
    const stale = await save('bob', seen, formOf(seen, { phone: '0700000000' }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ api_code: 185, current: { version: seen.version + 1, firstname: 'Robert', phone: seen.phone } });
    expect(await me('bob')).toMatchObject({ firstname: 'Robert', phone: seen.phone });
    // The If-Match must be a version.
    expect((await api.call('PUT', '/api/v1/user/', { token: tokens.bob, body: formOf(seen), headers: { 'if-match': 'abc' } })).body).toMatchObject({
      api_code: 17,
    });
  });

  it('writes e-mails in the chosen language, whatever language the next sign-in uses', async () => {
    // Carol chose English above; she signs in with a French browser.
    const fr = await api.call('POST', '/api/v1/user/login', { body: { username: 'carol', password: 'Escale2026!' }, headers: { 'accept-language': 'fr' } });
    expect(fr.status).toBe(200);
    await api.call('POST', '/api/v1/user/forgot', { body: { username: 'carol' }, headers: { 'accept-language': 'fr' } });
    expect((await api.lastMail('carol@acme.example'))!.subject).toMatch(/reset your password/);
  });

  it('a new password ends the other sessions; the one that changed it goes on', async () => {
    const other = await api.login('maya');
    const maya = await me('maya');
    const res = await save('maya', maya, formOf(maya, { password: 'Nouveau2027', password_confirm: 'Nouveau2027', current_password: 'Escale2026!' }));
    expect(res.status).toBe(200);
    expect((await api.call('GET', '/api/v1/user/', { token: other })).status).toBe(401);
    expect((await api.call('GET', '/api/v1/user/', { token: tokens.maya })).status).toBe(200);
    expect(await api.login('maya', 'Nouveau2027')).toBeTruthy();
  });

  it('needs a session', async () => {
    expect((await api.call('PUT', '/api/v1/user/', { body: {} })).status).toBe(401);
  });
});

describe('the current password and the e-mail change (issue 25, item 3)', () => {
  const PASSWORD = 'Escale2026!';
  const mailsTo = async (to: string) =>
    (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`, { apiKey: null })).body.result as {
      subject: string;
      text: string;
      html: string;
    }[];
  const linkIn = (text: string) => /http:\/\/\S+\/user\/email\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const confirm = (token: string) => api.call('POST', '/api/v1/user/email/confirm', { body: { token } });
  const stored = async (who: string) => (await api.db.select().from(users).where(eq(users.username, who)))[0]!;

  it('a new password without the current one, or with a wrong one, changes nothing', async () => {
    const carol = await me('carol');
    const before = (await stored('carol')).passwordHash;
    const other = await api.login('carol');
    const change = { password: 'Nouveau2027', password_confirm: 'Nouveau2027' };
    const missing = await save('carol', carol, formOf(carol, change));
    expect([missing.status, missing.body.api_code, missing.body.fields]).toEqual([400, 17, { current_password: 'PLEASE_FILL' }]);
    const wrong = await save('carol', carol, formOf(carol, { ...change, current_password: 'Escale2025!' }));
    expect([wrong.status, wrong.body.api_code]).toEqual([403, 191]);
    expect((await stored('carol')).passwordHash).toBe(before);
    expect((await me('carol')).version).toBe(carol.version);
    expect((await api.call('GET', '/api/v1/user/', { token: other })).status).toBe(200);
    expect(await api.login('carol', PASSWORD)).toBeTruthy();
    // Other fields alone still save with the session.
    expect((await save('carol', carol, formOf(carol, { city_of_birth: 'Brest' }))).status).toBe(200);
  });

  it('a new e-mail without the current password, or with a wrong one, changes nothing and mails no one', async () => {
    const alice = await me('alice');
    const missing = await save('alice', alice, formOf(alice, { email: 'alice.new@acme.example' }));
    expect([missing.status, missing.body.api_code, missing.body.fields]).toEqual([400, 17, { current_password: 'PLEASE_FILL' }]);
    const wrong = await save('alice', alice, formOf(alice, { email: 'alice.new@acme.example', current_password: 'nope' }));
    expect([wrong.status, wrong.body.api_code]).toEqual([403, 191]);
    expect(await mailsTo('alice.new@acme.example')).toHaveLength(0);
    expect((await me('alice')).email).toBe('alice@acme.example');
    expect((await me('alice')).pendingEmail).toBeUndefined();
  });

  it('wrong current passwords are throttled as sign-ins are: a stolen session cannot guess the password at speed', async () => {
    const sam = await me('sam');
    const guess = (current_password: string) => save('sam', sam, formOf(sam, { password: 'Nouveau2027', password_confirm: 'Nouveau2027', current_password }));
    // The third wrong guess of a pair already waits (1 s, then 2 s…): answered 429 104 with Retry-After, not checked.
    const answers = [await guess('nope-1'), await guess('nope-2'), await guess('nope-3')];
    expect(answers.map((a) => [a.status, a.body.api_code])).toEqual([
      [403, 191],
      [403, 191],
      [429, 104],
    ]);
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
    // The sign-in form of the same user from the same client waits too: one count for both doors.
    const signIn = await api.call('POST', '/api/v1/user/login', { body: { username: 'sam', password: PASSWORD } });
    expect([signIn.status, signIn.body.api_code]).toEqual([429, 104]);
    expect((await me('sam')).version).toBe(sam.version);
  });

  it('a new e-mail is switched to only once the link mailed to it is followed; the old address is told; the link works once', async () => {
    const other = await api.login('alice');
    const alice = await me('alice');
    const res = await save('alice', alice, formOf(alice, { email: 'alice.neuve@acme.example', current_password: PASSWORD }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Nothing switched yet: the profile shows the pending address; sign-in, reset and e-mails still use the old one.
    expect(res.body.result.user).toMatchObject({ email: 'alice@acme.example', pendingEmail: 'alice.neuve@acme.example' });
    expect(await me('alice')).toMatchObject({ email: 'alice@acme.example', pendingEmail: 'alice.neuve@acme.example' });
    expect((await stored('alice')).email).toBe('alice@acme.example');
    // The other sessions end, as for a new password; this one goes on.
    expect((await api.call('GET', '/api/v1/user/', { token: other })).status).toBe(401);
    const [mail] = await mailsTo('alice.neuve@acme.example');
    expect(mail!.subject).toBe('Escale Voyages : confirmez votre nouvelle adresse e-mail');
    expect(mail!.text).toContain('Confirmer cette adresse : http://');
    const token = linkIn(mail!.text)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mailsTo('alice@acme.example').then((m) => m.filter((x) => /changée/.test(x.subject)))).toHaveLength(0);

    const done = await confirm(token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result).toEqual({ email: 'alice.neuve@acme.example' });
    const now = await me('alice');
    expect(now.email).toBe('alice.neuve@acme.example');
    expect(now.pendingEmail).toBeUndefined();
    const [notice] = (await mailsTo('alice@acme.example')).filter((m) => /changée/.test(m.subject));
    expect(notice!.subject).toBe('Escale Voyages : votre adresse e-mail a été changée');
    expect(notice!.text).toContain('a été changée pour alice.neuve@acme.example');
    expect(notice!.text).toContain('Si vous n’êtes pas à l’origine de ce changement, réinitialisez tout de suite votre mot de passe');

    const again = await confirm(token);
    expect([again.status, again.body.api_code]).toEqual([410, 103]);
    const unknown = await confirm('x'.repeat(43));
    expect([unknown.status, unknown.body.api_code]).toEqual([400, 101]);
  });

  it('in the user’s language; an expired link is refused; a newer request replaces an older one', async () => {
    const bob = await me('bob');
    await save('bob', bob, formOf(bob, { email: 'bob.one@acme.example', current_password: PASSWORD, lang: 'en' }));
    const first = linkIn((await mailsTo('bob.one@acme.example'))[0]!.text)!;
    expect((await mailsTo('bob.one@acme.example'))[0]!.subject).toBe('Escale Voyages: confirm your new e-mail address');
    const bob2 = await me('bob');
    await save('bob', bob2, formOf(bob2, { email: 'bob.two@acme.example', current_password: PASSWORD }));
    expect((await me('bob')).pendingEmail).toBe('bob.two@acme.example');
    expect((await confirm(first)).status).toBe(410);
    const second = linkIn((await mailsTo('bob.two@acme.example'))[0]!.text)!;
    const start = api.clock.now();
    try {
      api.clock.set(new Date(start.getTime() + 25 * 3_600_000));
      const late = await confirm(second);
      expect([late.status, late.body.api_code]).toEqual([410, 102]);
    } finally {
      api.clock.set(start);
    }
    expect((await stored('bob')).email).toBe('bob@acme.example');
  });

  it('an address another account took before the link is followed is refused then', async () => {
    const gus = await me('gus');
    await save('gus', gus, formOf(gus, { email: 'gus.new@globex.example', current_password: PASSWORD }));
    const token = linkIn((await mailsTo('gus.new@globex.example'))[0]!.text)!;
    await api.db.update(users).set({ email: 'gus.new@globex.example' }).where(eq(users.username, 'maya'));
    try {
      const res = await confirm(token);
      expect([res.status, res.body.api_code]).toEqual([409, 186]);
      expect((await stored('gus')).email).toBe('gus@globex.example');
    } finally {
      await api.db.update(users).set({ email: 'maya@acme.example' }).where(eq(users.username, 'maya'));
    }
  });

  it('an account whose sign-in the company manages (no password its owner knows) cannot change its e-mail', async () => {
    await api.db
      .update(users)
      .set({ flags: { isPwdChangeDisabled: true, isUsernameChangeDisabled: true } })
      .where(eq(users.username, 'carol'));
    try {
      const carol = await me('carol');
      const res = await save('carol', carol, formOf(carol, { email: 'carol.new@acme.example', current_password: PASSWORD }));
      expect([res.status, res.body.api_code]).toEqual([409, 188]);
      expect(await mailsTo('carol.new@acme.example')).toHaveLength(0);
      // Its other fields still save.
      expect((await save('carol', carol, formOf(carol, { city_of_birth: 'Lorient' }))).status).toBe(200);
    } finally {
      await api.db.update(users).set({ flags: {} }).where(eq(users.username, 'carol'));
    }
  });
});

describe('accessibility needs in searches and bookings', () => {
  type Offer = { id: string; roundTrip: boolean; tags: string[]; ancillaries: { type: string }[] };
  const search = (who: string, extra: Record<string, unknown> = {}) =>
    api.call('POST', '/api/v1/treep/search?version=v2', {
      token: tokens[who],
      body: { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false }, ...extra },
    });
  const offersOf = (res: { body: { result: { proposals: { offers: Offer[] }[] } } }) => res.body.result.proposals.flatMap((p) => p.offers);

  it('a traveller without needs gets no assistance', async () => {
    const offers = offersOf(await search('alice'));
    expect(offers.some((o) => o.tags.includes('disabled-pax') || o.ancillaries.some((a) => a.type === 'pmr'))).toBe(false);
  });

  it('a wheelchair recorded in the profile makes the rail search ask for assistance: PMR fares with the assistance option', async () => {
    const gus = await me('gus');
    expect((await save('gus', gus, formOf(gus, wheelchairNeeds))).status).toBe(200);
    const offers = offersOf(await search('gus'));
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.tags.includes('disabled-pax') && o.ancillaries.some((a) => a.type === 'pmr'))).toBe(true);
  });

  it('one disabled passenger per search (code 1), one accompanying passenger (code 2)', async () => {
    const [alice, bob] = [await me('alice'), await me('bob')];
    await save('bob', bob, formOf(bob, { hasHandicap: true, handicap: 'VISUAL', need_accompanying: true }));
    await save('alice', alice, formOf(alice, { hasHandicap: true, handicap: 'HEARING' }));
    const travelers = [
      { id: 1, profile_id: ids.alice },
      { id: 2, profile_id: ids.bob },
    ];
    const two = await search('alice', { nb_travelers: 2, travelers });
    expect(two.status).toBe(400);
    expect(two.body.api_code).toBe(1);

    // Alice and Carol both go as companions of Bob, who needs one.
    const a2 = await me('alice');
    await save('alice', a2, formOf(a2, { hasHandicap: false, accompanying: true, disability_card: 'NEED_THIRD_PERSON' }));
    const c2 = await me('carol');
    await save('carol', c2, formOf(c2, { accompanying: true, disability_card: 'NEED_THIRD_PERSON' }));
    const three = await search('alice', { nb_travelers: 3, travelers: [...travelers, { id: 3, profile_id: ids.carol }] });
    expect(three.status).toBe(400);
    expect(three.body.api_code).toBe(2);
    // One companion is fine: the search asks for Bob's assistance.
    const ok = await search('alice', { nb_travelers: 2, travelers });
    expect(ok.status).toBe(200);
    expect(offersOf(ok).every((o) => o.tags.includes('disabled-pax'))).toBe(true);
  });

  it('a colleague’s needs are not read for someone who may not book for them', async () => {
    // Gus (Globex) names Bob (Acme): Bob is unknown to him, his needs stay his.
    const res = await search('gus', { nb_travelers: 2, travelers: [{ id: 1 }, { id: 2, profile_id: ids.bob }] });
    expect(res.status).not.toBe(400);
  });

  it('the booked ticket carries the assistance, and the traveller joins the booker’s last travellers', async () => {
    const res = await search('gus');
    const offer = offersOf(res).find((o) => !o.roundTrip)!;
    const fields = {
      gender: 'MR',
      firstname: 'Gus',
      lastname: 'Moreau',
      birthdate: '1980-01-02',
      contact_email: 'gus@globex.example',
      contact_phone: '0601020304',
    };
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      token: tokens.gus,
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields }] },
    });
    expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(200);
    const travelId = added.body.result.travel.id as string;
    await writeMissionOrders(api.db, travelId);
    const travel = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: tokens.gus })).body.result;
    const confirmed = await api.call('POST', travel.links.confirm.href, { token: tokens.gus, body: {}, headers: { 'if-match': String(travel.version) } });
    expect(confirmed.status, JSON.stringify(confirmed.body).slice(0, 300)).toBe(200);
    const tickets = (await api.call('GET', '/api/v1/tickets/?active=true', { token: tokens.gus })).body.result as {
      travelID: string;
      ancillaries: { type: string; quantity: number }[];
    }[];
    const ticket = tickets.find((t) => t.travelID === travelId)!;
    expect(ticket.ancillaries).toContainEqual(expect.objectContaining({ type: 'pmr', quantity: 1 }));
    expect((await me('gus')).last_travelers).toEqual([{ uid: ids.gus, type: 'employee', gender: 'MR', firstname: 'Gus', lastname: 'Moreau' }]);
  });
});
