import { api } from '../../../lib/http';

export type { Person } from './schemas';

export const PLACE_TYPES = 'airport,station,city';
export const PLACE_DEBOUNCE_MS = 300;
export const PEOPLE_DEBOUNCE_MS = 500;
export const PEOPLE_LIMIT = 15;

const schemas = () => import('./schemas');

/** GET /places?q=&types=… — `q` blank gives the default suggestions. */
export const placesQuery = (q: string) => ({
  queryKey: ['places', PLACE_TYPES, q] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(`/places?q=${encodeURIComponent(q)}&types=${PLACE_TYPES}`, () => schemas().then((m) => m.placesSchema), { signal, silent: true }),
});

/** Employees (GET /users/) and guests (GET /user/guests) matching `query`. */
export const peopleQuery = (kind: 'profile' | 'guest', query: string) => ({
  queryKey: ['people', kind, query] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(
      `${kind === 'profile' ? '/users/' : '/user/guests'}?query=${encodeURIComponent(query)}&limit=${PEOPLE_LIMIT}`,
      () => schemas().then((m) => m.peopleSchema),
      { signal, silent: true },
    ),
});
