import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '@contract/account';
import { statsQuery } from './api';
import { DashboardPage } from './DashboardPage';
import { PERIODS, SCOPES, periodDays, type PeriodName, type Scope } from './periods';
import { loadDashboardTexts } from './texts';

export type DashboardSearch = { period?: PeriodName; scope?: Scope };

/** The address's period and scope as the page takes them: anything else is the defaults (this year, one's own). */
export function dashboardSearch(search: DashboardSearch): { period: PeriodName; scope: Scope } {
  return {
    period: PERIODS.includes(search.period as PeriodName) ? search.period! : 'currentYear',
    scope: SCOPES.includes(search.scope as Scope) ? search.scope! : 'user',
  };
}

/** The route's loader: the texts, and the statistics the page will ask for first. */
export function loadDashboard(context: { queryClient: QueryClient; user: () => User | null }, search: DashboardSearch) {
  const { period, scope: asked } = dashboardSearch(search);
  const user = context.user();
  const scope = asked === 'company' && user?.links.companyTravelStats ? 'company' : 'user';
  const link = scope === 'company' ? user?.links.companyTravelStats : user?.links.travelStats;
  if (link) void context.queryClient.prefetchQuery(statsQuery(scope, link, periodDays(period)));
  return loadDashboardTexts();
}

/** The page at `/account/dashboard`: the period and the scope live in the address. */
export function DashboardRoute({ search }: { search: DashboardSearch }) {
  const navigate = useNavigate();
  const { period, scope } = dashboardSearch(search);
  return (
    <DashboardPage
      period={period}
      scope={scope}
      onChange={(next) =>
        void navigate({
          to: '/account/dashboard',
          search: { period: next.period === 'currentYear' ? undefined : next.period, scope: next.scope === 'user' ? undefined : next.scope },
          replace: true,
        })
      }
    />
  );
}
