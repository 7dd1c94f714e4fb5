import { useQuery } from '@tanstack/react-query';
import { api } from './http';
import { useDebounced } from './use-debounced';
import { entries } from '@contract/entries';

export type { Person } from './people-schemas';

export const PEOPLE_DEBOUNCE_MS = 500;
export const PEOPLE_LIMIT = 15;

const schemas = () => import('./people-schemas');

/**
 * Employees (GET /users/) and guests (GET /user/guests) matching `query`: of the user's company, or —
 * for agency staff — of the customer company they book for (`companyId`, spec 1 §7 `company_id`).
 */
export const peopleQuery = (kind: 'profile' | 'guest', query: string, companyId?: string) => ({
  queryKey: ['people', kind, query, companyId ?? null] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(
      `${kind === 'profile' ? entries.colleagues : entries.guests}?query=${encodeURIComponent(query)}&limit=${PEOPLE_LIMIT}${companyId ? `&company_id=${encodeURIComponent(companyId)}` : ''}`,
      () => schemas().then((m) => m.peopleSchema),
      { signal, silent: true },
    ),
});

/**
 * The people matching what the user types (debounced): employees, then guests, each with its URL ref
 * (`profile:<uid>`, `guest:<uid>`); `settled` once both answered the latest query. Of the customer
 * company `companyId` for agency staff; nothing asked while `enabled` is false.
 */
export function usePeopleSearch(search: string, { companyId, enabled = true }: { companyId?: string; enabled?: boolean } = {}) {
  const query = useDebounced(search.trim(), PEOPLE_DEBOUNCE_MS);
  const asked = enabled && query !== '';
  const employees = useQuery({ ...peopleQuery('profile', query, companyId), enabled: asked });
  const guests = useQuery({ ...peopleQuery('guest', query, companyId), enabled: asked });
  const people = [
    ...(employees.data ?? []).map((p) => ({ ...p, kind: 'profile' as const, ref: `profile:${p.uid}` as const })),
    ...(guests.data ?? []).map((p) => ({ ...p, kind: 'guest' as const, ref: `guest:${p.uid}` as const })),
  ];
  const searching = query !== '' && (employees.isFetching || guests.isFetching);
  return { query, people, searching, settled: query !== '' && employees.isSuccess && guests.isSuccess && !searching };
}
