import { api } from './http';
import { entryPath } from '@contract/entries';

/** How long a place field waits after the last keystroke before it asks. */
export const PLACE_DEBOUNCE_MS = 300;

/** Which places a field offers: every kind (the trip search), stations and cities (a rail exchange), or cities (a hotel cap). */
export type PlaceTypes = 'airport,station,city' | 'station,city' | 'city';

/** GET /places?q=&types=… — `q` blank gives the default suggestions. The answer's schema comes with the first call, not with the form. */
export const placesQuery = (q: string, types: PlaceTypes) => ({
  queryKey: ['places', types, q] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(entryPath('places', undefined, `q=${encodeURIComponent(q)}&types=${types}`), () => import('./places-schema').then((m) => m.placesSchema), {
      signal,
      silent: true,
    }),
  // Places do not change while the user types.
  staleTime: 60_000,
});
