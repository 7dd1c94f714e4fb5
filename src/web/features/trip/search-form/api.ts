import { api } from '../../../lib/http';

export type { Person } from './schemas';

export const PEOPLE_DEBOUNCE_MS = 500;
export const PEOPLE_LIMIT = 15;

const schemas = () => import('./schemas');

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
