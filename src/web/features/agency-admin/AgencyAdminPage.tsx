import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Link } from '@contract/link';
import { ListError, ListLoading } from '@web/components/ListStates';
import { agencyAdminQuery } from './api';
import { BrandingSection } from './BrandingSection';
import { CompaniesSection, type CompanyRulesView } from './CompaniesSection';
import { HistorySection } from './HistorySection';
import { MessagesSection } from './MessagesSection';
import { StaffSection } from './StaffSection';

export const AGENCY_TABS = ['companies', 'staff', 'branding', 'messages', 'history'] as const;
export type AgencyTab = (typeof AGENCY_TABS)[number];

const tabClass =
  'flex min-h-11 items-center rounded-lg border border-gray-300 px-3 font-medium text-gray-900 hover:bg-gray-100 aria-[current=page]:border-brand aria-[current=page]:bg-gray-100 aria-[current=page]:text-brand';

/**
 * `/agency-admin`: the agency's administration — its client companies, staff, branding, messages to
 * travellers and the history of every change, one area at a time (the area is in the address).
 * `companyRules` renders a company's rules with the travel manager's editors (the route gives them).
 */
export function AgencyAdminPage({ link, tab, companyRules }: { link: Link; tab: AgencyTab; companyRules: CompanyRulesView }) {
  const { t } = useLingui();
  const admin = useQuery(agencyAdminQuery(link));
  const labels: Record<AgencyTab, string> = {
    companies: t`Entreprises clientes`,
    staff: t`Équipe de l’agence`,
    branding: t`Apparence`,
    messages: t`Messages aux voyageurs`,
    history: t`Historique`,
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          <Trans>Agence</Trans>
        </h1>
        {admin.data && <p className="text-gray-700">{admin.data.agency.name}</p>}
      </div>
      <nav aria-label={t`Sections de l’agence`}>
        <ul className="flex flex-wrap gap-2">
          {AGENCY_TABS.map((name) => (
            <li key={name}>
              <RouterLink
                to="/agency-admin"
                search={{ tab: name }}
                replace
                className={tabClass}
                aria-current={name === tab ? 'page' : undefined}
                activeOptions={{ includeSearch: true }}
              >
                {labels[name]}
              </RouterLink>
            </li>
          ))}
        </ul>
      </nav>
      {admin.isPending ? (
        <ListLoading label={t`Chargement de l’agence`} rowClass="h-24" testId="agency-admin-skeleton" />
      ) : admin.isError ? (
        <ListError error={admin.error} onRetry={() => void admin.refetch()} />
      ) : tab === 'companies' ? (
        <CompaniesSection link={admin.data.links.agencyCompanies!} rules={companyRules} />
      ) : tab === 'staff' ? (
        <StaffSection link={admin.data.links.agencyStaff!} />
      ) : tab === 'branding' ? (
        <BrandingSection admin={admin.data} />
      ) : tab === 'messages' ? (
        <MessagesSection link={admin.data.links.agencyMessages!} />
      ) : (
        <HistorySection link={admin.data.links.agencyHistory!} />
      )}
    </div>
  );
}
