import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { carImageSvg, carrierLogoSvg, hotelImageSvg } from './sandbox/images';

/**
 * Pictures of sandbox hotels and cars, drawn locally (no remote image hosts). Outside /api/v1 because
 * an <img> cannot send the Api-Key header; they carry no tenant data. Immutable: same URL, same picture.
 */
export function sandboxMediaRoutes() {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const svg = (body: string) => ({ body, headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' } });
    r.get(
      '/media/sandbox/hotel/:hotelId/:n.svg',
      {
        schema: {
          hide: true,
          params: z.object({
            hotelId: z
              .string()
              .max(80)
              .regex(/^[A-Za-z0-9_-]+$/),
            n: z.coerce.number().int().min(1).max(4),
          }),
        },
      },
      async (request, reply) => {
        const { body, headers } = svg(hotelImageSvg(request.params.hotelId, request.params.n));
        return reply.headers(headers).send(body);
      },
    );
    r.get(
      '/media/sandbox/carrier/:code.svg',
      { schema: { hide: true, params: z.object({ code: z.string().regex(/^[A-Z0-9]{2,12}$/) }) } },
      async (request, reply) => {
        const { body, headers } = svg(carrierLogoSvg(request.params.code));
        return reply.headers(headers).send(body);
      },
    );
    r.get(
      '/media/sandbox/car/:acriss.svg',
      { schema: { hide: true, params: z.object({ acriss: z.string().regex(/^[A-Z]{4}$/) }) } },
      async (request, reply) => {
        const { body, headers } = svg(carImageSvg(request.params.acriss));
        return reply.headers(headers).send(body);
      },
    );
  };
}
