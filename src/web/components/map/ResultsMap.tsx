import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibre from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import MapView, { Marker, type MapRef } from 'react-map-gl/maplibre';
import { expansionZoom, mapItems, pointIndex, zoomForRadius, type Bounds, type ClusterSize, type MapItem } from './clusters';
import type { ResultsMapProps } from './types';

// Vite cannot see the URL MapLibre would build for its worker: the file is one of ours (CSP worker-src 'self').
maplibre.setWorkerUrl(workerUrl);

/** The style: the server's offline basemap, or the deployment's MAP_STYLE_URL it redirects to (src/server/features/map). */
export const MAP_STYLE_URL = '/map/style.json';

type View = { bounds: Bounds; zoom: number };
const viewOf = (map: maplibre.Map): View => {
  const b = map.getBounds();
  return { bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
};

const CLUSTER_CLASS: Record<ClusterSize, string> = { small: 'size-9 text-sm', medium: 'size-11 text-base', large: 'size-13 text-lg' };
const MARKER = 'inline-flex items-center justify-center rounded-full border-2 font-semibold shadow-md transition-transform motion-reduce:transition-none';
const IDLE = 'border-gray-700 bg-white text-gray-900 hover:bg-gray-100';
const SELECTED = 'scale-110 border-white bg-accent text-white ring-2 ring-accent';

/**
 * The results on a MapLibre map (react-map-gl), clustered with supercluster: every cluster and point
 * is a button in a marker, so the keyboard reaches them and they have names. A cluster zooms in; a
 * point selects its result (`aria-pressed` on the selected one). A selection made elsewhere (the list)
 * is highlighted, and the map moves to it when it is off screen. Loaded lazily (LazyResultsMap).
 */
export default function ResultsMap({ points, center, radiusKm, selectedId, onSelect, texts, origin }: ResultsMapProps) {
  const mapRef = useRef<MapRef>(null);
  const index = useMemo(() => pointIndex(points), [points]);
  const [view, setView] = useState<View | null>(null);
  const [failed, setFailed] = useState(false);
  const items = useMemo(() => (view ? mapItems(index, view.bounds, view.zoom, selectedId) : []), [index, view, selectedId]);

  // A new search (another place or radius) starts from its own view, as the first one did.
  const zoom = zoomForRadius(radiusKm);
  useEffect(() => {
    mapRef.current?.jumpTo({ center: [center.lon, center.lat], zoom });
  }, [center.lat, center.lon, zoom]);

  // A point selected in the list comes into view (eased; MapLibre skips the motion when reduced motion is asked).
  useEffect(() => {
    const map = mapRef.current;
    const point = selectedId === null ? undefined : points.find((p) => p.id === selectedId);
    if (map && point && !map.getBounds().contains([point.lon, point.lat])) map.easeTo({ center: [point.lon, point.lat] });
  }, [selectedId, points]);

  const expand = (item: Extract<MapItem, { kind: 'cluster' }>) => {
    const map = mapRef.current;
    if (!map) return;
    map.easeTo({ center: [item.lon, item.lat], zoom: expansionZoom(index, item.clusterId) });
    // The cluster's button goes away: the keyboard stays on the map, the next Tab reaches its markers.
    map.getCanvas().focus({ preventScroll: true });
  };

  // MapLibre makes its canvas a region of the same name at its creation, a render before react-map-gl hands
  // the map over: one landmark is enough, so this one (which holds the markers) takes the role only once the
  // canvas, the keyboard's pan and zoom surface, has given it up.
  const [canvasDemoted, setCanvasDemoted] = useState(false);
  const firstView = useRef(false);
  const setMapRef = useCallback((map: MapRef | null) => {
    mapRef.current = map;
    if (!map) return;
    map.getCanvas().setAttribute('role', 'application');
    setCanvasDemoted(true);
    // The markers need the view only, not the basemap: they show while its style and shapes still load.
    if (!firstView.current) {
      firstView.current = true;
      setView(viewOf(map.getMap()));
    }
  }, []);

  return (
    <div {...(canvasDemoted && { role: 'region', 'aria-label': texts.region })} className="relative h-full w-full">
      <MapView
        ref={setMapRef}
        mapLib={maplibre}
        mapStyle={MAP_STYLE_URL}
        initialViewState={{ longitude: center.lon, latitude: center.lat, zoom }}
        locale={{ 'Map.Title': texts.region }}
        maxZoom={18}
        dragRotate={false}
        touchPitch={false}
        pitchWithRotate={false}
        style={{ width: '100%', height: '100%' }}
        onLoad={(e) => {
          // Again once loaded: a map react-map-gl created anew (a remount) gets MapLibre's region role back.
          e.target.getCanvas().setAttribute('role', 'application');
          setView(viewOf(e.target));
        }}
        onMoveEnd={(e) => setView(viewOf(e.target))}
        onError={() => setFailed(true)}
      >
        {/* Drawn here, not lucide's map-pin: that one rides in the first visit's app chunk, which would grow by an export for this chunk. */}
        {origin && (
          <Marker longitude={origin.lon} latitude={origin.lat} anchor="bottom" style={{ zIndex: 0 }}>
            <svg role="img" aria-label={origin.name} width="32" height="32" viewBox="0 0 24 24" className="block text-gray-900 drop-shadow">
              <path
                d="M20 10c0 5-5.5 10.2-7.4 11.8a1 1 0 0 1-1.2 0C9.5 20.2 4 15 4 10a8 8 0 0 1 16 0"
                fill="white"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinejoin="round"
              />
              <circle cx="12" cy="10" r="3" fill="currentColor" />
            </svg>
          </Marker>
        )}
        {items.map((item) => {
          if (item.kind === 'cluster')
            return (
              <Marker key={item.key} longitude={item.lon} latitude={item.lat} anchor="center" style={{ zIndex: 1 }}>
                <button
                  type="button"
                  data-size={item.size}
                  aria-label={texts.cluster(item.count)}
                  onClick={() => expand(item)}
                  className={`${MARKER} ${CLUSTER_CLASS[item.size]} border-white bg-brand text-brand-contrast hover:bg-brand-strong`}
                >
                  {item.count}
                </button>
              </Marker>
            );
          const { point } = item;
          const selected = point.id === selectedId;
          return (
            <Marker key={item.key} longitude={item.lon} latitude={item.lat} anchor="center" style={{ zIndex: selected ? 3 : 2 }}>
              <button
                type="button"
                aria-label={point.name}
                aria-pressed={selected}
                onClick={() => onSelect(point.id)}
                className={`${MARKER} ${point.label ? 'min-h-8 px-2.5 text-sm' : 'size-8'} ${selected ? SELECTED : IDLE}`}
              >
                {point.label ?? <span aria-hidden="true" className="block size-3 rounded-full bg-current" />}
              </button>
            </Marker>
          );
        })}
      </MapView>
      <div role="status" className="pointer-events-none absolute inset-x-2 top-2 flex justify-center">
        {failed && <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 shadow">{texts.tilesFailed}</p>}
      </div>
    </div>
  );
}
