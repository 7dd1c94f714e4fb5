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
import { apiErrors } from '../../openapi';
import * as checkout from './service';

const tags = ['checkout'];
const params = z.object({ travelID: z.string().max(64) });

/** The checkout steps a travel links to (getAllAnalytics/fillAnalytics, getMissionOrders/patchMissionOrders, getAvailableApprovers/fillApprovers). */
export function checkoutRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (request: FastifyRequest) => ({ ...contextOf(request, services), user: currentUser(request) });
    const saved = { 200: envelope(stepSavedSchema), ...apiErrors(400, 401, 404, 409, 422) };

    r.get(
      routePath('getAllAnalytics'),
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'The analytics form of the travel (cost centre, project…)', operationId: 'getAllAnalytics', params, response: { 200: envelope(analyticsFormSchema), ...apiErrors(400, 401, 404, 409) } },
      },
      async (request) => ({ result: await checkout.analyticsForm(ctx(request), request.params.travelID) }),
    );

    r.patch(
      '/v2/travels/:travelID/analytics',
      { onRequest: app.requireUser, schema: { tags, summary: 'Save the analytics of the travel', operationId: 'fillAnalytics', params, body: fillAnalyticsBodySchema, response: saved } },
      (request, reply) =>
        sendOnce(services, request, reply, () => checkout.fillAnalytics(ctx(request), request.params.travelID, request.body, expectedVersion(request.headers))),
    );

    r.get(
      '/v2/travels/:travelID/mission-orders',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'The mission order form of each traveller', operationId: 'getMissionOrders', params, response: { 200: envelope(missionOrdersSchema), ...apiErrors(400, 401, 404, 409) } },
      },
      async (request) => ({ result: await checkout.missionOrders(ctx(request), request.params.travelID) }),
    );

    r.patch(
      routePath('patchMissionOrders'),
      { onRequest: app.requireUser, schema: { tags, summary: 'Save the travellers’ mission orders', operationId: 'patchMissionOrders', params, body: patchMissionOrdersBodySchema, response: saved } },
      (request, reply) =>
        sendOnce(services, request, reply, () => checkout.patchMissionOrders(ctx(request), request.params.travelID, request.body, expectedVersion(request.headers))),
    );

    r.get(
      routePath('getAvailableApprovers'),
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'The approvers the travel may be sent to', operationId: 'getAvailableApprovers', params, response: { 200: envelope(approversSchema), ...apiErrors(400, 401, 404, 409) } },
      },
      async (request) => ({ result: await checkout.availableApprovers(ctx(request), request.params.travelID) }),
    );

    r.patch(
      '/v2/travels/:travelID/approvers',
      { onRequest: app.requireUser, schema: { tags, summary: 'Choose the travel’s approver (and backup)', operationId: 'fillApprovers', params, body: fillApproversBodySchema, response: { ...saved, ...apiErrors(403) } } },
      (request, reply) =>
        sendOnce(services, request, reply, () => checkout.fillApprovers(ctx(request), request.params.travelID, request.body, expectedVersion(request.headers))),
    );
  };
}
