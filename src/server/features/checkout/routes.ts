import type { FastifyInstance } from 'fastify';
import { expectedVersion } from '@server/platform/if-match';
import { relRoute } from '@server/platform/rel-route';
import type { Services } from '@server/platform/services';
import * as checkout from './service';

/** The checkout steps a travel links to (getAllAnalytics/fillAnalytics, getMissionOrders/patchMissionOrders, getAvailableApprovers/fillApprovers). */
export function checkoutRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const on = { app, services, tags: ['checkout'] };
    const read = [400, 401, 404, 409] as const;
    const saved = [400, 401, 404, 409, 422] as const;

    relRoute(on, 'getAllAnalytics', { summary: 'The analytics form of the travel (cost centre, project…)', session: 'user', errors: read }, ({ ctx, params }) =>
      checkout.analyticsForm(ctx, params.travelID),
    );
    relRoute(on, 'fillAnalytics', { summary: 'Save the analytics of the travel', session: 'user', errors: saved }, ({ ctx, params, body, request }) =>
      checkout.fillAnalytics(ctx, params.travelID, body, expectedVersion(request.headers)),
    );
    relRoute(on, 'getMissionOrders', { summary: 'The mission order form of each traveller', session: 'user', errors: read }, ({ ctx, params }) =>
      checkout.missionOrders(ctx, params.travelID),
    );
    relRoute(on, 'patchMissionOrders', { summary: 'Save the travellers’ mission orders', session: 'user', errors: saved }, ({ ctx, params, body, request }) =>
      checkout.patchMissionOrders(ctx, params.travelID, body, expectedVersion(request.headers)),
    );
    relRoute(on, 'getAvailableApprovers', { summary: 'The approvers the travel may be sent to', session: 'user', errors: read }, ({ ctx, params }) =>
      checkout.availableApprovers(ctx, params.travelID),
    );
    relRoute(
      on,
      'fillApprovers',
      { summary: 'Choose the travel’s approver (and backup)', session: 'user', errors: [...saved, 403] },
      ({ ctx, params, body, request }) => checkout.fillApprovers(ctx, params.travelID, body, expectedVersion(request.headers)),
    );
  };
}
