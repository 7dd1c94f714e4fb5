import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InviteEmployeeBody } from '@contract/company-admin';
import { inviteEmployeeBodySchema } from '@contract/company-admin';
import type { Link } from '@contract/link';
import { Button } from '@web/components/Button';
import { CheckboxField, FormAlert, SelectField, TextField } from '@web/components/Field';
import { contractResolver } from '@web/lib/form';
import { ApiError } from '@web/lib/http';
import { currentLang } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { companyMutations } from './api';
import { showRefusal } from './form-helpers';
import { GenderField } from '@web/components/GenderField';

type InviteForm = {
  gender: '' | 'MR' | 'MS';
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  lang: 'fr' | 'en';
  approver: boolean;
  travelManager: boolean;
};

const resolver = contractResolver(
  () => inviteEmployeeBodySchema,
  (v: InviteForm) => ({ ...v, gender: v.gender || undefined, username: v.username.trim() ? v.username : undefined }),
);

/**
 * Invites an employee (the inviteEmployee link): the server creates the account and e-mails the
 * invitation in the language chosen here. An address already in use, or a username taken, is said
 * next to its field.
 */
export function InviteForm({ link, onDone }: { link: Link; onDone: () => void }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const inviting = useMutation(companyMutations.invite());
  const form = useForm<InviteForm, unknown, InviteEmployeeBody>({
    resolver,
    defaultValues: { gender: '', firstname: '', lastname: '', email: '', username: '', lang: currentLang(), approver: false, travelManager: false },
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;

  // Opened by a button: the form's heading takes the focus, so a screen reader starts there.
  useEffect(() => document.getElementById('invite-title')?.focus(), []);

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      const person = await inviting.mutateAsync({ link, input });
      toast.success(t`Invitation envoyée à ${person.email ?? input.email}`);
      onDone();
    } catch (error) {
      // The catalogue's 49 and 52 belong to a field: said there, in the server's words.
      const field = error instanceof ApiError ? (error.api_code === 49 ? 'email' : error.api_code === 52 ? 'username' : null) : null;
      if (field && error instanceof ApiError) setError(field, { type: 'server', message: error.errorMessage }, { shouldFocus: true });
      else setAlert(showRefusal(error, setError));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="invite-title" className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <h3 id="invite-title" tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        <Trans>Inviter un collaborateur</Trans>
      </h3>
      <p className="text-sm text-gray-700">
        <Trans>Il reçoit un e-mail pour choisir son mot de passe. Tous les champs sont obligatoires, sauf mention contraire.</Trans>
      </p>
      <FormAlert>{alert}</FormAlert>
      <GenderField register={register('gender')} error={errors.gender?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Prénom`} autoComplete="off" {...register('firstname')} error={errors.firstname?.message} />
        <TextField label={t`Nom`} autoComplete="off" {...register('lastname')} error={errors.lastname?.message} />
        <TextField label={t`Adresse e-mail`} type="email" autoComplete="off" {...register('email')} error={errors.email?.message} />
        <TextField
          label={t`Nom d’utilisateur (facultatif)`}
          hint={t`Par défaut, son adresse e-mail.`}
          autoComplete="off"
          {...register('username')}
          error={errors.username?.message}
        />
        <SelectField label={t`Langue de l’invitation`} {...register('lang')} error={errors.lang?.message}>
          <option value="fr">Français</option>
          <option value="en">English</option>
        </SelectField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-gray-900">
          <Trans>Rôles (facultatif)</Trans>
        </legend>
        <CheckboxField label={t`Valideur : approuve les voyages de ses collègues`} {...register('approver')} />
        <CheckboxField label={t`Gestionnaire des voyages : gère l’entreprise comme vous`} {...register('travelManager')} />
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
