import { createFileRoute, redirect } from '@tanstack/react-router';
import { optionalChoice } from '../lib/search-params';
import type { CompanyTab } from '../features/company-admin/CompanyPage';
import { CompanyPage } from '../features/company-admin/CompanyPage';
import { companyAdminQuery } from '../features/company-admin/api';
import { loadCompanyAdminTexts } from '../features/company-admin/texts';

/** The page's areas (features/company-admin COMPANY_TABS), repeated here: the route tree is on every first load, the feature is not. */
const TABS = ['people', 'entities', 'analytics', 'approvers', 'policy'] as const satisfies readonly CompanyTab[];

/**
 * `/account/company`: the travel manager's company, for users with the permission
 * account_creation (the server says the same: anyone else gets 403). Others land on their data.
 */
export const Route = createFileRoute('/account/company')({
  validateSearch: (search: Record<string, unknown>): { tab?: CompanyTab } => ({ tab: optionalChoice(search, 'tab', TABS) }),
  beforeLoad: ({ context }) => {
    const user = context.user();
    if (user && (!user.company_id || !user.perms.includes('account_creation'))) throw redirect({ to: '/account/informations', replace: true });
  },
  loader: ({ context }) => {
    const companyId = context.user()?.company_id;
    if (companyId) void context.queryClient.prefetchQuery(companyAdminQuery(companyId));
    return loadCompanyAdminTexts();
  },
  component: CompanyRoute,
});

function CompanyRoute() {
  const { tab = 'people' } = Route.useSearch();
  return <CompanyPage tab={tab} />;
}
