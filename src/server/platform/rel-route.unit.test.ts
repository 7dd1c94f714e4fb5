import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entries, entryPath } from '@contract/entries';
import { rels, routePath } from '@contract/rels';
import { installErrorHandler } from './errors';
import { relRoute } from './rel-route';
import type { Services } from './services';

const app = Fastify();
const services = { clock: { now: () => new Date('2026-11-22T09:00:00Z') }, config: {} } as unknown as Services;

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorate('requireUser', async () => {});
  app.decorate('optionalUser', async () => {});
  app.decorateRequest('session', null);
  app.decorateRequest('agency', null);
  app.addHook('onRequest', async (request) => {
    request.agency = { id: 'agency' } as never;
  });
  const on = { app, services, tags: ['test'] };
  // The handlers answer what the tests look at, not the rels' outputs.
  const answer = z.unknown();
  relRoute(
    on,
    'getMoreChoices',
    { summary: 'params', session: 'none', answer, errors: [400, 401], params: { choiceID: z.string().max(64) } },
    ({ params }) => ({ choiceID: params.choiceID }) as never,
  );
  relRoute(
    on,
    'next',
    { summary: 'body', session: 'optional', answer, errors: [400, 401], once: false },
    ({ body, ctx }) => ({ searchID: body.searchID, user: ctx.user }) as never,
  );
  relRoute(
    on,
    'travelerForm',
    {
      summary: 'checked at request time',
      session: 'none',
      answer,
      errors: [400, 401],
      once: false,
      checkBody: () => z.object({ choiceIDs: z.array(z.string()).min(2, { error: 'TOO_SHORT' }) }),
    },
    ({ body }) => ({ count: body.choiceIDs.length }) as never,
  );
  relRoute(on, 'calendar', { summary: 'a file', session: 'none', answer: z.string(), errors: [400, 401, 404] }, ({ params, reply }) =>
    reply.type('text/plain').send(`file ${params.travelID}`),
  );
  // travelID is an id of PATH_IDS; choiceID is not, so a route must bound it.
  expect(() => relRoute(on, 'getMoreChoices', { summary: 'unbounded', session: 'none', answer, errors: [400] }, () => ({}) as never)).toThrow(/choiceID/);
  expect(() => relRoute(on, 'logout', { summary: 'unsafe without a session', session: 'none', errors: [400] }, () => ({}) as never)).toThrow(/once: false/);
  await app.ready();
});
afterAll(() => app.close());

const TRAVEL = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';
const call = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, payload });

describe('relRoute', () => {
  it('registers the rel’s method and path, its parameters as bounded by the route', async () => {
    const ok = await call('GET', `/treep/choices/${'c'.repeat(64)}/more`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: expect.anything() });
    const tooLong = await call('GET', `/treep/choices/${'c'.repeat(65)}/more`);
    expect([tooLong.statusCode, tooLong.json().fields]).toEqual([400, { choiceID: 'FORMAT_INVALID' }]);
    expect((await call('POST', `/treep/choices/c/more`)).statusCode).toBe(404);
  });

  it('checks the body against the rel’s input and hands the handler the checked value', async () => {
    const res = await call('POST', routePath('next'), { searchID: 's1' });
    expect(res.statusCode).toBe(200);
    const refused = await call('POST', routePath('next'), {});
    expect([refused.statusCode, Object.keys(refused.json().fields)]).toEqual([400, ['searchID']]);
  });

  it('checks a body with the schema built at request time, with the field problems of any refused body', async () => {
    expect((await call('POST', routePath('travelerForm'), { choiceIDs: ['a', 'b'] })).json()).toEqual({ result: { count: 2 } });
    const refused = await call('POST', routePath('travelerForm'), { choiceIDs: ['a'] });
    expect([refused.statusCode, refused.json().api_code, refused.json().fields]).toEqual([400, 17, { choiceIDs: 'TOO_SHORT' }]);
  });

  it('lets a handler send its own answer (a file)', async () => {
    const res = await call('GET', `/v2/travels/${TRAVEL}/calendar.ics`);
    expect([res.statusCode, res.body]).toEqual([200, `file ${TRAVEL}`]);
  });

  it('answers the id’s 404 for any id that is no UUID, before the handler reads it', async () => {
    for (const id of ['abc', '0', '%F0%9F%98%80', "'", `${TRAVEL}0`, 'x'.repeat(90)]) {
      const res = await call('GET', `/v2/travels/${id}/calendar.ics`);
      expect([res.statusCode, res.json().api_code], id).toEqual([404, 38]);
    }
  });
});

describe('the entry points', () => {
  it('fill their parameters, URL-encoded, and take a query string', () => {
    expect(entryPath('travel', { travelID: 'a/b' })).toBe('/v2/travels/a%2Fb');
    expect(entryPath('tickets', undefined, 'active=true')).toBe('/tickets/?active=true');
    expect(entryPath('travels', undefined, '')).toBe('/v2/travels/');
  });

  it('name the path of the rels a client also reaches without a link', () => {
    expect(entries.user).toBe(rels.self.path);
    expect(entries.travel).toBe(routePath('getTravel'));
    expect(entries.approval).toBe(routePath('getApproval'));
    expect(entries.oneClickApproval).toBe(routePath('oneClickApproval'));
  });
});
