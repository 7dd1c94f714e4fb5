import { createFileRoute, notFound } from '@tanstack/react-router';
import { optionalChoice } from '../lib/search-params';
import { requireUser } from '../lib/guards';
import type { AgencyTab } from '../features/agency-admin/AgencyAdminPage';
import { AgencyAdminPage } from '../features/agency-admin/AgencyAdminPage';
import { agencyAdminQuery } from '../features/agency-admin/api';
import { loadAgencyAdminTexts } from '../features/agency-admin/texts';
import { CompanyRules } from '../features/company-admin/CompanyRules';
import { loadCompanyAdminTexts } from '../features/company-admin/texts';

/** The page's areas (features/agency-admin AGENCY_TABS), repeated here: the route tree is on every first load, the feature is not. */
const TABS = ['companies', 'staff', 'branding', 'messages', 'history'] as const satisfies readonly AgencyTab[];

/**
 * `/agency-admin`: the agency's administration, for its administrators (the user's `agencyAdmin` link,
 * which the server writes for the permission agency_admin); signed out → home, anyone else → not found.
 */
export const Route = createFileRoute('/agency-admin')({
  validateSearch: (search: Record<string, unknown>): { tab?: AgencyTab } => ({ tab: optionalChoice(search, 'tab', TABS) }),
  beforeLoad: ({ context }) => {
    const { user } = requireUser({ context });
    const agencyAdmin = user.links.agencyAdmin;
    if (!agencyAdmin) throw notFound();
    return { agencyAdmin };
  },
  loader: async ({ context }) => {
    void context.queryClient.prefetchQuery(agencyAdminQuery(context.agencyAdmin));
    // A client company's rules are set with the travel manager's editors (features/company-admin), in their words.
    await Promise.all([loadAgencyAdminTexts(), loadCompanyAdminTexts()]);
  },
  component: AgencyAdminRoute,
});

const companyRules = (companyId: string) => <CompanyRules companyId={companyId} />;

function AgencyAdminRoute() {
  const { tab = 'companies' } = Route.useSearch();
  return <AgencyAdminPage link={Route.useRouteContext().agencyAdmin} tab={tab} companyRules={companyRules} />;
}
