import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startApi, type Api } from '@test/support/api';
import { writeWebShell } from '@test/support/web-shell';
import { DEFAULT_FEATURES } from '../contract/account';
import { agencies, companies } from './db/schema';
import { ALPINE_API_KEY } from './db/seed';
import { sha256 } from './platform/secrets';
import { shellFlagsMatch } from './web';

/**
 * The second demo agency on its own host name, its branding and flags in the page a visitor
 * gets there, and the flags in force for its users (defaults < agency < company).
 */

let dist: string;
let api: Api;
let proxied: Api;
const TABLESS_KEY = 'tabless-agency-key';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-dist-'));
  const piece = '<p>%AGENCY_NAME%|%AGENCY_INFO_TITLE%</p>';
  writeWebShell(
    dist,
    '<!doctype html><html lang="fr"><head><meta name="escale-api-key" content="%ESCALE_API_KEY%"><meta name="theme-color" content="#1d4ed8" /><meta name="description" content="Escale — réservez vos voyages." /><title>Escale</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
    { logo: `<div inert="">logo${piece}`, name: `<div inert="">name${piece}` },
    '</div>',
  );
  // The default mapping (config.ts: alpine.localhost), plus a host for an agency whose flags change the first screen.
  api = await startApi({ distDir: dist, agencyHosts: { 'alpine.localhost': ALPINE_API_KEY, 'tabless.example': TABLESS_KEY } });
  await api.db
    .insert(agencies)
    .values({ name: 'Tabless', apiKeyHash: sha256(TABLESS_KEY), brandColor: '#7c2d12', accentColor: '#0f766e', features: { noTabMode: true } });
  proxied = await startApi({ distDir: dist, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await api.close();
  await proxied.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const visit = (app: Api, headers: Record<string, string>) => app.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'fr', ...headers } });
const apiKeyOf = (body: string) => /name="escale-api-key" content="([^"]*)"/.exec(body)?.[1];
const pageData = (body: string) =>
  JSON.parse(/id="escale-page-data">([^<]*)<\/script>/.exec(body)?.[1] ?? 'null') as { branding: { name: string; features: typeof DEFAULT_FEATURES } } | null;

describe('the host names the agency of the page', () => {
  it('gives alpine.localhost, on any port and in any case, Alpine’s key, branding, flags and first screen', async () => {
    for (const host of ['alpine.localhost:3000', 'Alpine.Localhost:8080', 'alpine.localhost']) {
      const res = await visit(api, { host });
      expect(apiKeyOf(res.body), host).toBe(ALPINE_API_KEY);
      const data = pageData(res.body)!;
      expect(data.branding.name).toBe('Alpine Business Travel');
      // Alpine's own flags act on signed-in pages only: the build's first screen stays, with its name.
      expect(data.branding.features).toEqual({ ...DEFAULT_FEATURES, redirectToCart: true, cartWithTravelID: true });
      expect(res.body).toContain('<div id="root" data-page="home"><div inert="">logo<p>Alpine Business Travel|Alpine Business Travel, à Grenoble</p>');
      expect(res.body).not.toContain('Escale');
    }
  });

  it('writes the agency into the page’s head: its name, its colour, its theme before any script', async () => {
    const alpine = (await visit(api, { host: 'alpine.localhost:3000' })).body;
    expect(alpine).toContain('<title>Alpine Business Travel</title>');
    expect(alpine).toContain('<meta name="theme-color" content="#166534" />');
    expect(alpine).toContain('<meta name="description" content="Alpine Business Travel — réservez vos voyages." />');
    const href = /<link rel="stylesheet" href="([^"]+)" \/><\/head>/.exec(alpine)?.[1];
    expect(href).toBe('/theme.css?brand=166534&amp;contrast=ffffff&amp;accent=b45309');
    const css = await api.app.inject({ method: 'GET', url: href!.replaceAll('&amp;', '&') });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toContain('immutable');
    expect(css.body).toBe(':root{--brand:#166534;--brand-contrast:#ffffff;--brand-strong:#114c27;--accent:#b45309}');
    // Only colours: anything else in the address is refused.
    for (const url of ['/theme.css?brand=166534&contrast=ffffff&accent=b4530', '/theme.css?brand=red;}body{x&contrast=ffffff&accent=b45309', '/theme.css'])
      expect((await api.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    // Escale Voyages has the app's own colours: no theme to load.
    const escale = (await visit(api, { host: '127.0.0.1:3000' })).body;
    expect(escale).toContain('<title>Escale Voyages</title>');
    expect(escale).not.toContain('/theme.css');
  });

  it('gives any other host the default agency, Escale Voyages', async () => {
    const res = await visit(api, { host: '127.0.0.1:3000' });
    expect(apiKeyOf(res.body)).toBe('demo-agency-key');
    expect(pageData(res.body)!.branding).toMatchObject({ name: 'Escale Voyages', features: DEFAULT_FEATURES });
    expect(res.body).not.toContain('Alpine');
  });

  it('believes X-Forwarded-Host only from a trusted proxy', async () => {
    const forwarded = { host: 'localhost:3000', 'x-forwarded-host': 'alpine.localhost' };
    expect(apiKeyOf((await visit(api, forwarded)).body)).toBe('demo-agency-key');
    expect(apiKeyOf((await visit(proxied, forwarded)).body)).toBe(ALPINE_API_KEY);
    // The trusted proxy's own peer is what is trusted: someone else's header is not.
    const elsewhere = await proxied.app.inject({ method: 'GET', url: '/', headers: forwarded, remoteAddress: '203.0.113.9' });
    expect(apiKeyOf(elsewhere.body)).toBe('demo-agency-key');
  });

  it('paints no first screen for an agency whose flags change it, and gives the app those flags', async () => {
    const res = await visit(api, { host: 'tabless.example' });
    expect(res.body).toContain('<div id="root"></div>');
    expect(pageData(res.body)!.branding.features.noTabMode).toBe(true);
  });

  it('compares only the flags the signed-out first screens show', () => {
    expect(shellFlagsMatch(DEFAULT_FEATURES)).toBe(true);
    expect(
      shellFlagsMatch({ ...DEFAULT_FEATURES, redirectToCart: true, cartWithTravelID: true, enableAddNewTripFromCart: false, seeTicketButtonOnSuccess: false }),
    ).toBe(true);
    expect(shellFlagsMatch({ ...DEFAULT_FEATURES, enableReverseLocation: false })).toBe(false);
    expect(shellFlagsMatch({ ...DEFAULT_FEATURES, customUrlPostReservation: { url: 'https://intranet.example/', label: 'Intranet' } })).toBe(false);
  });
});

describe('the flags in force', () => {
  it('GET /agency answers each agency’s branding and flags under its own key', async () => {
    const alpine = (await api.call('GET', '/api/v1/agency', { apiKey: ALPINE_API_KEY, headers: { 'accept-language': 'en' } })).body.result;
    expect(alpine).toMatchObject({
      name: 'Alpine Business Travel',
      colors: { brand: '#166534', accent: '#b45309' },
      info: { title: 'Alpine Business Travel, in Grenoble' },
      supportEmail: 'conseil@alpine-business-travel.example',
      features: { ...DEFAULT_FEATURES, redirectToCart: true, cartWithTravelID: true },
    });
    expect(Buffer.from(alpine.logo.split(',')[1], 'base64').toString()).toContain('>Alpine</text>');
    const escale = (await api.call('GET', '/api/v1/agency')).body.result;
    expect(escale).toMatchObject({ name: 'Escale Voyages', features: DEFAULT_FEATURES });
  });

  it('gives a user the defaults, under their agency’s flags, under their company’s', async () => {
    const ivan = await api.call('POST', '/api/v1/user/login', { body: { username: 'ivan', password: 'Escale2026!' }, apiKey: ALPINE_API_KEY });
    expect(ivan.status).toBe(200);
    const initech = {
      locationPrefilledSearch: true,
      enableEditSearchButton: true,
      customUrlPostReservation: { url: 'https://intranet.initech.example/voyages', label: 'Intranet Initech' },
    };
    expect(ivan.body.result.user.features).toEqual({ ...DEFAULT_FEATURES, redirectToCart: true, cartWithTravelID: true, ...initech });
    expect(ivan.body.result.user.company).toMatchObject({ name: 'Initech', agency: { name: 'Alpine Business Travel' } });

    // The company's choice wins over the agency's; a stored value of the wrong shape is left out.
    await api.db
      .update(companies)
      .set({ features: { redirectToCart: false, noTabMode: 'yes', notAFlag: true } })
      .where(eq(companies.name, 'Initech'));
    const me = await api.call('GET', '/api/v1/user/', { token: ivan.body.result.token, apiKey: ALPINE_API_KEY });
    expect(me.status).toBe(200);
    expect(me.body.result.features).toEqual({ ...DEFAULT_FEATURES, redirectToCart: false, cartWithTravelID: true });

    // Escale Voyages keeps the defaults; its customer Acme offers "Modify search" (db/seed.ts).
    const alice = await api.call('GET', '/api/v1/user/', { token: await api.login('alice') });
    expect(alice.body.result.features).toEqual({ ...DEFAULT_FEATURES, enableEditSearchButton: true });
  });
});
