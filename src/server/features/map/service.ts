import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, MultiLineString, Point, Position } from 'geojson';
import { airports, cities, stations } from '@server/reference/places';

/**
 * The offline basemap: Natural Earth 1:50m (world-atlas) land and country borders, and the reference
 * places (cities, stations, airports), as GeoJSON the default MapLibre style points at. No glyphs
 * exist offline, so the style draws fills, lines and circles only (the names are the markers' job).
 */

export const MAP_LAYERS = ['land', 'borders', 'places'] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];

/** One GeoJSON file as it is served: a tag of its content, its bytes, and its bytes compressed (once ready). */
export type MapFile = { etag: string; identity: Buffer; gzip: Promise<Buffer>; br: Promise<Buffer> };

type Xy = [number, number];
type Countries = Topology<{ countries: GeometryCollection }>;
type Land = Topology<{ land: GeometryCollection }>;

/**
 * ~0.01° (about 1 km): well inside the 1:50m data's own precision (half a millimetre at that scale is
 * 25 km), and it makes every coordinate 2 decimals, i.e. about 6 characters.
 */
const TOLERANCE = 0.01;
const round = (n: number) => Math.round(n * 100) / 100;

/** Douglas–Peucker on one line (iterative): the points that stray more than `tolerance` from the chord. */
function simplifyLine(points: Xy[], tolerance: number): Xy[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const spans: Xy[] = [[0, points.length - 1]];
  while (spans.length) {
    const [a, b] = spans.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    let farthest = -1;
    let farthest2 = tolerance * tolerance;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
      const ex = ax + t * dx - px;
      const ey = ay + t * dy - py;
      if (ex * ex + ey * ey > farthest2) [farthest, farthest2] = [i, ex * ex + ey * ey];
    }
    if (farthest > 0) {
      keep[farthest] = 1;
      spans.push([a, farthest], [farthest, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * The topology's arcs in degrees, simplified and rounded. Simplifying the shared arcs (not each
 * feature) keeps neighbours' borders and the coast meeting where they did.
 */
function simplified<T extends Topology>(topology: T): T {
  const [sx, sy] = topology.transform!.scale;
  const [tx, ty] = topology.transform!.translate;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const points = arc.map(([dx, dy]): Xy => [(x += dx!) * sx + tx, (y += dy!) * sy + ty]);
    const line = simplifyLine(points, TOLERANCE).map(([px, py]): Xy => [round(px), round(py)]);
    return line.filter((p, i) => i === 0 || p[0] !== line[i - 1]![0] || p[1] !== line[i - 1]![1]);
  });
  return { ...topology, transform: undefined, arcs };
}

const require = createRequire(import.meta.url);
const readJson = <T>(name: string): T => JSON.parse(fs.readFileSync(require.resolve(name), 'utf8')) as T;

/** Rings that simplification left without an area (a tiny islet) are dropped, and polygons without an outer ring. */
function landFeatures(land: Land): FeatureCollection {
  const ring = (r: Position[]) => r.length >= 4;
  const features = feature(land, land.objects.land).features.flatMap((f): Feature<Geometry>[] => {
    const geometry = f.geometry;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
    const kept = polygons.filter((p) => ring(p[0]!)).map((p) => p.filter(ring));
    return kept.length ? [{ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: kept } }] : [];
  });
  return { type: 'FeatureCollection', features };
}

function borderFeatures(countries: Countries): FeatureCollection {
  // Arcs two different countries share: the borders (an arc of one country alone is coast).
  const borders: MultiLineString = mesh(countries, countries.objects.countries, (a, b) => a !== b);
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: borders }] };
}

/**
 * Places as points with a `kind` and a `rank` (1–3) the style sizes and filters them by: cities by
 * population, stations and airports by their importance in the reference data.
 */
function placeFeatures(): FeatureCollection {
  const point = (kind: string, rank: number, { lat, lon }: { lat: number; lon: number }): Feature<Point> => ({
    type: 'Feature',
    properties: { kind, rank },
    geometry: { type: 'Point', coordinates: [Math.round(lon * 1e4) / 1e4, Math.round(lat * 1e4) / 1e4] },
  });
  const rank = (value: number, [two, three]: [number, number]) => (value >= three ? 3 : value >= two ? 2 : 1);
  return {
    type: 'FeatureCollection',
    features: [
      ...[...cities.values()].map((c) => point('city', rank(c.population, [200_000, 1_000_000]), c)),
      ...stations.map((s) => point('station', rank(s.importance, [35, 100]), s)),
      ...airports.map((a) => point('airport', rank(a.importance, [10, 45]), a)),
    ],
  };
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Compressed once, off the event loop (zlib's thread pool), at the highest levels: every visitor gets
 * the same bytes (brotli 11 takes seconds on the land, and makes it 40 % smaller than brotli 9).
 */
function mapFile(collection: FeatureCollection): MapFile {
  const identity = Buffer.from(JSON.stringify(collection));
  return {
    etag: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
    identity,
    gzip: gzip(identity, { level: 9 }),
    br: brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

let files: Promise<Record<MapLayer, MapFile>> | undefined;

/** The basemap's files, built on first use and kept for the life of the process (the data ships with the code). */
export function mapFiles(): Promise<Record<MapLayer, MapFile>> {
  // About 0.4 s of work on the event loop in all: done in three turns, so requests get answered between
  // them; the compression goes on on zlib's threads after.
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  files ??= (async () => {
    const land = mapFile(landFeatures(simplified(readJson<Land>('world-atlas/land-50m.json'))));
    await turn();
    const borders = mapFile(borderFeatures(simplified(readJson<Countries>('world-atlas/countries-50m.json'))));
    await turn();
    return { land, borders, places: mapFile(placeFeatures()) };
  })();
  // A failed build is tried again by the next request rather than remembered.
  files.catch(() => (files = undefined));
  return files;
}

/** Where the style and its data are served: outside the API (no Api-Key), see routes.ts. */
export const MAP_PREFIX = '/map';

/**
 * The default style (MapLibre style spec v8): sea, land, coastline (the land's outline), borders, and
 * the places as circles from the zoom where they are useful. Each source's address carries its
 * content's tag, so the files can be cached for good and a new deployment's data is a new address.
 */
export function defaultStyle(tags: Record<MapLayer, string>) {
  const data = (layer: MapLayer) => `${MAP_PREFIX}/${layer}.geojson?v=${tags[layer]}`;
  const place = (kind: string, color: string, minzoom: number, radius: [number, number]) => ({
    id: `places-${kind}`,
    type: 'circle',
    source: 'places',
    minzoom,
    filter: ['==', ['get', 'kind'], kind],
    paint: {
      'circle-color': color,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], minzoom, ['*', radius[0], ['get', 'rank']], 14, ['*', radius[1], ['get', 'rank']]],
    },
  });
  return {
    version: 8,
    name: 'Escale offline basemap',
    sources: {
      land: { type: 'geojson', data: data('land'), maxzoom: 10 },
      borders: { type: 'geojson', data: data('borders'), maxzoom: 10 },
      places: { type: 'geojson', data: data('places'), maxzoom: 12 },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#cfe0ec' } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f6f5f1' } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: { 'line-color': '#8fa9bd', 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 10, 1.5] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': '#9b8fb0', 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 10, 2], 'line-dasharray': [3, 2] },
      },
      place('city', '#6b7280', 3, [1, 3]),
      place('airport', '#7c3aed', 7, [1, 2.5]),
      place('station', '#0f766e', 8, [1, 2.5]),
    ],
  };
}
