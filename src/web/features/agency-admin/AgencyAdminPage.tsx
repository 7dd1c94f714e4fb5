import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Link } from '@contract/link';
import { ListError, ListLoading } from '@web/components/ListStates';
import { SectionTabs } from '@web/components/SectionTabs';
import { agencyAdminQuery } from './api';
import { BrandingSection } from './BrandingSection';
import { CompaniesSection, type CompanyRulesView } from './CompaniesSection';
import { HistorySection } from './HistorySection';
import { MessagesSection } from './MessagesSection';
import { StaffSection } from './StaffSection';

export const AGENCY_TABS = ['companies', 'staff', 'branding', 'messages', 'history'] as const;
export type AgencyTab = (typeof AGENCY_TABS)[number];

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
      <SectionTabs label={t`Sections de l’agence`} to="/agency-admin" tabs={AGENCY_TABS} labels={labels} current={tab} />
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
