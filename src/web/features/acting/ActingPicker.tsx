import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import Building2 from 'lucide-react/icons/building-2';
import UserRound from 'lucide-react/icons/user-round';
import type { Link } from '@contract/link';
import { actFor, useActing, type ActingTraveler } from '@web/lib/acting';
import { useUser } from '@web/lib/me';
import { usePeopleSearch } from '@web/lib/people';
import { customerCompaniesQuery } from './api';

/** Companies shown at once while typing: the list narrows as the name is typed. */
const SHOWN = 8;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Agency staff's first step on the home page (spec 1 §2 "travel-agent mode with a company selector"):
 * the customer company, then the traveller among its employees and guests. Once both are
 * chosen the acting banner says for whom every screen books; "change" there brings this back.
 */
export function ActingPicker() {
  const acting = useActing((s) => s.acting);
  // The server links the agency's staff, and them only, to the companies they book for.
  const customers = useUser()?.links.listCustomerCompanies;
  if (!customers) return null;
  return (
    <section aria-labelledby="acting-title" className="mb-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      {acting ? <TravelerStep key={acting.company.uid} /> : <CompanyStep customers={customers} />}
    </section>
  );
}

function CompanyStep({ customers }: { customers: Link }) {
  const { t } = useLingui();
  const inputId = useId();
  const [search, setSearch] = useState('');
  const companies = useQuery(customerCompaniesQuery(customers));
  const words = fold(search.trim());
  const matching = (companies.data ?? []).filter((c) => fold(c.name).includes(words));
  return (
    <>
      <h2 id="acting-title" className="text-lg font-semibold text-gray-900">
        {t`Pour quelle entreprise réservez-vous ?`}
      </h2>
      <label htmlFor={inputId} className="mt-3 mb-1 block font-medium text-gray-900">
        {t`Entreprise cliente`}
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t`Nom de l’entreprise`}
        className="block min-h-11 w-full max-w-md rounded-lg border border-gray-400 bg-white px-3"
      />
      <p role="status" className="mt-1 text-sm text-gray-700">
        {companies.isPending
          ? t`Chargement des entreprises…`
          : companies.isError
            ? t`Les entreprises n’ont pas pu être chargées.`
            : matching.length === 0
              ? t`Aucune entreprise ne correspond.`
              : ''}
      </p>
      {matching.length > 0 && (
        <ul className="mt-1 grid gap-1 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Entreprises clientes`}>
          {matching.slice(0, SHOWN).map((company) => (
            <li key={company.uid}>
              <button
                type="button"
                onClick={() => actFor({ company, traveler: null })}
                className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-left font-medium hover:bg-gray-100"
              >
                <Building2 aria-hidden="true" size={18} className="shrink-0 text-gray-600" />
                {company.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {matching.length > SHOWN && <p className="mt-1 text-sm text-gray-700">{t`Et ${matching.length - SHOWN} autres : précisez le nom.`}</p>}
    </>
  );
}

function TravelerStep() {
  const { t } = useLingui();
  const acting = useActing((s) => s.acting)!;
  const inputId = useId();
  const [search, setSearch] = useState('');
  const found = usePeopleSearch(search, { companyId: acting.company.uid });
  const { query, searching } = found;
  const people: ActingTraveler[] = found.people.map((p) => ({
    uid: p.uid,
    firstname: p.firstname,
    lastname: p.lastname,
    type: p.kind === 'guest' ? 'guest' : 'employee',
  }));
  return (
    <>
      <h2 id="acting-title" className="text-lg font-semibold text-gray-900">
        {t`Pour qui réservez-vous chez ${acting.company.name} ?`}
      </h2>
      <button type="button" onClick={() => actFor(null)} className="mt-1 min-h-11 font-semibold text-brand underline underline-offset-2">
        {t`Changer d’entreprise`}
      </button>
      <label htmlFor={inputId} className="mt-2 mb-1 block font-medium text-gray-900">
        {t`Voyageur (salarié ou invité)`}
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t`Nom ou e-mail`}
        className="block min-h-11 w-full max-w-md rounded-lg border border-gray-400 bg-white px-3"
      />
      <p role="status" className="mt-1 text-sm text-gray-700">
        {searching ? t`Recherche…` : query !== '' && people.length === 0 ? t`Aucun voyageur de cette entreprise ne correspond.` : ''}
      </p>
      {people.length > 0 && (
        <ul className="mt-1 space-y-1" aria-label={t`Voyageurs`}>
          {people.map((p) => (
            <li key={`${p.type}:${p.uid}`}>
              <button
                type="button"
                onClick={() => actFor({ company: acting.company, traveler: { uid: p.uid, firstname: p.firstname, lastname: p.lastname, type: p.type } })}
                className="flex min-h-11 w-full max-w-md items-center gap-2 rounded-lg px-3 py-1 text-left hover:bg-gray-100"
              >
                <UserRound aria-hidden="true" size={18} className="shrink-0 text-gray-600" />
                <span>
                  <span className="block font-medium">{t`Réserver pour ${p.firstname} ${p.lastname}`}</span>
                  <span className="block text-sm text-gray-600">{p.type === 'guest' ? t`invité` : t`salarié`}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
