import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import CircleCheck from 'lucide-react/icons/circle-check';
import type { AcceptInvitationBody, Invitation } from '@contract/company-admin';
import { acceptInvitationBodySchema } from '@contract/company-admin';
import { Button, buttonClass } from '@web/components/Button';
import { CheckboxField, FormAlert, PasswordField } from '@web/components/Field';
import { Spinner } from '@web/components/Spinner';
import { contractResolver } from '@web/lib/form';
import { errorText } from '@web/lib/http';
import { openModal, preloadModal } from '@web/lib/modal';
import { acceptInvitationMutation, invitationQuery } from './api';
import { showRefusal } from './form-helpers';

type AcceptForm = { password: string; password_confirm: string; gdpr_consent: boolean };

const resolver = contractResolver(
  () => acceptInvitationBodySchema,
  (v: AcceptForm) => v,
  (v) => (v.password_confirm !== v.password ? [{ path: 'password_confirm', key: 'PASSWORD_MATCH' as const }] : []),
);

/**
 * `/user/invitation/$token`: the link of the travel manager's invitation. The invitee
 * sees who invites them where, chooses a password (spec 3 §5 rules) and consents; the account is
 * then active, and they sign in with their username. A used, expired or unknown link says so.
 */
export function InvitationPage({ token }: { token: string }) {
  const invitation = useQuery(invitationQuery(token));
  const [accepted, setAccepted] = useState<string>();

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      {invitation.isPending ? (
        <p role="status" className="flex items-center gap-3 text-gray-800">
          <Spinner size={24} className="text-brand" />
          <Trans>Lecture de votre invitation…</Trans>
        </p>
      ) : invitation.isError ? (
        <>
          <h1 className="text-3xl font-bold text-gray-900">
            <Trans>Cette invitation ne fonctionne pas</Trans>
          </h1>
          <p role="alert" className="text-gray-800">
            {errorText(invitation.error)}
          </p>
          <p className="text-gray-800">
            <Trans>
              Demandez au gestionnaire des voyages de votre entreprise de vous envoyer une nouvelle invitation. Si votre compte est déjà activé, connectez-vous.
            </Trans>
          </p>
          <Link to="/" className={`${buttonClass.secondary} self-start`}>
            <Trans>Aller à l’accueil</Trans>
          </Link>
        </>
      ) : accepted ? (
        <Accepted username={accepted} />
      ) : (
        <AcceptForm invitation={invitation.data} onAccepted={setAccepted} />
      )}
    </div>
  );
}

function AcceptForm({ invitation, onAccepted }: { invitation: Invitation; onAccepted: (username: string) => void }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const accepting = useMutation(acceptInvitationMutation());
  const { register, handleSubmit, setError, formState } = useForm<AcceptForm, unknown, AcceptInvitationBody>({
    resolver,
    defaultValues: { password: '', password_confirm: '', gdpr_consent: false },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const { company, firstname } = invitation;

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      const done = await accepting.mutateAsync({ link: invitation.links.acceptInvitation!, input });
      onAccepted(done.username);
    } catch (error) {
      setAlert(showRefusal(error, setError));
    }
  });

  return (
    <>
      <h1 className="text-3xl font-bold text-gray-900">
        <Trans>Bienvenue chez {company}</Trans>
      </h1>
      <p className="text-gray-800">
        <Trans>Bonjour {firstname}, choisissez votre mot de passe pour activer votre compte et réserver vos déplacements.</Trans>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-gray-50 p-4">
        <dt className="font-medium text-gray-700">
          <Trans>Nom d’utilisateur</Trans>
        </dt>
        <dd className="break-all text-gray-900">{invitation.username}</dd>
        <dt className="font-medium text-gray-700">
          <Trans>Adresse e-mail</Trans>
        </dt>
        <dd className="break-all text-gray-900">{invitation.email}</dd>
      </dl>
      <form noValidate onSubmit={onSubmit} aria-label={t`Activer mon compte`} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <PasswordField
          label={t`Mot de passe`}
          autoComplete="new-password"
          hint={t`8 caractères minimum, dont une majuscule, une minuscule et un chiffre`}
          {...register('password')}
          error={errors.password?.message}
        />
        <PasswordField
          label={t`Confirmation du mot de passe`}
          autoComplete="new-password"
          {...register('password_confirm')}
          error={errors.password_confirm?.message}
        />
        <CheckboxField
          label={t`J’accepte que mes données personnelles soient utilisées pour réserver mes déplacements, selon la politique de confidentialité.`}
          {...register('gdpr_consent')}
          error={errors.gdpr_consent?.message}
        />
        <Button type="submit" className="self-start" busy={accepting.isPending}>
          <Trans>Activer mon compte</Trans>
        </Button>
      </form>
    </>
  );
}

function Accepted({ username }: { username: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <CircleCheck aria-hidden="true" size={48} className="text-green-700" />
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-gray-900 focus:outline-none">
        <Trans>Compte activé</Trans>
      </h1>
      <p className="text-gray-800">
        <Trans>
          Connectez-vous avec votre nom d’utilisateur <strong className="break-all">{username}</strong> et votre nouveau mot de passe pour réserver vos
          déplacements.
        </Trans>
      </p>
      <Button className="self-start" onPointerEnter={() => preloadModal('Login')} onClick={() => openModal('Login', { username })}>
        <Trans>Se connecter</Trans>
      </Button>
    </>
  );
}
