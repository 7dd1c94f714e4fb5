import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError, errorBody, requestLang } from './lib/errors';
import { apiCode } from '../contract/api-codes';
import type { Services } from './lib/services';

const escapeAttr = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Serves the built web app: hashed assets (immutable), the service worker (never cached), and the
 * SPA shell for every other GET, with the Api-Key of the agency that owns the requested host.
 */
export async function serveWebApp(app: FastifyInstance, { config }: Services) {
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

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    const lang = requestLang(request.headers['accept-language']);
    if (url.startsWith('/api/') || url.startsWith('/dev/') || request.method !== 'GET')
      return reply.status(404).send(errorBody(new ApiError(apiCode.NOT_FOUND), lang));
    if (url.startsWith('/assets/') || path.extname(url)) return reply.status(404).type('text/plain').send('Not found');
    if (!shell) return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build` (npm start does it).');
    const host = request.host.toLowerCase().replace(/:\d+$/, '');
    const apiKey = config.agencyHosts[host] ?? config.defaultApiKey;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(shell.replace('%ESCALE_API_KEY%', escapeAttr(apiKey)));
  };
  app.setNotFoundHandler(handler);
  // '/' is a directory to the static plugin; the shell answers it.
  app.get('/', { schema: { hide: true } }, handler);
}
