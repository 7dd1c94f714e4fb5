import { useState } from 'react';
import type { Path } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import MailCheck from 'lucide-react/icons/mail-check';
import { signupBodySchema } from '@contract/account';
import { Button } from '@web/components/Button';
import { CheckboxField, FormAlert, PasswordField, TextField, useFieldText } from '@web/components/Field';
import { GenderField } from '@web/components/GenderField';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { frenchDateToIso, todayIso } from '@web/lib/dates';
import { contractResolver } from '@web/lib/form';
import { ApiError, errorText } from '@web/lib/http';
import { useMutation } from '@tanstack/react-query';
import type { SignupBody } from '@contract/account';
import { authMutations } from './api';
import { ssoRefusal, type SsoRefusalInfo } from './sso-refusal';
import { SsoRefusal } from './SsoSignIn';

type SignupForm = {
  gender: '' | 'MR' | 'MS';
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  phone: string;
  /** As typed: JJ/MM/AAAA. */
  birthdate: string;
  address: { description: string };
  subsidy_number: string;
  password: string;
  password_confirm: string;
  gdpr_consent: boolean;
};

const EMPTY: SignupForm = {
  gender: '',
  firstname: '',
  lastname: '',
  username: '',
  email: '',
  phone: '',
  birthdate: '',
  address: { description: '' },
  subsidy_number: '',
  password: '',
  password_confirm: '',
  gdpr_consent: false,
};

const FORM_FIELDS = new Set([
  'gender',
  'firstname',
  'lastname',
  'username',
  'email',
  'phone',
  'birthdate',
  'address.description',
  'subsidy_number',
  'password',
  'password_confirm',
  'gdpr_consent',
]);

/** The contract's sign-up rules (spec 3 §5) over the form's values. */
const resolver = contractResolver(
  () => signupBodySchema(todayIso()),
  (v: SignupForm) => ({ ...v, birthdate: frenchDateToIso(v.birthdate) }),
  (v) => (v.password_confirm !== v.password ? [{ path: 'password_confirm', key: 'PASSWORD_MATCH' as const }] : []),
);

/**
 * Sign-up form, then a view that says where the e-mail went (spec 3 §4). The server answers alike
 * whether the username or address is new or taken (it must not tell which accounts exist): the
 * e-mail says which, with the activation link or the way into the existing account.
 */
export default function SignupModal() {
  const { t } = useLingui();
  const { close } = useModalFrame();
  const fieldText = useFieldText();
  const [sentTo, setSentTo] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [refusal, setRefusal] = useState<SsoRefusalInfo | null>(null);
  const signingUp = useMutation(authMutations.signup());
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm, unknown, SignupBody>({ resolver, defaultValues: EMPTY, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(undefined);
    setRefusal(null);
    try {
      setSentTo((await signingUp.mutateAsync(body)).email);
    } catch (error) {
      // An employee of a company that signs its users in has an account already: its button.
      const sso = ssoRefusal(error);
      if (sso) return setRefusal(sso);
      if (!(error instanceof ApiError)) return setFormError(errorText(error));
      const fields = Object.entries(error.fields ?? {});
      if (fields.length > 0 && fields.every(([path]) => FORM_FIELDS.has(path))) {
        fields.forEach(([path, key], i) => setError(path as Path<SignupForm>, { type: 'server', message: key }, { shouldFocus: i === 0 }));
      } else {
        setFormError(errorText(error));
      }
    }
  });

  if (sentTo) {
    return (
      <div className="flex flex-col items-start gap-4">
        <MailCheck aria-hidden="true" size={40} className="text-brand" />
        <ModalTitle>
          <Trans>Vérifiez votre boîte e-mail</Trans>
        </ModalTitle>
        <p className="text-gray-800">
          <Trans>
            Un e-mail a été envoyé à <strong className="break-all">{sentTo}</strong>.
          </Trans>
        </p>
        <p className="text-gray-800">
          <Trans>
            Suivez le lien qu’il contient pour activer votre compte. Si cette adresse ou ce nom d’utilisateur a déjà un compte, l’e-mail vous dit comment vous
            connecter.
          </Trans>
        </p>
        <Button autoFocus onClick={close} className="self-end">
          <Trans>Fermer</Trans>
        </Button>
      </div>
    );
  }

  const consent = watch('gdpr_consent');

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Créer un compte</Trans>
      </ModalTitle>
      <p className="text-sm text-gray-700">
        <Trans>Tous les champs sont obligatoires, sauf mention contraire.</Trans>
      </p>

      <GenderField register={register('gender')} error={errors.gender?.message} />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={<Trans>Prénom</Trans>} autoComplete="given-name" error={errors.firstname?.message} {...register('firstname')} />
        <TextField label={<Trans>Nom</Trans>} autoComplete="family-name" error={errors.lastname?.message} {...register('lastname')} />
        <TextField
          label={<Trans>Nom d’utilisateur</Trans>}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField label={<Trans>Adresse e-mail</Trans>} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label={<Trans>Téléphone</Trans>}
          type="tel"
          autoComplete="tel"
          hint={<Trans>Par exemple 0612345678</Trans>}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={<Trans>Date de naissance</Trans>}
          inputMode="numeric"
          autoComplete="bday"
          placeholder={t`JJ/MM/AAAA`}
          hint={<Trans>Format : JJ/MM/AAAA</Trans>}
          error={errors.birthdate?.message}
          {...register('birthdate')}
        />
      </div>
      <TextField
        label={<Trans>Adresse postale</Trans>}
        autoComplete="street-address"
        error={errors.address?.description?.message}
        {...register('address.description')}
      />
      <TextField label={<Trans>Numéro d’abonné ou de subvention (facultatif)</Trans>} error={errors.subsidy_number?.message} {...register('subsidy_number')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label={<Trans>Mot de passe</Trans>}
          autoComplete="new-password"
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
      </div>
      <CheckboxField
        label={
          <Trans>
            J’accepte que mes données personnelles soient utilisées pour créer mon compte et gérer mes réservations, conformément à la politique de
            confidentialité (RGPD).
          </Trans>
        }
        error={errors.gdpr_consent?.message}
        {...register('gdpr_consent')}
      />
      <FormAlert>{formError}</FormAlert>
      {refusal ? (
        <SsoRefusal refusal={refusal} />
      ) : (
        <Button type="submit" busy={isSubmitting} disabled={!consent}>
          <Trans>Valider l’inscription</Trans>
        </Button>
      )}
    </form>
  );
}
