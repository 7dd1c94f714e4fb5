import { queryOptions } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import { follow } from '@web/lib/follow';
import type { PeriodDays, Scope } from './periods';

/** The dashboard's statistics: the user's `travelStats` link, or their company's `companyTravelStats`, with the period's days. */
export const dashboardKeys = { all: ['dashboard'] as const };

export const statsQuery = (scope: Scope, link: Link, days: PeriodDays) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, scope, link.href, days.beginPeriod, days.endPeriod] as const,
    queryFn: ({ signal }) => {
      const href = `${link.href}?${new URLSearchParams(days)}`;
      return scope === 'company'
        ? follow('companyTravelStats', { ...link, href }, undefined, { signal })
        : follow('travelStats', { ...link, href }, undefined, { signal });
    },
    // Another period keeps the figures on screen until its own arrive.
    placeholderData: (previous) => previous,
  });
