import { useLingui } from '@lingui/react/macro';
import type { StaffRole } from '@contract/agency-admin';
import type { PersonStatus } from '@contract/company-admin';

export function useRoleLabels(): Record<StaffRole, string> {
  const { t } = useLingui();
  return { travel_agent: t`Agent de voyage`, assistance_agent: t`Agent d’assistance`, agency_admin: t`Administrateur de l’agence` };
}

export function useStatusLabels(): Record<PersonStatus, string> {
  const { t } = useLingui();
  return { invited: t`invitation envoyée`, active: t`actif`, inactive: t`désactivé` };
}
