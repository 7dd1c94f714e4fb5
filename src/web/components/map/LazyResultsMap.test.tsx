import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ResultsMapProps } from './types';

const props: ResultsMapProps = {
  points: [
    {
      id: 'h1',
      lat: 48.86,
      lon: 2.35,
      label: '129 €',
      name: 'Hôtel Lumière, 129 €',
    },
  ],
  center: { lat: 48.86, lon: 2.35 },
  radiusKm: 3,
  selectedId: null,
  onSelect: () => {},
  texts: {
    region: 'Carte des hôtels',
    cluster: (count) => `${count} hôtels`,
    noWebGl: 'Votre navigateur ne peut pas afficher la carte : les hôtels sont dans la liste.',
    tilesFailed: 'La carte n’a pas pu se charger : les hôtels sont dans la liste.',
  },
};

/** A fresh LazyResultsMap (its WebGL check is made once per page) in a browser with or without WebGL 2. */
async function lazyMap(webGl2: boolean) {
  vi.resetModules();
  const lose = vi.fn();
  const probe = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(((kind: string) => (webGl2 && kind === 'webgl2' ? { getExtension: () => ({ loseContext: lose }) } : null)) as never);
  const module = await import('./LazyResultsMap');
  return { ...module, probe, lose };
}

afterEach(() => {
  vi.doUnmock('./ResultsMap');
  vi.unstubAllGlobals();
});

describe('LazyResultsMap', () => {
  it('without WebGL 2 says so instead of the map, and never loads the map', async () => {
    const loaded = vi.fn();
    vi.doMock('./ResultsMap', () => {
      loaded();
      return { default: () => null };
    });
    const { LazyResultsMap, canDrawMaps, probe } = await lazyMap(false);
    render(<LazyResultsMap {...props} />);
    expect(screen.getByText(props.texts.noWebGl)).toBeTruthy();
    expect(loaded).not.toHaveBeenCalled();
    // Asked once per page.
    canDrawMaps();
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('with WebGL 2 shows a placeholder of its size, then the map with the caller’s props', async () => {
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (release = resolve));
    vi.doMock('./ResultsMap', async () => {
      await ready;
      return {
        default: (p: ResultsMapProps) => (
          <div role="region" aria-label={p.texts.region}>
            {p.points.map((point) => point.name).join()}
          </div>
        ),
      };
    });
    const { LazyResultsMap, lose } = await lazyMap(true);
    render(<LazyResultsMap {...props} />);
    expect(screen.getByTestId('map-skeleton')).toBeTruthy();
    expect(lose).toHaveBeenCalled(); // the probe's context is given back
    release();
    expect((await screen.findByRole('region', { name: 'Carte des hôtels' })).textContent).toBe('Hôtel Lumière, 129 €');
    expect(screen.queryByTestId('map-skeleton')).toBeNull();
  });

  it('says the map failed when its code does not load, and the rest of the screen stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    vi.doMock('./ResultsMap', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { LazyResultsMap } = await lazyMap(true);
    render(
      <>
        <ul aria-label="Hôtels">
          <li>Hôtel Lumière</li>
        </ul>
        <LazyResultsMap {...props} />
      </>,
    );
    expect(await screen.findByText(props.texts.tilesFailed)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Hôtels' })).toBeTruthy();
  });

  it('below the fold, loads the map only once the user scrolls near it', async () => {
    const loaded = vi.fn();
    vi.doMock('./ResultsMap', () => {
      loaded();
      return {
        default: (p: ResultsMapProps) => <div role="region" aria-label={p.texts.region} />,
      };
    });
    // The browser's observer, told by the test when the placeholder comes within a screen of the viewport.
    let comeNear!: () => void;
    let margin: string | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          margin = options?.rootMargin;
          comeNear = () => callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        observe() {}
        disconnect() {}
      },
    );
    const { LazyResultsMap } = await lazyMap(true);
    render(<LazyResultsMap {...props} />);
    // Watching for the map to come near, not loading it yet.
    await waitFor(() => expect(margin).toBe('100% 0px'));
    expect(screen.getByTestId('map-skeleton')).toBeTruthy();
    expect(loaded).not.toHaveBeenCalled();
    act(() => comeNear());
    expect(await screen.findByRole('region', { name: 'Carte des hôtels' })).toBeTruthy();
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
