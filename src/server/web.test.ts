import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../../test/support/api';

let api: Api;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<meta name="escale-api-key" content="%ESCALE_API_KEY%"><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  api = await startApi({ distDir: dist, agencyHosts: { 'voyages.acme.example': 'acme-key' } });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, host = 'localhost:3000') => api.app.inject({ method: 'GET', url, headers: { host } });

describe('serving the web app', () => {
  it('serves the app shell on any client route with the default agency key', async () => {
    for (const url of ['/', '/account/informations', '/password/abc?x=1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('content="demo-agency-key"');
    }
  });

  it('gives a mapped host its own agency key', async () => {
    expect((await get('/', 'voyages.acme.example')).body).toContain('content="acme-key"');
  });

  it('serves hashed assets as immutable and the service worker uncached', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends the pre-compressed asset to a client that accepts brotli', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { host: 'localhost', 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers 404, not the app shell, for a missing asset', async () => {
    const res = await get('/assets/gone-000.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('escale-api-key');
  });

  it('answers 404 with the envelope for unknown API paths', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/v1/unknown', headers: { 'api-key': 'demo-agency-key' } });
    expect(res.statusCode).toBe(404);
  });

  it('shows the developer mailbox outside production', async () => {
    const res = await get('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/Boîte de réception/);
  });
});

describe('production mode', () => {
  it('has no developer mailbox', async () => {
    const prod = await startApi({ production: true, distDir: dist });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
