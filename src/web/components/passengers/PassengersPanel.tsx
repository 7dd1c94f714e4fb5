import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import UserPlus from 'lucide-react/icons/user-plus';
import X from 'lucide-react/icons/x';
import type { User } from '@contract/account';
import { useBookingFor } from '@web/lib/acting';
import { useFeatures } from '@web/lib/features';
import { usePeopleSearch } from '@web/lib/people';
import type { AgeBand, Passenger } from '@web/lib/passengers';
import { AGE_BANDS, DEFAULT_AGE_BAND, MAX_PASSENGERS, isBlank } from '@web/lib/passengers';
import { useAgeBandLabel, usePassengerLabel } from './labels';

type Props = {
  pax: Passenger[];
  onChange: (pax: Passenger[]) => void;
  /** A 10th passenger was asked for. */
  onTooMany: () => void;
  user: User | null;
};

/**
 * The passengers panel: the list, an unnamed traveller by age band, and (signed in) colleagues and guests
 * by name — for agency staff, the customer company's employees and guests (spec 1 §6, §7 `company_id`).
 * The agency's flags and the company's config decide what may change (spec 1 §3, §6):
 * enablePassengerSearchTrip (the search by name), enableAddPassengerByAgent (an assistance agent adds and
 * removes passengers), autoSelectPassengerOnSearch (a search that finds one person adds them),
 * hasMultipaxSearchDisabled (one passenger only). A travel manager (account_creation) creates passengers.
 */
export function PassengersPanel({ pax, onChange, onTooMany, user }: Props) {
  const { t } = useLingui();
  const label = usePassengerLabel(user);
  const bandLabel = useAgeBandLabel();
  const features = useFeatures();
  const booking = useBookingFor(user);
  const editable = !user?.perms.includes('assistance_agent') || features.enableAddPassengerByAgent;
  const creates = !booking.staff && !!user?.perms.includes('account_creation');
  const single = !!booking.company?.hasMultipaxSearchDisabled;
  // Staff search the people of the company they book for, once they chose it.
  const searchable = !!user && editable && features.enablePassengerSearchTrip && (!booking.staff || !!booking.customerId);
  const companyId = booking.staff ? booking.customerId : undefined;
  const [band, setBand] = useState<AgeBand>(DEFAULT_AGE_BAND);
  const [search, setSearch] = useState('');
  const [refused, setRefused] = useState(false);
  const [autoAdded, setAutoAdded] = useState<string | null>(null);
  const { query, people: found, searching, settled } = usePeopleSearch(search, { companyId, enabled: searchable });
  const bandId = useId();
  const searchId = useId();

  const add = (p: Passenger) => {
    if (pax.some((x) => x.ref === p.ref && !p.ref.startsWith('age:'))) return false;
    // A person named takes the place of an assistance agent's blank passenger.
    const next = [...(p.name ? pax.filter((x) => !isBlank(x)) : pax), p];
    if (single && next.length > 1) {
      setRefused(true);
      return false;
    }
    if (next.length > MAX_PASSENGERS) {
      onTooMany();
      return false;
    }
    setRefused(false);
    onChange(next);
    return true;
  };
  const people = found.filter((p) => !pax.some((x) => x.ref === p.ref));
  // The last people the user booked for (spec 1: at most 10, kept by the server at each booking), one click away.
  const recent =
    searchable && !booking.staff
      ? (user?.last_travelers ?? [])
          .filter((r) => r.uid !== user?.uid)
          .map((r) => ({ ref: `${r.type === 'guest' ? 'guest' : 'profile'}:${r.uid}`, name: `${r.firstname} ${r.lastname}` }))
          .filter((r) => !pax.some((x) => x.ref === r.ref))
      : [];

  // autoSelectPassengerOnSearch: a search that finds exactly one person adds them.
  const onlyOne = settled && found.length === 1 ? found[0]!.ref : null;
  const addFound = useEffectEvent((ref: string) => {
    const person = found.find((p) => p.ref === ref);
    if (!person) return;
    const name = `${person.firstname} ${person.lastname}`;
    if (!add({ ref, name, hasBirthdate: false })) return;
    setSearch('');
    setAutoAdded(name);
  });
  useEffect(() => {
    if (features.autoSelectPassengerOnSearch && onlyOne) addFound(onlyOne);
  }, [features.autoSelectPassengerOnSearch, onlyOne]);

  const remove = (i: number) => {
    setRefused(false);
    onChange(pax.filter((_, j) => j !== i));
  };
  let status = '';
  if (searching) status = t`Recherche…`;
  else if (query !== '' && search !== '' && people.length === 0) status = t`Aucun résultat`;
  else if (autoAdded && search === '') status = t`${autoAdded} a été ajouté aux passagers.`;

  return (
    <div className="space-y-5">
      <h2 className="font-semibold text-gray-900">{single ? t`Passager (1 au plus)` : t`Passagers (${pax.length} sur ${MAX_PASSENGERS})`}</h2>
      <ul className="space-y-2" aria-label={t`Passagers`}>
        {pax.map((p, i) => (
          <li key={`${p.ref}-${i}`} className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-1">
            <span>{label(p)}</span>
            {editable && (
              <button
                type="button"
                aria-label={t`Retirer ${label(p)}`}
                onClick={() => remove(i)}
                className="flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
              >
                <X aria-hidden="true" size={18} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {pax.some(isBlank) && <p className="text-sm text-gray-700">{t`Choisissez d’abord le voyageur pour qui vous réservez.`}</p>}
      {single && <p className="text-sm text-gray-700">{t`Votre entreprise limite la recherche à un seul passager.`}</p>}
      {refused && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t`Un seul passager par recherche : retirez celui-ci pour en choisir un autre.`}
        </p>
      )}
      {!editable && <p className="text-gray-800">{t`Votre agence ne permet pas d’ajouter ou de retirer des passagers.`}</p>}
      {editable && (
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
            {creates ? t`Créer un voyageur` : t`Ajouter un voyageur`}
          </button>
        </div>
      )}
      {recent.length > 0 && (
        <div>
          <h3 className="mb-1 font-medium text-gray-900">{t`Voyageurs récents`}</h3>
          <ul className="flex flex-wrap gap-2">
            {recent.map((r) => (
              <li key={r.ref}>
                <button
                  type="button"
                  onClick={() => add({ ref: r.ref, name: r.name, hasBirthdate: false })}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-gray-400 bg-white px-3 hover:bg-gray-100"
                >
                  <UserPlus aria-hidden="true" size={16} />
                  {t`Ajouter ${r.name}`}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {searchable && (
        <div>
          <label htmlFor={searchId} className="mb-1 block font-medium text-gray-900">
            {booking.staff
              ? t`Ajouter un employé ou un invité du client`
              : creates
                ? t`Créer un passager parmi vos collègues et invités`
                : t`Ajouter un collègue ou un invité`}
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
            {status}
          </p>
          {people.length > 0 && search !== '' && (
            <ul className="mt-1 space-y-1">
              {people.map((p) => (
                <li key={p.ref}>
                  <button
                    type="button"
                    onClick={() => add({ ref: p.ref, name: `${p.firstname} ${p.lastname}`, hasBirthdate: false })}
                    className="flex min-h-11 w-full flex-col items-start rounded-lg px-3 py-1 text-left hover:bg-gray-100"
                  >
                    <span className="font-medium">{creates ? t`Créer le passager ${p.firstname} ${p.lastname}` : t`Ajouter ${p.firstname} ${p.lastname}`}</span>
                    <span className="text-sm text-gray-600">
                      {p.email} · {p.ref.startsWith('guest:') ? t`invité` : booking.staff ? t`employé` : t`collègue`}
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
