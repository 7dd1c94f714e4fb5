import { useLingui } from '@lingui/react/macro';
import type { User } from '@contract/account';
import type { AgeBand, Passenger } from '@web/lib/passengers';
import { isBlank } from '@web/lib/passengers';

export function useAgeBandLabel() {
  const { t } = useLingui();
  return (band: AgeBand) => ({ '0-3': t`0 à 3 ans`, '4-29': t`4 à 29 ans`, '30-59': t`30 à 59 ans`, '60+': t`60 ans et plus` })[band];
}

/** A passenger as shown: the user, a named colleague or guest, or an unnamed traveller and its age band. */
export function usePassengerLabel(user: User | null) {
  const { t } = useLingui();
  const band = useAgeBandLabel();
  return (p: Passenger) => {
    if (p.ref === 'me') return user ? t`Moi (${user.firstname} ${user.lastname})` : t`Moi`;
    if (isBlank(p)) return t`Voyageur à choisir`;
    if (p.ref.startsWith('age:')) return t`Voyageur, ${band(p.ref.slice(4) as AgeBand)}`;
    return p.name ?? p.ref;
  };
}
