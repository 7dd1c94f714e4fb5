import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { startApi, type Api } from '../support/api';

describe('the developer mailbox answers the machine itself only', () => {
  let api: Api;
  beforeAll(async () => {
    // Even a trusted proxy cannot vouch for loopback: the socket's own peer decides.
    api = await startApi({ trustProxy: ['10.0.0.1'] });
  });
  afterAll(() => api.close());

  const mailbox = (url: string, remoteAddress: string, headers: Record<string, string> = {}) => api.call('GET', url, { apiKey: null, remoteAddress, headers });

  it('does not exist for another address, whatever X-Forwarded-For says', async () => {
    // The takeover: ask for a reset from anywhere, then read the link in the mailbox.
    expect((await api.call('POST', '/api/v1/user/forgot', { body: { username: 'alice' }, remoteAddress: '203.0.113.5' })).status).toBe(200);
    for (const url of ['/dev/mailbox.json?to=alice%40acme.example', '/dev/mailbox']) {
      for (const [peer, headers] of [
        ['203.0.113.5', {}],
        ['203.0.113.5', { 'x-forwarded-for': '127.0.0.1' }],
        ['10.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
        ['192.168.1.20', { host: 'localhost' }],
      ] as const) {
        const res = await mailbox(url, peer, headers);
        expect(res.status, `${url} from ${peer}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('/password/');
      }
    }
  });

  it('answers loopback (IPv4 and IPv6)', async () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await mailbox('/dev/mailbox.json?to=alice%40acme.example', peer);
      expect(res.status, peer).toBe(200);
      expect(res.body.result[0].text).toMatch(/\/password\//);
    }
  });
});

describe('production mode has no mailbox and needs its public origin and SMTP', () => {
  it('answers 404 on the mailbox even to loopback', async () => {
    const prod = await startApi({ production: true });
    try {
      expect((await prod.call('GET', '/dev/mailbox.json', { apiKey: null })).status).toBe(404);
      expect((await prod.call('GET', '/dev/mailbox', { apiKey: null })).status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('is the mode of NODE_ENV=production and of a DATABASE_URL without DEMO=1', () => {
    const complete = { PUBLIC_URL: 'https://voyages.example', SMTP_URL: 'smtp://mail.example:587' };
    expect(loadConfig({}).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...complete }).production).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/escale', ...complete }).production).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/escale', DEMO: '1' }).production).toBe(false);
    for (const env of [
      { NODE_ENV: 'production' },
      { DATABASE_URL: 'postgres://db/escale' },
      { DATABASE_URL: 'postgres://db/escale', PUBLIC_URL: complete.PUBLIC_URL },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });

  it('refuses to start without PUBLIC_URL and SMTP_URL, in one line, before touching the database', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: '',
        DEMO: '',
        PUBLIC_URL: '',
        SMTP_URL: '',
        DATABASE_URL: 'postgres://escale@127.0.0.1:1/escale',
        PORT: '0',
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PUBLIC_URL .*; SMTP_URL .*\.$/)]);
  });
});
