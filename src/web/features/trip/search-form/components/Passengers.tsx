import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import UserPlus from 'lucide-react/icons/user-plus';
import X from 'lucide-react/icons/x';
import type { User } from '../../../../../contract/account';
import { PEOPLE_DEBOUNCE_MS, peopleQuery } from '../api';
import { useDebounced } from '../../../../lib/use-debounced';
import type { AgeBand, Passenger } from '../validation';
import { AGE_BANDS, DEFAULT_AGE_BAND, MAX_PASSENGERS } from '../validation';

export function useAgeBandLabel() {
  const { t } = useLingui();
  return (band: AgeBand) =>
    ({ '0-3': t`0 à 3 ans`, '4-29': t`4 à 29 ans`, '30-59': t`30 à 59 ans`, '60+': t`60 ans et plus` })[band];
}

/** A passenger as shown: the user, a named colleague or guest, or an unnamed traveller and its age band. */
export function usePassengerLabel(user: User | null) {
  const { t } = useLingui();
  const band = useAgeBandLabel();
  return (p: Passenger) => {
    if (p.ref === 'me') return user ? t`Moi (${user.firstname} ${user.lastname})` : t`Moi`;
    if (p.ref.startsWith('age:')) return t`Voyageur, ${band(p.ref.slice(4) as AgeBand)}`;
    return p.name ?? p.ref;
  };
}

type Props = {
  pax: Passenger[];
  onChange: (pax: Passenger[]) => void;
  /** A 10th passenger was asked for. */
  onTooMany: () => void;
  user: User | null;
};

/** The passengers panel: the list, an unnamed traveller by age band, and (signed in) colleagues and guests by name. */
export function PassengersPanel({ pax, onChange, onTooMany, user }: Props) {
  const { t } = useLingui();
  const label = usePassengerLabel(user);
  const bandLabel = useAgeBandLabel();
  const [band, setBand] = useState<AgeBand>(DEFAULT_AGE_BAND);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), PEOPLE_DEBOUNCE_MS);
  const employees = useQuery({ ...peopleQuery('profile', query), enabled: !!user && query !== '' });
  const guests = useQuery({ ...peopleQuery('guest', query), enabled: !!user && query !== '' });
  const bandId = useId();
  const searchId = useId();

  const add = (p: Passenger) => {
    if (pax.length >= MAX_PASSENGERS) return onTooMany();
    if (pax.some((x) => x.ref === p.ref && !p.ref.startsWith('age:'))) return;
    onChange([...pax, p]);
  };
  const people = [
    ...(employees.data ?? []).map((p) => ({ ...p, ref: `profile:${p.uid}` })),
    ...(guests.data ?? []).map((p) => ({ ...p, ref: `guest:${p.uid}` })),
  ].filter((p) => !pax.some((x) => x.ref === p.ref));
  const searching = query !== '' && (employees.isFetching || guests.isFetching);

  return (
    <div className="space-y-5">
      <h2 className="font-semibold text-gray-900">{t`Passagers (${pax.length} sur ${MAX_PASSENGERS})`}</h2>
      <ul className="space-y-2" aria-label={t`Passagers`}>
        {pax.map((p, i) => (
          <li key={`${p.ref}-${i}`} className="flex items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-1">
            <span>{label(p)}</span>
            <button
              type="button"
              aria-label={t`Retirer ${label(p)}`}
              onClick={() => onChange(pax.filter((_, j) => j !== i))}
              className="flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
            >
              <X aria-hidden="true" size={18} />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={bandId} className="mb-1 block font-medium text-gray-900">
            {t`Tranche d’âge`}
          </label>
          <select
            id={bandId}
            value={band}
            onChange={(e) => setBand(e.target.value as AgeBand)}
            className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3"
          >
            {AGE_BANDS.map((b) => (
              <option key={b} value={b}>
                {bandLabel(b)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={() => add({ ref: `age:${band}`, name: null, hasBirthdate: false })}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-400 bg-white px-3 font-semibold hover:bg-gray-100"
        >
          <UserPlus aria-hidden="true" size={18} />
          {t`Ajouter un voyageur`}
        </button>
      </div>
      {user && (
        <div>
          <label htmlFor={searchId} className="mb-1 block font-medium text-gray-900">
            {t`Ajouter un collègue ou un invité`}
          </label>
          <input
            id={searchId}
            type="search"
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t`Nom ou e-mail`}
            className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3"
          />
          <p role="status" className="mt-1 text-sm text-gray-700">
            {searching ? t`Recherche…` : query !== '' && people.length === 0 ? t`Aucun résultat` : ''}
          </p>
          {people.length > 0 && (
            <ul className="mt-1 space-y-1">
              {people.map((p) => (
                <li key={p.ref}>
                  <button
                    type="button"
                    onClick={() => add({ ref: p.ref, name: `${p.firstname} ${p.lastname}`, hasBirthdate: false })}
                    className="flex min-h-11 w-full flex-col items-start rounded-lg px-3 py-1 text-left hover:bg-gray-100"
                  >
                    <span className="font-medium">{t`Ajouter ${p.firstname} ${p.lastname}`}</span>
                    <span className="text-sm text-gray-600">
                      {p.email} · {p.ref.startsWith('guest:') ? t`invité` : t`collègue`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
