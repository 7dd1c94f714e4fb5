import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { apiCode } from '../../../contract/api-codes';
import { Button } from '../../components/Button';
import { FormAlert, PasswordField, TextField } from '../../components/Field';
import { ModalTitle, useModalFrame } from '../../components/Modal';
import { ApiError, errorText } from '../../lib/http';
import type { ModalProps } from '../../lib/modal';
import { openModal } from '../../lib/modal';
import { getAuthStrategy, login } from './api';

/**
 * Two-step login (spec 3 §4): the username decides the strategy (password, or a redirect to the
 * company's SSO); then the password. Unknown usernames and wrong passwords shake the modal.
 */
export default function LoginModal({ username: initialUsername = '' }: ModalProps['Login']) {
  const { t } = useLingui();
  const { close, shake } = useModalFrame();
  const [step, setStep] = useState<'username' | 'password'>('username');
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const form = useRef<HTMLFormElement>(null);
  const fail = (field?: string, formMessage?: string, withShake = false) => {
    setFieldError(field);
    setFormError(formMessage);
    if (withShake) shake();
    // Back to the field to correct (the busy submit button had taken focus away).
    if (field || formMessage) requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus());
  };

  const submitUsername = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) return fail('PLEASE_FILL');
    fail();
    setBusy(true);
    try {
      const { strategy, redirectURL } = await getAuthStrategy(name);
      if (strategy === 'sso') {
        if (redirectURL) window.location.assign(redirectURL);
        else fail(undefined, errorText(null));
        return;
      }
      setUsername(name);
      setStep('password');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) fail(t`Nom d’utilisateur non reconnu`, undefined, true);
      else fail(undefined, errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return fail('PLEASE_FILL');
    fail();
    setBusy(true);
    try {
      await login({ username, password });
      close();
    } catch (error) {
      if (error instanceof ApiError && error.api_code === apiCode.WRONG_CREDENTIALS) {
        fail(t`Mauvais mot de passe.`, undefined, true);
      } else {
        // 30 (e-mail not confirmed), 104 (too many attempts) and the rest: the server's own words.
        fail(undefined, errorText(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <ModalTitle>
        <Trans>Connexion</Trans>
      </ModalTitle>

      {step === 'username' ? (
        <form ref={form} noValidate onSubmit={submitUsername} className="flex flex-col gap-4">
          <TextField
            label={<Trans>Nom d’utilisateur</Trans>}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={fieldError}
          />
          <FormAlert>{formError}</FormAlert>
          <Button type="submit" busy={busy}>
            <Trans>Continuer</Trans>
          </Button>
        </form>
      ) : (
        <form ref={form} noValidate onSubmit={submitPassword} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-100 px-3 py-2">
            <span>
              <span className="sr-only">
                <Trans>Nom d’utilisateur :</Trans>{' '}
              </span>
              <strong className="break-all">{username}</strong>
            </span>
            <Button
              variant="link"
              onClick={() => {
                fail();
                setPassword('');
                setStep('username');
              }}
            >
              <ArrowLeft aria-hidden="true" size={18} />
              <Trans>Changer d’identifiant</Trans>
            </Button>
          </div>
          <PasswordField
            label={<Trans>Mot de passe</Trans>}
            name="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldError}
          />
          <FormAlert>{formError}</FormAlert>
          <Button type="submit" busy={busy}>
            <Trans>Se connecter</Trans>
          </Button>
        </form>
      )}

      <div className="flex flex-col items-start gap-1 border-t border-gray-200 pt-3">
        <Button variant="link" onClick={() => openModal('ResetPassword', { username: username.trim() })}>
          <Trans>Mot de passe oublié ?</Trans>
        </Button>
        <p className="flex flex-wrap items-center gap-x-2 text-gray-800">
          <Trans>Pas encore de compte ?</Trans>
          <Button variant="link" onClick={() => openModal('Signup')}>
            <Trans>Créer un compte</Trans>
          </Button>
        </p>
      </div>
    </div>
  );
}
