import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startApi, jobServices, type Api } from '@test/support/api';
import { companies, scimTokens, sessions, userTokens, users } from '@server/db/schema';
import { issueLoginToken } from '@server/db/user-tokens';
import { sha256 } from '@server/platform/secrets';

/**
 * SCIM 2.0 as an identity provider calls it: RFC 7643 §8.1 and §8.2's users, RFC 7644 §3.5.2's
 * patches, and what Okta and Azure AD send. Umbrella (enforced single sign-on) and Globex each have a
 * token here, written as the operator tool writes them (sha256 only).
 */
let api: Api;
const TOKENS = { umbrella: 'scim-umbrella-token-0123456789', globex: 'scim-globex-token-0123456789', revoked: 'scim-revoked-token-0123456789' };
const companyIds: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi();
  for (const c of await api.db.select().from(companies)) companyIds[c.name] = c.id;
  await api.db.insert(scimTokens).values([
    { companyId: companyIds['Umbrella Corporation']!, tokenHash: sha256(TOKENS.umbrella), prefix: TOKENS.umbrella.slice(0, 8) },
    { companyId: companyIds['Globex Consulting']!, tokenHash: sha256(TOKENS.globex), prefix: TOKENS.globex.slice(0, 8) },
    { companyId: companyIds['Umbrella Corporation']!, tokenHash: sha256(TOKENS.revoked), prefix: 'scim-rev', revokedAt: new Date('2026-11-01T00:00:00Z') },
  ]);
});
afterAll(() => api.close());

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A call as an identity provider makes it: SCIM's media type, the company's bearer token, no Api-Key. */
const scim = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, token: string | null = TOKENS.umbrella) =>
  api.call(method, `/scim/v2${path}`, {
    apiKey: null,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
    },
  });

const patch = (id: string, operations: unknown[], token?: string) => scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: operations }, token);

const userRow = async (id: string) => (await api.db.select().from(users).where(eq(users.id, id)))[0]!;

/** RFC 7643 §8.1. */
const minimalUser = { schemas: [USER], userName: 'bjensen@example.com' };

/** RFC 7643 §8.2, with the RFC's own userName and addresses (id and meta are read-only: ignored). */
const fullUser = {
  schemas: [USER],
  id: '2819c223-7f76-453a-919d-413861904646',
  externalId: '701984',
  userName: 'bjensen-full@example.com',
  name: {
    formatted: 'Ms. Barbara J Jensen, III',
    familyName: 'Jensen',
    givenName: 'Barbara',
    middleName: 'Jane',
    honorificPrefix: 'Ms.',
    honorificSuffix: 'III',
  },
  displayName: 'Babs Jensen',
  nickName: 'Babs',
  profileUrl: 'https://login.example.com/bjensen',
  emails: [
    { value: 'bjensen-full@example.com', type: 'work', primary: true },
    { value: 'babs@jensen.org', type: 'home' },
  ],
  addresses: [
    {
      type: 'work',
      streetAddress: '100 Universal City Plaza',
      locality: 'Hollywood',
      region: 'CA',
      postalCode: '91608',
      country: 'USA',
      formatted: '100 Universal City Plaza\nHollywood, CA 91608 USA',
      primary: true,
    },
  ],
  phoneNumbers: [{ value: '555-555-5555', type: 'work' }],
  ims: [{ value: 'someaimhandle', type: 'aim' }],
  photos: [{ value: 'https://photos.example.com/profilephoto/72930000000Ccne/F', type: 'photo' }],
  userType: 'Employee',
  title: 'Tour Guide',
  preferredLanguage: 'en-US',
  locale: 'en-US',
  timezone: 'America/Los_Angeles',
  active: true,
  password: 't1meMa$heen',
  groups: [],
  x509Certificates: [{ value: 'MIIDQzCCAqygAwIBAgICEAAwDQYJKoZIhvcNAQEFBQAwTjELMAkGA1UEBhMCVVMx' }],
  meta: {
    resourceType: 'User',
    created: '2010-01-23T04:56:22Z',
    lastModified: '2011-05-13T04:42:34Z',
    version: 'W/"3694e05e9dff591"',
    location: 'https://example.com/v2/Users/2819c223-7f76-453a-919d-413861904646',
  },
};

describe('the bearer token', () => {
  it('refuses a missing, unknown or revoked token with 401 in SCIM’s error schema', async () => {
    for (const token of [null, 'nope', TOKENS.revoked]) {
      const res = await scim('GET', '/Users', undefined, token);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).toEqual({ schemas: [ERROR], status: '401', detail: expect.any(String) });
    }
  });

  it('needs no Api-Key: the token names the company', async () => {
    const res = await scim('GET', '/ServiceProviderConfig');
    expect(res.status).toBe(200);
  });
});

describe('discovery', () => {
  it('describes the service provider: PATCH and filters yes, bulk, sort, ETags and password changes no, bearer tokens', async () => {
    const res = await scim('GET', '/ServiceProviderConfig');
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(res.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
  });

  it('lists the User schema and resource type, and each by its id', async () => {
    const list = await scim('GET', '/Schemas');
    expect(list.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, Resources: [{ id: USER }] });
    const names = list.body.Resources[0].attributes.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(['userName', 'name', 'emails', 'active']));
    expect((await scim('GET', `/Schemas/${USER}`)).body.id).toBe(USER);
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources).toEqual([expect.objectContaining({ id: 'User', endpoint: '/Users', schema: USER })]);
    expect((await scim('GET', '/ResourceTypes/User')).body.name).toBe('User');
    expect((await scim('GET', '/ResourceTypes/Group')).status).toBe(404);
  });

  it('answers an unknown resource with 404 in SCIM’s error schema', async () => {
    const res = await scim('GET', '/Groups');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ schemas: [ERROR], status: '404' });
  });
});

describe('creating users (POST /Users)', () => {
  it('creates the RFC’s minimal user as an active employee of the token’s company, with Location and meta', async () => {
    const res = await scim('POST', '/Users', minimalUser);
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(res.body).toMatchObject({
      schemas: [USER],
      userName: 'bjensen@example.com',
      emails: [{ value: 'bjensen@example.com', primary: true }],
      active: true,
      meta: { resourceType: 'User', created: expect.any(String) },
    });
    expect(res.headers.location).toBe(res.body.meta.location);
    expect(res.body.meta.location).toMatch(new RegExp(`/scim/v2/Users/${res.body.id}$`));

    const row = await userRow(res.body.id);
    expect(row).toMatchObject({ companyId: companyIds['Umbrella Corporation'], status: 'active', email: 'bjensen@example.com' });
    expect(row.flags).toMatchObject({ isPwdChangeDisabled: true });
    // Umbrella enforces its single sign-on: no password sign-in, whatever the password.
    const login = await api.call('POST', '/api/v1/user/login', { body: { username: 'bjensen@example.com', password: 'Whatever1' } });
    expect(login.status).toBe(403);
    expect(login.body.api_code).toBe(32);
  });

  it('creates the RFC’s full user: its names, its primary e-mail, its externalId; the rest is not kept and no password is set', async () => {
    const res = await scim('POST', '/Users', fullUser, TOKENS.globex);
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(fullUser.id);
    expect(res.body).toMatchObject({
      externalId: '701984',
      userName: 'bjensen-full@example.com',
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      emails: [{ value: 'bjensen-full@example.com', type: 'work', primary: true }],
      active: true,
    });
    expect(res.body.password).toBeUndefined();
    const row = await userRow(res.body.id);
    expect(row).toMatchObject({ companyId: companyIds['Globex Consulting'], lang: 'en', externalId: '701984' });
    // Globex lets its users use a password, but nobody knows this one: the RFC's password was not set.
    const login = await api.call('POST', '/api/v1/user/login', { body: { username: 'bjensen-full@example.com', password: fullUser.password } });
    expect(login.status).toBe(401);
    expect(login.body.api_code).toBe(29);
  });

  it('refuses a userName or e-mail the agency already has, an externalId the company already has (409 uniqueness)', async () => {
    for (const body of [
      minimalUser,
      { schemas: [USER], userName: 'BJENSEN@example.com' },
      // alice is Acme's: usernames are unique across the agency.
      { schemas: [USER], userName: 'alice', emails: [{ value: 'someone@umbrella.example' }] },
      { schemas: [USER], userName: 'new-name', emails: [{ value: 'alice@acme.example' }] },
    ]) {
      const res = await scim('POST', '/Users', body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    }
    await scim('POST', '/Users', { schemas: [USER], userName: 'ext-1@umbrella.example', externalId: 'ext-1' });
    const again = await scim('POST', '/Users', { schemas: [USER], userName: 'ext-2@umbrella.example', externalId: 'ext-1' });
    expect(again.status).toBe(409);
    expect(again.body.scimType).toBe('uniqueness');
  });

  it('refuses a body without the User schema, a userName, or an e-mail (400 invalidValue), and one that is not JSON (invalidSyntax)', async () => {
    for (const body of [
      { userName: 'x@umbrella.example' },
      { schemas: [USER] },
      { schemas: [USER], userName: 'no-address' },
      { schemas: [USER], userName: 7 },
    ]) {
      const res = await scim('POST', '/Users', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidValue' });
    }
    const broken = await scim('POST', '/Users', '{"schemas": [');
    expect(broken.status).toBe(400);
    expect(broken.body.scimType).toBe('invalidSyntax');
  });

  it('refuses a body over 64 KB with 413 in SCIM’s error schema', async () => {
    const res = await scim('POST', '/Users', { ...minimalUser, title: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ schemas: [ERROR], status: '413' });
  });
});

describe('finding users (GET /Users)', () => {
  it('finds a user by userName (whatever its case), by e-mail and by externalId', async () => {
    const created = await scim('POST', '/Users', { schemas: [USER], userName: 'find.me@umbrella.example', externalId: 'Okta-00uFindMe' });
    for (const filter of ['userName eq "FIND.ME@umbrella.example"', 'emails.value eq "find.me@umbrella.example"', 'externalId eq "Okta-00uFindMe"']) {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, itemsPerPage: 1, startIndex: 1 });
      expect(res.body.Resources[0].id).toBe(created.body.id);
    }
    // externalId is compared exactly.
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "okta-00ufindme"')}`)).body.totalResults).toBe(0);
  });

  it('answers an empty list for a name nobody has, or another company’s', async () => {
    for (const name of ['nobody@umbrella.example', 'alice', 'gus']) {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${name}"`)}`);
      expect(res.body).toMatchObject({ totalResults: 0, itemsPerPage: 0, Resources: [] });
    }
  });

  it('refuses the filters it does not support with 400 invalidFilter', async () => {
    for (const filter of ['title eq "Tour Guide"', 'userName sw "b"', 'userName eq "a" and active eq true', 'userName eq ']) {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });
    }
  });

  it('pages with startIndex and count, counting all the company’s users and only them', async () => {
    for (let i = 0; i < 3; i++) await scim('POST', '/Users', { schemas: [USER], userName: `page${i}@umbrella.example` });
    const all = await scim('GET', '/Users');
    const total = all.body.totalResults;
    expect(all.body.Resources.map((u: { userName: string }) => u.userName)).toContain('ursula');
    expect(all.body.Resources.map((u: { userName: string }) => u.userName)).not.toContain('gus');
    expect(all.body.itemsPerPage).toBe(total);

    const page = await scim('GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: total, itemsPerPage: 2, startIndex: 2 });
    expect(page.body.Resources.map((u: { id: string }) => u.id)).toEqual(all.body.Resources.slice(1, 3).map((u: { id: string }) => u.id));
    const countOnly = await scim('GET', '/Users?count=0');
    expect(countOnly.body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    const past = await scim('GET', `/Users?startIndex=${total + 1}`);
    expect(past.body).toMatchObject({ totalResults: total, itemsPerPage: 0 });
  });
});

describe('another company’s users', () => {
  it('are unknown: get, replace, patch and delete answer 404, and nothing changes', async () => {
    const [gus] = await api.db.select().from(users).where(eq(users.username, 'gus'));
    const calls = [
      scim('GET', `/Users/${gus!.id}`),
      scim('PUT', `/Users/${gus!.id}`, { schemas: [USER], userName: 'gus', active: false }),
      patch(gus!.id, [{ op: 'replace', value: { active: false } }]),
      scim('DELETE', `/Users/${gus!.id}`),
      scim('GET', '/Users/not-a-uuid'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '404' });
    }
    expect((await userRow(gus!.id)).status).toBe('active');
  });
});

describe('replacing a user (PUT /Users/{id})', () => {
  it('replaces its userName, names, e-mail and externalId', async () => {
    const created = await scim('POST', '/Users', { schemas: [USER], userName: 'put.me@umbrella.example', externalId: 'put-1' });
    const res = await scim('PUT', `/Users/${created.body.id}`, {
      schemas: [USER],
      id: created.body.id,
      userName: 'put.renamed@umbrella.example',
      name: { givenName: 'Putnam', familyName: 'Renamed' },
      emails: [{ value: 'put.renamed@umbrella.example', type: 'work', primary: true }],
      active: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userName: 'put.renamed@umbrella.example', name: { givenName: 'Putnam', familyName: 'Renamed' }, active: true });
    // Not in the body: cleared, as a replacement does.
    expect(res.body.externalId).toBeUndefined();
    expect(await userRow(created.body.id)).toMatchObject({
      username: 'put.renamed@umbrella.example',
      firstname: 'Putnam',
      lastname: 'Renamed',
      externalId: null,
    });
  });

  it('refuses to take another account’s userName (409 uniqueness)', async () => {
    const created = await scim('POST', '/Users', { schemas: [USER], userName: 'put.two@umbrella.example' });
    const res = await scim('PUT', `/Users/${created.body.id}`, { schemas: [USER], userName: 'bob' });
    expect(res.status).toBe(409);
    expect(res.body.scimType).toBe('uniqueness');
  });
});

describe('patching a user (PATCH /Users/{id}, RFC 7644 §3.5.2)', () => {
  let id: string;
  beforeAll(async () => {
    id = (
      await scim('POST', '/Users', {
        ...fullUser,
        externalId: 'patch-1',
        userName: 'bjensen@umbrella.example',
        emails: [{ value: 'bjensen@umbrella.example', type: 'work', primary: true }],
      })
    ).body.id;
  });

  it('§3.5.2.1 add without a path: a home e-mail joins, nickName is not kept; the work e-mail stays the one used', async () => {
    const res = await patch(id, [{ op: 'add', value: { emails: [{ value: 'babs@jensen.org', type: 'home' }], nickName: 'Babs' } }]);
    expect(res.status).toBe(200);
    expect((await userRow(id)).email).toBe('bjensen@umbrella.example');
  });

  it('§3.5.2.3 replace without a path: the primary e-mail of the value is the one used', async () => {
    const res = await patch(id, [
      {
        op: 'replace',
        value: {
          emails: [
            { value: 'barbara.jensen@umbrella.example', type: 'work', primary: true },
            { value: 'babs@jensen.org', type: 'home' },
          ],
          nickName: 'Babs',
        },
      },
    ]);
    expect(res.body.emails).toEqual([{ value: 'barbara.jensen@umbrella.example', type: 'work', primary: true }]);
  });

  it('replaces the names by path, and the work e-mail by a filtered path', async () => {
    const res = await patch(id, [
      { op: 'replace', path: 'name.givenName', value: 'Babs' },
      { op: 'replace', path: 'name.familyName', value: 'Jensen-Smith' },
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'babs.smith@umbrella.example' },
    ]);
    expect(res.status).toBe(200);
    expect(await userRow(id)).toMatchObject({ firstname: 'Babs', lastname: 'Jensen-Smith', email: 'babs.smith@umbrella.example' });
  });

  it('as Azure AD sends it: capitalised ops, "False" as a string, the schema’s URN in paths, the enterprise extension ignored', async () => {
    const res = await patch(id, [
      { op: 'Replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:name.givenName', value: 'Barbara' },
      { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Tours' },
      { op: 'Add', path: 'title', value: 'Tour Guide' },
      { op: 'Replace', path: 'active', value: 'False' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    expect(await userRow(id)).toMatchObject({ firstname: 'Barbara', status: 'inactive' });
  });

  it('as Okta sends it: replace without a path with { active: true } reactivates', async () => {
    const res = await patch(id, [{ op: 'replace', value: { active: true } }]);
    expect(res.body.active).toBe(true);
    expect((await userRow(id)).status).toBe('active');
  });

  it('refuses a read-only path (mutability), a remove of a required attribute (invalidValue), a remove without path (noTarget), a filter it cannot read (invalidPath)', async () => {
    const cases: [unknown[], string][] = [
      [[{ op: 'replace', path: 'id', value: 'x' }], 'mutability'],
      [[{ op: 'remove', path: 'userName' }], 'invalidValue'],
      [[{ op: 'remove', path: 'emails' }], 'invalidValue'],
      [[{ op: 'remove' }], 'noTarget'],
      // §3.5.2.2's example: a filter with `and` and `ew` is not one this server reads.
      [[{ op: 'remove', path: 'emails[type eq "work" and value ew "example.com"]' }], 'invalidPath'],
      [[{ op: 'move', path: 'active', value: true }], 'invalidValue'],
      [[{ op: 'replace', path: 'active', value: 'maybe' }], 'invalidValue'],
    ];
    for (const [operations, scimType] of cases) {
      const res = await patch(id, operations);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '400', scimType });
    }
    const noSchema = await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', value: { active: false } }] });
    expect(noSchema.status).toBe(400);
    // All or nothing: the refused patches changed nothing.
    expect(await userRow(id)).toMatchObject({ status: 'active', firstname: 'Barbara' });
  });
});

describe('deactivation by the identity provider', () => {
  /** gus (Globex): a session, an approver who is someone's backup, an invitation link. */
  async function gusWithEverything() {
    const [gus] = await api.db.select().from(users).where(eq(users.username, 'gus'));
    const services = jobServices(api);
    const signIn = await api.call('POST', '/api/v1/user/login', { body: { token: await issueLoginToken(services, gus!.id) } });
    expect(signIn.status).toBe(200);
    const colleague = await scim('POST', '/Users', { schemas: [USER], userName: 'colleague@globex.example' }, TOKENS.globex);
    await api.db.update(users).set({ backupApproverId: gus!.id }).where(eq(users.id, colleague.body.id));
    await api.db
      .update(users)
      .set({ perms: ['approval'] })
      .where(eq(users.id, gus!.id));
    await api.db
      .insert(userTokens)
      .values({ userId: gus!.id, kind: 'invitation', tokenHash: sha256('gus-invitation'), expiresAt: new Date('2027-01-01T00:00:00Z') });
    return { gus: gus!, session: signIn.body.result.token as string, colleague: colleague.body.id as string };
  }

  it('PATCH active:false does what the travel manager’s deactivation does; active:true undoes it', async () => {
    const { gus, session, colleague } = await gusWithEverything();
    const res = await patch(gus.id, [{ op: 'replace', path: 'active', value: false }], TOKENS.globex);
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);

    // Their session ends, they cannot sign in, they are nobody's backup, their invitation is dead.
    expect((await api.call('GET', '/api/v1/user/', { token: session })).status).toBe(401);
    const login = await api.call('POST', '/api/v1/user/login', { body: { username: 'gus', password: 'Escale2026!' } });
    expect(login.status).toBe(403);
    expect(login.body.api_code).toBe(65);
    expect((await userRow(colleague)).backupApproverId).toBeNull();
    const [invitation] = await api.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256('gus-invitation')));
    expect(invitation!.usedAt).not.toBeNull();
    const open = await api.db.select().from(sessions).where(eq(sessions.userId, gus.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    // The single sign-on entry no longer takes them there either.
    expect((await api.call('GET', '/api/v1/user/auth-strategy/gus')).body.result.strategy).toBe('password');

    const back = await patch(gus.id, [{ op: 'replace', path: 'active', value: true }], TOKENS.globex);
    expect(back.body.active).toBe(true);
    expect((await api.call('POST', '/api/v1/user/login', { body: { username: 'gus', password: 'Escale2026!' } })).status).toBe(200);
  });

  it('DELETE deactivates, never erases: 204, then the user is still there, inactive; again is 204', async () => {
    const created = await scim('POST', '/Users', { schemas: [USER], userName: 'leaver@umbrella.example' });
    const res = await scim('DELETE', `/Users/${created.body.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await userRow(created.body.id)).toMatchObject({ status: 'inactive', username: 'leaver@umbrella.example' });
    expect((await scim('GET', `/Users/${created.body.id}`)).body.active).toBe(false);
    expect((await scim('DELETE', `/Users/${created.body.id}`)).status).toBe(204);
  });
});

describe('limits', () => {
  it('answers 429 in SCIM’s error schema past 600 calls a minute from one address, tokens or not', async () => {
    const from = (token: string | null) =>
      api.call('GET', '/scim/v2/ServiceProviderConfig', {
        apiKey: null,
        remoteAddress: '203.0.113.77',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const statuses = new Set<number>();
    for (let i = 0; i < 600; i++) statuses.add((await from(i % 2 ? 'guessed-token' : TOKENS.umbrella)).status);
    expect([...statuses].sort()).toEqual([200, 401]);
    const limited = await from(TOKENS.umbrella);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ schemas: [ERROR], status: '429' });
  });
});
