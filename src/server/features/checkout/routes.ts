import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { routePath } from '../../../contract/rels';
import {
  analyticsFormSchema,
  approversSchema,
  fillAnalyticsBodySchema,
  fillApproversBodySchema,
  missionOrdersSchema,
  patchMissionOrdersBodySchema,
  stepSavedSchema,
} from '../../../contract/travel';
import { currentUser } from '../../platform/auth';
import { sendOnce } from '../../platform/idempotency';
import { contextOf } from '../../platform/request-context';
import type { Services } from '../../platform/services';
import { expectedVersion } from '../../platform/if-match';
import * as checkout from './service';

const tags = ['checkout'];
const params = z.object({ travelID: z.string().max(64) });

/** The checkout steps a travel links to (getAllAnalytics/fillAnalytics, getMissionOrders/patchMissionOrders, getAvailableApprovers/fillApprovers). */
export function checkoutRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });
    const saved = { 200: envelope(stepSavedSchema) };

    r.get(
      routePath('getAllAnalytics'),
      { onRequest: app.requireUser, schema: { tags, params, response: { 200: envelope(analyticsFormSchema) } } },
      async (request) => ({ result: await checkout.analyticsForm(ctx(request), request.params.travelID) }),
    );

    r.patch(routePath('fillAnalytics'), { onRequest: app.requireUser, schema: { tags, params, body: fillAnalyticsBodySchema, response: saved } }, (request, reply) =>
      sendOnce(services, request, reply, () => checkout.fillAnalytics(ctx(request), request.params.travelID, request.body, expectedVersion(request.headers))),
    );

    r.get(
      routePath('getMissionOrders'),
      { onRequest: app.requireUser, schema: { tags, params, response: { 200: envelope(missionOrdersSchema) } } },
      async (request) => ({ result: await checkout.missionOrders(ctx(request), request.params.travelID) }),
    );

    r.patch(
      routePath('patchMissionOrders'),
      { onRequest: app.requireUser, schema: { tags, params, body: patchMissionOrdersBodySchema, response: saved } },
      (request, reply) =>
        sendOnce(services, request, reply, () => checkout.patchMissionOrders(ctx(request), request.params.travelID, request.body, expectedVersion(request.headers))),
    );

    r.get(
      routePath('getAvailableApprovers'),
      { onRequest: app.requireUser, schema: { tags, params, response: { 200: envelope(approversSchema) } } },
      async (request) => ({ result: await checkout.availableApprovers(ctx(request), request.params.travelID) }),
    );

    r.patch(routePath('fillApprovers'), { onRequest: app.requireUser, schema: { tags, params, body: fillApproversBodySchema, response: saved } }, (request, reply) =>
      sendOnce(services, request, reply, () => checkout.fillApprovers(ctx(request), request.params.travelID, request.body, expectedVersion(request.headers))),
    );
  };
}
