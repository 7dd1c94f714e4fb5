import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import { agencies } from './db/schema';
import { branding } from './features/branding/service';
import { publicComms } from './features/comms/service';
import { ApiError, errorBody, requestLang } from './platform/errors';
import { darken } from './platform/colors';
import { hostDirectory, requestHost } from './platform/tenancy';
import { sha256 } from './platform/secrets';
import { DEFAULT_FEATURES, type FeatureFlags } from '../contract/account';
import type { Branding } from '../contract/agency';
import type { Comms } from '../contract/comms';
import { escapeHtml } from '../contract/html';
import { apiCode } from '../contract/api-codes';
import { searchDayProblem } from '../contract/search-limits';
import type { SearchLinePieces } from '../contract/search-line';
import { searchLineHtml } from '../contract/search-line';
import { searchUrlSchema } from '../contract/search-url';
import type { Services } from './platform/services';

/** JSON inside `<script type="application/json">`: no `<` that could close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

type ShellLang = 'fr' | 'en';
type FooterKind = 'none' | 'info' | 'support' | 'info+support';
type PageShell = { top: { logo: string; name: string }; footer: Record<FooterKind, string>; end: string };
type RouteShell = { id: string; path: string; signedInOnly: boolean; preload: Record<ShellLang | 'all', string[]> };
/**
 * dist/app-shell.json, written by the build (vite.config.ts, src/web/prerender.tsx): per language, the
 * first screens of the home page and of a results page in pieces (the top for an agency with a logo or
 * without, the footer for the details the agency has, the end), with `%AGENCY_…%` and `%TRIP_…%` slots,
 * and the results page's facts and its line's pieces (contract/search-line.ts); each language's catalog; the app's routes, each with the chunks its page
 * loads first and whether only a signed-in user sees it.
 */
type AppShell = Record<ShellLang, { home: PageShell; search: PageShell; facts: string[]; searchLine: SearchLinePieces }> & {
  preload: Record<ShellLang, string[]>;
  routes: RouteShell[];
};

/** Finds the app's route for a path: static segments first, then `$param`s, the `$` catch-all last. */
function routeMatcher(routes: RouteShell[]) {
  const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const compiled = routes
    .map((route) => {
      let score = 0;
      const pattern = route.path
        .split('/')
        .filter(Boolean)
        .map((segment) => {
          if (segment === '$') {
            score -= 1;
            return '(?:/.*)?';
          }
          score += segment.startsWith('$') ? 1 : 3;
          return segment.startsWith('$') ? '/[^/]+' : `/${escapeRe(segment)}`;
        })
        .join('');
      return { route, re: new RegExp(`^${pattern}/?$`), score };
    })
    // The most specific first; between a layout and its index route (same path), the index.
    .sort((a, b) => b.score - a.score || b.route.id.length - a.route.id.length);
  return (pathname: string) => compiled.find(({ re }) => re.test(pathname))?.route;
}

/** The query of a `/search` address as the web app's router reads it (JSON values, one `pax` as a list). */
function searchOf(query: string): unknown {
  const search: Record<string, unknown> = {};
  for (const [key, raw] of new URLSearchParams(query)) {
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // A plain string.
    }
    search[key] = value;
  }
  if (search.pax !== undefined && !Array.isArray(search.pax)) search.pax = [search.pax];
  for (const key of ['from', 'to', 'entity', 'fare', 'travelID', 'retFrom', 'retTo']) if (typeof search[key] === 'number') search[key] = String(search[key]);
  return search;
}

/** Flags only a signed-in user's pages read: they leave the signed-out first screens as the build rendered them. */
const SIGNED_IN_FLAGS = new Set<keyof FeatureFlags>(['cartWithTravelID', 'enableAddNewTripFromCart', 'seeTicketButtonOnSuccess', 'redirectToCart']);

/** Whether the agency's flags are those the build rendered the first screens with (src/web/prerender.tsx: the defaults). */
export function shellFlagsMatch(features: FeatureFlags): boolean {
  return (Object.keys(DEFAULT_FEATURES) as (keyof FeatureFlags)[]).every(
    (flag) => SIGNED_IN_FLAGS.has(flag) || JSON.stringify(features[flag]) === JSON.stringify(DEFAULT_FEATURES[flag]),
  );
}

/** The colours src/web/styles.css starts with: an agency with others gets its theme stylesheet in the page. */
const DEFAULT_COLORS = { brand: '#1d4ed8', brandContrast: '#ffffff', accent: '#0f766e' };
const HEX = /^[0-9a-f]{6}$/i;

/**
 * The page's head as the agency's: its name as the title and in the description, its colour for the
 * browser, and its colours before any script runs (the CSP allows no inline style: a stylesheet of
 * ours, its colours in its address, so that it is cached for good).
 */
function agencyHead(html: string, agency: Branding): string {
  const { brand, brandContrast, accent } = agency.colors;
  const name = escapeHtml(agency.name);
  const themed = html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*"/, (_, start: string) => `${start}${escapeHtml(brand)}"`)
    .replace(/(<meta name="description" content=")Escale —/, (_, start: string) => `${start}${name} —`);
  const colors = [brand, brandContrast, accent];
  if (colors.join() === Object.values(DEFAULT_COLORS).join() || !colors.every((c) => HEX.test(c.slice(1)))) return themed;
  const query = new URLSearchParams({ brand: brand.slice(1), contrast: brandContrast.slice(1), accent: accent.slice(1) });
  return themed.replace('</head>', () => `<link rel="stylesheet" href="/theme.css?${escapeHtml(query.toString())}" /></head>`);
}

/** The language the web app will pick when nothing is stored: the first of fr/en the browser asks for, else en. */
export function shellLang(acceptLanguage: string | undefined): ShellLang {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.trim().slice(0, 2).toLowerCase(), q: Number.isNaN(q) ? 0 : q, i };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const found = tags.find((t) => t.base === 'fr' || t.base === 'en');
  return (found?.base as ShellLang | undefined) ?? 'en';
}

/**
 * Serves the built web app: hashed assets (immutable), the service worker (never cached), and the
 * SPA shell for every other GET, with the Api-Key of the agency that owns the requested host.
 */
export async function serveWebApp(app: FastifyInstance, { config, db, supplier, clock }: Services) {
  const indexPath = path.join(config.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    // wildcard: true so a rebuild's new hashed files are found without a restart (TOOLCHAIN.md).
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  // Read once per process start; index.html is tiny.
  const shell = hasBuild ? fs.readFileSync(indexPath, 'utf8') : null;
  const appShellPath = path.join(config.distDir, 'app-shell.json');
  const appShell: AppShell | null = hasBuild && fs.existsSync(appShellPath) ? JSON.parse(fs.readFileSync(appShellPath, 'utf8')) : null;

  // The agency's branding, as GET /agency answers it, for the first screen; agencies change rarely (the
  // API's tenancy caches them 30 s too). Its info HTML comes sanitised, as GET /agency answers it.
  const brandingCache = new Map<string, { branding: Branding | null; comms: Comms; at: number }>();
  const brandingFor = async (apiKey: string, lang: ShellLang) => {
    const hash = sha256(apiKey);
    let hit = brandingCache.get(`${lang}:${hash}`);
    if (!hit || Date.now() - hit.at > 30_000) {
      const [agency] = await db.select().from(agencies).where(eq(agencies.apiKeyHash, hash)).limit(1);
      const found = agency ? branding(agency, lang) : null;
      hit = { branding: found, comms: agency ? publicComms(agency.communications, lang) : {}, at: Date.now() };
      brandingCache.set(`${lang}:${hash}`, hit);
    }
    return hit;
  };

  // Host names the operator tool gave agencies (platform/tenancy.ts hostDirectory), after AGENCY_HOSTS.
  const agencyOfHost = hostDirectory(db);
  const webKeyOfHost = async (host: string): Promise<string> => config.agencyHosts[host] ?? (await agencyOfHost(host))?.webKey ?? config.defaultApiKey;

  const matchRoute = routeMatcher(appShell?.routes ?? []);
  // The app's own chunks, which index.html lists already: not repeated per page.
  const inIndex = new Set([
    ...(/<meta name="escale-preload" content="([^"]*)"/.exec(shell ?? '')?.[1]?.split(/\s+/) ?? []),
    ...[...(shell ?? '').matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
  ]);
  /** A preload list; a route's (its code and catalogs, each after what it imports) says so: the app evaluates it in steps. */
  const preloadMeta = (files: string[], route: boolean, session?: 'signed-in' | 'signed-out', listed: string[] = []) => {
    const list = [...new Set(files)].filter((file) => !inIndex.has(file) && !listed.includes(file));
    const attrs = `${route ? ' data-route=""' : ''}${session ? ` data-session="${session}"` : ''}`;
    return list.length ? `<meta name="escale-preload" content="${escapeHtml(list.join(' '))}"${attrs} />` : '';
  };
  const routePreload = (route: RouteShell | undefined, lang: ShellLang) => (route ? [...route.preload.all, ...route.preload[lang]] : []);

  /** A first screen with the agency's details (and the page's own slots) in place. */
  const fill = (page: PageShell, agency: Branding, more: Record<string, string> = {}) => {
    const { info, supportEmail } = agency;
    const footer: FooterKind = info ? (supportEmail ? 'info+support' : 'info') : supportEmail ? 'support' : 'none';
    const slots: Record<string, string> = {
      AGENCY_NAME: escapeHtml(agency.name),
      AGENCY_LOGO: escapeHtml(agency.logo ?? ''),
      AGENCY_INFO_TITLE: escapeHtml(info?.title ?? ''),
      AGENCY_INFO_HTML: info?.html ?? '',
      AGENCY_SUPPORT_EMAIL: escapeHtml(supportEmail ?? ''),
      ...more,
    };
    return `${agency.logo ? page.top.logo : page.top.name}${page.footer[footer]}${page.end}`.replace(
      /%((?:AGENCY|TRIP)_[A-Z_]+)%/g,
      (slot, name: string) => slots[name] ?? slot,
    );
  };

  /**
   * Whether the app searches the address's dates (its results page, searching) rather than saying why it
   * cannot (no such day, beyond the booking horizon: web search-form/unsearchable.ts, on the reader's
   * calendar, which may be a day off UTC's: then the app renders its own page over this one).
   */
  const searchable = ({ date, ret }: { date: string; ret?: string }) => {
    const today = clock.now().toISOString().slice(0, 10);
    return [date, ret].every((value) => {
      const problem = value ? searchDayProblem(value.slice(0, 10), today) : null;
      return problem === null || problem === 'ENTER_DATE_NOT_PASSED';
    });
  };

  /**
   * The page for a visitor: index.html with what the web app needs first.
   * - The agency's branding as GET /agency answers it (src/web/lib/page-data.ts), so no page waits for it.
   * - The page's chunks and catalogs, which the app preloads with its own (src/web/main.tsx).
   * - In #root, a signed-out visitor's first screen, so it paints before the JavaScript runs: the home
   *   page on `/` and on the pages only a signed-in user sees (the app sends everyone else home, and
   *   main.tsx puts `/` in the address bar before it starts), the results page of a search with its
   *   places' names and its day, time and travellers (not for a date the app would not search). With a stored session the app starts on its loading screen instead.
   * Without an agency for the host, the plain shell with the preloads.
   */
  const page = async (html: string, pathname: string, query: string, apiKey: string, acceptLanguage: string | undefined) => {
    if (!appShell) return html;
    const lang = shellLang(acceptLanguage);
    const route = matchRoute(pathname);
    const shown = await brandingFor(apiKey, lang).catch(() => null);
    const agency = shown?.branding ?? null;
    const data: Record<string, unknown> = {};
    let screen: string | null = null;
    let kind: 'home' | 'search' = 'home';
    let metas: string;
    // The build rendered the first screens with the default flags: an agency whose flags change them gets the app's own render.
    const painted = agency && shellFlagsMatch(agency.features) ? agency : null;
    if (route?.signedInOnly) {
      const home = matchRoute('/');
      const catalog = appShell.preload[lang];
      metas = `${preloadMeta(catalog, false)}${preloadMeta(routePreload(home, lang), true, 'signed-out', catalog)}${preloadMeta(routePreload(route, lang), true, 'signed-in', catalog)}`;
      if (painted) screen = fill(appShell[lang].home, painted);
    } else {
      const catalog = appShell.preload[lang];
      metas = `${preloadMeta(catalog, false)}${preloadMeta(routePreload(route, lang), true, undefined, catalog)}`;
      if (painted && route?.id === '/') screen = fill(appShell[lang].home, painted);
      if (painted && route?.id === '/search') {
        const search = searchUrlSchema.safeParse(searchOf(query)).data;
        const from = search && supplier.places.byId(search.from, lang);
        const to = search && supplier.places.byId(search.to, lang);
        const line =
          search && searchable(search) && searchLineHtml(appShell[lang].searchLine, { date: search.date, mode: search.mode, passengers: search.pax.length });
        if (search && from && to && line) {
          const { facts } = appShell[lang];
          const fact = Math.floor(Math.random() * facts.length);
          kind = 'search';
          screen = fill(appShell[lang].search, painted, {
            TRIP_FROM: escapeHtml(from.name),
            TRIP_TO: escapeHtml(to.name),
            TRIP_FACT: facts[fact] ?? '',
            TRIP_LINE: line,
          });
          Object.assign(data, { places: { [search.from]: from.name, [search.to]: to.name }, fact });
        }
      }
    }
    // The agency's public messages too: a visitor's home page shows them without a call (and its schema).
    if (agency) Object.assign(data, { branding: agency, lang, comms: shown!.comms });
    const pageData = Object.keys(data).length ? `<script type="application/json" id="escale-page-data">${scriptJson(data)}</script>` : '';
    html = html.replace('</head>', () => `${metas}${pageData}</head>`);
    if (agency) html = agencyHead(html, agency);
    if (!screen) return html;
    return html
      .replace(/<html lang="[a-z]+"/, `<html lang="${lang}"`)
      .replace('<div id="root"></div>', () => `<div id="root" data-page="${kind}">${screen}</div>`);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const [url = '/', query = ''] = request.url.split('?');
    const lang = requestLang(request.headers['accept-language']);
    if (url.startsWith('/api/') || url.startsWith('/dev/') || request.method !== 'GET')
      return reply.status(404).send(errorBody(new ApiError(apiCode.NOT_FOUND), lang));
    if (url.startsWith('/assets/') || path.extname(url)) return reply.status(404).type('text/plain').send('Not found');
    if (!shell) return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build` (npm start does it).');
    // The host names the agency whose public shell (branding, Api-Key) this page is. The Host header is the
    // client's to write, which is acceptable here only because nothing is granted by it: every API call is
    // then scoped by the Api-Key, and a user, a session or an id of another agency is unknown under it.
    // request.host reads X-Forwarded-Host only from TRUST_PROXY's addresses (app.ts trustProxy), never otherwise.
    const host = requestHost(request);
    const apiKey = await webKeyOfHost(host);
    const html = await page(shell.replace('%ESCALE_API_KEY%', escapeHtml(apiKey)), url, query, apiKey, request.headers['accept-language']);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language').send(html);
  };
  app.setNotFoundHandler(handler);
  // An agency's colours as the app's CSS variables (agencyHead): what the address says, checked, nothing else.
  app.get('/theme.css', { schema: { hide: true } }, async (request, reply) => {
    const { brand = '', contrast = '', accent = '' } = request.query as Record<string, string | undefined>;
    if (![brand, contrast, accent].every((c) => HEX.test(c))) return reply.status(400).type('text/plain').send('Bad colours');
    const css = `:root{--brand:#${brand};--brand-contrast:#${contrast};--brand-strong:${darken(`#${brand}`, 0.25)};--accent:#${accent}}`;
    return reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=31536000, immutable').send(css.toLowerCase());
  });
  // '/' is a directory to the static plugin; the shell answers it.
  app.get('/', { schema: { hide: true } }, handler);
}
