import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans } from '@lingui/react/macro';
import MailCheck from 'lucide-react/icons/mail-check';
import { forgotBodySchema } from '@contract/account';
import { Button } from '@web/components/Button';
import { FormAlert, TextField } from '@web/components/Field';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { contractResolver } from '@web/lib/form';
import { errorText } from '@web/lib/http';
import type { ModalProps } from '@web/lib/modal';
import { openModal } from '@web/lib/modal';
import { useMutation } from '@tanstack/react-query';
import { authMutations } from './api';
import { ssoRefusal, type SsoRefusalInfo } from './sso-refusal';
import { SsoRefusal } from './SsoSignIn';

type Form = { username: string };

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const resolver = contractResolver(
  () => forgotBodySchema,
  (v: Form) => v,
);

/**
 * Password reset request (spec 3 §4): sending, then "if this account exists, an e-mail is on its
 * way" (the server answers alike for unknown names), or the server's error.
 */
export default function ResetPasswordModal({ username: initial = '' }: ModalProps['ResetPassword']) {
  const { close } = useModalFrame();
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<SsoRefusalInfo | null>(null);
  const sending = useMutation(authMutations.forgotPassword());
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, Form>({ resolver, defaultValues: { username: initial }, reValidateMode: 'onSubmit' });

  const submit = handleSubmit(async ({ username }) => {
    setRefusal(null);
    try {
      await sending.mutateAsync(username);
      setSent(true);
    } catch (failure) {
      // Their company signs them in and keeps their password: its button instead of a link.
      const sso = ssoRefusal(failure);
      if (sso) return setRefusal(sso);
      setError('root', { type: 'server', message: capitalise(errorText(failure)) });
    }
  });

  if (sent) {
    return (
      <div className="flex flex-col items-start gap-4">
        <MailCheck aria-hidden="true" size={40} className="text-brand" />
        <ModalTitle>
          <Trans>Mot de passe oublié</Trans>
        </ModalTitle>
        <p role="status" className="text-gray-800">
          <Trans>Si ce compte existe, un e-mail est en route avec un lien pour choisir un nouveau mot de passe.</Trans>
        </p>
        <Button autoFocus onClick={close} className="self-end">
          <Trans>Fermer</Trans>
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Mot de passe oublié</Trans>
      </ModalTitle>
      <p className="text-gray-800">
        <Trans>Saisissez votre nom d’utilisateur : nous vous enverrons un lien pour choisir un nouveau mot de passe.</Trans>
      </p>
      <TextField
        label={<Trans>Nom d’utilisateur</Trans>}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        error={errors.username?.message}
        {...register('username')}
      />
      <FormAlert>{errors.root?.message}</FormAlert>
      {refusal ? (
        <SsoRefusal refusal={refusal} />
      ) : (
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? <Trans>Envoi en cours…</Trans> : <Trans>Envoyer le lien</Trans>}
        </Button>
      )}
      <Button variant="link" onClick={() => openModal('Login', { username: getValues('username').trim() })}>
        <Trans>Retour à la connexion</Trans>
      </Button>
    </form>
  );
}
