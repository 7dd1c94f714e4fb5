import type { FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@contract/envelope';
import { TRAVEL_STATUSES, travelsListSchema } from '@contract/travel';
import { TRAVEL_LIST_PARAMS, travelListPageSchema, travelListQuerySchema } from '@contract/travel-list';
import { relRoute } from '@server/platform/rel-route';
import { userContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import { expectedVersion } from '@server/platform/if-match';
import { apiErrors } from '@server/openapi';
import { jsonWriter, type ZodRoute } from '@server/platform/json-writer';
import * as travels from './service';
import { entries } from '@contract/entries';

const tags = ['travels'];
const statusList = z.union([z.enum(TRAVEL_STATUSES), z.array(z.enum(TRAVEL_STATUSES)).max(TRAVEL_STATUSES.length)]);

/**
 * The list's 200 is one of two shapes, and the handler knows which: zod's serializer would try the
 * union's first member on a beta page (building an issue for every field of 50 items) before the
 * second. The beta page is written by fast-json-stringify from its JSON Schema (only what the schema
 * names, as the trip results are), the full travels by zod's serializer of their own schema.
 */
const writePage = jsonWriter(envelope(travelListPageSchema));
const listSerializer = (route: { httpStatus?: string }) => {
  if (route.httpStatus !== '200') return serializerCompiler(route as ZodRoute);
  const writeList = serializerCompiler({ ...route, schema: envelope(travelsListSchema) } as unknown as ZodRoute);
  return (data: unknown) => ('total' in ((data as { result: object }).result ?? {}) ? writePage(data) : writeList(data));
};

export function travelsRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };

    r.get(
      entries.travels,
      {
        onRequest: app.requireUser,
        serializerCompiler: listSerializer,
        schema: {
          tags,
          summary: 'The user’s travels: all, of some statuses (the cart’s call), or a page of the beta list',
          description:
            'Without the beta list’s parameters: the user’s travels as full resources, optionally of some `status` (e.g. `status=cart`). ' +
            'With any of travelStatus, ticketStatus, travelStatusBlacklist, limit, offset, sortBy, orderBy, passed: one page of lean list items ' +
            '(spec 3 “Beta travel list item”) and the total; the beta status names map onto the travel statuses as contract/travel-list.ts says; ' +
            '`offset` is the page index; travels without products are not listed.',
          operationId: 'listTravels',
          querystring: travelListQuerySchema.extend({ status: statusList.optional() }),
          response: { 200: envelope(z.union([travelsListSchema, travelListPageSchema])), ...apiErrors(400, 401) },
        },
      },
      async (request) => {
        const { status, ...query } = request.query;
        const statuses = status === undefined ? null : [status].flat();
        if (TRAVEL_LIST_PARAMS.some((name) => query[name] !== undefined))
          return { result: await travels.page(userContext(request, services), query, statuses) };
        return { result: await travels.list(userContext(request, services), statuses) };
      },
    );

    relRoute(
      on,
      'emptyCart',
      {
        summary: 'Empty the cart (remove every travel still in the cart)',
        session: 'user',
        query: z.object({ status: z.literal('cart') }),
        errors: [400, 401, 409, 422],
      },
      ({ ctx }) => travels.emptyCart(ctx),
    );
    relRoute(
      on,
      'getTravel',
      { summary: 'One travel, with the links of what the user may do now', session: 'user', errors: [400, 401, 404] },
      ({ ctx, params }) => travels.one(ctx, params.travelID),
    );
    relRoute(on, 'delete', { summary: 'Remove a travel', session: 'user', errors: [400, 401, 404, 409, 422] }, ({ ctx, params, request }) =>
      travels.remove(ctx, params.travelID, expectedVersion(request.headers)),
    );
  };
}
