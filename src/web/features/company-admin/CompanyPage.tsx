import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ListError, ListLoading } from '@web/components/ListStates';
import { SectionTabs } from '@web/components/SectionTabs';
import { useUser } from '@web/lib/me';
import { companyAdminQuery } from './api';
import { AnalyticsSection } from './AnalyticsSection';
import { ApproversSection } from './ApproversSection';
import { EntitiesSection } from './EntitiesSection';
import { PeopleSection } from './PeopleSection';
import { PolicySection } from './PolicySection';

export const COMPANY_TABS = ['people', 'entities', 'analytics', 'approvers', 'policy'] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];

/**
 * `/account/company`: the travel manager's company — its people, entities, analytics
 * fields, approvers and travel policy, one area at a time (the area is in the address).
 */
export function CompanyPage({ tab }: { tab: CompanyTab }) {
  const { t } = useLingui();
  const user = useUser();
  const company = useQuery({ ...companyAdminQuery(user?.company_id ?? ''), enabled: Boolean(user?.company_id) });
  const labels: Record<CompanyTab, string> = {
    people: t`Collaborateurs et invités`,
    entities: t`Entités`,
    analytics: t`Champs analytiques`,
    approvers: t`Valideurs`,
    policy: t`Politique de voyage`,
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          <Trans>Mon entreprise</Trans>
        </h1>
        {company.data && <p className="text-gray-700">{company.data.company.name}</p>}
      </div>
      <SectionTabs label={t`Sections de mon entreprise`} to="/account/company" tabs={COMPANY_TABS} labels={labels} current={tab} />
      {company.isPending ? (
        <ListLoading label={t`Chargement de votre entreprise`} rowClass="h-24" testId="company-skeleton" />
      ) : company.isError ? (
        <ListError error={company.error} onRetry={() => void company.refetch()} />
      ) : tab === 'people' ? (
        <PeopleSection company={company.data} />
      ) : tab === 'entities' ? (
        <EntitiesSection company={company.data} />
      ) : tab === 'analytics' ? (
        <AnalyticsSection company={company.data} />
      ) : tab === 'approvers' ? (
        <ApproversSection company={company.data} />
      ) : (
        <PolicySection company={company.data} />
      )}
    </div>
  );
}
