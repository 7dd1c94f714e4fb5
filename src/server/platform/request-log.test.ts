import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedPeer } from '@server/platform/request-log';
import { startApi, type Api } from '@test/support/api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An app whose log lines (JSON, at info) the test reads. */
async function loggedApi(trustProxy: string[]) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const api = await startApi({ trustProxy, logLevel: 'info' }, { logStream: stream });
  return { api, log: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

let direct: Awaited<ReturnType<typeof loggedApi>>;
let proxied: Awaited<ReturnType<typeof loggedApi>>;
beforeAll(async () => {
  direct = await loggedApi([]);
  proxied = await loggedApi(['127.0.0.1']);
});
afterAll(async () => {
  await direct.api.close();
  await proxied.api.close();
});

const idOf = async (api: Api, headers: Record<string, string>, remoteAddress?: string) =>
  (await api.call('GET', '/api/v1/agency', { headers, remoteAddress })).headers['x-request-id'];

describe('the request id', () => {
  it('is made by the server when no proxy is trusted, whatever X-Request-Id says, and echoed in the answer', async () => {
    const id = await idOf(direct.api, { 'x-request-id': 'chosen-by-the-caller' });
    expect(id).toMatch(UUID);
    expect(await idOf(direct.api, {})).toMatch(UUID);
  });

  it('is the trusted proxy’s X-Request-Id, only from that proxy and only when it is a plain short id', async () => {
    expect(await idOf(proxied.api, { 'x-request-id': 'lb-7f3a.42' })).toBe('lb-7f3a.42');
    expect(await idOf(proxied.api, { 'x-request-id': 'lb-7f3a.42' }, '198.51.100.7')).toMatch(UUID);
    expect(await idOf(proxied.api, { 'x-request-id': 'two words\t{"level":60}' })).toMatch(UUID);
    expect(await idOf(proxied.api, { 'x-request-id': 'x'.repeat(129) })).toMatch(UUID);
  });

  it('is on the one log line each request writes: operation, status, time, and the path without its token', async () => {
    const before = direct.log().length;
    const res = await direct.api.call('GET', '/api/v1/agency');
    await direct.api.call('GET', '/password/SECRET-reset-token-in-the-path?lang=fr', { apiKey: null });
    const lines = direct.log().slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: res.headers['x-request-id'],
      msg: 'request completed',
      operation: 'getAgency',
      statusCode: 200,
      responseTime: expect.any(Number),
      req: { method: 'GET', url: '/api/v1/agency' },
    });
    expect(lines[1]).toMatchObject({ operation: null, req: { url: '/password/[token]?lang=fr' } });
    expect(JSON.stringify(lines)).not.toContain('SECRET-reset-token');
    expect(JSON.stringify(lines)).not.toContain('demo-agency-key');
  });

  it('writes no OpenID Connect secret: code, state, nonce, PKCE challenge, hints and the interaction id are redacted', async () => {
    const before = direct.log().length;
    const query =
      'code=SECRET-CODE&state=SECRET-STATE&nonce=SECRET-NONCE&code_challenge=SECRET-CHALLENGE&code_challenge_method=S256' +
      '&id_token_hint=SECRET-HINT&login_hint=SECRET-LOGIN&iss=https%3A%2F%2Fidp.example';
    await direct.api.call('GET', `/auth/callback?${query}`, { apiKey: null });
    await direct.api.call('GET', `/oidc/auth?client_id=acme&${query}`, { apiKey: null });
    await direct.api.call('GET', '/oidc/interaction/SECRET-UID-42', { apiKey: null });
    await direct.api.call('POST', '/oidc/interaction/SECRET-UID-43/login', { apiKey: null, body: {} });
    await direct.api.call('GET', '/oidc/auth/SECRET-UID-44', { apiKey: null });
    const lines = direct.log().slice(before);
    const urls = lines.filter((line) => line.req).map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual([
      '/auth/callback?code=[redacted]&state=[redacted]&nonce=[redacted]&code_challenge=[redacted]&code_challenge_method=S256' +
        '&id_token_hint=[redacted]&login_hint=[redacted]&iss=https%3A%2F%2Fidp.example',
      '/oidc/auth?client_id=acme&code=[redacted]&state=[redacted]&nonce=[redacted]&code_challenge=[redacted]&code_challenge_method=S256' +
        '&id_token_hint=[redacted]&login_hint=[redacted]&iss=https%3A%2F%2Fidp.example',
      '/oidc/interaction/[redacted]',
      '/oidc/interaction/[redacted]/login',
      '/oidc/auth/[redacted]',
    ]);
    expect(JSON.stringify(lines)).not.toContain('SECRET');
  });

  it('leaves the probes out of the log', async () => {
    const before = direct.log().length;
    await direct.api.call('GET', '/healthz', { apiKey: null });
    await direct.api.call('GET', '/readyz', { apiKey: null });
    await direct.api.call('GET', '/metrics', { apiKey: null });
    expect(direct.log().slice(before)).toEqual([]);
  });
});

describe('a trusted proxy', () => {
  it('is an address, a range or a named range of TRUST_PROXY, IPv4 peers on a dual-stack socket included', () => {
    const trusted = trustedPeer(['10.0.0.1', '192.168.0.0/16', '2001:db8::/32', 'loopback']);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '192.168.4.2', '2001:db8::5', '127.0.0.1', '::1'].filter((a) => !trusted(a))).toEqual([]);
    expect(['10.0.0.2', '192.169.0.1', '2001:db9::1', '203.0.113.9', undefined].filter((a) => trusted(a))).toEqual([]);
    expect(trustedPeer([])('127.0.0.1')).toBe(false);
  });
});
