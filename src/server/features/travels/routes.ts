import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, okSchema } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import { TRAVEL_STATUSES, travelSchema, travelsListSchema } from '../../../contract/travel';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { expectedVersion } from '../../platform/if-match';
import { apiErrors } from '../../openapi';
import * as travels from './service';

const tags = ['travels'];
const statusList = z.union([z.enum(TRAVEL_STATUSES), z.array(z.enum(TRAVEL_STATUSES)).max(TRAVEL_STATUSES.length)]);
const travelParams = z.object({ travelID: z.string().max(64) });

export function travelsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.get(
      '/v2/travels/',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The user’s travels, optionally of some statuses',
          operationId: 'listTravels',
          querystring: z.object({ status: statusList.optional() }),
          response: { 200: envelope(travelsListSchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => {
        const { status } = request.query;
        return { result: await travels.list(ctx(request), status === undefined ? null : [status].flat()) };
      },
    );

    r.delete(
      routePath('emptyCart'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Empty the cart (remove every travel still in the cart)',
          operationId: 'emptyCart',
          querystring: z.object({ status: z.literal('cart') }),
          response: { 200: envelope(okSchema), ...apiErrors(400, 401, 409, 422) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => travels.emptyCart(ctx(request))),
    );

    r.get(
      routePath('getTravel'),
      { onRequest: app.requireUser, schema: { tags, summary: 'One travel, with the links of what the user may do now', operationId: 'getTravel', params: travelParams, response: { 200: envelope(travelSchema), ...apiErrors(400, 401, 404) } } },
      async (request) => ({ result: await travels.one(ctx(request), request.params.travelID) }),
    );

    r.delete(
      routePath('delete'),
      { onRequest: app.requireUser, schema: { tags, summary: 'Remove a travel', operationId: 'delete', params: travelParams, response: { 200: envelope(okSchema), ...apiErrors(400, 401, 404, 409, 422) } } },
      (request, reply) => sendOnce(services, request, reply, () => travels.remove(ctx(request), request.params.travelID, expectedVersion(request.headers))),
    );
  };
}
