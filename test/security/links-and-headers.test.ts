import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startApi, type Api } from '../support/api';
import { signupBody } from '../factories/account';

/** Every URL in the reset e-mail alice gets after a forgot-password call sent with these headers. */
async function resetLinks(api: Api, headers: Record<string, string>, remoteAddress?: string): Promise<string[]> {
  const res = await api.call('POST', '/api/v1/user/forgot', { body: { username: 'alice' }, headers, remoteAddress });
  expect(res.status).toBe(200);
  const mail = await api.lastMail('alice@acme.example');
  return mail!.text.match(/[a-z][a-z0-9+.-]*:\/\/\S+/gi) ?? [];
}

// What an attacker sends to make the server mail a victim a link to a host or scheme of their choice.
const HOSTILE: Record<string, string>[] = [
  { 'x-forwarded-proto': 'javascript' },
  { host: 'evil.example' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { host: 'localhost', 'x-forwarded-host': 'localhost:3000', 'x-forwarded-proto': 'javascript' },
];

describe('reset and activation links cannot be pointed elsewhere', () => {
  let api: Api;
  beforeAll(async () => {
    // 10.0.0.1 is a trusted proxy: its X-Forwarded-For names the client, but links still come from PUBLIC_URL.
    api = await startApi({ publicUrl: 'https://voyages.example', trustProxy: ['10.0.0.1'] });
  });
  afterAll(() => api.close());

  it.each(HOSTILE)('are built from PUBLIC_URL whatever the request says: %o', async (headers) => {
    for (const peer of ['203.0.113.5', '10.0.0.1']) {
      const links = await resetLinks(api, headers, peer);
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/^https:\/\/voyages\.example\/password\/[A-Za-z0-9_-]{43}$/);
    }
  });

  it('activation links too', async () => {
    const res = await api.call('POST', '/api/v1/user/signin', {
      headers: { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' },
      remoteAddress: '10.0.0.1',
      body: signupBody({ email: 'zoe.leroy@acme.example' }),
    });
    expect(res.status).toBe(201);
    const mail = await api.lastMail('zoe.leroy@acme.example');
    expect(mail!.text.match(/[a-z][a-z0-9+.-]*:\/\/\S+/gi)).toEqual([expect.stringMatching(/^https:\/\/voyages\.example\/user\/activate\/[A-Za-z0-9_-]{43}$/)]);
  });
});

describe('in demo mode, without PUBLIC_URL', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it.each(HOSTILE)('links use the address the server listens on, never the request: %o', async (headers) => {
    expect(await resetLinks(api, headers)).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/password\/[A-Za-z0-9_-]{43}$/)]);
  });

  it('a server listening on a free port writes that port', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/user/forgot`, {
      method: 'POST',
      headers: { 'api-key': 'demo-agency-key', 'content-type': 'application/json', 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' },
      body: JSON.stringify({ username: 'alice' }),
    });
    expect(res.status).toBe(200);
    const mail = await api.lastMail('alice@acme.example');
    expect(mail!.link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/password/[A-Za-z0-9_-]{43}$`));
  });
});

describe('answers with tokens or personal data are never stored by a cache', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('sign-in, the user, travels, approvals, a refusal and the mailbox all say Cache-Control: no-store', async () => {
    const login = await api.call('POST', '/api/v1/user/login', { body: { username: 'bob', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.body.result.token as string;
    for (const url of ['/api/v1/user/', '/api/v1/v2/travels/', '/api/v1/approvals/', '/api/v1/approval/']) {
      const res = await api.call('GET', url, { token });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await api.call('GET', '/api/v1/user/');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const mailbox = await api.call('GET', '/dev/mailbox.json', { apiKey: null });
    expect(mailbox.headers['cache-control']).toBe('no-store');
  });
});
