import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { LoginBody } from '@contract/account';
import { forgotBodySchema, loginBodySchema } from '@contract/account';
import { apiCode } from '@contract/api-codes';
import { Button } from '@web/components/Button';
import { FormAlert, PasswordField, TextField } from '@web/components/Field';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { contractResolver } from '@web/lib/form';
import { ApiError, errorText } from '@web/lib/http';
import type { ModalProps } from '@web/lib/modal';
import { openModal } from '@web/lib/modal';
import { useMutation } from '@tanstack/react-query';
import { authMutations, getAuthStrategy } from './api';
import { rememberSsoUsername, useSsoEntry } from './sso-entry';
import { ssoRefusal, type SsoRefusalInfo } from './sso-refusal';
import { SsoSignInButton } from '@web/components/SsoSignInButton';
import { SsoRefusal } from './SsoSignIn';

type UsernameForm = { username: string };
type PasswordForm = { password: string };

/** The username as typed: trimmed and required, as the password reset takes it (the strategy look-up takes the same). */
const usernameResolver = contractResolver(
  () => forgotBodySchema,
  (v: UsernameForm) => v,
);
/** Credentials, as the contract's login body wants them. */
const credentialsSchema = loginBodySchema.options[0];

/**
 * Two-step login (spec 3 §4): the username decides the strategy (password, or a redirect to the
 * company's SSO); then the password. Every username gets the password step, and an unknown one is
 * refused like a wrong password, in the same words: the screen never tells which accounts exist.
 * A refusal shakes the modal. A field's error stays until the next submit, which clears them all.
 * The company of this device's last single sign-on user gets its button first (spec 3 §2); a company
 * that refuses passwords sends its user there with its own words and that button.
 */
export default function LoginModal({ username: initialUsername = '' }: ModalProps['Login']) {
  const { t } = useLingui();
  const { close, shake } = useModalFrame();
  const [step, setStep] = useState<'username' | 'password'>('username');
  const [refusal, setRefusal] = useState<SsoRefusalInfo | null>(null);
  const { entry: ssoEntry } = useSsoEntry(true);
  const usernameForm = useForm<UsernameForm, unknown, UsernameForm>({
    resolver: usernameResolver,
    defaultValues: { username: initialUsername },
    reValidateMode: 'onSubmit',
  });
  const passwordForm = useForm<PasswordForm, unknown, LoginBody>({
    // The username is the one the first step accepted.
    resolver: contractResolver(
      () => credentialsSchema,
      (v: PasswordForm) => ({ username: usernameForm.getValues('username'), password: v.password }),
    ),
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });
  const username = usernameForm.watch('username');
  const loggingIn = useMutation(authMutations.login());

  // Back to the field to correct (the busy submit button had taken focus away).
  const refocus = (focus: () => void) => requestAnimationFrame(focus);

  const submitUsername = usernameForm.handleSubmit(async ({ username: name }) => {
    const { setError, setFocus } = usernameForm;
    try {
      const { strategy, redirectURL } = await getAuthStrategy(name);
      if (strategy === 'password') {
        usernameForm.setValue('username', name);
        setStep('password');
        return;
      }
      if (redirectURL) {
        // Next time, the header offers this company's button straight away.
        rememberSsoUsername(name);
        return window.location.assign(redirectURL);
      }
      setError('root', { type: 'server', message: errorText(null) });
    } catch (error) {
      setError('root', { type: 'server', message: errorText(error) });
    }
    refocus(() => setFocus('username'));
  });

  const submitPassword = passwordForm.handleSubmit(async (credentials) => {
    const { setError, setFocus } = passwordForm;
    setRefusal(null);
    try {
      await loggingIn.mutateAsync(credentials);
      return close();
    } catch (error) {
      const sso = ssoRefusal(error);
      if (sso) return setRefusal(sso);
      if (error instanceof ApiError && error.api_code === apiCode.WRONG_CREDENTIALS) {
        setError('password', { type: 'server', message: t`Nom d’utilisateur ou mot de passe incorrect.` });
        shake();
      } else {
        // 30 (e-mail not confirmed), 104 (too many attempts) and the rest: the server's own words.
        setError('root', { type: 'server', message: errorText(error) });
      }
    }
    refocus(() => setFocus('password'));
  });

  return (
    <div className="flex flex-col gap-5">
      <ModalTitle>
        <Trans>Connexion</Trans>
      </ModalTitle>

      {ssoEntry && step === 'username' && (
        <div className="flex flex-col gap-3 border-b border-gray-200 pb-4">
          <SsoSignInButton redirectURL={ssoEntry} />
          <p className="text-gray-800">
            <Trans>Ou connectez-vous avec un autre compte :</Trans>
          </p>
        </div>
      )}

      {step === 'username' ? (
        <form noValidate onSubmit={submitUsername} className="flex flex-col gap-4">
          <TextField
            label={<Trans>Nom d’utilisateur</Trans>}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            error={usernameForm.formState.errors.username?.message}
            {...usernameForm.register('username')}
          />
          <FormAlert>{usernameForm.formState.errors.root?.message}</FormAlert>
          <Button type="submit" busy={usernameForm.formState.isSubmitting}>
            <Trans>Continuer</Trans>
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitPassword} className="flex flex-col gap-4">
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
                passwordForm.reset();
                setRefusal(null);
                setStep('username');
              }}
            >
              <ArrowLeft aria-hidden="true" size={18} />
              <Trans>Changer d’identifiant</Trans>
            </Button>
          </div>
          <PasswordField
            label={<Trans>Mot de passe</Trans>}
            autoComplete="current-password"
            autoFocus
            error={passwordForm.formState.errors.password?.message}
            {...passwordForm.register('password')}
          />
          <FormAlert>{passwordForm.formState.errors.root?.message}</FormAlert>
          {refusal ? (
            <SsoRefusal refusal={refusal} />
          ) : (
            <Button type="submit" busy={passwordForm.formState.isSubmitting}>
              <Trans>Se connecter</Trans>
            </Button>
          )}
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
