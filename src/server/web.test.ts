import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { shellLang } from './web';

let api: Api;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<meta name="escale-api-key" content="%ESCALE_API_KEY%"><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  api = await startApi({ distDir: dist, agencyHosts: { 'voyages.acme.example': 'acme-key' } });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, host = 'localhost:3000') => api.app.inject({ method: 'GET', url, headers: { host } });

describe('serving the web app', () => {
  it('serves the app shell on any client route with the default agency key', async () => {
    for (const url of ['/', '/account/informations', '/password/abc?x=1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('content="demo-agency-key"');
    }
  });

  it('gives a mapped host its own agency key', async () => {
    expect((await get('/', 'voyages.acme.example')).body).toContain('content="acme-key"');
  });

  it('serves hashed assets as immutable and the service worker uncached', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends the pre-compressed asset to a client that accepts brotli', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { host: 'localhost', 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers 404, not the app shell, for a missing asset', async () => {
    const res = await get('/assets/gone-000.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('escale-api-key');
  });

  it('answers 404 with the envelope for unknown API paths', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/v1/unknown', headers: { 'api-key': 'demo-agency-key' } });
    expect(res.statusCode).toBe(404);
  });

  it('shows the developer mailbox outside production', async () => {
    const res = await get('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/Boîte de réception/);
  });
});

describe('production mode', () => {
  it('has no developer mailbox', async () => {
    const prod = await startApi({ production: true, distDir: dist });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('sandbox pictures', () => {
  it('serves hotel and car pictures as immutable SVG, without an Api-Key', async () => {
    const hotel = await get('/media/sandbox/hotel/h-paris-001/2.svg');
    expect(hotel.statusCode).toBe(200);
    expect(hotel.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(hotel.headers['cache-control']).toMatch(/immutable/);
    expect(hotel.body).toMatch(/^<svg/);
    expect((await get('/media/sandbox/car/CDMR.svg')).statusCode).toBe(200);
  });
  it('refuses malformed picture names', async () => {
    for (const url of ['/media/sandbox/hotel/h-paris-001/9.svg', '/media/sandbox/car/cdmr.svg', '/media/sandbox/hotel/%3Cscript%3E/1.svg'])
      expect((await get(url)).statusCode).toBe(400);
  });
});

describe('the first screens', () => {
  let shellApi: Api;
  let shellDist: string;
  const piece = (name: string) => `<p data-piece="${name}">%AGENCY_NAME%|%AGENCY_LOGO%|%AGENCY_INFO_TITLE%|%AGENCY_INFO_HTML%|%AGENCY_SUPPORT_EMAIL%</p>`;
  const page = (name: string) => ({
    top: { logo: `<div inert="">${piece(`${name}-logo`)}`, name: `<div inert="">${piece(`${name}-name`)}` },
    footer: { none: '<footer>none</footer>', info: '<footer>info</footer>', support: '<footer>support</footer>', 'info+support': '<footer>both</footer>' },
    end: '</div>',
  });
  const searchPage = (lang: string) => {
    const shell = page(`${lang}-search`);
    return { ...shell, top: { logo: `${shell.top.logo}<h1>%TRIP_FROM% - %TRIP_TO%</h1>%TRIP_LINE%<p>%TRIP_FACT%</p>`, name: shell.top.name } };
  };
  // The line's pieces (contract/search-line.ts), with a text the build escaped.
  const searchLine = (lang: string) => ({
    line: {
      departure: { one: `<p>${lang} %TRIP_DAY% from %TRIP_TIME%, one</p>`, many: `<p>${lang} %TRIP_DAY% from %TRIP_TIME%, %TRIP_PAX% &amp; more</p>` },
      arrival: { one: `<p>${lang} %TRIP_DAY% by %TRIP_TIME%, one</p>`, many: `<p>${lang} %TRIP_DAY% by %TRIP_TIME%, %TRIP_PAX% &amp; more</p>` },
    },
    day: '%TRIP_WEEKDAY%, %TRIP_MONTH% %TRIP_DATE% %TRIP_YEAR%',
    weekdays: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    months: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'd&amp;c'],
  });
  const route = (id: string, signedInOnly: boolean, chunk: string) => ({
    id,
    path: id,
    signedInOnly,
    preload: { all: ['/assets/index-abc.js', `/assets/${chunk}.js`], fr: [`/assets/${chunk}-fr.js`], en: [`/assets/${chunk}-en.js`] },
  });
  beforeAll(async () => {
    shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-dist-'));
    fs.writeFileSync(
      path.join(shellDist, 'index.html'),
      '<!doctype html><html lang="fr"><head><meta name="escale-api-key" content="%ESCALE_API_KEY%"><title>Escale</title><meta name="escale-preload" content="/assets/index-abc.js /assets/start.js" /></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(shellDist, 'app-shell.json'),
      JSON.stringify({
        fr: { home: page('fr'), search: searchPage('fr'), facts: ['fait 0', 'fait 1'], searchLine: searchLine('fr') },
        en: { home: page('en'), search: searchPage('en'), facts: ['fact 0 &amp; more', 'fact 1 &amp; more'], searchLine: searchLine('en') },
        preload: { fr: ['/assets/messages-fr.js'], en: ['/assets/messages-en.js'] },
        routes: [
          route('/', false, 'home'),
          route('/$', false, 'not-found'),
          route('/search', false, 'search'),
          route('/cart/', true, 'cart'),
          route('/account', true, 'account'),
          route('/account/', true, 'account-index'),
          route('/account/$', true, 'account-other'),
          route('/password/$token', false, 'password'),
        ],
      }),
    );
    shellApi = await startApi({ distDir: shellDist, agencyHosts: { 'voyages.unknown.example': 'no-such-key' } });
  });
  afterAll(async () => {
    await shellApi.close();
    fs.rmSync(shellDist, { recursive: true, force: true });
  });
  const visit = (url: string, headers: Record<string, string> = {}) =>
    shellApi.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', ...headers } });
  const rootOf = (body: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div><script/.exec(body)?.[1] ?? '';
  const pageData = (body: string) => {
    const json = /<script type="application\/json" id="escale-page-data">([^<]*)<\/script>/.exec(body)?.[1];
    return json ? (JSON.parse(json) as Record<string, unknown>) : null;
  };

  it('puts the home page in #root on /, in the browser’s language, with the agency’s details', async () => {
    const res = await visit('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8,fr;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('<div id="root" data-page="home">');
    // The demo agency has a logo, an info block and a support address (db/seed.ts).
    expect(rootOf(res.body)).toMatch(
      /^<div inert=""><p data-piece="en-logo">Escale Voyages\|data:image\/svg\+xml;base64,[^|]+\|Your agency Escale Voyages\|<p>Our team/,
    );
    expect(rootOf(res.body)).toContain('|support@escale-voyages.example</p><footer>both</footer>');
    // The page's chunks, but those index.html lists already.
    expect(res.body).toContain(
      '<meta name="escale-preload" content="/assets/messages-en.js" /><meta name="escale-preload" content="/assets/home.js /assets/home-en.js" data-route="" />',
    );
    expect(res.body).toContain('content="demo-agency-key"');
  });

  it('gives every page the agency’s branding as GET /agency answers it in the page’s language, and that language', async () => {
    for (const lang of ['fr', 'en']) {
      const agency = await api.app.inject({ method: 'GET', url: '/api/v1/agency', headers: { 'api-key': 'demo-agency-key', 'accept-language': lang } });
      const { result } = agency.json<{ result: Record<string, unknown> }>();
      for (const url of ['/', '/password/abc', '/search?from=x', '/cart']) {
        const data = pageData((await visit(url, { 'accept-language': lang })).body);
        expect(data?.branding, url).toEqual(result);
        expect(data?.lang, url).toBe(lang);
      }
    }
    // Nothing for a host without an agency.
    expect(pageData((await visit('/', { host: 'voyages.unknown.example' })).body)).toBeNull();
  });

  it('gives a visitor’s page the agency’s public messages as GET /comms answers a signed-out visitor', async () => {
    for (const lang of ['fr', 'en']) {
      const comms = await api.app.inject({ method: 'GET', url: '/api/v1/comms', headers: { 'api-key': 'demo-agency-key', 'accept-language': lang } });
      const { result } = comms.json<{ result: Record<string, unknown> }>();
      expect(Object.keys(result).length).toBeGreaterThan(0);
      expect(pageData((await visit('/', { 'accept-language': lang })).body)?.comms).toEqual(result);
    }
  });

  it('speaks French to a French browser', async () => {
    const res = await visit('/?error=x', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(res.body).toContain('<html lang="fr"');
    expect(res.body).toContain('data-piece="fr-logo"');
    expect(res.body).toContain('/assets/messages-fr.js');
  });

  it('answers a page only a signed-in user sees with the home page, and both pages’ chunks', async () => {
    for (const url of ['/cart', '/cart/', '/account', '/account/informations']) {
      const res = await visit(url, { 'accept-language': 'fr' });
      expect(res.body, url).toContain('<div id="root" data-page="home"><div inert=""><p data-piece="fr-logo">');
      expect(res.body, url).toContain('<meta name="escale-preload" content="/assets/messages-fr.js" />');
      expect(res.body, url).toContain('<meta name="escale-preload" content="/assets/home.js /assets/home-fr.js" data-route="" data-session="signed-out" />');
    }
    expect((await visit('/cart', { 'accept-language': 'fr' })).body).toContain(
      '<meta name="escale-preload" content="/assets/cart.js /assets/cart-fr.js" data-route="" data-session="signed-in" />',
    );
    expect((await visit('/account/informations', { 'accept-language': 'fr' })).body).toContain(
      '<meta name="escale-preload" content="/assets/account-other.js /assets/account-other-fr.js" data-route="" data-session="signed-in" />',
    );
  });

  it('puts the results page of a search in #root, with its places’ names, its line and a fact the page data names', async () => {
    // The test clock's today is 2026-11-22.
    const res = await visit('/search?from=city:paris&to=city:lyon&date=2026-12-02T08:00&pax=me', { 'accept-language': 'en' });
    expect(res.body).toContain('<div id="root" data-page="search">');
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1>Paris - Lyon<\/h1><p>en wed, d&amp;c 2 2026 from 08:00, one<\/p><p>fact [01] &amp; more<\/p><footer>both<\/footer><\/div>$/);
    const data = pageData(res.body);
    expect(data).toMatchObject({ places: { 'city:paris': 'Paris', 'city:lyon': 'Lyon' } });
    expect(root).toContain(`<p>fact ${String(data?.fact)} &amp; more</p>`);
    expect(res.body).toContain(
      '<meta name="escale-preload" content="/assets/messages-en.js" /><meta name="escale-preload" content="/assets/search.js /assets/search-en.js" data-route="" />',
    );
  });

  it('writes the line of an arrival, of several travellers, in the page’s language', async () => {
    const pax = encodeURIComponent(JSON.stringify(['me', 'age:30-59', 'age:4-29']));
    const arrival = rootOf(
      (await visit(`/search?from=city:paris&to=city:lyon&date=2027-03-07T17:45&mode=arrival&pax=${pax}`, { 'accept-language': 'fr' })).body,
    );
    expect(arrival).toContain('<p>fr sun, mar 7 2027 by 17:45, 3 &amp; more</p>');
    const departure = rootOf((await visit('/search?from=city:paris&to=city:lyon&date=2026-11-22T23:59&mode=departure', { 'accept-language': 'fr' })).body);
    expect(departure).toContain('<p>fr sun, nov 22 2026 from 23:59, one</p>');
  });

  it('keeps #root empty for a search it cannot name, on other pages and for a host without an agency', async () => {
    for (const res of [
      await visit('/search?from=city:paris&to=nowhere:x&date=2026-12-02T08:00'),
      // Dates the app does not search (it says why): no such day, beyond the year ahead, a return beyond it.
      await visit('/search?from=city:paris&to=city:lyon&date=2027-02-31T08:00'),
      await visit('/search?from=city:paris&to=city:lyon&date=2030-01-02T08:00'),
      await visit('/search?from=city:paris&to=city:lyon&date=2026-12-02T08:00&ret=2028-01-02T08:00'),
      await visit('/search?from=city:paris'),
      await visit('/password/abc'),
      await visit('/', { host: 'voyages.unknown.example' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
    expect((await visit('/password/abc', { 'accept-language': 'fr' })).body).toContain(
      '<meta name="escale-preload" content="/assets/messages-fr.js" /><meta name="escale-preload" content="/assets/password.js /assets/password-fr.js" data-route="" />',
    );
  });

  it('picks the language the web app would pick: the first of fr/en by preference, else English', () => {
    expect(shellLang('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(shellLang('en-GB,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(shellLang('de-DE,de;q=0.9,fr;q=0.7,en;q=0.8')).toBe('en');
    expect(shellLang('es, fr;q=0.5')).toBe('fr');
    expect(shellLang('de')).toBe('en');
    expect(shellLang(undefined)).toBe('en');
  });
});
