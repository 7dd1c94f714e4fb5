import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandingSchema } from '@contract/agency';
import { envelope } from '@contract/envelope';
import { requestLang } from '@server/platform/errors';
import { agencyOf } from '@server/platform/tenancy';
import { apiErrors } from '@server/openapi';
import { branding } from './service';
import { entries } from '@contract/entries';

export function brandingRoutes() {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      entries.agency,
      {
        schema: {
          tags: ['agency'],
          summary: 'The branding of the agency the Api-Key names, its information block in the Accept-Language',
          operationId: 'getAgency',
          response: { 200: envelope(brandingSchema), ...apiErrors(400, 401) },
        },
      },
      async (request, reply) => {
        reply.header('Vary', 'Accept-Language');
        return { result: branding(agencyOf(request), requestLang(request.headers['accept-language'])) };
      },
    );
  };
}
