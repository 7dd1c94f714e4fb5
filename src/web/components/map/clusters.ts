import Supercluster from 'supercluster';
import type { MapPoint } from './types';

/** Spec 1 §9: the map's first zoom for the search's radius (km). */
export function zoomForRadius(radiusKm: number): number {
  if (radiusKm < 2) return 15;
  if (radiusKm < 5) return 14;
  if (radiusKm < 15) return 12;
  if (radiusKm < 30) return 11;
  return 14;
}

export type ClusterSize = 'small' | 'medium' | 'large';

/** Spec 1 §9: small under 10 points, medium under 100, large otherwise. */
export const clusterSize = (count: number): ClusterSize => (count < 10 ? 'small' : count < 100 ? 'medium' : 'large');

/** Above this zoom every point stands alone (points at the very same place excepted). */
export const CLUSTER_MAX_ZOOM = 16;

/**
 * The points in supercluster's index (each feature knows its point by position in `points`). Radius in
 * pixels of MapLibre's 512-pixel tiles: about a price label's width, so labels seldom overlap.
 */
export type PointIndex = { points: MapPoint[]; clusters: Supercluster<{ i: number }> };

export function pointIndex(points: MapPoint[]): PointIndex {
  const clusters = new Supercluster<{ i: number }>({ radius: 56, maxZoom: CLUSTER_MAX_ZOOM }).load(
    points.map((point, i) => ({ type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: [point.lon, point.lat] } })),
  );
  return { points, clusters };
}

export type MapItem =
  | { kind: 'cluster'; key: string; clusterId: number; lat: number; lon: number; count: number; size: ClusterSize }
  | { kind: 'point'; key: string; lat: number; lon: number; point: MapPoint };

/** [west, south, east, north] in degrees, as the map's bounds. */
export type Bounds = [number, number, number, number];

const pointItem = (point: MapPoint): MapItem => ({ kind: 'point', key: `point:${point.id}`, lat: point.lat, lon: point.lon, point });

/**
 * What the map shows in its bounds at its zoom: clusters and lone points, north to south then west to
 * east (the order keyboard users meet them in). The selected point is always shown on its own, even
 * where its cluster stands, so a selection made in the list is visible on the map.
 */
export function mapItems({ points, clusters }: PointIndex, bounds: Bounds, zoom: number, selectedId: string | null): MapItem[] {
  const items = clusters.getClusters(bounds, Math.floor(zoom)).map((feature): MapItem => {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      const count = props.point_count;
      return { kind: 'cluster', key: `cluster:${props.cluster_id}`, clusterId: props.cluster_id, lat, lon, count, size: clusterSize(count) };
    }
    return pointItem(points[(props as { i: number }).i]!);
  });
  const selected = selectedId === null ? undefined : points.find((p) => p.id === selectedId);
  if (selected && !items.some((item) => item.kind === 'point' && item.point.id === selected.id)) items.push(pointItem(selected));
  return items.sort((a, b) => b.lat - a.lat || a.lon - b.lon);
}

/** The zoom at which a cluster splits into several markers (what clicking it zooms to). */
export const expansionZoom = ({ clusters }: PointIndex, clusterId: number): number => clusters.getClusterExpansionZoom(clusterId);
