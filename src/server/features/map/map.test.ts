import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { startApi, type Api } from '@test/support/api';
import { preferredEncoding } from './routes';

type Style = {
  version: number;
  glyphs?: string;
  sources: Record<string, { type: string; data: string }>;
  layers: { id: string; type: string; source?: string }[];
};

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** A GET as MapLibre sends it: no Api-Key, no session. */
const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });
const decode = (encoding: string | undefined, body: Buffer) =>
  JSON.parse((encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8'));

describe('the default map style, for MapLibre without the Api-Key', () => {
  it('is a style v8 drawn from GeoJSON the server serves, with no text (no glyphs offline), cached with a tag', async () => {
    const res = await get('/map/style.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const style = res.json() as Style;
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(Object.keys(style.sources).sort()).toEqual(['borders', 'land', 'places']);
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson');
      expect(source.data).toMatch(/^\/map\/(land|borders|places)\.geojson\?v=[\w-]+$/);
    }
    expect(style.layers.map((l) => l.type).every((type) => ['background', 'fill', 'line', 'circle'].includes(type))).toBe(true);
    expect(style.layers.map((l) => l.id)).toEqual(expect.arrayContaining(['land', 'coastline', 'borders', 'places-city', 'places-station', 'places-airport']));

    const again = await get('/map/style.json', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves each source compressed as the client accepts, for good at its tagged address, and 304 for a copy it has', async () => {
    const style = (await get('/map/style.json')).json() as Style;
    const sizes: Record<string, number> = {};
    for (const [name, { data }] of Object.entries(style.sources)) {
      const br = await get(data, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-type']).toBe('application/geo+json');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const collection = decode('br', br.rawPayload) as FeatureCollection;
      expect(collection.type).toBe('FeatureCollection');
      expect(collection.features.length).toBeGreaterThan(0);

      const gzip = await get(data, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decode('gzip', gzip.rawPayload)).toEqual(collection);
      const plain = await get(data);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(collection);
      sizes[name] = gzip.rawPayload.length;

      const cached = await get(data, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
      expect(cached.statusCode).toBe(304);
      // A tag is per encoding: a gzip copy is not the brotli one.
      expect((await get(data, { 'accept-encoding': 'br', 'if-none-match': gzip.headers.etag as string })).statusCode).toBe(200);
    }
    // Small enough to load with a results page (gzip bytes).
    expect(sizes.land).toBeLessThan(250_000);
    expect(sizes.borders).toBeLessThan(80_000);
    expect(sizes.places).toBeLessThan(40_000);
  });

  it('draws land and borders from Natural Earth and the reference places as points by kind', async () => {
    const file = async (name: string) => (await get(`/map/${name}.geojson`)).json() as FeatureCollection;
    const [land, borders, places] = await Promise.all([file('land'), file('borders'), file('places')]);
    expect(land.features.every((f) => f.geometry.type === 'MultiPolygon')).toBe(true);
    expect(borders.features[0]!.geometry.type).toBe('MultiLineString');
    const near = (lon: number, lat: number) =>
      places.features.filter((f) => {
        const [x, y] = (f.geometry as { coordinates: number[] }).coordinates as [number, number];
        return Math.abs(x - lon) < 0.2 && Math.abs(y - lat) < 0.2;
      });
    // Lyon: the city, Part-Dieu, Saint-Exupéry.
    const kinds = near(4.85, 45.76).map((f) => f.properties!.kind);
    expect(kinds).toEqual(expect.arrayContaining(['city', 'station']));
    expect(near(5.08, 45.72).map((f) => f.properties!.kind)).toContain('airport');
    expect(places.features.every((f) => [1, 2, 3].includes(f.properties!.rank))).toBe(true);
  });

  it('answers an address without its tag for an hour only, and refuses an unknown layer', async () => {
    expect((await get('/map/land.geojson?v=old')).headers['cache-control']).toBe('public, max-age=3600');
    const unknown = await get('/map/roads.geojson');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ api_code: expect.any(Number) });
  });

  it('allows the browser to fetch from this origin only (no MAP_STYLE_URL), with workers and blob images for the map', async () => {
    const csp = (await get('/map/style.json')).headers['content-security-policy'] as string;
    expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)worker-src 'self' blob:(;|$)/);
    expect(csp).toMatch(/(^|;)img-src 'self' data: blob:(;|$)/);
  });
});

describe('with MAP_STYLE_URL', () => {
  let withStyle: Api;
  beforeAll(async () => {
    withStyle = await startApi({ mapStyleUrl: 'https://tiles.example.net/styles/liberty.json' });
  });
  afterAll(() => withStyle.close());

  it('redirects the style to it, and lets the browser fetch from its origin', async () => {
    const res = await withStyle.app.inject({ method: 'GET', url: '/map/style.json' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://tiles.example.net/styles/liberty.json');
    expect(res.headers['content-security-policy']).toMatch(/(^|;)connect-src 'self' https:\/\/tiles\.example\.net(;|$)/);
  });
});

describe('preferredEncoding', () => {
  it('takes brotli, else gzip, else none, and a q=0 as a refusal', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});
