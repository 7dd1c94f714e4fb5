import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin } from '@test/support/admin';
import { startApi, type Api } from '@test/support/api';
import { auditOf } from '@server/db/audit';
import { companies, scimTokens } from '@server/db/schema';
import { sha256 } from '@server/platform/secrets';

/**
 * A company's single sign-on and SCIM tokens from the operator tool: the client secret only from
 * standard input or a file, never the command line; SCIM tokens shown once and kept hashed.
 */

let api: Api;
let dir: string;
beforeAll(async () => {
  api = await startApi();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-admin-sso-'));
  await admin(api.db, ['company', 'create', 'Massive Dynamic', '--agency', 'Escale Voyages']);
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ssoOf = async (name: string) => (await api.db.select().from(companies).where(eq(companies.name, name)))[0]!;

describe('sso set', () => {
  it('sets a provider with the secret read from standard input, enforced; the history has no secret', async () => {
    const run = await admin(
      api.db,
      ['sso', 'set', 'Massive Dynamic', '--issuer', 'https://login.massive.example/', '--client-id', 'escale', '--secret-stdin', '--enforced', 'yes', '--json'],
      { stdin: 'the-client-secret-42\n', env: { PUBLIC_URL: 'https://travel.escale.example' } },
    );
    expect(run.err).toBe('');
    expect(run.json).toEqual({
      company: 'Massive Dynamic',
      segment: 'massive-dynamic',
      issuer: 'https://login.massive.example',
      clientId: 'escale',
      scopes: 'openid email profile',
      enforced: true,
      redirectUri: 'https://travel.escale.example/auth/callback',
    });
    const company = await ssoOf('Massive Dynamic');
    expect(company.sso).toEqual({
      segment: 'massive-dynamic',
      issuer: 'https://login.massive.example',
      clientId: 'escale',
      clientSecret: 'the-client-secret-42',
      scopes: 'openid email profile',
      enforced: true,
    });
    const history = await auditOf(api.db, company.agencyId);
    expect(history[0]).toMatchObject({
      actor: 'operator',
      action: 'sso.update',
      target: `company:${company.id}`,
      detail: expect.objectContaining({ clientSecret: 'replaced' }),
    });
    expect(JSON.stringify(history)).not.toContain('the-client-secret-42');
    expect(run.out).not.toContain('the-client-secret-42');
  });

  it('changes only what it is given: the secret from a file, or enforcement alone', async () => {
    const file = path.join(dir, 'secret');
    fs.writeFileSync(file, 'rotated-secret\n');
    expect((await admin(api.db, ['sso', 'set', 'Massive Dynamic', '--secret-file', file, '--scopes', 'openid email'])).code).toBe(0);
    expect((await ssoOf('Massive Dynamic')).sso).toMatchObject({ clientSecret: 'rotated-secret', scopes: 'openid email', enforced: true, clientId: 'escale' });
    expect((await admin(api.db, ['sso', 'set', 'Massive Dynamic', '--enforced', 'no'])).code).toBe(0);
    expect((await ssoOf('Massive Dynamic')).sso).toMatchObject({ clientSecret: 'rotated-secret', enforced: false });
    const globexSecret = (await ssoOf('Globex Consulting')).sso!.clientSecret;
    expect((await admin(api.db, ['sso', 'set', 'Globex Consulting', '--enforced', 'yes'])).code).toBe(0);
    expect((await ssoOf('Globex Consulting')).sso).toMatchObject({ segment: 'globex', clientSecret: globexSecret, enforced: true });
  });

  it.each([
    [
      ['sso', 'set', 'Massive Dynamic', '--secret', 'hunter2'],
      'error: --secret is refused: a secret on the command line stays in shell history and the process list',
    ],
    [['sso', 'set', 'Massive Dynamic', '--client-secret=hunter2'], 'error: --client-secret is refused'],
    [['sso', 'set', 'Nowhere Inc', '--enforced', 'yes'], 'error: unknown <company> "Nowhere Inc"'],
    [['sso', 'set', 'Acme Industries', '--issuer', 'https://idp.acme.example', '--client-id', 'x'], 'error: sso set needs the client secret the first time'],
    [['sso', 'set', 'Acme Industries', '--client-id', 'x'], 'error: sso set needs --issuer the first time'],
    [['sso', 'set', 'Massive Dynamic', '--issuer', 'ftp://idp.example'], 'error: --issuer "ftp://idp.example" must be an https:// URL'],
    [['sso', 'set', 'Massive Dynamic', '--scopes', 'profile'], 'error: --scopes must include openid'],
    [['sso', 'set', 'Massive Dynamic', '--segment', 'globex'], 'error: --segment globex is the segment of "Globex Consulting" already'],
    [['sso', 'set', 'Massive Dynamic', '--segment', 'Not Valid'], 'error: --segment "not valid" must be lower-case letters'],
    [['sso', 'set', 'Massive Dynamic', '--enforced', 'perhaps'], 'error: --enforced must be yes or no (got "perhaps")'],
    [['sso', 'set', 'Massive Dynamic', '--secret-file', '/nonexistent/secret'], 'error: --secret-file /nonexistent/secret: cannot read the file (ENOENT)'],
    [['sso', 'set', 'Massive Dynamic', '--secret-stdin'], 'error: --secret-stdin: the client secret must be one word, not empty'],
  ])('refuses %j and changes nothing', async (argv, message) => {
    const before = (await ssoOf('Massive Dynamic')).sso;
    const run = await admin(api.db, argv, { stdin: '' });
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toContain(message);
    expect(run.err).not.toContain('hunter2');
    expect((await ssoOf('Massive Dynamic')).sso).toEqual(before);
  });
});

describe('scim token', () => {
  it('issues a token shown once and kept as its hash, lists it by prefix, and revokes it', async () => {
    const issued = await admin(api.db, ['scim', 'token', 'issue', 'Massive Dynamic', '--json'], { env: { PUBLIC_URL: 'https://travel.escale.example' } });
    expect(issued.err).toBe('');
    const { token, id, prefix, baseUrl } = issued.json;
    expect(token).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    expect(baseUrl).toBe('https://travel.escale.example/scim/v2');
    const [row] = await api.db.select().from(scimTokens).where(eq(scimTokens.id, id));
    expect(row).toMatchObject({ tokenHash: sha256(token), prefix, revokedAt: null });

    const list = await admin(api.db, ['scim', 'token', 'list', 'Massive Dynamic', '--json']);
    expect(list.json).toEqual([expect.objectContaining({ id, prefix, state: 'active' })]);
    expect(JSON.stringify(list.json)).not.toContain(token);

    const revoked = await admin(api.db, ['scim', 'token', 'revoke', 'Massive Dynamic', '--token', prefix]);
    expect(revoked.code).toBe(0);
    const [after] = await api.db.select().from(scimTokens).where(eq(scimTokens.id, id));
    expect(after!.revokedAt).not.toBeNull();
    expect((await admin(api.db, ['scim', 'token', 'list', 'Massive Dynamic', '--json'])).json[0].state).toBe('revoked');
    const company = await ssoOf('Massive Dynamic');
    const actions = (await auditOf(api.db, company.agencyId)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['scim.token.revoke', 'scim.token.issue']);
  });

  it.each([
    [['scim', 'token', 'issue', 'Nowhere Inc'], 'error: unknown <company> "Nowhere Inc"'],
    [['scim', 'token', 'revoke', 'Massive Dynamic'], 'error: scim token revoke needs --token <id or prefix>'],
    [['scim', 'token', 'revoke', 'Massive Dynamic', '--token', 'scim_nothere'], 'error: --token scim_nothere is not a SCIM token of "Massive Dynamic"'],
    [['scim', 'token'], 'error: "scim token" needs a command: issue, revoke, list'],
  ])('refuses %j', async (argv, message) => {
    const run = await admin(api.db, argv);
    expect(run.code).toBe(1);
    expect(run.err).toContain(message);
  });
});
