import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ResultsMapProps } from './types';

// MapLibre, react-map-gl and supercluster (~300 KB gzip, and a worker) load with the first map only,
// or ahead of it on a results screen (preloadResultsMap).
const loadResultsMap = () => import('./ResultsMap');
const ResultsMap = lazy(loadResultsMap);

/**
 * Fetches the map's code once the browser is idle: a results screen asks for it when its list shows, so
 * that turning the map on draws it at once rather than after 300 KB more. Nothing where no map can be drawn.
 */
export function preloadResultsMap() {
  if (typeof window === 'undefined' || !canDrawMaps()) return;
  const load = () => void loadResultsMap().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3_000 });
  else setTimeout(load, 500);
}

let webGl2: boolean | undefined;

/**
 * Whether this browser can draw the map: MapLibre 6 needs WebGL 2. Asked once per page; the probe's
 * context is released at once (browsers keep only a few).
 */
export function canDrawMaps(): boolean {
  if (webGl2 === undefined) {
    try {
      const gl = document.createElement('canvas').getContext('webgl2');
      webGl2 = gl !== null;
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      webGl2 = false;
    }
  }
  return webGl2;
}

const NOTE = 'rounded-lg border border-gray-300 bg-gray-50 px-4 py-3 text-gray-900';

/** The map's code that did not load (offline, a new deployment): a note in its place, the screen goes on. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The results map as screens use it: fills its parent (which gives it a size), shows a grey shape of
 * that size while the map's code loads, and a note instead of the map where the browser cannot draw
 * one; the caller's list stays the way to the results either way.
 */
export function LazyResultsMap(props: ResultsMapProps) {
  const near = useNearViewport();
  if (!canDrawMaps()) return <p className={NOTE}>{props.texts.noWebGl}</p>;
  const skeleton = (
    <div
      ref={near.ref}
      aria-hidden="true"
      data-testid="map-skeleton"
      className="h-full w-full animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none"
    />
  );
  if (!near.seen) return skeleton;
  return (
    <MapBoundary fallback={<p className={NOTE}>{props.texts.tilesFailed}</p>}>
      <Suspense fallback={skeleton}>
        <ResultsMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}

/**
 * Whether the element has come within a screen of the viewport (once true, it stays): a map below the list
 * on a phone loads when the user scrolls towards it, not with the page (MapLibre's code is a long task).
 */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}
