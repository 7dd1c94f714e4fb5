import { api } from '../../lib/http';

/** The customer companies agency staff book for (GET /companies/, spec 1 §7: limit 1000), one list filtered as they type. */
export const customerCompaniesQuery = () => ({
  queryKey: ['customer-companies'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get('/companies/?limit=1000', () => import('../../../contract/travelers').then((m) => m.customerCompanySchema.array()), { signal }),
  staleTime: 5 * 60_000,
});
