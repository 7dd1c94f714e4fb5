import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AgencyCompany, CreateClientCompanyBody, InviteTravelManagerBody, UpdateClientCompanyBody } from '@contract/agency-admin';
import { COMPANY_FLAGS, createClientCompanyBodySchema, inviteTravelManagerBodySchema, updateClientCompanyBodySchema } from '@contract/agency-admin';
import type { Link } from '@contract/link';
import { Button } from '@web/components/Button';
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from '@web/components/Field';
import { GenderField } from '@web/components/GenderField';
import { ListError, ListLoading } from '@web/components/ListStates';
import { Panel } from '@web/components/Panel';
import { lines, showRefusal } from '@web/lib/form-refusal';
import { contractResolver } from '@web/lib/form';
import { ApiError } from '@web/lib/http';
import { currentLang } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { agencyAdminMutations, agencyCompaniesQuery } from './api';
import { useStatusLabels } from './labels';
import { SsoForm } from './SsoForm';

// ── A new company ────────────────────────────────────────────────────────────────────────────────

type CreateForm = { name: string; entities: string; hotelEnabled: boolean; carrentalEnabled: boolean };
const createResolver = contractResolver(
  () => createClientCompanyBodySchema,
  (v: CreateForm) => ({ ...v, entities: lines(v.entities) }),
);

function CreateCompanyForm({ link, onDone }: { link: Link; onDone: (company?: AgencyCompany) => void }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const creating = useMutation(agencyAdminMutations.createCompany());
  const form = useForm<CreateForm, unknown, CreateClientCompanyBody>({
    resolver: createResolver,
    defaultValues: { name: '', entities: '', hotelEnabled: false, carrentalEnabled: false },
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState } = form;
  useEffect(() => document.getElementById('create-company-title')?.focus(), []);
  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      const company = await creating.mutateAsync({ link, input });
      toast.success(t`Entreprise ${company.name} créée`);
      onDone(company);
    } catch (error) {
      setAlert(showRefusal(error, setError, (path) => (path.startsWith('entities') ? 'entities' : path)));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="create-company-title" className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <h3 id="create-company-title" tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        <Trans>Nouvelle entreprise cliente</Trans>
      </h3>
      <FormAlert>{alert}</FormAlert>
      <TextField label={t`Nom de l’entreprise`} autoComplete="off" {...register('name')} error={formState.errors.name?.message} />
      <TextAreaField
        label={t`Entités`}
        hint={t`Une par ligne (sites, filiales, services) ; une au moins.`}
        rows={3}
        {...register('entities')}
        error={formState.errors.entities?.message}
      />
      <CheckboxField label={t`Hôtels réservables`} {...register('hotelEnabled')} />
      <CheckboxField label={t`Locations de voiture réservables`} {...register('carrentalEnabled')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone()}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={creating.isPending}>
          <Trans>Créer l’entreprise</Trans>
        </Button>
      </div>
    </form>
  );
}

// ── Its settings ─────────────────────────────────────────────────────────────────────────────────

type FlagChoice = '' | 'on' | 'off';
type SettingsForm = { name: string; hotelEnabled: boolean; carrentalEnabled: boolean; features: Record<string, FlagChoice> };
const settingsResolver = contractResolver(
  () => updateClientCompanyBodySchema,
  (v: SettingsForm) => ({
    ...v,
    features: Object.fromEntries(Object.entries(v.features).flatMap(([k, c]) => (c === '' ? [] : [[k, c === 'on']]))),
  }),
);
const choicesOf = (features: AgencyCompany['features']): Record<string, FlagChoice> =>
  Object.fromEntries(COMPANY_FLAGS.map((f) => [f, features[f] === undefined ? '' : features[f] ? 'on' : 'off']));

function SettingsForm({ company }: { company: AgencyCompany }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const saving = useMutation(agencyAdminMutations.updateCompany());
  const form = useForm<SettingsForm, unknown, UpdateClientCompanyBody>({
    resolver: settingsResolver,
    values: { name: company.name, hotelEnabled: company.hotelEnabled, carrentalEnabled: company.carrentalEnabled, features: choicesOf(company.features) },
  });
  const { register, handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      await saving.mutateAsync({ link: company.links.updateClientCompany!, input });
      toast.success(t`Entreprise enregistrée`);
    } catch (error) {
      setAlert(showRefusal(error, setError));
    }
  });
  return (
    <Panel id="company-settings-title" title={<Trans>L’entreprise</Trans>}>
      <form noValidate onSubmit={onSubmit} aria-labelledby="company-settings-title" className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <TextField label={t`Nom de l’entreprise`} autoComplete="off" {...register('name')} error={formState.errors.name?.message} />
        <CheckboxField label={t`Hôtels réservables`} {...register('hotelEnabled')} />
        <CheckboxField label={t`Locations de voiture réservables`} {...register('carrentalEnabled')} />
        <details className="rounded-lg border border-gray-300 p-3">
          <summary className="min-h-11 cursor-pointer content-center font-medium text-gray-900">
            <Trans>Options de l’application (feature flags)</Trans>
          </summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {COMPANY_FLAGS.map((flag) => (
              <SelectField key={flag} label={flag} {...register(`features.${flag}`)}>
                <option value="">{t`Réglage de l’agence`}</option>
                <option value="on">{t`Activé`}</option>
                <option value="off">{t`Désactivé`}</option>
              </SelectField>
            ))}
          </div>
        </details>
        <div className="flex justify-end">
          <Button type="submit" busy={saving.isPending}>
            <Trans>Enregistrer l’entreprise</Trans>
          </Button>
        </div>
      </form>
    </Panel>
  );
}

// ── Its travel manager ───────────────────────────────────────────────────────────────────────────

type ManagerForm = { gender: '' | 'MR' | 'MS'; firstname: string; lastname: string; email: string; lang: 'fr' | 'en' };
const managerResolver = contractResolver(
  () => inviteTravelManagerBodySchema,
  (v: ManagerForm) => ({ ...v, gender: v.gender || undefined }),
);

function TravelManagers({ company }: { company: AgencyCompany }) {
  const { t } = useLingui();
  const statusLabels = useStatusLabels();
  const [alert, setAlert] = useState<string>();
  const inviting = useMutation(agencyAdminMutations.inviteTravelManager());
  const form = useForm<ManagerForm, unknown, InviteTravelManagerBody>({
    resolver: managerResolver,
    defaultValues: { gender: '', firstname: '', lastname: '', email: '', lang: currentLang() },
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState, reset } = form;
  const { errors } = formState;
  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      await inviting.mutateAsync({ link: company.links.inviteTravelManager!, input });
      toast.success(t`Invitation envoyée à ${input.email}`);
      reset();
    } catch (error) {
      if (error instanceof ApiError && (error.api_code === 49 || error.api_code === 52))
        setError('email', { type: 'server', message: error.errorMessage }, { shouldFocus: true });
      else setAlert(showRefusal(error, setError));
    }
  });
  return (
    <Panel
      id="travel-managers-title"
      title={<Trans>Gestionnaires des voyages</Trans>}
      intro={<Trans>Ils gèrent les collaborateurs de l’entreprise, ses valideurs et sa politique de voyage.</Trans>}
    >
      {company.travelManagers.length === 0 ? (
        <p className="text-gray-700">
          <Trans>Aucun gestionnaire pour l’instant : invitez le premier.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {company.travelManagers.map((m) => (
            <li key={m.uid} className="py-2 text-gray-900">
              {m.firstname} {m.lastname} · {m.email} · {statusLabels[m.status]}
            </li>
          ))}
        </ul>
      )}
      {company.links.inviteTravelManager && (
        <form noValidate onSubmit={onSubmit} aria-labelledby="invite-manager-title" className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
          <h3 id="invite-manager-title" className="text-lg font-semibold text-gray-900">
            <Trans>Inviter un gestionnaire des voyages</Trans>
          </h3>
          <FormAlert>{alert}</FormAlert>
          <GenderField register={register('gender')} error={errors.gender?.message} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t`Prénom`} autoComplete="off" {...register('firstname')} error={errors.firstname?.message} />
            <TextField label={t`Nom`} autoComplete="off" {...register('lastname')} error={errors.lastname?.message} />
            <TextField label={t`Adresse e-mail`} type="email" autoComplete="off" {...register('email')} error={errors.email?.message} />
            <SelectField label={t`Langue de l’invitation`} {...register('lang')} error={errors.lang?.message}>
              <option value="fr">Français</option>
              <option value="en">English</option>
            </SelectField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" busy={inviting.isPending}>
              <Trans>Envoyer l’invitation</Trans>
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}

/** What renders a company's rules (entities, checkout rules, travel policy): the travel manager's editors, given by the route. */
export type CompanyRulesView = (companyId: string) => ReactNode;

/** One client company: its settings, travel managers, single sign-on and rules. */
function CompanyEditor({ company, rules, onBack }: { company: AgencyCompany; rules: CompanyRulesView; onBack: () => void }) {
  useEffect(() => document.getElementById('company-editor-title')?.focus(), [company.uid]);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="company-editor-title" tabIndex={-1} className="text-xl font-bold text-gray-900 focus:outline-none">
          {company.name}
        </h2>
        <Button variant="secondary" onClick={onBack}>
          <Trans>Retour à la liste des entreprises</Trans>
        </Button>
      </div>
      <SettingsForm company={company} />
      <TravelManagers company={company} />
      <SsoForm company={company} />
      {rules(company.uid)}
    </div>
  );
}

/** The agency's client companies (agencyCompanies): create one, then set it up. */
export function CompaniesSection({ link, rules }: { link: Link; rules: CompanyRulesView }) {
  const { t } = useLingui();
  const list = useQuery(agencyCompaniesQuery(link));
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  if (list.isPending) return <ListLoading label={t`Chargement des entreprises`} rowClass="h-12" testId="companies-skeleton" />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  const company = list.data.companies.find((c) => c.uid === selected);
  if (company) return <CompanyEditor company={company} rules={rules} onBack={() => setSelected(null)} />;
  return (
    <Panel
      id="companies-title"
      title={<Trans>Entreprises clientes</Trans>}
      intro={<Trans>Les entreprises dont les collaborateurs réservent avec l’agence.</Trans>}
    >
      {creating ? (
        <CreateCompanyForm
          link={list.data.links.createClientCompany!}
          onDone={(created) => {
            setCreating(false);
            if (created) setSelected(created.uid);
          }}
        />
      ) : (
        list.data.links.createClientCompany && (
          <div>
            <Button onClick={() => setCreating(true)}>
              <Trans>Nouvelle entreprise</Trans>
            </Button>
          </div>
        )
      )}
      <ul className="divide-y divide-gray-200" aria-label={t`Entreprises`}>
        {list.data.companies.map((c) => (
          <li key={c.uid} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-semibold text-gray-900">{c.name}</p>
              <p className="text-sm text-gray-700">
                {c.entities.map((e) => e.name).join(', ')}
                {c.sso ? ` · ${t`connexion unique`}${c.sso.enforced ? ` (${t`obligatoire`})` : ''}` : ''}
              </p>
            </div>
            <Button variant="secondary" onClick={() => setSelected(c.uid)} aria-label={t`Gérer ${c.name}`}>
              <Trans>Gérer</Trans>
            </Button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
