import { describe, expect, it } from 'vitest';
import { CLUSTER_MAX_ZOOM, clusterSize, expansionZoom, mapItems, pointIndex, zoomForRadius, type Bounds, type MapItem } from './clusters';
import type { MapPoint } from './types';

/** `n` hotels on a grid around Paris-Centre, about 100 m apart. */
const grid = (n: number): MapPoint[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `h${i}`,
    lat: 48.85 + Math.floor(i / 20) * 0.001,
    lon: 2.34 + (i % 20) * 0.0014,
    label: `${100 + i} €`,
    name: `Hôtel ${i}`,
  }));
const WORLD: Bounds = [-180, -85, 180, 85];
const clusters = (items: MapItem[]) => items.filter((item) => item.kind === 'cluster');
const pointIds = (items: MapItem[]) => items.flatMap((item) => (item.kind === 'point' ? [item.point.id] : []));

describe('zoomForRadius (spec 1 §9)', () => {
  it.each([
    [0.5, 15],
    [1.99, 15],
    [2, 14],
    [4.99, 14],
    [5, 12],
    [14.99, 12],
    [15, 11],
    [29.99, 11],
    [30, 14],
    [100, 14],
  ])('a radius of %s km starts at zoom %s', (radius, zoom) => {
    expect(zoomForRadius(radius)).toBe(zoom);
  });
});

describe('clusterSize (spec 1 §9)', () => {
  it.each([
    [2, 'small'],
    [9, 'small'],
    [10, 'medium'],
    [99, 'medium'],
    [100, 'large'],
    [500, 'large'],
  ])('%s points make a %s cluster', (count, size) => {
    expect(clusterSize(count)).toBe(size);
  });
});

describe('mapItems', () => {
  it('gathers close points into one cluster when zoomed out, with its count and size class', () => {
    const items = mapItems(pointIndex(grid(150)), WORLD, 8, null);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'cluster', count: 150, size: 'large' });
  });

  it('shows every point on its own once zoomed in far enough, with its label, north to south then west to east', () => {
    const points = grid(40);
    const items = mapItems(pointIndex(points), WORLD, CLUSTER_MAX_ZOOM + 1, null);
    expect(clusters(items)).toHaveLength(0);
    expect(pointIds(items)).toHaveLength(40);
    expect(items[0]).toMatchObject({ kind: 'point', point: { id: 'h20', label: '120 €' } }); // the northern row's westmost
    expect(pointIds(items).slice(0, 3)).toEqual(['h20', 'h21', 'h22']);
  });

  it('keeps what lies outside the bounds off the map', () => {
    const points = [...grid(3), { id: 'lyon', lat: 45.76, lon: 4.84, name: 'Lyon' }];
    const paris: Bounds = [2.2, 48.8, 2.5, 48.9];
    expect(pointIds(mapItems(pointIndex(points), paris, 17, null))).toEqual(['h0', 'h1', 'h2']);
  });

  it('shows the selected point on its own even where its cluster stands', () => {
    const items = mapItems(pointIndex(grid(150)), WORLD, 8, 'h42');
    expect(clusters(items)).toHaveLength(1);
    expect(pointIds(items)).toEqual(['h42']);
    // Already on its own: not twice.
    expect(pointIds(mapItems(pointIndex(grid(5)), WORLD, 17, 'h3'))).toEqual(['h0', 'h1', 'h2', 'h3', 'h4']);
  });

  it('takes a fractional zoom as the map gives it', () => {
    const index = pointIndex(grid(30));
    expect(mapItems(index, WORLD, 8.7, null)).toEqual(mapItems(index, WORLD, 8, null));
  });
});

describe('expansionZoom', () => {
  it('is a deeper zoom at which the cluster splits into several markers', () => {
    const index = pointIndex(grid(150));
    let zoom = 8;
    let [cluster] = clusters(mapItems(index, WORLD, zoom, null));
    // Click after click, clusters split until every point stands alone.
    while (cluster && cluster.kind === 'cluster') {
      const next = expansionZoom(index, cluster.clusterId);
      expect(next).toBeGreaterThan(zoom);
      const items = mapItems(index, WORLD, next, null);
      expect(items.length).toBeGreaterThan(1);
      expect(items.reduce((n, item) => n + (item.kind === 'cluster' ? item.count : 1), 0)).toBe(150);
      zoom = next;
      cluster = clusters(items)[0];
    }
    expect(zoom).toBeLessThanOrEqual(CLUSTER_MAX_ZOOM + 1);
  });
});
