import { useForm } from 'react-hook-form';
import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { newPasswordBodySchema } from '@contract/account';
import { Button } from '@web/components/Button';
import { FormAlert, PasswordField, useFieldText } from '@web/components/Field';
import { ModalTitle } from '@web/components/Modal';
import { contractResolver } from '@web/lib/form';
import { ApiError, errorText } from '@web/lib/http';
import type { ModalProps } from '@web/lib/modal';
import { openModal } from '@web/lib/modal';
import { navigateTo } from '@web/lib/navigation';
import { TEXTS } from '@web/lib/messages';
import { toast } from '@web/lib/toast';
import { useMutation } from '@tanstack/react-query';
import { authMutations } from './api';

type Form = { password: string; password_confirm: string };

/** A new password from a reset link (PUT /user/password); then the login opens. */
export default function NewPasswordWithTokenModal({ token }: ModalProps['NewPasswordWithToken']) {
  const fieldText = useFieldText();
  const [formError, setFormError] = useState<string>();
  const saving = useMutation(authMutations.setNewPassword());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, { token_pwd: string; password: string }>({
    resolver: contractResolver(
      () => newPasswordBodySchema,
      (v: Form) => ({ token_pwd: token, password: v.password }),
      (v) => (v.password_confirm !== v.password ? [{ path: 'password_confirm', key: 'PASSWORD_MATCH' as const }] : []),
    ),
    defaultValues: { password: '', password_confirm: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await saving.mutateAsync(body);
      toast.success(TEXTS.PASSWORD_UPDATED);
      navigateTo('/');
      openModal('Login');
    } catch (error) {
      const key = error instanceof ApiError ? error.fields?.password : undefined;
      if (key) setError('password', { type: 'server', message: key }, { shouldFocus: true });
      else setFormError(errorText(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Choisir un nouveau mot de passe</Trans>
      </ModalTitle>
      <PasswordField
        label={<Trans>Nouveau mot de passe</Trans>}
        autoComplete="new-password"
        autoFocus
        hint={fieldText('PASSWORD_RULES')}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={<Trans>Confirmation du mot de passe</Trans>}
        autoComplete="new-password"
        error={errors.password_confirm?.message}
        {...register('password_confirm')}
      />
      <FormAlert>{formError}</FormAlert>
      <Button type="submit" busy={isSubmitting}>
        <Trans>Enregistrer le mot de passe</Trans>
      </Button>
    </form>
  );
}
