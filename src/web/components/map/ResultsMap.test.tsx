import { forwardRef, useEffect, useImperativeHandle, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapPoint, ResultsMapProps } from './types';

/**
 * jsdom has no WebGL: MapLibre is replaced by a map that only knows its view (bounds, zoom) and
 * records the moves it is asked for; the markers and their buttons are the component's own.
 */
const view = vi.hoisted(() => ({ west: 2.2, south: 48.8, east: 2.5, north: 48.9, zoom: 14 }));
const fakeMap = vi.hoisted(() => ({
  getBounds: () => ({
    getWest: () => view.west,
    getSouth: () => view.south,
    getEast: () => view.east,
    getNorth: () => view.north,
    contains: ([lon, lat]: [number, number]) => lon >= view.west && lon <= view.east && lat >= view.south && lat <= view.north,
  }),
  getZoom: () => view.zoom,
  // react-map-gl's handle gives the MapLibre map itself; here, this same fake.
  getMap: (): unknown => fakeMap,
  easeTo: vi.fn(),
  jumpTo: vi.fn(),
  getCanvas: () => document.querySelector<HTMLElement>('[data-testid="canvas"]')!,
}));
const mapProps = vi.hoisted(() => ({ last: {} as Record<string, unknown>, regionsAtCreation: 0 }));

vi.mock('maplibre-gl', () => ({ setWorkerUrl: vi.fn() }));
// The worker's URL is the build's business (a file outside the test's reach when node_modules is linked from elsewhere).
vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?url', () => ({ default: '/maplibre-gl-worker.js' }));
vi.mock('react-map-gl/maplibre', () => {
  type Props = { children: ReactNode; onLoad: (e: unknown) => void; onMoveEnd: (e: unknown) => void; locale: Record<string, string> };
  const MapView = forwardRef<unknown, Props>((props, ref) => {
    mapProps.last = props;
    // As react-map-gl does: the map (its canvas) is created in an effect, and handed over a render later.
    const [created, setCreated] = useState(false);
    useImperativeHandle(ref, () => (created ? fakeMap : (null as unknown)), [created]);
    useEffect(() => {
      mapProps.regionsAtCreation = document.querySelectorAll(`[role=region][aria-label="${props.locale['Map.Title']}"]`).length;
      setCreated(true);
    }, []); // eslint-disable-line react-hooks/exhaustive-deps
    useEffect(() => {
      if (created) props.onLoad({ target: fakeMap });
    }, [created]); // eslint-disable-line react-hooks/exhaustive-deps
    return (
      <div>
        {/* as MapLibre creates it: a region named by the locale's Map.Title */}
        <canvas data-testid="canvas" tabIndex={0} role="region" aria-label={props.locale['Map.Title']} />
        {props.children}
      </div>
    );
  });
  return { default: MapView, Marker: ({ children }: { children: ReactNode }) => <div>{children}</div> };
});

const { default: ResultsMap, MAP_STYLE_URL } = await import('./ResultsMap');

const hotel = (id: string, lat: number, lon: number, price: number): MapPoint => ({ id, lat, lon, label: `${price} €`, name: `Hôtel ${id}, ${price} €` });
const texts: ResultsMapProps['texts'] = {
  region: 'Carte des hôtels',
  cluster: (n) => `${n} hôtels, agrandir`,
  noWebGl: 'Pas de carte',
  tilesFailed: 'Carte indisponible',
};
const base: ResultsMapProps = { points: [], center: { lat: 48.85, lon: 2.35 }, radiusKm: 3, selectedId: null, onSelect: () => {}, texts };

/** The map moved (a drag, a zoom, an ease): MapLibre says so with moveend. */
const moved = (to: Partial<typeof view>) =>
  act(() => {
    Object.assign(view, to);
    (mapProps.last.onMoveEnd as (e: unknown) => void)({ target: fakeMap });
  });

beforeEach(() => {
  Object.assign(view, { west: 2.2, south: 48.8, east: 2.5, north: 48.9, zoom: 14 });
  fakeMap.easeTo.mockClear();
  fakeMap.jumpTo.mockClear();
});
afterEach(() => vi.clearAllMocks());

describe('ResultsMap', () => {
  it('starts on the searched place at the zoom of its radius, on the server’s style, named for assistive tech', () => {
    render(<ResultsMap {...base} radiusKm={20} />);
    expect(mapProps.last).toMatchObject({
      mapStyle: MAP_STYLE_URL,
      initialViewState: { longitude: 2.35, latitude: 48.85, zoom: 11 },
      locale: { 'Map.Title': 'Carte des hôtels' },
    });
    expect(MAP_STYLE_URL).toBe('/map/style.json');
    // one landmark of that name at any time: the canvas as MapLibre creates it, then the one holding the markers
    expect(mapProps.regionsAtCreation).toBe(1);
    expect(screen.getAllByRole('region', { name: 'Carte des hôtels' })).toHaveLength(1);
    expect(screen.getByTestId('canvas').getAttribute('role')).toBe('application');
  });

  it('shows each hotel as a button named by the caller with its price, and selects it on click', async () => {
    const onSelect = vi.fn();
    render(<ResultsMap {...base} points={[hotel('a', 48.86, 2.3, 129), hotel('b', 48.85, 2.4, 95)]} selectedId="b" onSelect={onSelect} />);
    const a = screen.getByRole('button', { name: 'Hôtel a, 129 €' });
    expect(a.textContent).toBe('129 €');
    expect(a.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Hôtel b, 95 €' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(a);
    expect(onSelect).toHaveBeenCalledWith('a');
  });

  it('draws a point without a label as a dot, still named', () => {
    render(<ResultsMap {...base} points={[{ id: 'agency', lat: 48.86, lon: 2.3, name: 'Agence Gare de Lyon' }]} />);
    expect(screen.getByRole('button', { name: 'Agence Gare de Lyon' }).textContent).toBe('');
  });

  it('gathers close hotels into a cluster that says how many, and zooms into it from the keyboard', async () => {
    const points = Array.from({ length: 12 }, (_, i) => hotel(`h${i}`, 48.85 + i * 0.0005, 2.35 + i * 0.0005, 100 + i));
    render(<ResultsMap {...base} points={points} />);
    moved({ zoom: 10 });
    const cluster = screen.getByRole('button', { name: '12 hôtels, agrandir' });
    expect(cluster.textContent).toBe('12');
    expect(cluster.dataset.size).toBe('medium');
    cluster.focus();
    await userEvent.keyboard('{Enter}');
    expect(fakeMap.easeTo).toHaveBeenCalledWith({ center: [expect.closeTo(2.353, 2), expect.closeTo(48.853, 2)], zoom: expect.any(Number) });
    const { zoom } = fakeMap.easeTo.mock.calls[0]![0] as { zoom: number };
    expect(zoom).toBeGreaterThan(10);
    // The keyboard stays on the map while the cluster's button goes away.
    expect(document.activeElement).toBe(screen.getByTestId('canvas'));
    moved({ zoom: 18 });
    expect(screen.queryByRole('button', { name: /agrandir/ })).toBeNull();
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(12);
  });

  it('moves to a hotel selected in the list only when it is off screen, and highlights it', () => {
    const points = [hotel('near', 48.86, 2.35, 120), hotel('far', 48.95, 2.6, 80)];
    const { rerender } = render(<ResultsMap {...base} points={points} />);
    rerender(<ResultsMap {...base} points={points} selectedId="near" />);
    expect(fakeMap.easeTo).not.toHaveBeenCalled();
    rerender(<ResultsMap {...base} points={points} selectedId="far" />);
    expect(fakeMap.easeTo).toHaveBeenCalledWith({ center: [2.6, 48.95] });
    // Shown selected even before the map's move ends.
    expect(screen.getByRole('button', { name: 'Hôtel far, 80 €' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('goes to a new search’s place and zoom', () => {
    const { rerender } = render(<ResultsMap {...base} />);
    rerender(<ResultsMap {...base} center={{ lat: 45.76, lon: 4.84 }} radiusKm={1} />);
    expect(fakeMap.jumpTo).toHaveBeenLastCalledWith({ center: [4.84, 45.76], zoom: 15 });
  });

  it('marks the searched place, and says so over the map when its style or tiles fail, keeping the markers', () => {
    render(<ResultsMap {...base} points={[hotel('a', 48.86, 2.3, 129)]} origin={{ lat: 48.844, lon: 2.374, name: 'Paris Gare de Lyon' }} />);
    expect(screen.getByRole('img', { name: 'Paris Gare de Lyon' })).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => (mapProps.last.onError as (e: unknown) => void)({ type: 'error', error: new Error('404') }));
    expect(within(status).getByText('Carte indisponible')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hôtel a, 129 €' })).toBeTruthy();
  });
});
