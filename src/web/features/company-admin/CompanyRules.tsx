import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ListError, ListLoading } from '@web/components/ListStates';
import { companyAdminQuery } from './api';
import { AnalyticsSection } from './AnalyticsSection';
import { ApproversSection } from './ApproversSection';
import { EntitiesSection } from './EntitiesSection';
import { PolicySection } from './PolicySection';

/**
 * A company's rules — entities, analytics fields, approvers, travel policy — with the travel manager's
 * editors, for the agency's administrator setting up a client company (the /agency-admin route puts
 * it in that area): the server answers them only the rule links.
 */
export function CompanyRules({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const rules = useQuery(companyAdminQuery(companyId));
  if (rules.isPending) return <ListLoading label={t`Chargement des règles de l’entreprise`} rowClass="h-24" testId="company-rules-skeleton" />;
  if (rules.isError) return <ListError error={rules.error} onRetry={() => void rules.refetch()} />;
  return (
    <>
      <EntitiesSection company={rules.data} />
      <AnalyticsSection company={rules.data} />
      <ApproversSection company={rules.data} />
      <PolicySection company={rules.data} />
    </>
  );
}
