import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreateGuestBody } from '@contract/company-admin';
import { createGuestBodySchema } from '@contract/company-admin';
import type { Link } from '@contract/link';
import { Button } from '@web/components/Button';
import { FormAlert, TextField } from '@web/components/Field';
import { frenchDateToIso, todayIso } from '@web/lib/dates';
import { contractResolver } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { companyMutations } from './api';
import { showRefusal } from './form-helpers';
import { GenderField } from '@web/components/GenderField';

type GuestForm = { gender: '' | 'MR' | 'MS'; firstname: string; lastname: string; email: string; birthdate: string };

const resolver = contractResolver(
  () => createGuestBodySchema(todayIso()),
  (v: GuestForm) => ({
    gender: v.gender || undefined,
    firstname: v.firstname,
    lastname: v.lastname,
    ...(v.email.trim() ? { email: v.email } : {}),
    ...(v.birthdate.trim() ? { birthdate: frenchDateToIso(v.birthdate) } : {}),
  }),
);

/** A company guest (the createCompanyGuest link): every employee may then book for them. */
export function GuestForm({ link, onDone }: { link: Link; onDone: () => void }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const creating = useMutation(companyMutations.createGuest());
  const { register, handleSubmit, setError, formState } = useForm<GuestForm, unknown, CreateGuestBody>({
    resolver,
    defaultValues: { gender: '', firstname: '', lastname: '', email: '', birthdate: '' },
    mode: 'onTouched',
  });
  const { errors } = formState;

  // Opened by a button: the form's heading takes the focus, so a screen reader starts there.
  useEffect(() => document.getElementById('guest-title')?.focus(), []);

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      const guest = await creating.mutateAsync({ link, input });
      toast.success(t`${guest.firstname} ${guest.lastname} est ajouté aux invités de l’entreprise`);
      onDone();
    } catch (error) {
      setAlert(showRefusal(error, setError));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="guest-title" className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <h3 id="guest-title" tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        <Trans>Ajouter un invité</Trans>
      </h3>
      <p className="text-sm text-gray-700">
        <Trans>Une personne extérieure pour qui tous les collaborateurs pourront réserver. Tous les champs sont obligatoires, sauf mention contraire.</Trans>
      </p>
      <FormAlert>{alert}</FormAlert>
      <GenderField register={register('gender')} error={errors.gender?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Prénom`} autoComplete="off" {...register('firstname')} error={errors.firstname?.message} />
        <TextField label={t`Nom`} autoComplete="off" {...register('lastname')} error={errors.lastname?.message} />
        <TextField label={t`Adresse e-mail (facultatif)`} type="email" autoComplete="off" {...register('email')} error={errors.email?.message} />
        <TextField
          label={t`Date de naissance (facultatif)`}
          hint={t`JJ/MM/AAAA`}
          inputMode="numeric"
          autoComplete="off"
          {...register('birthdate')}
          error={errors.birthdate?.message}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={creating.isPending}>
          <Trans>Ajouter l’invité</Trans>
        </Button>
      </div>
    </form>
  );
}
