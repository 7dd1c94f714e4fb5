import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { rels, routePath, API_BASE, type Rel } from '../contract/rels';
import { IDEMPOTENT_OPERATIONS, VERSIONED_OPERATIONS } from './openapi';

type Response = { description: string; content?: Record<string, { schema: { $ref?: string } }> };
type Operation = {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, Response>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let api: Api;
let doc: Doc;
beforeAll(async () => {
  api = await startApi();
  const res = await api.call('GET', '/api/docs/json', { apiKey: null });
  expect(res.status).toBe(200);
  doc = res.body as Doc;
});
afterAll(() => api.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op, name: `${method.toUpperCase()} ${path}` })),
  );
/** `/v2/travels/:travelID` → `/api/v1/v2/travels/{travelID}`, as the description writes paths. */
const docPath = (r: Rel) => API_BASE + routePath(r).replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI description at /api/docs', () => {
  it('gives every operation a summary, a unique camelCase operationId and a documented 4xx answering ApiError', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(30);
    for (const { op, name } of ops) {
      expect(op.summary, name).toMatch(/\S/);
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      const errors = Object.keys(op.responses).filter((status) => /^4\d\d$/.test(status));
      expect(errors, name).toContain('400');
      for (const status of errors)
        expect(op.responses[status]!.content?.['application/json']?.schema.$ref, `${name} ${status}`).toBe('#/components/schemas/ApiError');
    }
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names each operation a link rel leads to after that rel', () => {
    for (const r of Object.keys(rels) as Rel[]) {
      const op = doc.paths[docPath(r)]?.[rels[r].method.toLowerCase()];
      expect(op, r).toBeDefined();
      // addToCart, addTrip, addHotelToCart and addCarToCart all lead to POST /cart/add: it takes the first name.
      expect(op!.operationId, r).toBe(['addTrip', 'addHotelToCart', 'addCarToCart'].includes(r) ? 'addToCart' : r);
    }
  });

  it('documents 401 and the bearer session on operations that need a signed-in user, 404 and 409 where they apply', async () => {
    for (const { op, name, path, method } of operations()) {
      expect(op.responses['401'], name).toBeDefined();
      if (op.security?.some((s) => 'bearer' in s))
        expect(
          op.security.every((s) => 'apiKey' in s),
          name,
        ).toBe(true);
      if (path.includes('{travelID}')) expect(op.responses['404'], name).toBeDefined();
      if (VERSIONED_OPERATIONS.includes(op.operationId!)) {
        expect(op.responses['409'], name).toBeDefined();
        expect(
          op.parameters?.some((p) => p.in === 'header' && p.name === 'if-match'),
          name,
        ).toBe(true);
      }
      if (IDEMPOTENT_OPERATIONS.includes(op.operationId!)) {
        expect(op.responses['422'], name).toBeDefined();
        expect(
          op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
          name,
        ).toBe(true);
      }
      if (method !== 'GET' && path.startsWith(`${API_BASE}/v2/travels/{travelID}`)) expect(IDEMPOTENT_OPERATIONS, name).toContain(op.operationId);
    }
    // The session requirement matches the server: without a token, /user/ is refused and /places answers.
    expect(doc.paths[`${API_BASE}/user/`]!.get!.security).toEqual([{ apiKey: [], bearer: [] }]);
    expect((await api.call('GET', '/api/v1/user/')).status).toBe(401);
    expect(doc.paths[`${API_BASE}/places`]!.get!.security).toContainEqual({ apiKey: [] });
    expect((await api.call('GET', '/api/v1/places?q=lyon')).status).toBe(200);
  });

  it('names the contract’s entities as components and references them', () => {
    for (const name of ['ApiError', 'Link', 'User', 'Travel', 'Product', 'TripResults', 'Proposal', 'Offer', 'Choice', 'CartAddBody', 'CartAddResult', 'Place'])
      expect(doc.components.schemas, name).toHaveProperty(name);
    // Bodies keep their name (no `…Input` twin), and every component is used.
    expect(Object.keys(doc.components.schemas).filter((n) => n.endsWith('Input'))).toEqual([]);
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components);
    for (const name of Object.keys(doc.components.schemas)) expect(text, name).toContain(`"#/components/schemas/${name}"`);
    expect(doc.paths[`${API_BASE}/cart/add`]!.post!.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { result: { $ref: '#/components/schemas/CartAddResult' } },
    });
  });

  it('answers a documented error with the ApiError envelope (Fastify serializes it with the same schema)', async () => {
    const res = await api.call('GET', '/api/v1/v2/travels/nope', { token: await api.login('alice') });
    expect(res.status).toBe(404);
    expect(Object.keys(res.body).sort()).toEqual(['api_code', 'errorMessage', 'msg']);
  });
});
