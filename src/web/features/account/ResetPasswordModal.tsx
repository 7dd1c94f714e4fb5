import type { FormEvent } from 'react';
import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import MailCheck from 'lucide-react/icons/mail-check';
import { Button } from '../../components/Button';
import { FormAlert, TextField } from '../../components/Field';
import { ModalTitle, useModalFrame } from '../../components/Modal';
import { errorText } from '../../lib/http';
import type { ModalProps } from '../../lib/modal';
import { openModal } from '../../lib/modal';
import { forgotPassword } from './api';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Password reset request (spec 3 §4): sending, then "an e-mail was sent" or the server's error. */
export default function ResetPasswordModal({ username: initial = '' }: ModalProps['ResetPassword']) {
  const { close } = useModalFrame();
  const [username, setUsername] = useState(initial);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    setError(undefined);
    if (!name) return setFieldError('PLEASE_FILL');
    setFieldError(undefined);
    setState('sending');
    try {
      await forgotPassword(name);
      setState('sent');
    } catch (failure) {
      setError(capitalise(errorText(failure)));
      setState('idle');
    }
  };

  if (state === 'sent') {
    return (
      <div className="flex flex-col items-start gap-4">
        <MailCheck aria-hidden="true" size={40} className="text-brand" />
        <ModalTitle>
          <Trans>Mot de passe oublié</Trans>
        </ModalTitle>
        <p role="status" className="text-gray-800">
          <Trans>Un e-mail vous a été envoyé avec un lien pour choisir un nouveau mot de passe.</Trans>
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
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={fieldError}
      />
      <FormAlert>{error}</FormAlert>
      <Button type="submit" busy={state === 'sending'}>
        {state === 'sending' ? <Trans>Envoi en cours…</Trans> : <Trans>Envoyer le lien</Trans>}
      </Button>
      <Button variant="link" onClick={() => openModal('Login', { username: username.trim() })}>
        <Trans>Retour à la connexion</Trans>
      </Button>
    </form>
  );
}
