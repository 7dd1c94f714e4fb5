import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InviteStaffBody, StaffMember, StaffRole } from '@contract/agency-admin';
import { inviteStaffBodySchema } from '@contract/agency-admin';
import type { Link } from '@contract/link';
import { Button } from '@web/components/Button';
import { CheckboxField, FieldError, FormAlert, SelectField, TextField, useFieldText } from '@web/components/Field';
import { GenderField } from '@web/components/GenderField';
import { ListError, ListLoading } from '@web/components/ListStates';
import { Panel } from '@web/components/Panel';
import { showRefusal } from '@web/lib/form-refusal';
import { contractResolver } from '@web/lib/form';
import { ApiError } from '@web/lib/http';
import { currentLang } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { agencyAdminMutations, agencyStaffQuery } from './api';
import { useRoleLabels, useStatusLabels } from './labels';

type InviteForm = {
  gender: '' | 'MR' | 'MS';
  firstname: string;
  lastname: string;
  email: string;
  lang: 'fr' | 'en';
  roles: Record<StaffRole, boolean>;
};

const resolver = contractResolver(
  () => inviteStaffBodySchema,
  (v: InviteForm) => ({
    ...v,
    gender: v.gender || undefined,
    roles: (Object.keys(v.roles) as StaffRole[]).filter((r) => v.roles[r]),
  }),
);

/** Invites a member of staff with their roles (inviteStaff): they choose their password from the e-mail. */
function InviteStaffForm({ link, onDone }: { link: Link; onDone: () => void }) {
  const { t } = useLingui();
  const roleLabels = useRoleLabels();
  const fieldText = useFieldText();
  const [alert, setAlert] = useState<string>();
  const inviting = useMutation(agencyAdminMutations.inviteStaff());
  const form = useForm<InviteForm, unknown, InviteStaffBody>({
    resolver,
    defaultValues: {
      gender: '',
      firstname: '',
      lastname: '',
      email: '',
      lang: currentLang(),
      roles: { travel_agent: false, assistance_agent: false, agency_admin: false },
    },
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  useEffect(() => document.getElementById('invite-staff-title')?.focus(), []);

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      const member = await inviting.mutateAsync({ link, input });
      toast.success(t`Invitation envoyée à ${member.email}`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && (error.api_code === 49 || error.api_code === 52))
        setError('email', { type: 'server', message: error.errorMessage }, { shouldFocus: true });
      else setAlert(showRefusal(error, setError, (path) => (path === 'roles' ? 'roles.travel_agent' : path)));
    }
  });

  const rolesError = fieldText((errors.roles as { message?: string } | undefined)?.message);
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="invite-staff-title" className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <h3 id="invite-staff-title" tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        <Trans>Inviter un membre de l’équipe</Trans>
      </h3>
      <p className="text-sm text-gray-700">
        <Trans>Il reçoit un e-mail pour choisir son mot de passe. Tous les champs sont obligatoires.</Trans>
      </p>
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
      <fieldset className="flex flex-col gap-2" aria-describedby={rolesError ? 'staff-roles-error' : undefined}>
        <legend className="mb-1 font-medium text-gray-900">
          <Trans>Rôles (un au moins)</Trans>
        </legend>
        {(['travel_agent', 'assistance_agent', 'agency_admin'] as const).map((role) => (
          <CheckboxField key={role} label={roleLabels[role]} {...register(`roles.${role}`)} />
        ))}
        <FieldError id="staff-roles-error">{rolesError}</FieldError>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={inviting.isPending}>
          <Trans>Envoyer l’invitation</Trans>
        </Button>
      </div>
    </form>
  );
}

function StaffRow({ member }: { member: StaffMember }) {
  const { t } = useLingui();
  const roleLabels = useRoleLabels();
  const statusLabels = useStatusLabels();
  const [asking, setAsking] = useState(false);
  const deactivating = useMutation(agencyAdminMutations.deactivateStaff());
  const name = `${member.firstname} ${member.lastname}`;
  const deactivate = async () => {
    await deactivating.mutateAsync({ link: member.links.deactivateStaff! });
    toast.success(t`${name} est désactivé·e : ses sessions sont fermées`);
    setAsking(false);
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold text-gray-900">{name}</p>
        <p className="text-sm text-gray-700">
          {member.email} · {member.roles.map((r) => roleLabels[r]).join(', ')} · {statusLabels[member.status]}
        </p>
      </div>
      {member.links.deactivateStaff &&
        (asking ? (
          <div role="group" aria-label={t`Désactiver ${name}`} className="flex flex-wrap items-center gap-2">
            <p className="text-gray-900">
              <Trans>Désactiver {name} ? Ses sessions seront fermées.</Trans>
            </p>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              <Trans>Annuler</Trans>
            </Button>
            <Button busy={deactivating.isPending} onClick={() => void deactivate().catch(() => undefined)}>
              <Trans>Confirmer la désactivation</Trans>
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setAsking(true)} aria-label={t`Désactiver ${name}`}>
            <Trans>Désactiver</Trans>
          </Button>
        ))}
    </li>
  );
}

/** The agency's staff (agencyStaff): each with their roles and status; invite, deactivate. */
export function StaffSection({ link }: { link: Link }) {
  const { t } = useLingui();
  const staff = useQuery(agencyStaffQuery(link));
  const [inviting, setInviting] = useState(false);
  return (
    <Panel
      id="staff-title"
      title={<Trans>Équipe de l’agence</Trans>}
      intro={<Trans>Les agents de voyage, agents d’assistance et administrateurs de l’agence.</Trans>}
    >
      {staff.isPending ? (
        <ListLoading label={t`Chargement de l’équipe`} rowClass="h-12" testId="staff-skeleton" />
      ) : staff.isError ? (
        <ListError error={staff.error} onRetry={() => void staff.refetch()} />
      ) : (
        <>
          {inviting ? (
            <InviteStaffForm link={staff.data.links.inviteStaff!} onDone={() => setInviting(false)} />
          ) : (
            staff.data.links.inviteStaff && (
              <div>
                <Button onClick={() => setInviting(true)}>
                  <Trans>Inviter un membre de l’équipe</Trans>
                </Button>
              </div>
            )
          )}
          <ul className="divide-y divide-gray-200" aria-label={t`Membres de l’équipe`}>
            {staff.data.staff.map((member) => (
              <StaffRow key={member.uid} member={member} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
