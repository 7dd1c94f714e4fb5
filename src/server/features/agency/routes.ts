import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandingSchema } from '../../../contract/agency';
import { envelope } from '../../../contract/envelope';
import { agencyOf } from '../../platform/tenancy';
import { branding } from './service';

export function agencyRoutes() {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/agency',
      { schema: { tags: ['agency'], response: { 200: envelope(brandingSchema) } } },
      async (request) => ({ result: branding(agencyOf(request)) }),
    );
  };
}
