import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { cartAddBodySchema, cartAddResultSchema } from '../../../contract/cart';
import { routePath } from '../../../contract/rels';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { apiErrors } from '../../openapi';
import * as cart from './service';

const tags = ['cart'];

export function cartRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });

    r.post(
      routePath('addToCart'),
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Add the chosen offers to a travel in the cart (a new one, or `travelID`)',
          description: 'Named by two rels: `addToCart` (from the traveller step) and `addTrip` (a travel that accepts more trips).',
          operationId: 'addToCart',
          querystring: z.object({ version: z.literal('v2').optional() }),
          body: cartAddBodySchema,
          response: { 200: envelope(cartAddResultSchema), ...apiErrors(400, 401, 404, 409, 422, 503, 504) },
        },
      },
      (request, reply) => sendOnce(services, request, reply, () => cart.addTrip(ctx(request), request.body)),
    );

  };
}
