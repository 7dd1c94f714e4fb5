import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '@contract/account';
import type { Link } from '@contract/link';
import { emailChanged, profileBodySchema, type DisabilityCard, type ProfileInput } from '@contract/profile';
import { Button } from '@web/components/Button';
import { Panel } from '@web/components/Panel';
import { GenderField } from '@web/components/GenderField';
import { CheckboxField, FormAlert, PasswordField, SelectField, TextField } from '@web/components/Field';
import { contractResolver } from '@web/lib/form';
import { ApiError, errorText } from '@web/lib/http';
import { toast } from '@web/lib/toast';
import { useUser } from '@web/lib/me';
import { handicapTypesQuery, showUser, updateProfileMutation, wheelchairsQuery } from './api';

/** The form's values: what the inputs hold (text for numbers, '' for none). */
export type ProfileForm = {
  gender: '' | 'MR' | 'MS';
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  phone: string;
  birthdate: string;
  address: { description: string };
  city_of_birth: string;
  birth_country: string;
  hasHandicap: boolean;
  handicap: string;
  wheelchair: string;
  wheelchair_dimensions: string;
  wheelchair_weight: string;
  wheelchair_wheel_thickness: string;
  need_accompanying: boolean;
  accompanying: boolean;
  disability_card: string;
  lang: '' | 'fr' | 'en';
  password: string;
  password_confirm: string;
  /** Asked when the password or the e-mail address changes (a session alone changes neither). */
  current_password: string;
  rgpd: boolean;
  data_accuracy: boolean;
};

const text = (n: number | null) => (n === null ? '' : String(n));

/** The form filled from the user as the server shows it; the boxes to tick start unticked. */
export const formOf = (user: User): ProfileForm => ({
  gender: user.gender ?? '',
  firstname: user.firstname,
  lastname: user.lastname,
  username: user.username,
  email: user.email,
  phone: user.phone ?? '',
  birthdate: user.birthdate ?? '',
  address: { description: user.address?.description ?? '' },
  city_of_birth: user.city_of_birth ?? '',
  birth_country: user.birth_country ?? '',
  hasHandicap: user.hasHandicap,
  handicap: user.handicap ?? '',
  wheelchair: user.wheelchair ?? '',
  wheelchair_dimensions: user.wheelchair_dimensions ?? '',
  wheelchair_weight: text(user.wheelchair_weight),
  wheelchair_wheel_thickness: text(user.wheelchair_wheel_thickness),
  need_accompanying: user.need_accompanying,
  accompanying: user.accompanying,
  disability_card: user.disability_card ?? '',
  lang: user.lang ?? '',
  password: '',
  password_confirm: '',
  current_password: '',
  rgpd: false,
  data_accuracy: false,
});

/** The body of PUT /user/: empty texts are none; the measures go as typed (the contract reads "3,5"). */
const toBody = (v: ProfileForm) => ({
  ...v,
  gender: v.gender || undefined,
  address: v.address.description.trim() ? v.address : null,
  handicap: v.handicap || null,
  wheelchair: v.wheelchair || null,
  disability_card: v.disability_card || null,
  lang: v.lang || null,
});

/** The contract's rules, the current password asked when the address differs from the saved one or a password is typed. */
const resolverFor = (saved: { email: string }) => contractResolver(() => profileBodySchema(new Date().toISOString().slice(0, 10), saved), toBody);

/** The card kinds that let a companion travel with a disabled passenger (contract DISABILITY_CARDS). */
function useCardLabels(): Record<DisabilityCard, string> {
  const { t } = useLingui();
  return {
    DISABILITY_80_PERCENT: t`Carte d’invalidité (taux d’incapacité de 80 % ou plus)`,
    NEED_THIRD_PERSON: t`Mention « besoin d’accompagnement »`,
    BLINDNESS_GREEN_STAR: t`Mention « cécité » (étoile verte)`,
  };
}

/** /account/informations: the signed-in user's editable profile (spec 3 "Profile form"). */
export function ProfilePage() {
  const user = useUser();
  if (!user?.links.updateProfile) return null;
  return <ProfileEditor user={user} link={user.links.updateProfile} />;
}

function ProfileEditor({ user, link }: { user: User; link: Link }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  // The version the form was filled from: a save names it (If-Match), a 409 brings the newer one.
  const [version, setVersion] = useState(user.version);
  const [conflict, setConflict] = useState(false);
  const saving = useMutation(updateProfileMutation());
  const types = useQuery(handicapTypesQuery(user.links.handicapTypes));
  const chairs = useQuery(wheelchairsQuery(user.links.wheelchairs));
  const cardLabels = useCardLabels();
  const resolver = useMemo(() => resolverFor({ email: user.email }), [user.email]);
  const form = useForm<ProfileForm, unknown, ProfileInput>({ resolver, defaultValues: formOf(user), mode: 'onTouched' });
  const { register, handleSubmit, setError, setValue, watch, reset, formState } = form;
  const { errors } = formState;
  const [hasHandicap, wheelchair, accompanying, rgpd, accuracy, email, password] = watch([
    'hasHandicap',
    'wheelchair',
    'accompanying',
    'rgpd',
    'data_accuracy',
    'email',
    'password',
  ]);
  // A new password or address takes the current password: its field shows once either changes.
  const asksPassword = !!password || emailChanged(user.email, email);

  // The user changed elsewhere on this page (optional data deleted): the form follows, unless it is being edited
  // (then a save meets the newer version: 409 and the values as they are now).
  const { isDirty } = formState;
  useEffect(() => {
    if (user.version === version || isDirty) return;
    setVersion(user.version);
    reset(formOf(user));
  }, [user, version, isDirty, reset]);

  // Spec 3 §4: switching the handicap off clears its type, wheelchair, measures and need of a companion.
  useEffect(() => {
    if (hasHandicap) return;
    for (const name of ['handicap', 'wheelchair', 'wheelchair_dimensions', 'wheelchair_weight', 'wheelchair_wheel_thickness'] as const) setValue(name, '');
    setValue('need_accompanying', false);
  }, [hasHandicap, setValue]);
  // …and unticking accompanying clears the accompanied person's card.
  useEffect(() => {
    if (!accompanying) setValue('disability_card', '');
  }, [accompanying, setValue]);

  const wheelchairField = register('wheelchair', {
    // A wheelchair chosen fills its typical measures (the user corrects them); none clears them.
    onChange: (event: { target: { value: string } }) => {
      const chosen = chairs.data?.find((c) => c.name === event.target.value);
      setValue('wheelchair_dimensions', chosen?.dimensions ?? '');
      setValue('wheelchair_weight', chosen ? String(chosen.weight) : '');
      setValue('wheelchair_wheel_thickness', chosen ? String(chosen.wheel_thickness) : '');
    },
  });

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      const { user: saved } = await saving.mutateAsync({ link, input, version });
      setConflict(false);
      setVersion(saved.version);
      reset(formOf(saved));
      const pending = saved.pendingEmail && emailChanged(saved.pendingEmail, input.email) ? null : saved.pendingEmail;
      toast.success(pending ? t`Informations enregistrées. Confirmez votre nouvelle adresse avec le lien envoyé à ${pending}.` : t`Informations enregistrées`);
    } catch (error) {
      if (error instanceof ApiError && error.api_code === 185 && error.current) {
        // Someone else saved first: the form shows the profile as it is now, the user decides again.
        const current = error.current as User;
        showUser(current);
        setVersion(current.version);
        reset(formOf(current));
        setConflict(true);
        return;
      }
      const field =
        error instanceof ApiError
          ? error.api_code === 186 || error.api_code === 188
            ? 'email'
            : error.api_code === 187
              ? 'username'
              : error.api_code === 191
                ? 'current_password'
                : null
          : null;
      if (field && error instanceof ApiError) {
        setError(field, { type: 'server', message: error.errorMessage }, { shouldFocus: true });
        return;
      }
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      fields.forEach(([path, key], i) => setError(path as keyof ProfileForm, { type: 'server', message: key }, { shouldFocus: i === 0 }));
      // Spec 3 §8: the failure's message as a status line on the form.
      if (fields.length === 0) setAlert(errorText(error));
    }
  });

  const canSubmit = rgpd && accuracy && !saving.isPending;
  const none = t`Aucun`;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="profile-title" className="flex flex-col gap-6">
      <h1 id="profile-title" className="text-2xl font-bold text-gray-900">
        <Trans>Données personnelles</Trans>
      </h1>
      {conflict && (
        <FormAlert>
          <Trans>
            Votre profil a été modifié ailleurs entre-temps (un autre onglet ou un autre appareil). Le formulaire montre maintenant ses valeurs actuelles :
            vérifiez-les, refaites vos changements puis enregistrez.
          </Trans>
        </FormAlert>
      )}
      <FormAlert>{alert}</FormAlert>

      <Panel id="profile-identity" title={<Trans>Identité</Trans>}>
        <GenderField register={register('gender')} error={errors.gender?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`Prénom`} autoComplete="given-name" {...register('firstname')} error={errors.firstname?.message} />
          <TextField label={t`Nom`} autoComplete="family-name" {...register('lastname')} error={errors.lastname?.message} />
          {!user.isUsernameChangeDisabled && (
            <TextField label={t`Nom d’utilisateur`} autoComplete="username" {...register('username')} error={errors.username?.message} />
          )}
          <TextField label={t`Date de naissance (facultatif)`} type="date" autoComplete="bday" {...register('birthdate')} error={errors.birthdate?.message} />
          <TextField label={t`Ville de naissance (facultatif)`} {...register('city_of_birth')} error={errors.city_of_birth?.message} />
          <TextField
            label={t`Pays de naissance (facultatif)`}
            autoComplete="country-name"
            {...register('birth_country')}
            error={errors.birth_country?.message}
          />
        </div>
        {user.company && (
          <p className="text-gray-700">
            <Trans>Entreprise : {user.company.name}</Trans>
          </p>
        )}
      </Panel>

      <Panel id="profile-contact" title={<Trans>Coordonnées</Trans>}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <TextField
              label={t`Adresse e-mail`}
              type="email"
              autoComplete="email"
              readOnly={user.isPwdChangeDisabled}
              hint={
                user.isPwdChangeDisabled
                  ? t`Gérée par la connexion de votre entreprise.`
                  : t`Une nouvelle adresse est confirmée par un lien envoyé à celle-ci avant de remplacer l’actuelle.`
              }
              {...register('email')}
              error={errors.email?.message}
            />
            {user.pendingEmail && (
              <p className="text-sm text-gray-700" data-testid="pending-email">
                <Trans>
                  En attente de confirmation pour {user.pendingEmail} : suivez le lien envoyé à cette adresse. D’ici là, {user.email} reste celle du compte.
                </Trans>
              </p>
            )}
          </div>
          <TextField
            label={t`Téléphone (facultatif)`}
            type="tel"
            autoComplete="tel"
            hint={t`Par exemple 0612345678 ou +33612345678.`}
            {...register('phone')}
            error={errors.phone?.message}
          />
          <TextField
            label={t`Adresse postale (facultatif)`}
            autoComplete="street-address"
            className="sm:col-span-2"
            {...register('address.description')}
            error={errors.address?.description?.message}
          />
        </div>
      </Panel>

      <Panel
        id="profile-accessibility"
        title={<Trans>Besoins d’accessibilité</Trans>}
        intro={<Trans>Vos recherches de train demandent l’assistance dont vous avez besoin (PMR) et vos billets la réservent.</Trans>}
      >
        <CheckboxField label={t`J’ai un handicap ou une mobilité réduite`} {...register('hasHandicap')} />
        {hasHandicap && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={t`Type de handicap`} {...register('handicap')} error={errors.handicap?.message}>
              <option value="">{t`Choisissez…`}</option>
              {types.data?.map((type) => (
                <option key={type.name} value={type.name}>
                  {type.label}
                </option>
              ))}
            </SelectField>
            <SelectField label={t`Fauteuil roulant`} {...wheelchairField} error={errors.wheelchair?.message}>
              <option value="">{none}</option>
              {chairs.data?.map((chair) => (
                <option key={chair.name} value={chair.name}>
                  {chair.label}
                </option>
              ))}
            </SelectField>
            {wheelchair && (
              <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
                <legend className="mb-1 font-medium text-gray-900">
                  <Trans>Mesures du fauteuil</Trans>
                </legend>
                <TextField
                  label={t`Dimensions (l × L × h, cm)`}
                  hint={t`Par exemple 66x104x90`}
                  {...register('wheelchair_dimensions')}
                  error={errors.wheelchair_dimensions?.message}
                />
                <TextField label={t`Poids (kg)`} inputMode="decimal" {...register('wheelchair_weight')} error={errors.wheelchair_weight?.message} />
                <TextField
                  label={t`Épaisseur des roues (cm)`}
                  inputMode="decimal"
                  {...register('wheelchair_wheel_thickness')}
                  error={errors.wheelchair_wheel_thickness?.message}
                />
              </fieldset>
            )}
            <CheckboxField
              className="sm:col-span-2"
              label={t`J’ai une carte d’invalidité : je voyage avec un accompagnateur`}
              {...register('need_accompanying')}
            />
          </div>
        )}
        {!hasHandicap && (
          <>
            <CheckboxField label={t`J’accompagne un voyageur qui a besoin d’un accompagnateur`} {...register('accompanying')} />
            {accompanying && (
              <SelectField label={t`Carte de la personne accompagnée`} {...register('disability_card')} error={errors.disability_card?.message}>
                <option value="">{t`Choisissez…`}</option>
                {(Object.keys(cardLabels) as DisabilityCard[]).map((card) => (
                  <option key={card} value={card}>
                    {cardLabels[card]}
                  </option>
                ))}
              </SelectField>
            )}
          </>
        )}
      </Panel>

      <Panel id="profile-language" title={<Trans>Langue</Trans>}>
        <SelectField
          label={t`Langue de vos e-mails`}
          hint={t`Sans choix, celle de votre dernière connexion.`}
          {...register('lang')}
          error={errors.lang?.message}
        >
          <option value="">{t`Celle de ma dernière connexion`}</option>
          <option value="fr">Français</option>
          <option value="en">English</option>
        </SelectField>
      </Panel>

      {!user.isPwdChangeDisabled && (
        <Panel
          id="profile-password"
          title={<Trans>Mot de passe</Trans>}
          intro={<Trans>Laissez vide pour le garder. Au moins 8 caractères, dont une majuscule, une minuscule et un chiffre.</Trans>}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField label={t`Nouveau mot de passe`} autoComplete="new-password" {...register('password')} error={errors.password?.message} />
            <PasswordField
              label={t`Confirmation du mot de passe`}
              autoComplete="new-password"
              {...register('password_confirm')}
              error={errors.password_confirm?.message}
            />
          </div>
        </Panel>
      )}

      {asksPassword && (
        <Panel
          id="profile-current-password"
          title={<Trans>Confirmez avec votre mot de passe actuel</Trans>}
          intro={<Trans>Un nouveau mot de passe ou une nouvelle adresse e-mail demande votre mot de passe actuel.</Trans>}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              label={t`Mot de passe actuel`}
              autoComplete="current-password"
              {...register('current_password')}
              error={errors.current_password?.message}
            />
          </div>
        </Panel>
      )}

      <div className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5">
        <CheckboxField
          label={t`J’accepte que mes données soient traitées pour organiser mes voyages (politique de confidentialité)`}
          {...register('rgpd')}
          error={errors.rgpd?.message}
        />
        <CheckboxField label={t`Je certifie l’exactitude de ces informations`} {...register('data_accuracy')} error={errors.data_accuracy?.message} />
        <div className="flex justify-end">
          <Button type="submit" busy={saving.isPending} disabled={!canSubmit}>
            {saving.isPending ? <Trans>Mise à jour…</Trans> : <Trans>Enregistrer</Trans>}
          </Button>
        </div>
      </div>
    </form>
  );
}
