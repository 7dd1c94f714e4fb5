import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { OnboardingData, OnboardingDetails, OnboardingStart } from '@contract/privacy';
import { onboardingDetailsSchema, onboardingIdentitySchema } from '@contract/privacy';
import { passwordProblem } from '@contract/validation';
import { Button, buttonClass } from '@web/components/Button';
import { CheckboxField, FieldError, FormAlert, PasswordField, TextField, useFieldText } from '@web/components/Field';
import { GenderField } from '@web/components/GenderField';
import { frenchDateToIso, todayIso } from '@web/lib/dates';
import { contractResolver, type ExtraIssue } from '@web/lib/form';
import { ApiError, errorText } from '@web/lib/http';
import { openModal, preloadModal } from '@web/lib/modal';
import { clearOnboarding } from '@web/lib/onboarding';
import { navigateTo } from '@web/lib/navigation';
import { toast } from '@web/lib/toast';
import { onboardingDataQuery, onboardingMutations } from './api';

/** Onboarding toasts last 8 s (spec 3 §9). */
export const ONBOARDING_TOAST_MS = 8_000;
const TOKEN_CODES = { invalid: 101, expired: 102, used: 103 } as const;
const USER_EXISTS = 52;
const EMAIL_IN_USE = 49;

type IdentityForm = {
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  password: string;
  password_confirm: string;
  stock: '' | 'accept' | 'refuse';
  data_accuracy: boolean;
};
type DetailsForm = { gender: '' | 'MR' | 'MS'; birthdate: string; phone: string; gdpr_consent: boolean; data_accuracy: boolean };
type IdentityBody = ReturnType<ReturnType<typeof onboardingIdentitySchema>['parse']>;

const identityResolver = (sso: boolean) =>
  contractResolver(
    () => onboardingIdentitySchema(sso),
    (v: IdentityForm) => ({
      ...v,
      stock: v.stock || undefined,
      password: sso ? undefined : v.password,
      password_confirm: sso ? undefined : v.password_confirm,
    }),
    // The password rules show with the other fields' problems, not after them.
    (v): ExtraIssue[] => {
      if (sso) return [];
      const problem = v.password ? passwordProblem(v.password) : 'PLEASE_FILL';
      if (problem) return [{ path: 'password', key: problem }];
      return v.password_confirm !== v.password ? [{ path: 'password_confirm', key: 'PASSWORD_MATCH' }] : [];
    },
  );

const detailsResolver = contractResolver(
  () => onboardingDetailsSchema(todayIso()),
  (v: DetailsForm) => ({ ...v, birthdate: frenchDateToIso(v.birthdate) }),
);

const isoToFrench = (iso: string | null) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

/**
 * The first-login onboarding (spec 3 §2, §4, §5): step 1 identity, step 2 finalisation with a back
 * link. Refusing that the details be stored sends step 1 at once, with none. On success the session
 * token is stored and the traveller goes home (INFOS_SAVED, 8 s). `activated`: /form, right after
 * the activation (the traveller may also simply sign in).
 */
export function OnboardingPage({ start, activated = false }: { start: OnboardingStart; activated?: boolean }) {
  const { t } = useLingui();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [identity, setIdentity] = useState<{ form: IdentityForm; body: IdentityBody }>();
  const [identityErrors, setIdentityErrors] = useState<Partial<Record<'username' | 'email', string>>>({});
  const [alert, setAlert] = useState<{ text: string; renew: boolean }>();
  const [renewed, setRenewed] = useState(false);
  const confirming = useMutation(onboardingMutations.confirm());
  const renewing = useMutation(onboardingMutations.regenerate());
  // Errors on that fetch are ignored (spec 3 §4): the fields start empty.
  const prefill = useQuery(onboardingDataQuery(start.token, start.username));

  const moveTo = (next: 1 | 2) => {
    setStep(next);
    setAlert(undefined);
    requestAnimationFrame(() => titleRef.current?.focus());
  };

  const submit = async (body: IdentityBody, details: OnboardingDetails | null) => {
    setAlert(undefined);
    try {
      await confirming.mutateAsync({ onboarding_token: start.token, identity: body, details });
    } catch (error) {
      const code = error instanceof ApiError ? error.api_code : null;
      if (code === USER_EXISTS || code === EMAIL_IN_USE) {
        setIdentityErrors(code === USER_EXISTS ? { username: errorText(error) } : { email: errorText(error) });
        if (step !== 1) moveTo(1);
        return;
      }
      setAlert({ text: errorText(error), renew: code === TOKEN_CODES.expired || code === TOKEN_CODES.used });
      return;
    }
    clearOnboarding();
    toast.success(t`Informations enregistrées`, { duration: ONBOARDING_TOAST_MS });
    navigateTo('/');
  };

  const renew = () =>
    renewing.mutate(start.token, {
      onSuccess: () => setRenewed(true),
      onError: (error) => setAlert({ text: errorText(error), renew: false }),
    });

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10">
      <div>
        <h1 ref={titleRef} tabIndex={-1} className="text-3xl font-bold text-gray-900 focus:outline-none">
          {activated ? <Trans>Compte activé</Trans> : <Trans>Bienvenue, {start.firstname}</Trans>}
        </h1>
        <p className="mt-2 text-gray-800">
          <Trans>Complétez votre compte en deux étapes pour réserver plus vite.</Trans>
        </p>
        <p className="mt-3 font-semibold text-gray-900" aria-live="polite">
          {step === 1 ? <Trans>Étape 1 sur 2 : votre identité</Trans> : <Trans>Étape 2 sur 2 : finalisation</Trans>}
        </p>
      </div>
      {alert && (
        <FormAlert>
          <p>{alert.text}</p>
          {alert.renew && !renewed && (
            <Button variant="secondary" className="mt-2" busy={renewing.isPending} onClick={renew}>
              <Trans>Recevoir un nouveau lien</Trans>
            </Button>
          )}
        </FormAlert>
      )}
      {renewed && (
        <FormAlert tone="success">
          <Trans>Un nouveau lien vous a été envoyé par e-mail.</Trans>
        </FormAlert>
      )}
      {step === 1 ? (
        <IdentityStep
          start={start}
          values={identity?.form}
          serverErrors={identityErrors}
          busy={confirming.isPending}
          onDone={(form, body) => {
            setIdentity({ form, body });
            setIdentityErrors({});
            if (body.stock === 'refuse') void submit(body, null);
            else moveTo(2);
          }}
        />
      ) : (
        <DetailsStep prefill={prefill.data} busy={confirming.isPending} onBack={() => moveTo(1)} onDone={(details) => void submit(identity!.body, details)} />
      )}
      {activated && (
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4 text-gray-800">
          <Trans>Vous préférez le faire plus tard ?</Trans>
          <Button variant="secondary" onPointerEnter={() => preloadModal('Login')} onClick={() => openModal('Login', { username: start.username })}>
            <Trans>Se connecter</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}

/** An onboarding address without its token or username: nothing to complete. */
export function OnboardingLinkBroken() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">
        <Trans>Ce lien ne fonctionne pas</Trans>
      </h1>
      <p role="alert" className="text-gray-800">
        <Trans>Ce lien est incomplet : ouvrez-le à nouveau depuis l’e-mail reçu.</Trans>
      </p>
      <Link to="/" className={buttonClass.secondary}>
        <Trans>Aller à l’accueil</Trans>
      </Link>
    </div>
  );
}

function IdentityStep({
  start,
  values,
  serverErrors,
  busy,
  onDone,
}: {
  start: OnboardingStart;
  values?: IdentityForm;
  serverErrors: Partial<Record<'username' | 'email', string>>;
  busy: boolean;
  onDone: (form: IdentityForm, body: IdentityBody) => void;
}) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const stockErrorId = useId();
  const { register, handleSubmit, setError, getValues, formState } = useForm<IdentityForm, unknown, IdentityBody>({
    resolver: identityResolver(start.sso),
    defaultValues: values ?? {
      firstname: start.firstname,
      lastname: start.lastname,
      username: start.username,
      email: start.email,
      password: '',
      password_confirm: '',
      stock: '',
      data_accuracy: false,
    },
    mode: 'onTouched',
  });
  const { errors } = formState;
  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors) as ['username' | 'email', string][])
      setError(field, { type: 'server', message }, { shouldFocus: true });
  }, [serverErrors, setError]);
  const stockError = fieldText(errors.stock?.message);

  return (
    <form
      noValidate
      aria-label={t`Votre identité`}
      onSubmit={handleSubmit((body) => onDone(getValues(), body))}
      className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5"
    >
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
        {!start.sso && (
          <>
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
          </>
        )}
      </div>
      <fieldset aria-describedby={stockError ? stockErrorId : undefined}>
        <legend className="mb-1 font-medium text-gray-900">
          <Trans>Conserver mes informations de voyage</Trans>
        </legend>
        <p className="mb-2 text-sm text-gray-700">
          <Trans>Date de naissance et téléphone pré-remplissent vos réservations. Sans eux, votre compte est créé sans aucune autre information.</Trans>
        </p>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="accept" className="size-5 accent-[var(--brand)]" aria-invalid={stockError ? true : undefined} {...register('stock')} />
          <Trans>Oui, conserver mes informations</Trans>
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="refuse" className="size-5 accent-[var(--brand)]" aria-invalid={stockError ? true : undefined} {...register('stock')} />
          <Trans>Non, ne rien conserver</Trans>
        </label>
        <FieldError id={stockErrorId}>{stockError}</FieldError>
      </fieldset>
      <CheckboxField
        label={<Trans>Je certifie l’exactitude des informations saisies</Trans>}
        error={errors.data_accuracy?.message}
        {...register('data_accuracy')}
      />
      <Button type="submit" className="self-end" busy={busy}>
        <Trans>Continuer</Trans>
      </Button>
    </form>
  );
}

function DetailsStep({
  prefill,
  busy,
  onBack,
  onDone,
}: {
  prefill?: OnboardingData;
  busy: boolean;
  onBack: () => void;
  onDone: (details: OnboardingDetails) => void;
}) {
  const { t } = useLingui();
  const { register, handleSubmit, watch, reset, formState } = useForm<DetailsForm, unknown, OnboardingDetails>({
    resolver: detailsResolver,
    defaultValues: { gender: '', birthdate: '', phone: '', gdpr_consent: false, data_accuracy: false },
    mode: 'onTouched',
  });
  const { errors, isDirty } = formState;
  // What the account already holds fills the empty form once it arrives (never over what was typed).
  useEffect(() => {
    if (prefill && !isDirty)
      reset({ gender: prefill.gender ?? '', birthdate: isoToFrench(prefill.birthdate), phone: prefill.phone ?? '', gdpr_consent: false, data_accuracy: false });
  }, [prefill, isDirty, reset]);
  const ready = watch('gdpr_consent') && watch('data_accuracy');

  return (
    <form
      noValidate
      aria-label={t`Finalisation`}
      onSubmit={handleSubmit(onDone)}
      className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5"
    >
      <button type="button" onClick={onBack} className="flex min-h-11 items-center gap-2 self-start font-medium text-brand underline">
        <ArrowLeft aria-hidden="true" size={18} />
        <Trans>Retour à l’étape 1</Trans>
      </button>
      <GenderField register={register('gender')} error={errors.gender?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={<Trans>Date de naissance</Trans>}
          inputMode="numeric"
          autoComplete="bday"
          placeholder={t`JJ/MM/AAAA`}
          hint={<Trans>Format : JJ/MM/AAAA</Trans>}
          error={errors.birthdate?.message}
          {...register('birthdate')}
        />
        <TextField
          label={<Trans>Téléphone</Trans>}
          type="tel"
          autoComplete="tel"
          hint={<Trans>Par exemple 0612345678</Trans>}
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <CheckboxField
        label={<Trans>J’accepte que mes données soient traitées selon la politique de confidentialité de l’agence</Trans>}
        error={errors.gdpr_consent?.message}
        {...register('gdpr_consent')}
      />
      <CheckboxField
        label={<Trans>Je certifie l’exactitude des informations saisies</Trans>}
        error={errors.data_accuracy?.message}
        {...register('data_accuracy')}
      />
      <Button type="submit" className="self-end" disabled={!ready} busy={busy}>
        <Trans>Valider mon compte</Trans>
      </Button>
    </form>
  );
}
