// Over 500 lines on purpose: the whole of the manager's area, each change followed by the search, sign-in or
// checkout that reads it, on one seeded world.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { approvalRequests, companies, travels, users } from '@server/db/schema';

/*
 * The travel manager's company: maya (Acme, account_creation) invites, deactivates,
 * edits entities, analytics, approvers and the travel policy; each change is read by the next
 * search, sign-in or checkout.
 */

let api: Api;
type Link = { href: string; method: string };
type Admin = {
  company: { uid: string; name: string };
  entities: { uid: string; name: string; travels: number }[];
  analytics: Record<string, unknown>[];
  approvals: {
    mode: string;
    chooseApprover: boolean;
    approvers: { uid: string; firstname: string; backup: string | null }[];
    candidates: { uid: string; firstname: string }[];
  };
  travelPolicy: { policy: Record<string, any> | null; text: string | null }; // eslint-disable-line @typescript-eslint/no-explicit-any
  links: Record<string, Link>;
};
type Person = { uid: string; kind: string; status: string; firstname: string; username: string | null; links: Record<string, Link> };

let maya: string;
let acme: string;
let globex: string;
let admin: Admin;
const ids: Record<string, string> = {};
const id = (username: string) => ids[username]!;

beforeAll(async () => {
  api = await startApi();
  maya = await api.login('maya');
  const me = (await api.call('GET', '/api/v1/user/', { token: maya })).body.result;
  acme = me.company_id;
  for (const row of await api.db.select({ id: users.id, username: users.username }).from(users)) ids[row.username] = row.id;
  globex = (await api.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Globex Consulting')))[0]!.id;
  admin = (await api.call('GET', `/api/v1/companies/${acme}/admin`, { token: maya })).body.result;
});
afterAll(() => api.close());

/** Follows one of the resource's links as maya (or `token`), with an Idempotency-Key when given. */
const follow = (link: Link, body?: unknown, opts: { token?: string; key?: string; lang?: string } = {}) =>
  api.call(link.method as 'POST', link.href, {
    token: opts.token ?? maya,
    body: body as never,
    headers: { ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
  });
const invite = (email: string, extra: Record<string, unknown> = {}) =>
  follow(admin.links.inviteEmployee!, { gender: 'MS', firstname: 'Nora', lastname: 'Lefèvre', email, lang: 'fr', ...extra });
const colleagues = async (token: string, query: string) =>
  ((await api.call('GET', `/api/v1/users/?query=${query}`, { token })).body.result as { uid: string }[]).map((u) => u.uid);
const password = 'Voyage2026';

/** Invites `email` and accepts from the e-mailed link: the new employee's id and session. */
async function newEmployee(email: string, username: string) {
  const invited = await invite(email, { username });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const token = (await api.lastMail(email))!.token!;
  const read = await api.call('GET', `/api/v1/user/invitation/${token}`);
  expect(read.status).toBe(200);
  const accepted = await follow(read.body.result.links.acceptInvitation, { password, password_confirm: password, gdpr_consent: true }, { token: '' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { person: invited.body.result as Person, token: await api.login(username, password) };
}

describe('the company resource', () => {
  it('shows maya her company: entities with their use, analytics, approvers, policy by city class, and a link per action', () => {
    expect(admin.company.name).toBe('Acme Industries');
    expect(admin.entities.map((e) => e.name)).toEqual(['Lyon Plant', 'Paris HQ']);
    expect(admin.analytics.map((f) => f.name)).toEqual(['cost_center', 'project_code', 'employee_number']);
    expect(admin.approvals).toMatchObject({ mode: 'always', chooseApprover: true });
    expect(admin.approvals.approvers.map((a) => a.firstname)).toEqual(['Bob', 'Carol']);
    const hotel = admin.travelPolicy.policy!.hotel;
    expect(hotel.maxNightly).toBe(10_000);
    expect(hotel.classes.map((c: { maxNightly: number }) => c.maxNightly)).toEqual([18_000, 13_000]);
    expect(hotel.classes[0].cities).toEqual([{ id: 'city:paris', name: 'Paris' }]);
    expect(Object.keys(admin.links).sort()).toEqual([
      'companyPeople',
      'createCompanyGuest',
      'inviteEmployee',
      'updateAnalytics',
      'updateApprovers',
      'updateEntities',
      'updateTravelPolicy',
    ]);
  });

  it('refuses anyone else: 403 (34) to a colleague without the permission, 404 (33) for another company or a malformed id, 401 signed out', async () => {
    const alice = await api.login('alice');
    const own = await api.call('GET', `/api/v1/companies/${acme}/admin`, { token: alice });
    expect([own.status, own.body.api_code]).toEqual([403, 34]);
    expect((await api.call('PUT', admin.links.updateEntities!.href, { token: alice, body: { entities: [] } })).status).toBe(403);
    for (const [token, id] of [
      [maya, globex],
      [await api.login('gus'), acme],
      [maya, 'not-a-company'],
    ] as const) {
      const res = await api.call('GET', `/api/v1/companies/${id}/admin`, { token });
      expect([res.status, res.body.api_code]).toEqual([404, 33]);
    }
    // A manager editing another company: every write is unknown there too.
    const other = await api.call('PUT', `/api/v1/companies/${globex}/entities`, { token: maya, body: { entities: [{ uid: null, name: 'Hack' }] } });
    expect([other.status, other.body.api_code]).toEqual([404, 33]);
    const people = await api.call('GET', `/api/v1/companies/${globex}/people`, { token: maya });
    expect(people.status).toBe(404);
    expect((await api.call('GET', `/api/v1/companies/${acme}/admin`)).status).toBe(401);
  });

  it('lists employees and guests with a search, each with the actions its state allows (none on oneself)', async () => {
    const all = (await follow(admin.links.companyPeople!)).body.result as { people: Person[]; more: boolean };
    expect(all.more).toBe(false);
    expect(all.people.filter((p) => p.kind === 'employee').map((p) => p.username)).toEqual(['maya', 'bob', 'sam', 'alice', 'carol']);
    expect(all.people.find((p) => p.username === 'maya')!.links).toEqual({});
    expect(Object.keys(all.people.find((p) => p.username === 'bob')!.links)).toEqual(['deactivateUser']);
    const found = (await api.call('GET', `${admin.links.companyPeople!.href}?query=PET&kind=employee`, { token: maya })).body.result.people as Person[];
    expect(found.map((p) => p.username)).toEqual(['carol']);
    const bad = await api.call('GET', `${admin.links.companyPeople!.href}?kind=robots`, { token: maya });
    expect(bad.status).toBe(400);
  });
});

describe('invitations', () => {
  it('invites by e-mail in the invitee’s language: an invited account, the e-mail with its link; the invitee chooses a password and signs in', async () => {
    const res = await invite('lea.roux@acme.example', { firstname: 'Léa', lastname: 'Roux', username: 'lea.roux', lang: 'en', approver: true });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ kind: 'employee', status: 'invited', username: 'lea.roux', approver: true, travelManager: false });
    expect(Object.keys(res.body.result.links).sort()).toEqual(['deactivateUser', 'resendInvitation']);
    const mail = (await api.lastMail('lea.roux@acme.example'))!;
    expect(mail.subject).toBe('Escale Voyages: Acme Industries invites you');
    expect(mail.text).toContain('Maya Bernard invites you to book your business travel for Acme Industries');
    expect(mail.text).toContain('lea.roux');
    expect(mail.link).toMatch(/\/user\/invitation\/[A-Za-z0-9_-]{43}$/);
    const [row] = await api.db.select().from(users).where(eq(users.username, 'lea.roux'));
    expect(row).toMatchObject({ status: 'invited', companyId: acme, lang: 'en', perms: ['approval'] });

    // Before accepting, the account opens with no password; invited, they are no one's colleague yet.
    expect((await api.call('POST', '/api/v1/user/login', { body: { username: 'lea.roux', password } })).status).toBe(401);
    expect(await colleagues(maya, 'roux')).toEqual([]);

    const read = await api.call('GET', `/api/v1/user/invitation/${mail.token}`);
    expect(read.body.result).toMatchObject({
      firstname: 'Léa',
      lastname: 'Roux',
      email: 'lea.roux@acme.example',
      username: 'lea.roux',
      company: 'Acme Industries',
    });
    const accept = read.body.result.links.acceptInvitation as Link;
    for (const [body, field, key] of [
      [{ password: 'short', password_confirm: 'short', gdpr_consent: true }, 'password', 'PASSWORD_RULES'],
      [{ password, password_confirm: 'Other2026x', gdpr_consent: true }, 'password_confirm', 'PASSWORD_MATCH'],
      [{ password, password_confirm: password, gdpr_consent: false }, 'gdpr_consent', 'PLEASE_CHECK'],
    ] as const) {
      const refused = await api.call('POST', accept.href, { body });
      expect([refused.status, refused.body.api_code, refused.body.fields?.[field]]).toEqual([400, 17, key]);
    }
    const done = await api.call('POST', accept.href, { body: { password, password_confirm: password, gdpr_consent: true } });
    expect(done.body.result).toEqual({ username: 'lea.roux' });
    const session = await api.login('lea.roux', password);
    expect((await api.call('GET', '/api/v1/user/', { token: session })).body.result.company.name).toBe('Acme Industries');
    expect(await colleagues(maya, 'roux')).toEqual([row!.id]);
    // The link is spent.
    const again = await api.call('GET', `/api/v1/user/invitation/${mail.token}`);
    expect([again.status, again.body.api_code]).toEqual([410, 103]);
    expect((await api.call('GET', '/api/v1/user/invitation/not-a-token-at-all')).body.api_code).toBe(101);
  });

  it('invites the same e-mail again: the same account, a fresh link (the old one dead); a replayed call sends nothing more', async () => {
    const first = await invite('marc@acme.example', { username: 'marc' });
    const oldToken = (await api.lastMail('marc@acme.example'))!.token!;
    const again = await invite('marc@acme.example', { username: 'marc', firstname: 'Someone else' });
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ uid: first.body.result.uid, firstname: 'Nora' });
    const newToken = (await api.lastMail('marc@acme.example'))!.token!;
    expect(newToken).not.toBe(oldToken);
    expect((await api.call('GET', `/api/v1/user/invitation/${oldToken}`)).body.api_code).toBe(103);
    expect((await api.call('GET', `/api/v1/user/invitation/${newToken}`)).status).toBe(200);
    expect((await api.db.select().from(users).where(eq(users.email, 'marc@acme.example'))).length).toBe(1);

    const mails = async () => (await api.call('GET', `/dev/mailbox.json?to=marc%40acme.example`, { apiKey: null })).body.result.length as number;
    const before = await mails();
    const body = { gender: 'MR', firstname: 'Marc', lastname: 'Blanc', email: 'marc@acme.example', lang: 'fr' };
    await follow(admin.links.inviteEmployee!, body, { key: 'invite-marc-1' });
    await follow(admin.links.inviteEmployee!, body, { key: 'invite-marc-1' });
    expect(await mails()).toBe(before + 1);

    // The resendInvitation link does the same from the list.
    const resent = await follow(first.body.result.links.resendInvitation);
    expect(resent.status).toBe(200);
    expect(await mails()).toBe(before + 2);
  });

  it('answers an address or a username of an account outside the company as a new one: nothing created, nobody e-mailed', async () => {
    const mailsTo = async (to: string) =>
      (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`, { apiKey: null })).body.result.length as number;
    const gusMails = await mailsTo('gus@globex.example');
    const fresh = await invite('new.person@acme.example', { username: 'new.person' });
    const byEmail = await invite('GUS@globex.example', { username: 'someone.new' });
    const byUsername = await invite('brand.new@acme.example', { username: 'gus' });
    const shape = (res: typeof fresh) => ({
      status: res.status,
      keys: Object.keys(res.body.result ?? res.body),
      person: { ...res.body.result, uid: typeof res.body.result?.uid, email: '', username: '', links: Object.keys(res.body.result?.links ?? {}) },
    });
    expect(shape(byEmail)).toEqual(shape(fresh));
    expect(shape(byUsername)).toEqual(shape(fresh));
    expect(byEmail.body.result).toMatchObject({ email: 'GUS@globex.example', username: 'someone.new', status: 'invited' });
    expect(byUsername.body.result).toMatchObject({ email: 'brand.new@acme.example', username: 'gus', status: 'invited' });
    // Nothing was made of either, gus's account is untouched and he is told nothing.
    expect(await api.db.select().from(users).where(eq(users.username, 'someone.new'))).toEqual([]);
    expect(await api.db.select().from(users).where(eq(users.email, 'brand.new@acme.example'))).toEqual([]);
    const [gus] = await api.db.select().from(users).where(eq(users.username, 'gus'));
    expect([gus!.companyId, gus!.status]).toEqual([globex, 'active']);
    expect(await mailsTo('gus@globex.example')).toBe(gusMails);
    expect(await mailsTo('brand.new@acme.example')).toBe(0);
  });

  it("refuses an e-mail a colleague uses (409, 49), a colleague's username (409, 52), and bad fields (400, 17) — creating nothing", async () => {
    const taken = await invite('alice@acme.example');
    expect([taken.status, taken.body.api_code]).toEqual([409, 49]);
    const username = await invite('new.bob@acme.example', { username: 'BOB' });
    expect([username.status, username.body.api_code]).toEqual([409, 52]);
    const bad = await follow(admin.links.inviteEmployee!, {
      gender: 'X',
      firstname: ' ',
      lastname: 'Roux',
      email: 'not-an-email',
      lang: 'de',
      username: ' spaced',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      gender: 'FORMAT_INVALID',
      firstname: 'PLEASE_FILL',
      email: 'EMAIL_FORMAT',
      lang: 'FORMAT_INVALID',
      username: 'NO_WHITESPACE',
    });
    expect((await api.db.select().from(users).where(eq(users.email, 'new.bob@acme.example'))).length).toBe(0);
    // Names follow the one name rule: letters, spaces, hyphens and apostrophes only.
    const relay = await invite('new.relay@acme.example', { firstname: 'Win at evil.example', lastname: 'Call 0612345678' });
    expect([relay.status, relay.body.fields]).toEqual([400, { firstname: 'NAME_FORMAT', lastname: 'NAME_FORMAT' }]);
    expect((await invite('new.script@acme.example', { firstname: 'Łukasz', lastname: 'O’Brien-王' })).status).toBe(200);
  });
});

describe('deactivation', () => {
  it('ends the employee’s session at the next call, refuses their sign-in, drops them from colleagues; reactivation lets them back', async () => {
    const { person, token } = await newEmployee('ines@acme.example', 'ines');
    expect((await api.call('GET', '/api/v1/user/', { token })).status).toBe(200);
    const list = (await follow(admin.links.companyPeople!, undefined)).body.result.people as Person[];
    const listed = list.find((p) => p.uid === person.uid)!;
    expect(listed.status).toBe('active');

    const off = await follow(listed.links.deactivateUser!);
    expect(off.body.result).toMatchObject({ status: 'inactive', links: { reactivateUser: expect.anything() } });
    const next = await api.call('GET', '/api/v1/user/', { token });
    expect([next.status, next.body.api_code]).toEqual([401, 59]);
    const signIn = await api.call('POST', '/api/v1/user/login', { body: { username: 'ines', password } });
    expect([signIn.status, signIn.body.api_code]).toEqual([403, 65]);
    expect(await colleagues(maya, 'ines')).toEqual([]);
    // Twice: nothing more happens.
    expect((await follow(listed.links.deactivateUser!)).body.result.status).toBe('inactive');

    const on = await follow(off.body.result.links.reactivateUser);
    expect(on.body.result.status).toBe('active');
    expect((await api.call('POST', '/api/v1/user/login', { body: { username: 'ines', password } })).status).toBe(200);
  });

  it('never oneself (409, 162), never the last approver while travels need approval (409, 161), never another company’s employee (404)', async () => {
    const self = await api.call('POST', `/api/v1/companies/${acme}/employees/${ids.maya}/deactivate`, { token: maya });
    expect([self.status, self.body.api_code]).toEqual([409, 162]);
    const onlyBob = await follow(admin.links.updateApprovers!, { mode: 'always', chooseApprover: true, approvers: [{ uid: ids.bob, backup: null }] });
    expect(onlyBob.status).toBe(200);
    const last = await api.call('POST', `/api/v1/companies/${acme}/employees/${ids.bob}/deactivate`, { token: maya });
    expect([last.status, last.body.api_code]).toEqual([409, 161]);
    const gus = await api.call('POST', `/api/v1/companies/${acme}/employees/${ids.gus}/deactivate`, { token: maya });
    expect([gus.status, gus.body.api_code]).toEqual([404, 45]);
    await follow(admin.links.updateApprovers!, {
      mode: 'always',
      chooseApprover: true,
      approvers: [
        { uid: ids.bob, backup: ids.carol },
        { uid: ids.carol, backup: null },
      ],
    });
  });

  it('takes a deactivated approver out of the approvers and of the backups that named them', async () => {
    const off = await api.call('POST', `/api/v1/companies/${acme}/employees/${ids.carol}/deactivate`, { token: maya });
    expect(off.status).toBe(200);
    const now = (await api.call('GET', `/api/v1/companies/${acme}/admin`, { token: maya })).body.result as Admin;
    expect(now.approvals.approvers.map((a) => [a.firstname, a.backup])).toEqual([['Bob', null]]);
    expect(now.approvals.candidates.map((c) => c.firstname)).not.toContain('Carol');
    await follow(off.body.result.links.reactivateUser);
  });
});

describe('company guests', () => {
  it('adds a guest every employee finds and may book for, until deactivated; refuses bad fields', async () => {
    const made = await follow(admin.links.createCompanyGuest!, {
      gender: 'MR',
      firstname: 'Omar',
      lastname: 'Haddad',
      email: 'omar@partner.example',
      birthdate: '1985-06-01',
    });
    expect(made.body.result).toMatchObject({ kind: 'guest', status: 'active', firstname: 'Omar' });
    const guests = async (username: string) =>
      ((await api.call('GET', '/api/v1/user/guests?query=hadd', { token: await api.login(username) })).body.result as { uid: string }[]).map((g) => g.uid);
    expect(await guests('alice')).toEqual([made.body.result.uid]);
    expect(await guests('bob')).toEqual([made.body.result.uid]);
    expect(await guests('gus')).toEqual([]);
    const off = await follow(made.body.result.links.deactivateGuest);
    expect(off.body.result.status).toBe('inactive');
    expect(await guests('alice')).toEqual([]);
    expect((await follow(off.body.result.links.reactivateGuest)).body.result.status).toBe('active');

    const bad = await follow(admin.links.createCompanyGuest!, { gender: 'MS', firstname: '', lastname: 'X', birthdate: '2099-01-01' });
    expect([bad.status, bad.body.fields]).toEqual([400, { firstname: 'PLEASE_FILL', birthdate: 'TOO_YOUNG' }]);
    const other = await api.call('POST', `/api/v1/companies/${acme}/guests/${made.body.result.uid}/deactivate`, { token: await api.login('gus') });
    expect(other.status).toBe(404);
  });
});

describe('entities', () => {
  it('renames, adds and removes entities; the user sees them at once', async () => {
    const [lyon, paris] = admin.entities;
    const res = await follow(admin.links.updateEntities!, {
      entities: [
        { uid: paris!.uid, name: 'Paris Siège' },
        { uid: null, name: 'Marseille' },
      ],
    });
    expect(res.status).toBe(200);
    expect((res.body.result as Admin).entities.map((e) => e.name)).toEqual(['Marseille', 'Paris Siège']);
    const alice = await api.login('alice');
    expect((await api.call('GET', '/api/v1/user/', { token: alice })).body.result.entities.map((e: { name: string }) => e.name)).toEqual([
      'Marseille',
      'Paris Siège',
    ]);
    expect(lyon!.name).toBe('Lyon Plant');
  });

  it('refuses to remove an entity travels use (409, 160, naming it), duplicates and unknown ids (400)', async () => {
    const current = (await api.call('GET', `/api/v1/companies/${acme}/admin`, { token: maya })).body.result as Admin;
    const paris = current.entities.find((e) => e.name === 'Paris Siège')!;
    await api.db.insert(travels).values({
      agencyId: (
        await api.db
          .select()
          .from(users)
          .where(eq(users.id, id('alice')))
      )[0]!.agencyId,
      companyId: acme,
      userId: id('alice'),
      entityId: paris.uid,
      status: 'cart',
    });
    const used = await follow(current.links.updateEntities!, {
      entities: current.entities.filter((e) => e.uid !== paris.uid).map((e) => ({ uid: e.uid, name: e.name })),
    });
    expect([used.status, used.body.api_code]).toEqual([409, 160]);
    expect(used.body.errorMessage).toContain('Paris Siège');
    expect(
      (await api.call('GET', `/api/v1/companies/${acme}/admin`, { token: maya })).body.result.entities.find((e: { uid: string }) => e.uid === paris.uid)
        .travels,
    ).toBe(1);

    const dup = await follow(current.links.updateEntities!, {
      entities: [
        { uid: paris.uid, name: 'Nord' },
        { uid: null, name: ' nord ' },
      ],
    });
    expect([dup.status, dup.body.fields]).toEqual([400, { 'entities.1.name': 'DUPLICATE_VALUE' }]);
    const unknown = await follow(current.links.updateEntities!, {
      entities: [
        { uid: paris.uid, name: 'Paris Siège' },
        { uid: ids.alice, name: 'X' },
      ],
    });
    expect([unknown.status, unknown.body.fields]).toEqual([400, { 'entities.1.uid': 'SELECT_VALID_VALUE' }]);
  });
});

describe('analytics fields', () => {
  const field = (extra: Record<string, unknown> = {}) => ({
    name: 'mission',
    label: { fr: 'Mission', en: 'Mission' },
    level: 'travel',
    required: true,
    values: ['Audit', 'Salon'],
    valueCodes: [],
    regex: null,
    regexDesc: null,
    ...extra,
  });

  it('replaces the fields checkout asks for', async () => {
    const res = await follow(admin.links.updateAnalytics!, {
      fields: [
        field(),
        field({
          name: 'badge',
          level: 'traveler',
          required: false,
          values: [],
          regex: '^B[0-9]{3}$',
          regexDesc: { fr: 'B et trois chiffres', en: 'B and three digits' },
        }),
      ],
    });
    expect(res.status).toBe(200);
    const [row] = await api.db.select({ rules: companies.checkoutRules }).from(companies).where(eq(companies.id, acme));
    expect(row!.rules.analytics).toEqual([
      { name: 'mission', label: { fr: 'Mission', en: 'Mission' }, level: 'travel', required: true, values: ['Audit', 'Salon'] },
      {
        name: 'badge',
        label: { fr: 'Mission', en: 'Mission' },
        level: 'traveler',
        required: false,
        regex: '^B[0-9]{3}$',
        regexDesc: { fr: 'B et trois chiffres', en: 'B and three digits' },
      },
    ]);
    // The other rules are as they were.
    expect(row!.rules.approval).toBe('always');
  });

  it('refuses bad names, repeats, a regex that does not compile, a regex with values, codes that do not match and a missing description', async () => {
    const res = await follow(admin.links.updateAnalytics!, {
      fields: [
        field({ name: 'Bad Name' }),
        field({ name: 'mission', values: ['A', 'a'], valueCodes: ['X'] }),
        field({ name: 'mission', values: [], regex: '([a-z', regexDesc: { fr: 'x', en: '' } }),
        field({ name: 'other', regex: '^x$', regexDesc: { fr: 'x', en: 'x' } }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'fields.0.name': 'FORMAT_INVALID',
      'fields.1.values.1': 'DUPLICATE_VALUE',
      'fields.1.valueCodes': 'FORMAT_INVALID',
      'fields.2.regex': 'REGEX_INVALID',
      'fields.2.regexDesc.en': 'PLEASE_FILL',
      'fields.2.name': 'DUPLICATE_VALUE',
      'fields.3.regex': 'FORMAT_INVALID',
    });
  });
});

describe('approvers', () => {
  it('sets who approves with their backups; a request to an approver with no backup named asks the configured one at half time', async () => {
    const res = await follow(admin.links.updateApprovers!, {
      mode: 'always',
      chooseApprover: true,
      approvers: [
        { uid: ids.bob, backup: ids.carol },
        { uid: ids.carol, backup: null },
      ],
    });
    expect(res.status).toBe(200);
    expect((res.body.result as Admin).approvals.approvers.map((a) => [a.firstname, a.backup])).toEqual([
      ['Bob', ids.carol],
      ['Carol', null],
    ]);

    const alice = await api.login('alice');
    const search = await api.call('POST', '/api/v1/treep/search?version=v2', {
      token: alice,
      body: { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false } },
    });
    const offer = (search.body.result.proposals as { offers: { id: string; roundTrip: boolean }[] }[]).flatMap((p) => p.offers).find((o) => !o.roundTrip)!;
    const fields = {
      gender: 'MS',
      firstname: 'Alice',
      lastname: 'Martin',
      birthdate: '1988-04-02',
      contact_email: 'alice@acme.example',
      contact_phone: '0601020304',
    };
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      token: alice,
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields }], entity_id: (res.body.result as Admin).entities[0]!.uid },
    });
    expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(200);
    const travelId = added.body.result.travel.id as string;
    await api.db
      .update(travels)
      .set({
        analytics: { fields: { mission: 'Audit' }, travelers: {}, exemption: 'Client' },
        approvers: { approverId: ids.bob!, emergencyApproverId: null, message: null },
      })
      .where(eq(travels.id, travelId));
    const travel = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: alice })).body.result;
    const asked = await api.call('POST', travel.links.requestApproval.href, { token: alice, body: {}, headers: { 'if-match': String(travel.version) } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const [request] = await api.db.select().from(approvalRequests).where(eq(approvalRequests.travelId, travelId));
    expect(request).toMatchObject({ approverId: ids.bob, backupApproverId: ids.carol });
  });

  it('takes the permission from who is no longer listed; refuses unknown people, bad backups and no approver while travels need approval', async () => {
    const res = await follow(admin.links.updateApprovers!, { mode: 'non_compliant', chooseApprover: false, approvers: [{ uid: ids.carol, backup: null }] });
    expect(res.status).toBe(200);
    const [bob] = await api.db.select().from(users).where(eq(users.id, ids.bob!));
    expect([bob!.perms, bob!.backupApproverId]).toEqual([[], null]);
    const [rules] = await api.db.select({ rules: companies.checkoutRules }).from(companies).where(eq(companies.id, acme));
    expect(rules!.rules).toMatchObject({ approval: 'non_compliant', chooseApprover: false });

    const bad = await follow(admin.links.updateApprovers!, {
      mode: 'always',
      chooseApprover: true,
      approvers: [
        { uid: ids.carol, backup: ids.carol },
        { uid: ids.bob, backup: ids.alice },
      ],
    });
    expect(bad.body.fields).toEqual({ 'approvers.0.backup': 'SELECT_VALID_VALUE', 'approvers.1.backup': 'SELECT_VALID_VALUE' });
    const stranger = await follow(admin.links.updateApprovers!, { mode: 'always', chooseApprover: true, approvers: [{ uid: ids.gus, backup: null }] });
    expect([stranger.status, stranger.body.fields]).toEqual([400, { 'approvers.0.uid': 'SELECT_VALID_VALUE' }]);
    const none = await follow(admin.links.updateApprovers!, { mode: 'always', chooseApprover: true, approvers: [] });
    expect(none.body.fields).toEqual({ approvers: 'PLEASE_CHOOSE_APPROVER' });
    await follow(admin.links.updateApprovers!, {
      mode: 'always',
      chooseApprover: true,
      approvers: [
        { uid: ids.bob, backup: null },
        { uid: ids.carol, backup: null },
      ],
    });
  });
});

describe('the travel policy', () => {
  type Offer = { cabin: string; roundTrip: boolean; tags: string[] };
  const firstClassTags = async () => {
    const alice = await api.login('alice');
    const res = await api.call('POST', '/api/v1/treep/search?version=v2', {
      token: alice,
      body: { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false } },
    });
    const first = (res.body.result.proposals as { offers: Offer[] }[]).flatMap((p) => p.offers).filter((o) => o.cabin === 'first' && !o.roundTrip);
    expect(first.length).toBeGreaterThan(0);
    return new Set(first.flatMap((o) => o.tags.filter((t) => t === 'compliant' || t === 'not-compliant')));
  };
  const policyBody = (railFirstFrom: number | null) => ({
    policy: {
      rail: { firstClassFromMinutes: railFirstFrom, maxPriceByDistance: [{ upToKm: null, maxPrice: 100_000 }] },
      flight: { onlyAboveRailMinutes: 240, cabins: ['economy'] },
      hotel: {
        maxNightly: 9_000,
        classes: [
          { maxNightly: 20_000, cities: ['city:paris'] },
          { maxNightly: 15_000, cities: ['city:lyon', 'city:london'] },
        ],
      },
      car: null,
    },
    text: '  Train en 1re classe dès une heure.  ',
  });

  it('is read by the next search: first class becomes compliant, then no policy tags nothing', async () => {
    expect(await firstClassTags()).toEqual(new Set(['not-compliant']));
    const res = await follow(admin.links.updateTravelPolicy!, policyBody(60));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.result as Admin).travelPolicy.text).toBe('Train en 1re classe dès une heure.');
    expect(await firstClassTags()).toEqual(new Set(['compliant']));
    const [row] = await api.db.select({ rules: companies.checkoutRules }).from(companies).where(eq(companies.id, acme));
    expect(row!.rules.policy!.hotel).toEqual({ maxNightly: 9_000, maxNightlyByCity: { paris: 20_000, lyon: 15_000, london: 15_000 } });
    expect(row!.rules.policy!.car).toBeUndefined();

    await follow(admin.links.updateTravelPolicy!, { policy: null, text: null });
    expect(await firstClassTags()).toEqual(new Set());
    await follow(admin.links.updateTravelPolicy!, policyBody(240));
  });

  it('refuses bad figures, unknown or repeated cities and no cabin, field by field', async () => {
    const body = policyBody(-5);
    body.policy.rail.maxPriceByDistance = [
      { upToKm: 300, maxPrice: 0 },
      { upToKm: 300, maxPrice: 100 },
    ] as never;
    body.policy.flight.cabins = [];
    body.policy.hotel.classes = [
      { maxNightly: 20_000, cities: ['city:paris'] },
      { maxNightly: 1.5, cities: ['city:paris'] },
    ];
    const res = await follow(admin.links.updateTravelPolicy!, body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'policy.rail.firstClassFromMinutes': 'AMOUNT_INVALID',
      'policy.rail.maxPriceByDistance.0.maxPrice': 'AMOUNT_INVALID',
      'policy.flight.cabins': 'FIELD_REQUIRED',
      'policy.hotel.classes.1.maxNightly': 'AMOUNT_INVALID',
    });
    const cities = policyBody(240);
    cities.policy.hotel.classes = [
      { maxNightly: 20_000, cities: ['city:paris', 'city:atlantis'] },
      { maxNightly: 15_000, cities: ['city:paris'] },
    ];
    const repeated = await follow(admin.links.updateTravelPolicy!, cities);
    expect(repeated.body.fields).toEqual({ 'policy.hotel.classes.1.cities': 'DUPLICATE_VALUE' });
    cities.policy.hotel.classes = [{ maxNightly: 20_000, cities: ['city:paris', 'city:atlantis'] }];
    const unknown = await follow(admin.links.updateTravelPolicy!, cities);
    expect(unknown.body.fields).toEqual({ 'policy.hotel.classes.0.cities': 'SELECT_VALID_VALUE' });
  });
});
