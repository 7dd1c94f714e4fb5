import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookingTicketsSchema, ticketsQuerySchema } from '@contract/my-bookings';
import { envelope } from '@contract/envelope';
import { apiErrors } from '@server/openapi';
import { fastOkSerializer } from '@server/platform/json-writer';
import { userContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import * as tickets from './service';
import { entries } from '@contract/entries';

const tags = ['bookings'];
/** Up to 1,000 tickets, some 1.5 KB each: written by fast-json-stringify (platform/json-writer.ts). */
const ticketsSerializer = fastOkSerializer(envelope(bookingTicketsSchema));

/** The booking lists (spec 2 §7 `GET tickets/`): "Mes réservations" (active=true) and "Mes archives" (passed=true). */
export function bookingsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      entries.tickets,
      {
        onRequest: app.requireUser,
        serializerCompiler: ticketsSerializer,
        schema: {
          tags,
          summary:
            'The user’s tickets, one per booked product: not yet arrived (active=true: those awaiting approval or confirmation first, then soonest first) or arrived (passed=true: latest first); `limit` of them (1000 at most) after the first `offset` (0)',
          operationId: 'listTickets',
          querystring: ticketsQuerySchema,
          response: { 200: envelope(bookingTicketsSchema), ...apiErrors(400, 401, 403) },
        },
      },
      async (request) => ({ result: await tickets.list(userContext(request, services), request.query) }),
    );
  };
}
