import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin } from '@test/support/admin';
import { startApi, type Api } from '@test/support/api';
import { writeWebShell } from '@test/support/web-shell';
import { auditOf } from '@server/db/audit';
import { agencies } from '@server/db/schema';

/**
 * The operator tool's agencies: created with hosts, colours, logo, language, contacts and flags; the web
 * app served on a new host is that agency's (its key and branding in the page); bad input refused in one
 * line naming the argument.
 */

let dist: string;
let api: Api;
let files: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-admin-dist-'));
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-admin-files-'));
  writeWebShell(
    dist,
    '<!doctype html><html lang="fr"><head><meta name="escale-api-key" content="%ESCALE_API_KEY%"><title>Escale</title></head><body><div id="root"></div></body></html>',
    { logo: '<p>%AGENCY_NAME%</p>', name: '<p>%AGENCY_NAME%</p>' },
  );
  api = await startApi({ distDir: dist });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(files, { recursive: true, force: true });
});

const visit = (host: string) => api.app.inject({ method: 'GET', url: '/', headers: { host, 'accept-language': 'fr' } });
const apiKeyOf = (body: string) => /name="escale-api-key" content="([^"]*)"/.exec(body)?.[1];
const brandingOf = (body: string) => JSON.parse(/id="escale-page-data">([^<]*)<\/script>/.exec(body)?.[1] ?? 'null')?.branding;

describe('agency create', () => {
  it('creates an agency whose host serves its web key and branding, and whose web key opens the API', async () => {
    const svg = path.join(files, 'logo.svg');
    fs.writeFileSync(
      svg,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10" fill="#7c2d12"/></svg>',
    );
    const run = await admin(api.db, [
      'agency',
      'create',
      'Voyages Horizon',
      '--host',
      'Horizon.Example',
      '--host',
      'voyages.horizon.example',
      '--brand',
      '#7c2d12',
      '--accent',
      '#0f766e',
      '--logo',
      svg,
      '--lang',
      'en',
      '--support-email',
      'help@horizon.example',
      '--support-phone',
      '+33 1 23 45 67 89',
      '--feature',
      'redirectToCart=true',
      '--json',
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const created = run.json;
    expect(created).toMatchObject({
      name: 'Voyages Horizon',
      hosts: ['horizon.example', 'voyages.horizon.example'],
      brandColor: '#7c2d12',
      defaultLang: 'en',
      supportEmail: 'help@horizon.example',
      supportPhone: '+33 1 23 45 67 89',
      features: { redirectToCart: true },
    });
    // 32 random bytes, base64url.
    expect(created.webKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await visit('voyages.horizon.example:443');
    expect(apiKeyOf(page.body)).toBe(created.webKey);
    const branding = brandingOf(page.body);
    expect(branding).toMatchObject({ name: 'Voyages Horizon' });
    expect(branding.logo).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(branding.logo)).not.toContain('script');

    const agency = await api.call('GET', '/api/v1/agency', { apiKey: created.webKey });
    expect(agency.status).toBe(200);
    expect(agency.body.result.name).toBe('Voyages Horizon');

    // A host no agency has gets the default agency's page, as before.
    expect(apiKeyOf((await visit('unknown.example')).body)).toBe('demo-agency-key');

    const [row] = await api.db.select().from(agencies).where(eq(agencies.id, created.id));
    const history = await auditOf(api.db, row!.id);
    expect(history.map((e) => [e.actor, e.actorId, e.action])).toEqual([['operator', null, 'agency.create']]);
  });

  it('prints the web key and hosts as text too', async () => {
    const run = await admin(api.db, ['agency', 'create', 'Voyages Texte', '--host', 'texte.example']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/web key:\s+[A-Za-z0-9_-]{43}/);
    expect(run.out).toMatch(/hosts:\s+texte\.example/);
  });

  it.each([
    [['agency', 'create', 'Doublon', '--host', 'HORIZON.example'], '--host horizon.example is already the host of agency "Voyages Horizon"'],
    [['agency', 'create', 'Jaune', '--brand', '#ffff00'], '--brand: brand #ffff00 has a contrast of 1.07:1 with white text; WCAG AA needs 4.5:1'],
    [['agency', 'create', 'Pâle', '--accent', 'pink'], '--accent: accent must be a colour written #rrggbb (got "pink")'],
    [['agency', 'create', 'Port', '--host', 'a.example:8080'], '--host "a.example:8080" is not a host name'],
    [['agency', 'create', 'Drapeau', '--feature', 'noSuchFlag=true'], '--feature noSuchFlag: no such feature flag'],
    [['agency', 'create', 'Drapeau', '--feature', 'redirectToCart=yes'], '--feature redirectToCart=yes:'],
    [['agency', 'create', 'Langue', '--lang', 'de'], '--lang must be fr or en (got "de")'],
    [['agency', 'create', 'Logo', '--logo', '/nonexistent/logo.png'], '--logo /nonexistent/logo.png: cannot read the file (ENOENT)'],
    [['agency', 'create', 'Voyages Horizon'], 'an agency named "Voyages Horizon" exists already'],
    [['agency', 'create', 'Mail', '--support-email', 'nobody'], '--support-email "nobody" is not an e-mail address'],
    [['agency', 'create', 'X', '--colour', '#000000'], 'unknown option --colour for "agency create"'],
    [['agency', 'show', 'Nowhere Travel'], 'unknown <agency> "Nowhere Travel"'],
    [['agency', 'update', 'Nowhere Travel', '--lang', 'fr'], 'unknown <agency> "Nowhere Travel"'],
  ])('refuses %j in one line naming the argument', async (argv, message) => {
    const before = await api.db.$count(agencies);
    const run = await admin(api.db, argv);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toContain(`error: ${message}`);
    expect(await api.db.$count(agencies)).toBe(before);
  });

  it('refuses a logo that is no image, saying why', async () => {
    const file = path.join(files, 'logo.txt');
    fs.writeFileSync(file, 'hello');
    const run = await admin(api.db, ['agency', 'create', 'Logo', '--logo', file]);
    expect(run.code).toBe(1);
    expect(run.err).toBe(`error: --logo ${file}: the logo must be an SVG, PNG or WebP file\n`);
  });

  it('answers a JSON error with --json', async () => {
    const run = await admin(api.db, ['agency', 'show', 'Nowhere Travel', '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.err)).toEqual({ error: expect.stringContaining('unknown <agency> "Nowhere Travel"') });
  });
});

describe('agency update, show, list', () => {
  it('changes colours, name, hosts, flags and logo of an agency named by a host; the new host serves it', async () => {
    const run = await admin(api.db, [
      'agency',
      'update',
      'horizon.example',
      '--name',
      'Horizon Voyages',
      '--brand',
      '#14532d',
      '--host',
      'new.horizon.example',
      '--remove-host',
      'horizon.example',
      '--feature',
      'redirectToCart=default',
      '--feature',
      'noTabMode=true',
      '--remove-logo',
      '--json',
    ]);
    expect(run.err).toBe('');
    expect(run.json).toMatchObject({
      name: 'Horizon Voyages',
      brandColor: '#14532d',
      accentColor: '#0f766e',
      hosts: ['new.horizon.example', 'voyages.horizon.example'],
      features: { noTabMode: true },
      logo: null,
    });
    // A new host is served at once; the agency's branding on its other hosts, within the server's 30 s cache.
    expect(apiKeyOf((await visit('new.horizon.example')).body)).toBe(run.json.webKey);
    const history = await auditOf(api.db, run.json.id);
    expect(history[0]).toMatchObject({
      actor: 'operator',
      action: 'agency.update',
      detail: expect.objectContaining({ name: 'Horizon Voyages', removedHosts: ['horizon.example'] }),
    });
  });

  it('shows an agency by id, exact name or host, and lists them all', async () => {
    const byHost = await admin(api.db, ['agency', 'show', 'new.horizon.example', '--json']);
    const byName = await admin(api.db, ['agency', 'show', 'Horizon Voyages', '--json']);
    const byId = await admin(api.db, ['agency', 'show', byHost.json.id, '--json']);
    expect(byName.json).toEqual(byHost.json);
    expect(byId.json).toEqual(byHost.json);
    const list = await admin(api.db, ['agency', 'list', '--json']);
    expect(list.json.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['Escale Voyages', 'Alpine Business Travel', 'Horizon Voyages']));
    const text = await admin(api.db, ['agency', 'list']);
    expect(text.out).toMatch(/Horizon Voyages\s+new\.horizon\.example, voyages\.horizon\.example/);
  });

  it('refuses to take another agency’s host, to remove a host it does not have, and an update with nothing to change', async () => {
    await admin(api.db, ['agency', 'create', 'Voyages Autres', '--host', 'autres.example']);
    expect((await admin(api.db, ['agency', 'update', 'Voyages Autres', '--host', 'new.horizon.example'])).err).toBe(
      'error: --host new.horizon.example is already the host of agency "Horizon Voyages"\n',
    );
    expect((await admin(api.db, ['agency', 'update', 'Voyages Autres', '--remove-host', 'new.horizon.example'])).err).toBe(
      'error: --remove-host new.horizon.example is not a host of "Voyages Autres"\n',
    );
    expect((await admin(api.db, ['agency', 'update', 'Voyages Autres'])).err).toContain('error: nothing to change');
  });
});

describe('help', () => {
  it('answers --help at the top, for a group and for every command, with exit code 0', async () => {
    const top = await admin(api.db, ['--help']);
    expect(top.code).toBe(0);
    expect(top.out).toContain('agency create <name>');
    expect(top.out).toContain('backup <file>');
    const group = await admin(api.db, ['agency', 'key', '--help']);
    expect(group.code).toBe(0);
    expect(group.out).toContain('agency key rotate <agency>');
    for (const command of [
      ['agency', 'create'],
      ['agency', 'key', 'rotate'],
      ['company', 'create'],
      ['user', 'invite'],
      ['sso', 'set'],
      ['scim', 'token', 'issue'],
      ['backup'],
      ['restore'],
    ]) {
      const help = await admin(api.db, [...command, '--help']);
      expect(help.code, command.join(' ')).toBe(0);
      expect(help.out, command.join(' ')).toContain(`Usage: npm run admin -- ${command.join(' ')}`);
      expect(help.out).toContain('--json');
    }
  });

  it('names an unknown command', async () => {
    const run = await admin(api.db, ['agencies', 'list']);
    expect(run.code).toBe(1);
    expect(run.err).toBe('error: unknown command "agencies" (see npm run admin -- --help)\n');
  });
});
