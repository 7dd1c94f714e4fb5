import { describe, expect, it } from 'vitest';
import { Contract } from '@test/support/openapi-contract';

// The API harness's check of every answer against the published description (test/support/openapi-contract.ts).
const doc = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/things/{thingID}': {
      get: {
        operationId: 'thing',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { result: { $ref: '#/components/schemas/Thing' } },
                  required: ['result'],
                  additionalProperties: false,
                },
              },
            },
          },
          '404': { description: 'no', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
        },
      },
    },
    '/api/v1/things/{thingID}/file.ics': {
      get: { operationId: 'file', responses: { '200': { description: 'ok', content: { 'text/calendar': { schema: { type: 'string' } } } } } },
    },
    '/api/v1/things/mine': {
      get: { operationId: 'mine', responses: { '204': { description: 'nothing' } } },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, href: { type: 'string', format: 'uri-reference' } },
        required: ['id'],
        additionalProperties: false,
      },
      ApiError: {
        type: 'object',
        properties: { api_code: { type: 'integer' }, msg: { type: 'string' }, errorMessage: { type: 'string' } },
        required: ['api_code', 'msg', 'errorMessage'],
        additionalProperties: false,
      },
    },
  },
};

const contract = new Contract(doc);
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const ID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';
const check =
  (url: string, status: number, body: unknown, headers: Record<string, string> = JSON_TYPE, method = 'GET') =>
  () =>
    contract.check({ method, url }, { status, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the check of an answer against the published description', () => {
  it('passes an answer the description documents: status, content type and body', () => {
    expect(check(`/api/v1/things/${ID}?x=1`, 200, { result: { id: ID, href: '/api/v1/things' } })).not.toThrow();
    expect(check(`/api/v1/things/${ID}`, 404, { api_code: 38, msg: 'NO_TRAVEL', errorMessage: 'No travel.' })).not.toThrow();
    expect(check(`/api/v1/things/${ID}/file.ics`, 200, 'BEGIN:VCALENDAR', { 'content-type': 'text/calendar; charset=utf-8' })).not.toThrow();
    // A static segment wins over a parameter, as in the router; no content documented, no body.
    expect(check('/api/v1/things/mine', 204, '', {})).not.toThrow();
    // Outside the API, nothing is checked.
    expect(check('/dev/mailbox.json', 200, 'anything')).not.toThrow();
  });

  it('fails, naming the operation, on a property the schema forbids, a wrong format, or a missing one', () => {
    expect(check(`/api/v1/things/${ID}`, 200, { result: { id: ID, tz: 'Europe/Paris' } })).toThrow(
      /thing \(GET \/api\/v1\/things\/\{thingID\}\) 200 application\/json: \/result must NOT have additional properties/,
    );
    expect(check(`/api/v1/things/${ID}`, 200, { result: { id: 'abc' } })).toThrow(/\/result\/id must match format "uuid"/);
    expect(check(`/api/v1/things/${ID}`, 200, { result: {} })).toThrow(/must have required property 'id'/);
  });

  it('fails on a status or a content type the operation does not document, or a body where none is', () => {
    expect(check(`/api/v1/things/${ID}`, 500, { api_code: 108, msg: 'INTERNAL_ERROR', errorMessage: '…' })).toThrow(/documents 200, 404, not 500/);
    expect(check(`/api/v1/things/${ID}/file.ics`, 200, '"BEGIN"')).toThrow(/documents text\/calendar for 200, not the content type "application\/json"/);
    expect(check('/api/v1/things/mine', 204, 'x', { 'content-type': 'text/plain' })).toThrow(/documents no content for 204/);
  });

  it('takes a call no operation matches for the router’s 404 with the envelope, and nothing else', () => {
    expect(check('/api/v1/nothing', 404, { api_code: 100, msg: 'NOT_FOUND', errorMessage: 'Not found.' })).not.toThrow();
    expect(check(`/api/v1/things/${ID}`, 404, { api_code: 100, msg: 'NOT_FOUND', errorMessage: 'Not found.' }, JSON_TYPE, 'POST')).not.toThrow();
    expect(check('/api/v1/nothing', 200, { result: 1 })).toThrow(/no operation of the description has this method and path/);
  });
});
