// Over 300 lines on purpose: the whole of the agency administrator's area on one seeded world, each change
// read back where it shows (a sign-in, the comms, the branding, the history).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { addSecondAgency, SECOND_API_KEY } from '@test/factories/second-agency';
import { agencyAdminSchema, agencyCompanySchema, agencyHistorySchema, agencyMessagesSchema } from '@contract/agency-admin';
import { apiErrorSchema } from '@contract/envelope';
import { auditEvents, companies } from '@server/db/schema';

/*
 * adele (Escale Voyages, agency_admin) manages the agency's companies, staff, branding, messages and
 * single sign-on; every change is in the history; nothing of Alpine Business Travel is reachable.
 */

let api: Api;
type Link = { href: string; method: string };
type Links = Record<string, Link>;
let adele: string;
let admin: { agency: { brandColor: string }; links: Links };
let acme: string;
let initech: string;
/** Alpine's travel agent: staff of the other agency. */
let vera: string;

const call = (link: Link, token: string, body?: unknown, key = randomUUID()) =>
  api.call(link.method as 'GET', link.href, { token, body: body as never, headers: link.method === 'GET' ? {} : { 'idempotency-key': key } });
const ok = async (link: Link, token: string, body?: unknown) => {
  const res = await call(link, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
const history = async () => agencyHistorySchema.parse(await ok(admin.links.agencyHistory!, adele)).events;

beforeAll(async () => {
  api = await startApi();
  const b = await addSecondAgency(api.db);
  initech = b.company.id;
  vera = b.users.vera.id;
  adele = await api.login('adele');
  const user = (await api.call('GET', '/api/v1/user/', { token: adele })).body.result;
  expect(user.links.agencyAdmin).toBeDefined();
  // An agency administrator is not staff for booking: no work queue.
  expect(user.links.agencyQueue).toBeUndefined();
  admin = agencyAdminSchema.parse(await ok(user.links.agencyAdmin, adele)) as typeof admin;
  acme = (await api.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Acme Industries')))[0]!.id;
});
afterAll(() => api.close());

describe('who reaches the area', () => {
  it('writes the agencyAdmin link for agency administrators only, and answers 403 to anyone else', async () => {
    for (const username of ['alice', 'maya', 'tina']) {
      const token = await api.login(username);
      expect((await api.call('GET', '/api/v1/user/', { token })).body.result.links.agencyAdmin).toBeUndefined();
      for (const link of Object.values(admin.links)) {
        const res = await call(link, token, link.method === 'GET' ? undefined : { brandColor: '#123456', accentColor: '#123456' });
        expect(res.status, `${username} ${link.href}`).toBe(403);
        expect(apiErrorSchema.safeParse(res.body).success).toBe(true);
        expect(res.body.api_code).toBe(34);
      }
    }
    expect((await api.call('GET', '/api/v1/agency/admin')).status).toBe(401);
  });

  it('answers 404 with the resource’s api_code for another agency’s company, person or message', async () => {
    const list = await ok(admin.links.agencyCompanies!, adele);
    const template = list.companies[0].links as Links;
    const other = (link: Link) => ({ ...link, href: link.href.replace(list.companies[0].uid, initech) });
    const company = await call(other(template.updateClientCompany!), adele, { name: 'Taken', hotelEnabled: true, carrentalEnabled: true, features: {} });
    expect([company.status, company.body.api_code]).toEqual([404, 33]);
    const sso = await call(other(template.updateCompanySso!), adele, { sso: null });
    expect([sso.status, sso.body.api_code]).toEqual([404, 33]);
    const rules = await api.call('GET', `/api/v1/companies/${initech}/admin`, { token: adele });
    expect([rules.status, rules.body.api_code]).toEqual([404, 33]);
    const person = await api.call('POST', `/api/v1/agency/admin/staff/${vera}/deactivate`, { token: adele, headers: { 'idempotency-key': randomUUID() } });
    expect([person.status, person.body.api_code]).toEqual([404, 45]);
    const message = await api.call('DELETE', `/api/v1/agency/admin/messages/${randomUUID()}`, { token: adele, headers: { 'idempotency-key': randomUUID() } });
    expect([message.status, message.body.api_code]).toEqual([404, 240]);
    // Alpine's own administrator does not see Escale's companies either.
    const alpineCompanies = await api.call('GET', '/api/v1/agency/admin/companies', { token: adele, apiKey: SECOND_API_KEY });
    expect(alpineCompanies.status).toBe(401);
  });
});

describe('client companies', () => {
  it('creates a company with its entities, sets its products and flags, its rules through the travel manager’s resource', async () => {
    const list = await ok(admin.links.agencyCompanies!, adele);
    const created = agencyCompanySchema.parse(
      await ok(list.links.createClientCompany, adele, { name: 'Umbra Conseil', entities: ['Siège', 'Lyon'], hotelEnabled: true }),
    );
    expect(created).toMatchObject({ name: 'Umbra Conseil', hotelEnabled: true, carrentalEnabled: false, features: {}, sso: null, travelManagers: [] });
    expect(created.entities.map((e) => e.name)).toEqual(['Lyon', 'Siège']);
    const updated = await ok(created.links.updateClientCompany!, adele, {
      name: 'Umbra Conseil SA',
      hotelEnabled: true,
      carrentalEnabled: true,
      features: { redirectToCart: true },
    });
    expect(updated).toMatchObject({ name: 'Umbra Conseil SA', carrentalEnabled: true, features: { redirectToCart: true } });
    // The rules: the travel manager's resource, with its rule links only (its people are its manager's).
    const rules = await api.call('GET', `/api/v1/companies/${created.uid}/admin`, { token: adele });
    expect(rules.status).toBe(200);
    expect(Object.keys(rules.body.result.links).sort()).toEqual(['updateAnalytics', 'updateApprovers', 'updateEntities', 'updateTravelPolicy']);
    const entities = await ok(rules.body.result.links.updateEntities, adele, {
      entities: [...rules.body.result.entities.map((e: { uid: string; name: string }) => ({ uid: e.uid, name: e.name })), { uid: null, name: 'Nantes' }],
    });
    expect(entities.entities.map((e: { name: string }) => e.name)).toEqual(['Lyon', 'Nantes', 'Siège']);
    await ok(rules.body.result.links.updateTravelPolicy, adele, { policy: null, text: 'Train en seconde classe.' });
    const people = await api.call('GET', `/api/v1/companies/${created.uid}/people`, { token: adele });
    expect(people.status).toBe(404);

    const events = await history();
    expect(events.slice(0, 4).map((e) => [e.action, e.target, e.actor])).toEqual([
      ['company.travel_policy', 'Umbra Conseil SA', 'adele'],
      ['company.entities', 'Umbra Conseil SA', 'adele'],
      ['company.update', 'Umbra Conseil SA', 'adele'],
      ['company.create', 'Umbra Conseil SA', 'adele'],
    ]);
    expect(events[2]!.fields.sort()).toEqual(['carrentalEnabled', 'features', 'name']);
  });

  it('refuses a company without a name or entity, field by field', async () => {
    const list = await ok(admin.links.agencyCompanies!, adele);
    const res = await call(list.links.createClientCompany, adele, { name: ' ', entities: [] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ name: 'PLEASE_FILL', entities: 'FIELD_REQUIRED' });
  });

  it('invites the company’s travel manager, who accepts from the e-mail and signs in to manage it', async () => {
    const list = await ok(admin.links.agencyCompanies!, adele);
    const company = list.companies.find((c: { name: string }) => c.name === 'Umbra Conseil SA');
    const after = await ok(company.links.inviteTravelManager, adele, {
      gender: 'MS',
      firstname: 'Uma',
      lastname: 'Roche',
      email: 'uma@umbra.example',
      lang: 'fr',
    });
    expect(after.travelManagers).toEqual([expect.objectContaining({ email: 'uma@umbra.example', status: 'invited' })]);
    const mail = (await api.lastMail('uma@umbra.example'))!;
    expect(mail.subject).toBe('Escale Voyages : Umbra Conseil SA vous invite');
    const accepted = await api.call('POST', `/api/v1/user/invitation/${mail.token}`, {
      body: { password: 'Voyage2026', password_confirm: 'Voyage2026', gdpr_consent: true },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const uma = await api.login('uma@umbra.example', 'Voyage2026');
    expect((await api.call('GET', `/api/v1/companies/${company.uid}/admin`, { token: uma })).status).toBe(200);
    expect((await history())[0]).toMatchObject({ action: 'company.invite_travel_manager', target: 'Umbra Conseil SA', fields: ['travelManager'] });
  });

  it('sets a company’s single sign-on: the secret is write-only, kept when not sent, never answered nor in the history', async () => {
    const list = await ok(admin.links.agencyCompanies!, adele);
    const company = list.companies.find((c: { name: string }) => c.name === 'Umbra Conseil SA');
    const sso = { segment: 'umbra', issuer: 'https://id.umbra.example', clientId: 'escale', scopes: 'openid email profile', enforced: true };
    const missing = await call(company.links.updateCompanySso, adele, { sso });
    expect([missing.status, missing.body.fields]).toEqual([400, { 'sso.clientSecret': 'PLEASE_FILL' }]);
    const set = await call(company.links.updateCompanySso, adele, { sso: { ...sso, clientSecret: 'TopSecret-42' } });
    expect(set.status).toBe(200);
    expect(JSON.stringify(set.body)).not.toContain('TopSecret-42');
    expect(set.body.result.sso).toEqual({ ...sso, hasSecret: true });
    const kept = await ok(company.links.updateCompanySso, adele, { sso: { ...sso, enforced: false } });
    expect(kept.sso).toMatchObject({ enforced: false, hasSecret: true });
    const [row] = await api.db.select().from(companies).where(eq(companies.id, company.uid));
    expect(row!.sso).toMatchObject({ clientSecret: 'TopSecret-42', enforced: false });
    const taken = await call(company.links.updateCompanySso, adele, { sso: { ...sso, segment: 'globex' } });
    expect([taken.status, taken.body.api_code]).toEqual([409, 241]);

    const listed = await api.call('GET', '/api/v1/agency/admin/companies', { token: adele });
    expect(JSON.stringify(listed.body)).not.toContain('TopSecret-42');
    const lines = await api.db.select().from(auditEvents);
    expect(JSON.stringify(lines)).not.toContain('TopSecret-42');
    const events = await history();
    expect(events[0]).toMatchObject({ action: 'company.sso', fields: ['enforced'] });
    expect(events[1]!.fields).toContain('clientSecret');
  });
});

describe('staff', () => {
  it('invites a member of staff with their roles: the e-mail speaks of the agency’s team; accepted, they sign in and work the queue', async () => {
    const staff = await ok(admin.links.agencyStaff!, adele);
    expect(staff.staff.map((s: { username: string }) => s.username).sort()).toEqual(['adele', 'arthur', 'tina']);
    // Not oneself.
    expect(staff.staff.find((s: { username: string }) => s.username === 'adele').links).toEqual({});
    const invited = await ok(staff.links.inviteStaff, adele, {
      gender: 'MR',
      firstname: 'Hugo',
      lastname: 'Lemaire',
      email: 'hugo@escale-voyages.example',
      lang: 'en',
      roles: ['travel_agent'],
    });
    expect(invited).toMatchObject({ status: 'invited', roles: ['travel_agent'] });
    const mail = (await api.lastMail('hugo@escale-voyages.example'))!;
    expect(mail.subject).toBe('Escale Voyages invites you to join its team');
    expect(mail.text).toContain('join the team of Escale Voyages');
    const page = await api.call('GET', `/api/v1/user/invitation/${mail.token}`);
    expect(page.body.result.company).toBe('Escale Voyages');
    expect(
      (
        await api.call('POST', `/api/v1/user/invitation/${mail.token}`, {
          body: { password: 'Agence2026', password_confirm: 'Agence2026', gdpr_consent: true },
        })
      ).status,
    ).toBe(200);
    const hugo = await api.login('hugo@escale-voyages.example', 'Agence2026');
    expect((await api.call('GET', '/api/v1/user/', { token: hugo })).body.result.links.agencyQueue).toBeDefined();
    expect((await history())[0]).toMatchObject({ action: 'staff.invite', target: 'Hugo Lemaire', actor: 'adele' });
  });

  it('deactivates a member of staff: no more sign-in, their sessions end at once', async () => {
    const tina = await api.login('tina');
    expect((await api.call('GET', '/api/v1/agency/queue', { token: tina })).status).toBe(200);
    const staff = await ok(admin.links.agencyStaff!, adele);
    const member = staff.staff.find((s: { username: string }) => s.username === 'tina');
    const off = await ok(member.links.deactivateStaff, adele);
    expect(off).toMatchObject({ status: 'inactive', links: {} });
    expect((await api.call('GET', '/api/v1/agency/queue', { token: tina })).status).toBe(401);
    const login = await api.call('POST', '/api/v1/user/login', { body: { username: 'tina', password: 'Escale2026!' } });
    expect(login.status).not.toBe(200);
    expect((await history())[0]).toMatchObject({ action: 'staff.deactivate', target: 'Tina Garnier', fields: ['status'] });
  });

  it('refuses to deactivate oneself, and a travel manager or employee is not staff (404)', async () => {
    const me = (await api.call('GET', '/api/v1/user/', { token: adele })).body.result.uid;
    const self = await api.call('POST', `/api/v1/agency/admin/staff/${me}/deactivate`, { token: adele, headers: { 'idempotency-key': randomUUID() } });
    expect([self.status, self.body.api_code]).toEqual([409, 162]);
    const maya = (await api.call('GET', '/api/v1/user/', { token: await api.login('maya') })).body.result.uid;
    const employee = await api.call('POST', `/api/v1/agency/admin/staff/${maya}/deactivate`, { token: adele, headers: { 'idempotency-key': randomUUID() } });
    expect(employee.status).toBe(404);
  });
});

describe('branding', () => {
  it('refuses colours below WCAG AA with white text: 400, the envelope, the field and why', async () => {
    const res = await call(admin.links.updateBranding!, adele, { brandColor: '#ffcc00', accentColor: '#1d4ed8' });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ api_code: 17, fields: { brandColor: 'CONTRAST_TOO_LOW' } });
    expect(res.body.errorMessage).toMatch(/La couleur principale a un contraste de 1,\d\d:1/);
    const malformed = await call(admin.links.updateBranding!, adele, { brandColor: 'red', accentColor: '#1d4ed8' });
    expect([malformed.status, malformed.body.fields]).toEqual([400, { brandColor: 'FORMAT_INVALID' }]);
  });

  it('changes the colours and the logo (an SVG cut down to drawing elements); the history keeps the new colours and that the logo changed', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10" fill="#0b5"/></svg>';
    const changed = agencyAdminSchema.parse(
      await ok(admin.links.updateBranding!, adele, { brandColor: '#7A1F5C', accentColor: '#0F5C4D', logo: Buffer.from(svg).toString('base64') }),
    );
    expect(changed.agency).toMatchObject({ brandColor: '#7a1f5c', accentColor: '#0f5c4d' });
    const logo = Buffer.from(changed.agency.logo!.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(logo).toContain('<rect');
    expect(logo).not.toContain('script');
    const bad = await call(admin.links.updateBranding!, adele, {
      brandColor: '#7a1f5c',
      accentColor: '#0f5c4d',
      logo: Buffer.from('hello').toString('base64'),
    });
    expect([bad.status, bad.body.fields]).toEqual([400, { logo: 'LOGO_INVALID' }]);
    expect((await history())[0]).toMatchObject({ action: 'branding.update', target: 'Escale Voyages' });
    expect((await history())[0]!.fields.sort()).toEqual(['accentColor', 'brandColor', 'logo']);
    const [line] = await api.db.select().from(auditEvents).where(eq(auditEvents.action, 'branding.update'));
    expect(line!.detail).toEqual({ brandColor: '#7a1f5c', accentColor: '#0f5c4d', logo: 'set' });
  });
});

describe('public messages', () => {
  it('creates a message with its HTML sanitised, shown by GET /comms; edits and deletes it', async () => {
    const list = agencyMessagesSchema.parse(await ok(admin.links.agencyMessages!, adele));
    expect(list.companies.map((c) => c.name)).toContain('Acme Industries');
    const created = agencyMessagesSchema.parse(
      await ok(list.links.createAgencyMessage!, adele, {
        support: 'cart',
        companyId: acme,
        level: 'warning',
        message: {
          fr: '<p>Grève <strong>jeudi</strong><script>alert(1)</script> <a href="javascript:alert(1)" onclick="x()">ici</a></p>',
          en: '<p>Strike on <em>Thursday</em><img src=x onerror=alert(1)></p>',
        },
      }),
    );
    const message = created.messages.at(-1)!;
    expect(message.message).toEqual({ fr: '<p>Grève <strong>jeudi</strong> <a>ici</a></p>', en: '<p>Strike on <em>Thursday</em></p>' });
    const alice = await api.login('alice');
    const gusToken = await api.login('gus');
    const comms = await api.call('GET', '/api/v1/comms?support=cart', { token: alice });
    const gus = await api.call('GET', '/api/v1/comms?support=cart', { token: gusToken });
    expect(comms.body.result.cart).toContainEqual({ id: message.id, level: 'warning', message: message.message.fr });
    // Not Globex's.
    expect((gus.body.result.cart ?? []).map((m: { id: string }) => m.id)).not.toContain(message.id);

    const edited = await ok(message.links.updateAgencyMessage!, adele, {
      support: 'search',
      companyId: null,
      level: 'info',
      message: { fr: 'Bienvenue', en: 'Welcome' },
    });
    expect(edited.messages.find((m: { id: string }) => m.id === message.id)).toMatchObject({ support: 'search', companyId: null, level: 'info' });
    expect((await history())[0]).toMatchObject({ action: 'message.update', target: 'Bienvenue' });
    const emptied = await call(message.links.updateAgencyMessage!, adele, {
      support: 'search',
      companyId: null,
      level: 'info',
      message: { fr: '<script>x</script>', en: 'Hi' },
    });
    expect([emptied.status, emptied.body.fields]).toEqual([400, { 'message.fr': 'PLEASE_FILL' }]);
    const otherCompany = await call(message.links.updateAgencyMessage!, adele, {
      support: 'search',
      companyId: initech,
      level: 'info',
      message: { fr: 'a', en: 'b' },
    });
    expect([otherCompany.status, otherCompany.body.api_code]).toEqual([404, 33]);
    const gone = await ok(message.links.deleteAgencyMessage!, adele);
    expect(gone.messages.map((m: { id: string }) => m.id)).not.toContain(message.id);
    expect((await history()).slice(0, 1)).toEqual([expect.objectContaining({ action: 'message.delete', target: 'Bienvenue' })]);
  });
});
