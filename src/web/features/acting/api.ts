import { api } from '@web/lib/http';
import { entryPath } from '@contract/entries';

/** The customer companies agency staff book for (GET /companies/, spec 1 §7: limit 1000), one list filtered as they type. */
export const customerCompaniesQuery = () => ({
  queryKey: ['customer-companies'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(entryPath('customerCompanies', undefined, 'limit=1000'), () => import('@contract/travelers').then((m) => m.customerCompanySchema.array()), {
      signal,
    }),
  staleTime: 5 * 60_000,
});
