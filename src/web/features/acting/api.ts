import { queryOptions } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import { follow } from '@web/lib/follow';

/**
 * The customer companies agency staff book for: the user's `listCustomerCompanies` link, followed as
 * the server wrote it (it answers up to 1000 by default, spec 1 §7), one list filtered as they type.
 */
export const customerCompaniesQuery = (link: Link) =>
  queryOptions({
    queryKey: ['customer-companies', link.href] as const,
    queryFn: ({ signal }) => follow('listCustomerCompanies', link, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
