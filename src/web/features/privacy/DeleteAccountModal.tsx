import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeleteAccountBody } from '@contract/privacy';
import { deleteAccountBodySchema } from '@contract/privacy';
import { Button } from '@web/components/Button';
import { FormAlert, PasswordField } from '@web/components/Field';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { contractResolver } from '@web/lib/form';
import { ApiError, errorText } from '@web/lib/http';
import type { ModalProps } from '@web/lib/modal';
import { navigateTo } from '@web/lib/navigation';
import { toast } from '@web/lib/toast';
import { privacyMutations } from './api';

const WRONG_PASSWORD = 191;

const resolver = contractResolver(
  () => deleteAccountBodySchema,
  (v: DeleteAccountBody) => v,
);

/**
 * Deleting the account (spec 3 §4): what goes and what stays, the password that confirms it. Once
 * done the session has ended: home, with the "account deleted" toast. A refusal (travels in
 * progress, a wrong password) is said here and nothing is deleted.
 */
export default function DeleteAccountModal({ link }: ModalProps['DeleteAccount']) {
  const { t } = useLingui();
  const { close } = useModalFrame();
  const [alert, setAlert] = useState<string>();
  const deleting = useMutation(privacyMutations.deleteAccount());
  const { register, handleSubmit, setError, formState } = useForm<DeleteAccountBody, unknown, DeleteAccountBody>({ resolver, defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      await deleting.mutateAsync({ link, input });
    } catch (error) {
      if (error instanceof ApiError && error.api_code === WRONG_PASSWORD)
        setError('password', { type: 'server', message: error.errorMessage }, { shouldFocus: true });
      else setAlert(errorText(error));
      return;
    }
    close();
    navigateTo('/');
    toast.success(t`Compte supprimé`);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Supprimer votre compte ?</Trans>
      </ModalTitle>
      <FormAlert>{alert}</FormAlert>
      <ul className="list-disc space-y-1 pl-5 text-gray-800">
        <li>
          <Trans>Votre profil, vos cartes, vos pièces d’identité et vos paniers sont effacés, et toutes vos sessions fermées.</Trans>
        </li>
        <li>
          <Trans>Les voyages réservés et leurs factures sont conservés 3 ans, détachés de votre compte, comme la loi l’exige.</Trans>
        </li>
        <li>
          <Trans>Un e-mail vous le confirme. C’est définitif : vous ne pourrez plus vous connecter.</Trans>
        </li>
      </ul>
      <PasswordField
        label={<Trans>Votre mot de passe</Trans>}
        autoComplete="current-password"
        autoFocus
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={deleting.isPending}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={deleting.isPending}>
          <Trans>Supprimer définitivement mon compte</Trans>
        </Button>
      </div>
    </form>
  );
}
