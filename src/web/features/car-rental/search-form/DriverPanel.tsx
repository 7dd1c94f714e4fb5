import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Check from 'lucide-react/icons/check';
import type { User } from '@contract/account';
import { useBookingFor } from '@web/lib/acting';
import { usePeopleSearch } from '@web/lib/people';
import type { DriverChoice } from './validation';

/** The driver as the form shows it. */
export function useDriverLabel(user: User | null) {
  const { t } = useLingui();
  return (driver: DriverChoice | null) => {
    if (!driver) return t`Choisir un conducteur`;
    if (driver.ref === 'me') return user ? t`Moi (${user.firstname} ${user.lastname})` : t`Moi`;
    return driver.name ?? driver.ref;
  };
}

type Props = { value: DriverChoice | null; onChange: (driver: DriverChoice) => void; user: User | null; onConfirm: () => void };

/**
 * The driver panel (spec 1 §2 "Search side panel"): the user, or a colleague or guest they may book for,
 * found by name; for agency staff, an employee or guest of the customer company they book for (never
 * themselves).
 */
export function DriverPanel({ value, onChange, user, onConfirm }: Props) {
  const { t } = useLingui();
  const label = useDriverLabel(user);
  const booking = useBookingFor(user);
  const searchable = !!user && (!booking.staff || !!booking.customerId);
  const companyId = booking.staff ? booking.customerId : undefined;
  const [search, setSearch] = useState('');
  const found = usePeopleSearch(search, { companyId, enabled: searchable });
  const { query, searching } = found;
  const searchId = useId();
  const people: DriverChoice[] = found.people.map((p) => ({ ref: p.ref, name: `${p.firstname} ${p.lastname}` }));
  const me: DriverChoice[] = user && !booking.staff ? [{ ref: 'me', name: null }] : [];
  const choices: DriverChoice[] = [...me, ...(value && value.ref !== 'me' ? [value] : []), ...people.filter((p) => p.ref !== value?.ref)];

  return (
    <div className="space-y-4">
      <h2 className="font-semibold text-gray-900">{t`Conducteur`}</h2>
      {!user && <p className="text-gray-800">{t`Connectez-vous pour choisir le conducteur.`}</p>}
      {booking.staff && !booking.customerId && <p className="text-gray-800">{t`Choisissez d’abord l’entreprise et le voyageur pour qui vous réservez.`}</p>}
      {choices.length > 0 && (
        <ul className="space-y-1" aria-label={t`Conducteurs`}>
          {choices.map((c) => {
            const chosen = value?.ref === c.ref;
            return (
              <li key={c.ref}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => onChange(c)}
                  className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border px-3 text-left ${chosen ? 'border-brand bg-brand/10 font-semibold' : 'border-gray-300 hover:bg-gray-50'}`}
                >
                  {label(c)}
                  {chosen && <Check aria-hidden="true" size={18} className="text-brand" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {searchable && (
        <div>
          <label htmlFor={searchId} className="mb-1 block font-medium text-gray-900">
            {booking.staff ? t`Un employé ou un invité du client` : t`Un collègue ou un invité`}
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
        </div>
      )}
      <button type="button" className="min-h-11 w-full rounded-lg border border-gray-400 px-4 font-semibold hover:bg-gray-100" onClick={onConfirm}>
        {t`Valider`}
      </button>
    </div>
  );
}
