import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import type { OpenApiDoc } from '@test/support/openapi-contract';

/**
 * Walks every operation of the published OpenAPI description with path values that are no id —
 * as each kind of user, and without a session — the way a fuzzer reading the description would.
 * No answer may be a 5xx; each is the api_code envelope, and (through the API harness) a status,
 * content type and body the description documents for that operation. An id parameter (a UUID)
 * answers anything else as it answers a well-formed id that names nothing: the same 404 and api_code.
 */

const NO_IDS = ['abc', '0', '%F0%9F%98%80', "'", '-1', 'x'.repeat(80), 'x'.repeat(300)];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const USERS = ['alice', 'maya', 'tina', 'adele'] as const; // traveller, travel manager, travel agent, agency admin

type Parameter = { in: string; name: string; schema?: { format?: string } };

let api: Api;
let doc: OpenApiDoc;
const tokens: Record<string, string | undefined> = { anonymous: undefined };
beforeAll(async () => {
  api = await startApi();
  doc = (await api.published()).doc;
  for (const user of USERS) tokens[user] = await api.login(user);
});
afterAll(() => api.close());

const withPathParameters = () =>
  Object.entries(doc.paths).flatMap(([template, operations]) =>
    Object.entries(operations)
      .map(([method, operation]) => ({ template, method: method.toUpperCase() as 'GET', operation: operation as { parameters?: Parameter[] } }))
      .filter(({ template }) => template.includes('{')),
  );

describe('every operation with a path parameter, given values that are no id', () => {
  it('answers as documented, never a 5xx, failures with the api_code envelope, and an id’s 404 for anything but a UUID', async () => {
    const operations = withPathParameters();
    expect(operations.length).toBeGreaterThan(50);
    for (const { template, method, operation } of operations) {
      const ids = (operation.parameters ?? []).filter((p) => p.in === 'path' && p.schema?.format === 'uuid');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const [who, token] of Object.entries(tokens)) {
        const unknown = await api.call(method, template.replace(/\{\w+\}/g, UNKNOWN_ID), { token, body });
        for (const value of NO_IDS) {
          const name = `${method} ${template} as ${who} with ${value.slice(0, 12)}`;
          const res = await api.call(method, template.replace(/\{\w+\}/g, value), { token, body });
          expect(res.status, name).toBeLessThan(500);
          // A username or a supplier's id may be anything: such an operation may answer (as documented).
          if (res.status >= 400)
            expect(res.body, name).toMatchObject({ api_code: expect.any(Number), msg: expect.any(String), errorMessage: expect.any(String) });
          // A malformed id names nothing, like a well-formed one that names nothing (unless the URL is too long to route).
          if (ids.length > 0 && unknown.status === 404 && res.status !== 414)
            expect([res.status, res.body.api_code], name).toEqual([404, unknown.body.api_code]);
        }
      }
    }
  }, 120_000);

  it('answers the travel agent’s confirm and release of a travel named by no id with 404 “no travel”, as for an unknown travel', async () => {
    for (const action of ['confirm', 'release'])
      for (const value of ['abc', '0', '%F0%9F%98%80']) {
        const res = await api.call('POST', `/api/v1/agency/travels/${value}/${action}`, { token: tokens.tina, body: {} });
        expect([res.status, res.body.api_code], `${action} ${value}`).toEqual([404, 38]);
      }
  });
});
