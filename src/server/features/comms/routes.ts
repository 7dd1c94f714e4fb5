import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commSupportSchema, commsSchema } from '@contract/comms';
import { envelope } from '@contract/envelope';
import { contextOf } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { apiErrors } from '@server/openapi';
import { communications } from './service';
import { entries } from '@contract/entries';

export function commsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      entries.comms,
      {
        onRequest: app.optionalUser,
        schema: {
          tags: ['comms'],
          summary: 'The agency’s messages for pages of the app',
          operationId: 'getComms',
          querystring: z.object({ support: commSupportSchema.optional(), entityId: z.uuid().optional() }),
          response: { 200: envelope(commsSchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: await communications(contextOf(request, services), request.session?.user ?? null, request.query) }),
    );
  };
}
