import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, startApi, type Api } from '../support/api';

let api: Api;
let port: number;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => api.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A raw HTTP/1.1 request (fetch would refuse or re-encode what these tests send). */
function send(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Json }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, agent: false, method: opts.method ?? 'GET', headers: { 'api-key': DEMO_API_KEY, ...opts.headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: the assertions say so
          }
          resolve({ status: res.statusCode!, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const nested = (depth: number, leaf = '"x"') => '['.repeat(depth) + leaf + ']'.repeat(depth);
const login = (body: string) => send('/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('deeply nested JSON', () => {
  it('answers 400 with api_code 121, not a stack overflow', async () => {
    for (const body of [nested(100_000), `{"username":${nested(5_000)},"password":"x"}`, nested(33)]) {
      const res = await login(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ api_code: 121, msg: 'JSON_TOO_DEEP', errorMessage: expect.stringMatching(/32/) });
    }
  });

  it('lets 32 levels through to the usual checks', async () => {
    const res = await login(`{"username":${nested(31)},"password":"x"}`);
    expect(res.status).toBe(400);
    expect(res.body.api_code).toBe(17);
  });
});

describe('malformed, too long and oversized requests carry the error envelope', () => {
  it.each(['/%', '/api/v1/%', '/api/v1/v2/travels/%E0%A4%A', '/password/%zz'])('a malformed URL (%s) is a 400 with api_code 17', async (path) => {
    const res = await send(path);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ api_code: 17, msg: 'REQUEST_FORMAT_INVALID' });
  });

  it('a URL over 8 KiB is a 414 with api_code 122', async () => {
    // Past Node's 16 KiB header limit the parser refuses the request line itself: still a 414.
    for (const path of [`/api/v1/places?q=${'a'.repeat(9_000)}`, `/${'a'.repeat(12_000)}`, `/api/v1/places?q=${'a'.repeat(20_000)}`]) {
      const res = await send(path);
      expect(res.status).toBe(414);
      expect(res.body).toMatchObject({ api_code: 122, msg: 'URI_TOO_LONG' });
    }
  });

  it('headers over the server limit are a 431 with api_code 123', async () => {
    const res = await send('/api/v1/agency', { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ api_code: 123, msg: 'HEADERS_TOO_LARGE' });
  });

  it('the server still answers afterwards', async () => {
    expect((await send('/api/v1/agency')).status).toBe(200);
  });
});
