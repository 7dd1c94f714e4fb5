import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '@server/platform/services';
import { MAP_LAYERS, MAP_PREFIX, defaultStyle, mapFiles, type MapFile } from './service';

/** The encoding to send a precompressed file in: brotli, else gzip, else none (a `q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

/** Whether the client's copy (If-None-Match) is this one (a weak comparison, as for GET). */
const fresh = (request: FastifyRequest, etag: string) => {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return (request.headers['if-none-match'] ?? '').split(',').some((tag) => opaque(tag) === opaque(etag) || tag.trim() === '*');
};

async function sendFile(request: FastifyRequest, reply: FastifyReply, file: MapFile, cacheControl: string) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const etag = `"${file.etag}-${encoding}"`;
  reply.header('Cache-Control', cacheControl).header('ETag', etag).header('Vary', 'Accept-Encoding');
  if (fresh(request, etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.type('application/geo+json').send(encoding === 'identity' ? file.identity : await file[encoding]);
}

/**
 * The map's default style and its data, outside the API (like /media and the calendar feed): MapLibre
 * fetches a style and its sources itself, without the Api-Key header the API requires, and follows the
 * style's redirect to another origin, where a custom header would need that origin's CORS consent. They
 * carry no tenant data (public-domain Natural Earth shapes, the shipped reference places).
 *
 * With MAP_STYLE_URL the style answers a redirect to it: a deployment's real tiles, same address.
 */
export function mapRoutes({ config }: Pick<Services, 'config'>) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    let style: { body: string; etag: string } | undefined;

    r.get(`${MAP_PREFIX}/style.json`, { schema: { hide: true } }, async (request, reply) => {
      if (config.mapStyleUrl) return reply.header('Cache-Control', 'no-cache').redirect(config.mapStyleUrl, 302);
      if (!style) {
        const files = await mapFiles();
        const body = JSON.stringify(defaultStyle({ land: files.land.etag, borders: files.borders.etag, places: files.places.etag }));
        style = { body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
      }
      // Weak: the compression plugin sends it in the client's encoding under the same tag.
      // Revalidated after an hour: a new deployment's data shows within the hour (the files' addresses change).
      reply.header('Cache-Control', 'public, max-age=3600').header('ETag', style.etag);
      if (fresh(request, style.etag)) return reply.code(304).send();
      return reply.type('application/json').send(style.body);
    });

    r.get(
      `${MAP_PREFIX}/:layer.geojson`,
      { schema: { hide: true, params: z.object({ layer: z.enum(MAP_LAYERS) }), querystring: z.object({ v: z.string().max(40).optional() }) } },
      async (request, reply) => {
        const file = (await mapFiles())[request.params.layer];
        // The style's addresses carry the content's tag (`?v=`): what one address answers never changes.
        return sendFile(request, reply, file, request.query.v === file.etag ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    );
  };
}
