import { HttpResponse, http } from 'msw';
import type { FeatureFlags } from '@contract/account';
import { DEFAULT_FEATURES } from '@contract/account';
import type { Link } from '@contract/link';
import type { Product, Travel } from '@contract/travel';
import type { AnalyticField } from '@contract/checkout-steps';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { server } from '@web/testing/server';
import { railProduct, travelFixture } from '@web/testing/travels';

export const HREF = '/api/v1/v2/travels/t1';
export const link = (path: string, method: Link['method'] = 'GET'): Link => ({ href: `${HREF}${path}`, method });

const pax = (firstname: string, lastname: string) => ({ firstname, lastname, birthdate: null, phone: null, email: null, username: null, cards: [] });

/** A Paris → Lyon train for Alice. */
export const product = (overrides: Partial<Product> = {}): Product =>
  railProduct({
    departure: '2026-12-01T07:04:00+01:00',
    arrival: '2026-12-01T09:02:00+01:00',
    routes: [],
    ticketsByPax: [{ pax: pax('Alice', 'Martin'), price: { amount: '89.00', currency: 'EUR' }, tickets: [] }],
    ...overrides,
  });

/** Travel t1 at version 3 whose next step is the first of `steps` (links as the server writes them). */
export function checkoutTravel(steps: string[], overrides: Partial<Travel> = {}): Travel {
  const links: Record<string, Link> = { getTravel: { href: HREF, method: 'GET' } };
  const paths: Record<string, [string, Link['method']]> = {
    getAllAnalytics: ['/analytics', 'GET'],
    fillAnalytics: ['/analytics', 'PATCH'],
    getMissionOrders: ['/mission-orders', 'GET'],
    patchMissionOrders: ['/mission-orders', 'PATCH'],
    getAvailableApprovers: ['/approvers', 'GET'],
    fillApprovers: ['/approvers', 'PATCH'],
    requestApproval: ['/approval', 'POST'],
    confirm: ['/confirm', 'POST'],
  };
  for (const step of steps) links[step] = link(...paths[step]!);
  return travelFixture({ version: 3, products: [product()], price: { amount: '89.00', currency: 'EUR' }, links, ...overrides });
}

export function analyticField(overrides: Partial<AnalyticField> & { name: string; label: string }): AnalyticField {
  return { required: false, values: null, valueCodes: null, regex: null, regexDesc: null, value: null, ...overrides };
}

export const approver = (id: string, firstname: string, lastname: string) => ({ id, firstname, lastname, email: `${id}@acme.example`, username: id });

/** Signs Alice in, with feature flags overridden. */
export function signIn(features: Partial<FeatureFlags> = {}) {
  startSession('token', userFixture({ features: { ...DEFAULT_FEATURES, ...features } }));
}

/** Serves travel t1 (`state.travel` may change during a test) and records every change sent to it, whatever answers it. */
export function serveTravel(state: { travel: Travel }) {
  const calls: { method: string; path: string; body: unknown; ifMatch: string | null; key: string | null }[] = [];
  server.use(http.get(HREF, () => HttpResponse.json({ result: state.travel })));
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'GET' || !path.startsWith(HREF)) return;
    const call = {
      method: request.method,
      path: path.slice(HREF.length),
      body: undefined as unknown,
      ifMatch: request.headers.get('If-Match'),
      key: request.headers.get('Idempotency-Key'),
    };
    calls.push(call);
    void request
      .clone()
      .json()
      .then((body: unknown) => (call.body = body))
      .catch(() => undefined);
  });
  return calls;
}
