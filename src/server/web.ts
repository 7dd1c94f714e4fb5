import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import { agencies } from './db/schema';
import { branding } from './features/agency/service';
import { ApiError, errorBody, requestLang } from './platform/errors';
import { sanitizeAgencyHtml } from './platform/html';
import { sha256 } from './platform/secrets';
import type { Branding } from '../contract/agency';
import { apiCode } from '../contract/api-codes';
import type { Services } from './platform/services';

const escapeAttr = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

type ShellLang = 'fr' | 'en';
type FooterKind = 'none' | 'info' | 'support' | 'info+support';
/**
 * dist/app-shell.json, written by the build (vite.config.ts, src/web/prerender.tsx): per language, the home
 * page's first screen in pieces (the top for an agency with a logo or without, the footer for the details
 * the agency has, the end), with `%AGENCY_…%` slots; and the chunks that page needs next (its language's
 * catalog, its route).
 */
type AppShell = Record<ShellLang, { top: { logo: string; name: string }; footer: Record<FooterKind, string>; end: string }> & {
  preload: Record<ShellLang | 'home', string[]>;
};

/** The language the web app will pick when nothing is stored: the first of fr/en the browser asks for, else en. */
export function shellLang(acceptLanguage: string | undefined): ShellLang {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
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
export async function serveWebApp(app: FastifyInstance, { config, db }: Services) {
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
  // API's tenancy caches them 30 s too). Its info HTML goes into the page as it is: sanitised once more.
  const brandingCache = new Map<string, { branding: Branding | null; at: number }>();
  const brandingFor = async (apiKey: string) => {
    const hash = sha256(apiKey);
    let hit = brandingCache.get(hash);
    if (!hit || Date.now() - hit.at > 30_000) {
      const [agency] = await db.select().from(agencies).where(eq(agencies.apiKeyHash, hash)).limit(1);
      const found = agency ? branding(agency) : null;
      if (found?.info) found.info.html = sanitizeAgencyHtml(found.info.html);
      hit = { branding: found, at: Date.now() };
      brandingCache.set(hash, hit);
    }
    return hit.branding;
  };

  /**
   * `/` for a visitor: index.html with the home page's first screen in #root, so it paints before the
   * JavaScript runs (src/web/main.tsx); without an agency for the host, the plain shell.
   */
  const withFirstScreen = async (html: string, apiKey: string, acceptLanguage: string | undefined) => {
    if (!appShell) return html;
    const agency = await brandingFor(apiKey).catch(() => null);
    if (!agency) return html;
    const lang = shellLang(acceptLanguage);
    const page = appShell[lang];
    const { info, supportEmail } = agency;
    const footer: FooterKind = info ? (supportEmail ? 'info+support' : 'info') : supportEmail ? 'support' : 'none';
    const slots: Record<string, string> = {
      NAME: escapeAttr(agency.name),
      LOGO: escapeAttr(agency.logo ?? ''),
      INFO_TITLE: escapeAttr(info?.title ?? ''),
      INFO_HTML: info?.html ?? '',
      SUPPORT_EMAIL: escapeAttr(supportEmail ?? ''),
    };
    const screen = `${agency.logo ? page.top.logo : page.top.name}${page.footer[footer]}${page.end}`.replace(
      /%AGENCY_([A-Z_]+)%/g,
      (slot, name: string) => slots[name] ?? slot,
    );
    // The page's next chunks, which the web app preloads with its own after the first paint (src/web/main.tsx).
    const preload = `<meta name="escale-preload" content="${escapeAttr([...appShell.preload[lang], ...appShell.preload.home].join(' '))}" />`;
    return html
      .replace(/<html lang="[a-z]+"/, `<html lang="${lang}"`)
      .replace('</head>', `${preload}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${screen}</div>`);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    const lang = requestLang(request.headers['accept-language']);
    if (url.startsWith('/api/') || url.startsWith('/dev/') || request.method !== 'GET')
      return reply.status(404).send(errorBody(new ApiError(apiCode.NOT_FOUND), lang));
    if (url.startsWith('/assets/') || path.extname(url)) return reply.status(404).type('text/plain').send('Not found');
    if (!shell) return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build` (npm start does it).');
    const host = request.host.toLowerCase().replace(/:\d+$/, '');
    const apiKey = config.agencyHosts[host] ?? config.defaultApiKey;
    let html = shell.replace('%ESCALE_API_KEY%', escapeAttr(apiKey));
    if (url === '/') {
      html = await withFirstScreen(html, apiKey, request.headers['accept-language']);
      void reply.header('Vary', 'Accept-Language');
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };
  app.setNotFoundHandler(handler);
  // '/' is a directory to the static plugin; the shell answers it.
  app.get('/', { schema: { hide: true } }, handler);
}
