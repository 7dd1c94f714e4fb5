import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { heldOptionResultSchema } from '../../../contract/agency-queue';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { apiErrors } from '../../openapi';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { expectedVersion } from '../../platform/if-match';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { confirmForAgency, releaseForAgency } from './held-options';

const tags = ['booking'];
const travelParams = z.object({ travelID: z.string().max(64) });

/** The links confirmHeldOption and releaseHeldOptions of the agency work queue's expiring options (issue 15). */
export function heldOptionsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.post(
      routePath('confirmHeldOption'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Agency staff book the options a traveller holds (their deadline is near), as the traveller’s confirm would',
          operationId: 'confirmHeldOption',
          params: travelParams,
          response: { 200: envelope(heldOptionResultSchema), ...apiErrors(400, 401, 403, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => confirmForAgency(ctx(request), request.params.travelID, expectedVersion(request.headers))),
    );

    r.post(
      routePath('releaseHeldOptions'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Agency staff give back every option a traveller holds (the travel is removed)',
          operationId: 'releaseHeldOptions',
          params: travelParams,
          response: { 200: envelope(heldOptionResultSchema), ...apiErrors(400, 401, 403, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => releaseForAgency(ctx(request), request.params.travelID, expectedVersion(request.headers))),
    );
  };
}
