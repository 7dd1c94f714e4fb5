import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import Briefcase from 'lucide-react/icons/briefcase';
import UserPlus from 'lucide-react/icons/user-plus';
import UserRound from 'lucide-react/icons/user-round';
import type { CompanyAdmin, CompanyPerson } from '@contract/company-admin';
import { Button } from '@web/components/Button';
import { SelectField, TextField } from '@web/components/Field';
import { ListError, ListLoading } from '@web/components/ListStates';
import { StatusBadge } from '@web/components/StatusBadge';
import { openModal } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { useDebounced } from '@web/lib/use-debounced';
import { companyMutations, peopleQuery, type PeopleFilters } from './api';
import { Panel } from '@web/components/Panel';
import { GuestForm } from './GuestForm';
import { InviteForm } from './InviteForm';

/** Employees and company guests: search, invite, add a guest, resend, deactivate (confirmed) and reactivate. */
export function PeopleSection({ company }: { company: CompanyAdmin }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<PeopleFilters['kind']>('all');
  const [adding, setAdding] = useState<'employee' | 'guest' | null>(null);
  const filters = { query: useDebounced(query, 300), kind };
  const people = useQuery(peopleQuery(company.links.companyPeople!, filters));
  // The form closes: the focus goes back to the button that opened it.
  const close = () => {
    const opener = adding;
    setAdding(null);
    requestAnimationFrame(() => document.getElementById(`add-${opener}`)?.focus());
  };

  return (
    <Panel
      id="people-title"
      title={<Trans>Collaborateurs et invités</Trans>}
      intro={<Trans>Invitez vos collaborateurs par e-mail, ajoutez des invités et désactivez les comptes qui ne servent plus.</Trans>}
    >
      <div className="flex flex-wrap gap-2">
        {company.links.inviteEmployee && (
          <Button id="add-employee" aria-expanded={adding === 'employee'} onClick={() => setAdding('employee')}>
            <UserPlus aria-hidden="true" size={18} />
            <Trans>Inviter un collaborateur</Trans>
          </Button>
        )}
        {company.links.createCompanyGuest && (
          <Button id="add-guest" variant="secondary" aria-expanded={adding === 'guest'} onClick={() => setAdding('guest')}>
            <UserRound aria-hidden="true" size={18} />
            <Trans>Ajouter un invité</Trans>
          </Button>
        )}
      </div>
      {adding === 'employee' && company.links.inviteEmployee && <InviteForm link={company.links.inviteEmployee} onDone={close} />}
      {adding === 'guest' && company.links.createCompanyGuest && <GuestForm link={company.links.createCompanyGuest} onDone={close} />}

      <div role="search" className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <TextField
          label={t`Rechercher une personne`}
          hint={t`Nom, e-mail ou nom d’utilisateur`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <SelectField label={t`Afficher`} value={kind} onChange={(e) => setKind(e.target.value as PeopleFilters['kind'])}>
          <option value="all">{t`Tout le monde`}</option>
          <option value="employee">{t`Collaborateurs`}</option>
          <option value="guest">{t`Invités`}</option>
        </SelectField>
      </div>

      {people.isPending ? (
        <ListLoading label={t`Chargement des personnes`} rowClass="h-16" testId="person-skeleton" />
      ) : people.isError ? (
        <ListError error={people.error} onRetry={() => void people.refetch()} />
      ) : people.data.people.length === 0 ? (
        <p className="text-gray-700">
          {filters.query ? (
            <Trans>Personne ne correspond à cette recherche : essayez un autre nom.</Trans>
          ) : (
            <Trans>Personne pour l’instant : invitez un premier collaborateur.</Trans>
          )}
        </p>
      ) : (
        <>
          <ul aria-label={t`Personnes`} className="divide-y divide-gray-100">
            {people.data.people.map((person) => (
              <PersonRow key={person.uid} person={person} />
            ))}
          </ul>
          {people.data.more && (
            <p className="text-sm text-gray-700">
              <Trans>D’autres personnes correspondent : précisez la recherche pour les voir.</Trans>
            </p>
          )}
        </>
      )}
    </Panel>
  );
}

function PersonRow({ person }: { person: CompanyPerson }) {
  const { t } = useLingui();
  const name = `${person.firstname} ${person.lastname}`;
  const resend = useMutation(companyMutations.resendInvitation());
  const deactivateUser = useMutation(companyMutations.deactivateUser());
  const reactivateUser = useMutation(companyMutations.reactivateUser());
  const deactivateGuest = useMutation(companyMutations.deactivateGuest());
  const reactivateGuest = useMutation(companyMutations.reactivateGuest());
  const { links } = person;
  const status =
    person.status === 'invited' ? (
      <StatusBadge tone="pending" label={t`Invitation envoyée`} neutralIcon={null} />
    ) : person.status === 'inactive' ? (
      <StatusBadge tone="bad" label={t`Désactivé`} neutralIcon={null} />
    ) : (
      <StatusBadge tone="ok" label={t`Actif`} neutralIcon={null} />
    );

  const confirmDeactivation = () =>
    openModal('Confirm', {
      title: t`Désactiver ${name} ?`,
      message:
        person.kind === 'employee'
          ? t`${name} ne pourra plus se connecter : ses sessions se terminent, son invitation ne fonctionne plus, et il disparaît des collègues et des valideurs. Vous pourrez le réactiver.`
          : t`${name} ne sera plus proposé aux collaborateurs qui réservent. Vous pourrez le réactiver.`,
      confirmLabel: t`Désactiver`,
      onConfirm: async () => {
        // A refusal (e.g. the last approver) is toasted by the link follower; the modal closes either way.
        const done = links.deactivateUser
          ? deactivateUser.mutateAsync({ link: links.deactivateUser })
          : links.deactivateGuest
            ? deactivateGuest.mutateAsync({ link: links.deactivateGuest })
            : null;
        if (
          done &&
          (await done.then(
            () => true,
            () => false,
          ))
        )
          toast.success(t`${name} est désactivé`);
      },
    });

  const reactivate = async () => {
    const done = links.reactivateUser
      ? reactivateUser.mutateAsync({ link: links.reactivateUser })
      : links.reactivateGuest
        ? reactivateGuest.mutateAsync({ link: links.reactivateGuest })
        : null;
    if (
      done &&
      (await done.then(
        () => true,
        () => false,
      ))
    )
      toast.success(t`${name} est réactivé`);
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-gray-900">{name}</p>
        <p className="break-all text-sm text-gray-700">
          {[person.email, person.username && person.username !== person.email ? person.username : null].filter(Boolean).join(' · ')}
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          {status}
          {person.kind === 'guest' ? (
            <StatusBadge tone="neutral" label={t`Invité`} neutralIcon={<UserRound aria-hidden="true" size={16} />} />
          ) : (
            <>
              {person.approver && <StatusBadge tone="neutral" label={t`Valideur`} neutralIcon={<Briefcase aria-hidden="true" size={16} />} />}
              {person.travelManager && <StatusBadge tone="neutral" label={t`Gestionnaire`} neutralIcon={<Briefcase aria-hidden="true" size={16} />} />}
            </>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {links.resendInvitation && (
          <Button
            variant="secondary"
            busy={resend.isPending}
            aria-label={t`Renvoyer l’invitation à ${name}`}
            onClick={() =>
              resend.mutate({ link: links.resendInvitation! }, { onSuccess: () => toast.success(t`Nouvelle invitation envoyée à ${person.email ?? name}`) })
            }
          >
            <Trans>Renvoyer l’invitation</Trans>
          </Button>
        )}
        {(links.deactivateUser || links.deactivateGuest) && (
          <Button
            variant="secondary"
            aria-label={t`Désactiver ${name}`}
            busy={deactivateUser.isPending || deactivateGuest.isPending}
            onClick={confirmDeactivation}
          >
            <Trans>Désactiver</Trans>
          </Button>
        )}
        {(links.reactivateUser || links.reactivateGuest) && (
          <Button
            variant="secondary"
            aria-label={t`Réactiver ${name}`}
            busy={reactivateUser.isPending || reactivateGuest.isPending}
            onClick={() => void reactivate()}
          >
            <Trans>Réactiver</Trans>
          </Button>
        )}
      </div>
    </li>
  );
}
