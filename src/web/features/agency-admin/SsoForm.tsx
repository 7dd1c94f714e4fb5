import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AgencyCompany, UpdateCompanySsoBody } from '@contract/agency-admin';
import { updateCompanySsoBodySchema } from '@contract/agency-admin';
import { Button } from '@web/components/Button';
import { CheckboxField, FormAlert, PasswordField, TextField } from '@web/components/Field';
import { Panel } from '@web/components/Panel';
import { showRefusal } from '@web/lib/form-refusal';
import { contractResolver } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { agencyAdminMutations } from './api';

type SsoFormValues = { segment: string; issuer: string; clientId: string; clientSecret: string; scopes: string; enforced: boolean };

const resolver = contractResolver(
  () => updateCompanySsoBodySchema,
  (v: SsoFormValues) => ({
    sso: {
      segment: v.segment.trim(),
      issuer: v.issuer.trim(),
      clientId: v.clientId,
      scopes: v.scopes,
      enforced: v.enforced,
      // Empty: the secret set stays (it is never shown).
      ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
    },
  }),
);

/** The form's field of a body path (`sso.issuer` → `issuer`). */
const fieldOf = (path: string) => path.replace(/^sso\./, '');

/** The company's single sign-on (updateCompanySso): the client secret is write-only — typed to change it, never shown. */
export function SsoForm({ company }: { company: AgencyCompany }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const saving = useMutation(agencyAdminMutations.updateSso());
  const sso = company.sso;
  const form = useForm<SsoFormValues, unknown, UpdateCompanySsoBody>({
    resolver: async (values, context, options) => {
      const result = await resolver(values, context, options);
      // The body's errors sit under `sso`: the form's fields are its keys.
      if (Object.keys(result.errors).length > 0) result.errors = flatten(result.errors);
      return result;
    },
    values: {
      segment: sso?.segment ?? '',
      issuer: sso?.issuer ?? '',
      clientId: sso?.clientId ?? '',
      clientSecret: '',
      scopes: sso?.scopes ?? 'openid email profile',
      enforced: sso?.enforced ?? false,
    },
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;

  const save = async (input: UpdateCompanySsoBody, done: string) => {
    setAlert(undefined);
    try {
      await saving.mutateAsync({ link: company.links.updateCompanySso!, input });
      form.setValue('clientSecret', '');
      toast.success(done);
    } catch (error) {
      setAlert(showRefusal(error, setError, fieldOf));
    }
  };
  const onSubmit = handleSubmit((input) => save(input, t`Connexion unique enregistrée`));

  return (
    <Panel
      id="sso-title"
      title={<Trans>Connexion unique (SSO)</Trans>}
      intro={
        <Trans>Le fournisseur d’identité OpenID Connect de l’entreprise. Obligatoire : ses utilisateurs ne peuvent plus se connecter par mot de passe.</Trans>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="sso-title" className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Nom de connexion`}
            hint={t`Lettres minuscules, chiffres et tirets`}
            autoComplete="off"
            {...register('segment')}
            error={errors.segment?.message}
          />
          <TextField
            label={t`Émetteur (issuer)`}
            hint={t`Adresse https du fournisseur`}
            autoComplete="off"
            {...register('issuer')}
            error={errors.issuer?.message}
          />
          <TextField label={t`Identifiant client`} autoComplete="off" {...register('clientId')} error={errors.clientId?.message} />
          <PasswordField
            label={t`Secret client`}
            hint={sso?.hasSecret ? t`Un secret est enregistré : laissez vide pour le garder.` : t`Obligatoire pour une première configuration.`}
            autoComplete="new-password"
            {...register('clientSecret')}
            error={errors.clientSecret?.message}
          />
          <TextField
            label={t`Scopes`}
            hint={t`openid et email au moins, séparés par des espaces`}
            autoComplete="off"
            {...register('scopes')}
            error={errors.scopes?.message}
          />
        </div>
        <CheckboxField label={t`Connexion unique obligatoire (pas de mot de passe)`} {...register('enforced')} />
        <div className="flex flex-wrap justify-end gap-2">
          {sso && (
            <Button variant="secondary" busy={saving.isPending} onClick={() => void save({ sso: null }, t`Connexion unique retirée`)}>
              <Trans>Retirer la connexion unique</Trans>
            </Button>
          )}
          <Button type="submit" busy={saving.isPending}>
            <Trans>Enregistrer la connexion unique</Trans>
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function flatten<T>(errors: T): T {
  const nested = (errors as { sso?: Record<string, unknown> }).sso;
  return (nested && typeof nested === 'object' ? { ...nested } : errors) as T;
}
