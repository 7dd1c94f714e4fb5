import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { rels, routePath, API_BASE, type Rel } from '../contract/rels';
import { IDEMPOTENT_OPERATIONS, VERSIONED_OPERATIONS } from './openapi';
import { OPERATION_DESCRIPTIONS } from './openapi-descriptions';

type Response = { description: string; content?: Record<string, { schema: { $ref?: string } }> };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  requestBody?: unknown;
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, Response>;
};
type Doc = {
  openapi: string;
  info: { contact?: object; license?: { name: string; identifier?: string; url?: string } };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

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

  it('describes every operation (what it does, who may call it) from one table whose entries all name an operation', () => {
    const ids = new Set(operations().map((o) => o.op.operationId));
    for (const { op, name } of operations()) expect(op.description, name).toMatch(/\S.{30,}/);
    expect(Object.keys(OPERATION_DESCRIPTIONS).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('declares every tag an operation uses, with a description, and names its contact and licence', () => {
    const declared = new Map(doc.tags.map((t) => [t.name, t.description]));
    for (const { op, name } of operations()) for (const tag of op.tags ?? []) expect(declared.get(tag), `${name}: tag ${tag}`).toMatch(/\S/);
    expect(doc.info.contact).toBeDefined();
    expect(doc.info.license).toMatchObject({ name: expect.any(String), identifier: expect.any(String) });
  });

  it('documents on every operation the failures any request may meet: 413 where it takes a body, 414, 431 and 500', () => {
    for (const { op, name } of operations()) {
      const statuses = [...(op.requestBody ? ['413'] : []), '414', '431', '500'];
      for (const status of statuses)
        expect(op.responses[status]?.content?.['application/json']?.schema.$ref, `${name} ${status}`).toBe('#/components/schemas/ApiError');
    }
  });

  it('types every field (no empty schema where the server takes a string) and never both requires and defaults one', () => {
    const problems: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}/${i}`));
      else if (value && typeof value === 'object') {
        const schema = value as { properties?: Record<string, object>; required?: string[] };
        for (const [name, field] of Object.entries(schema.properties ?? {})) {
          if (Object.keys(field).length === 0) problems.push(`${at}/${name}: {}`);
          if (schema.required?.includes(name) && 'default' in field) problems.push(`${at}/${name}: required and default`);
        }
        for (const [key, child] of Object.entries(value)) walk(child, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(problems).toEqual([]);
    // A body is described as the server accepts it: a defaulted field is optional, a trimmed string a string.
    const tripSearch = doc.components.schemas.TripSearchBody as { required: string[]; properties: Record<string, { default?: unknown }> };
    expect(tripSearch.required).not.toContain('direct');
    expect(tripSearch.properties.direct!.default).toBe(false);
    expect((doc.components.schemas.DenyBody as { properties: { reason: object } }).properties.reason).toMatchObject({ type: 'string' });
  });

  it('documents a travel’s calendar as the iCalendar text it answers, and links with a standard href format', () => {
    const calendar = doc.paths[`${API_BASE}/v2/travels/{travelID}/calendar.ics`]!.get!.responses['200']!;
    expect(calendar.content).toEqual({ 'text/calendar': { schema: { type: 'string' } } });
    expect(doc.components.schemas.Link).toMatchObject({ properties: { href: { type: 'string', format: 'uri-reference' } } });
  });

  it('lints without a warning with Redocly’s recommended rules and Spectral’s spectral:oas', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const run = promisify(execFile);
    const bin = (name: string) => path.resolve('node_modules/.bin', name);
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };
    try {
      await expect(run(bin('redocly'), ['lint', '--config', 'redocly.yaml', file], { env })).resolves.toBeDefined();
      await expect(run(bin('spectral'), ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', file], { env })).resolves.toBeDefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('answers a documented error with the ApiError envelope (Fastify serializes it with the same schema)', async () => {
    const res = await api.call('GET', '/api/v1/v2/travels/nope', { token: await api.login('alice') });
    expect(res.status).toBe(404);
    expect(Object.keys(res.body).sort()).toEqual(['api_code', 'errorMessage', 'msg']);
  });
});
