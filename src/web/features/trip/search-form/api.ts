import { z } from 'zod';
import { placeSchema } from '../../../../contract/places';
import { api } from '../../../lib/http';

export const PLACE_TYPES = 'airport,station,city';
export const PLACE_DEBOUNCE_MS = 300;
export const PEOPLE_DEBOUNCE_MS = 500;
export const PEOPLE_LIMIT = 15;

/** GET /places?q=&types=… — `q` blank gives the default suggestions. */
export const placesQuery = (q: string) => ({
  queryKey: ['places', PLACE_TYPES, q] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(`/places?q=${encodeURIComponent(q)}&types=${PLACE_TYPES}`, z.array(placeSchema), { signal, silent: true }),
});

export const personSchema = z.object({ uid: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

/** Employees (GET /users/) and guests (GET /user/guests) matching `query`. */
export const peopleQuery = (kind: 'profile' | 'guest', query: string) => ({
  queryKey: ['people', kind, query] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(
      `${kind === 'profile' ? '/users/' : '/user/guests'}?query=${encodeURIComponent(query)}&limit=${PEOPLE_LIMIT}`,
      z.array(personSchema),
      { signal, silent: true },
    ),
});
