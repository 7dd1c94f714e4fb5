import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin } from '@test/support/admin';
import { startApi, type Api } from '@test/support/api';
import { auditOf } from '@server/db/audit';
import { users } from '@server/db/schema';
import { transportMailer } from '@server/platform/mail';

/**
 * An agency's first people from the operator tool: an invitation e-mail whose link lets them choose their
 * own password, then sign in — a company's travel manager, or the agency's staff without a company.
 */

let api: Api;
let companyId: string;
beforeAll(async () => {
  api = await startApi();
  companyId = (await admin(api.db, ['company', 'create', 'Pied Piper', '--agency', 'Escale Voyages', '--json'])).json.id;
});
afterAll(() => api.close());

const PASSWORD = 'Choisi-par-moi-2026';

/** Opens the e-mailed link as the invitee would, chooses a password, and signs in with it. */
async function accept(email: string) {
  const mail = await api.lastMail(email);
  expect(mail?.link).toBeDefined();
  const read = await api.call('GET', `/api/v1/user/invitation/${mail!.token}`);
  expect(read.status).toBe(200);
  const accepted = await api.call('POST', `/api/v1/user/invitation/${mail!.token}`, {
    body: { password: PASSWORD, password_confirm: PASSWORD, gdpr_consent: true },
  });
  expect(accepted.status).toBe(200);
  return { mail: mail!, invitation: read.body.result, token: await api.login(accepted.body.result.username, PASSWORD) };
}

describe('user invite', () => {
  it('invites a company’s travel manager, who chooses a password through the e-mailed link and manages the company', async () => {
    const run = await admin(api.db, [
      'user',
      'invite',
      '--agency',
      'Escale Voyages',
      '--company',
      'Pied Piper',
      '--role',
      'travel_manager',
      '--email',
      'Richard@PiedPiper.example',
      '--firstname',
      'Richard',
      '--lastname',
      'Hendricks',
      '--json',
    ]);
    expect(run.err).toBe('');
    expect(run.json).toMatchObject({
      username: 'richard@piedpiper.example',
      role: 'travel_manager',
      company: 'Pied Piper',
      status: 'invited',
      origin: 'http://localhost:3000',
      delivery: 'mailbox',
    });
    expect(run.json.where).toContain('http://localhost:3000/dev/mailbox');
    const [user] = await api.db.select().from(users).where(eq(users.id, run.json.id));
    expect(user).toMatchObject({ companyId, perms: ['account_creation', 'approval'], status: 'invited', lang: 'fr' });

    const { mail, invitation, token } = await accept('richard@piedpiper.example');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/user\/invitation\//);
    expect(invitation).toMatchObject({ firstname: 'Richard', company: 'Pied Piper' });
    const company = await api.call('GET', `/api/v1/companies/${companyId}/admin`, { token });
    expect(company.status).toBe(200);
    expect(company.body.result.company.name).toBe('Pied Piper');

    const [event] = await auditOf(api.db, user!.agencyId);
    expect(event).toMatchObject({ actor: 'operator', actorId: null, action: 'user.invite', target: `user:${user!.id}` });
  });

  it('invites agency staff without a company, in the language asked, with the link on PUBLIC_URL, and says the e-mail left by SMTP', async () => {
    const sent: { to: string; subject: string }[] = [];
    const mailer = transportMailer(
      { sendMail: async (m: { to: string; subject: string }) => void sent.push(m) } as never,
      'ops@escale.example',
      () => undefined,
    );
    const run = await admin(
      api.db,
      [
        'user',
        'invite',
        '--agency',
        'Escale Voyages',
        '--role',
        'agency_admin',
        '--email',
        'ada@escale-voyages.example',
        '--firstname',
        'Ada',
        '--lastname',
        'Admin',
        '--lang',
        'en',
        '--json',
      ],
      { mailer, env: { PUBLIC_URL: 'https://travel.escale.example' } },
    );
    expect(run.err).toBe('');
    expect(run.json).toMatchObject({ role: 'agency_admin', company: null, origin: 'https://travel.escale.example', delivery: 'smtp' });
    expect(sent).toEqual([expect.objectContaining({ to: 'ada@escale-voyages.example', subject: 'Escale Voyages invites you to join its team' })]);
    const [user] = await api.db.select().from(users).where(eq(users.id, run.json.id));
    expect(user).toMatchObject({ companyId: null, perms: ['agency_admin'], lang: 'en' });
    const mail = await api.lastMail('ada@escale-voyages.example');
    expect(mail!.link).toMatch(/^https:\/\/travel\.escale\.example\/user\/invitation\//);
  });

  it('invites a travel agent who then works the agency’s queue', async () => {
    const run = await admin(api.db, [
      'user',
      'invite',
      '--agency',
      'Escale Voyages',
      '--role',
      'travel_agent',
      '--email',
      'tom@escale-voyages.example',
      '--firstname',
      'Tom',
      '--lastname',
      'Agent',
    ]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Invitation sent.');
    const { token } = await accept('tom@escale-voyages.example');
    const me = await api.call('GET', '/api/v1/user/', { token });
    expect(me.body.result.perms).toEqual(['travel_agent']);
  });

  it.each([
    [['--role', 'travel_manager', '--email', 'x@piedpiper.example'], 'error: --role travel_manager needs --company <company>'],
    [
      ['--role', 'travel_agent', '--company', 'Pied Piper', '--email', 'x@piedpiper.example'],
      "error: --company is for a travel_manager only: a travel_agent is the agency's own staff",
    ],
    [
      ['--role', 'pilot', '--email', 'x@piedpiper.example'],
      'error: --role must be one of travel_manager, travel_agent, assistance_agent, agency_admin (got "pilot")',
    ],
    [['--role', 'travel_manager', '--company', 'Hooli', '--email', 'x@piedpiper.example'], 'error: unknown --company "Hooli" in agency "Escale Voyages"'],
    [['--role', 'travel_agent', '--email', 'not-an-address'], 'error: --email "not-an-address" is not an e-mail address'],
    [['--role', 'travel_agent', '--email', 'alice@acme.example'], 'error: --email alice@acme.example is used by another account of "Escale Voyages"'],
    [['--role', 'travel_agent', '--email', 'x@piedpiper.example', '--password', 'Secret123!'], 'error: unknown option --password for "user invite"'],
  ])('refuses %j', async (extra, message) => {
    const before = await api.db.$count(users);
    const base = ['user', 'invite', '--agency', 'Escale Voyages', '--firstname', 'X', '--lastname', 'Y'];
    const run = await admin(api.db, [...base, ...extra]);
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toContain(message);
    expect(await api.db.$count(users)).toBe(before);
  });

  it('refuses to invite with a configuration the server would refuse (production without SMTP_URL)', async () => {
    const run = await admin(
      api.db,
      ['user', 'invite', '--agency', 'Escale Voyages', '--role', 'travel_agent', '--email', 'y@escale-voyages.example', '--firstname', 'Y', '--lastname', 'Z'],
      {
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://travel.escale.example' },
      },
    );
    expect(run.code).toBe(1);
    expect(run.err).toContain('SMTP_URL is required in production mode');
  });
});
