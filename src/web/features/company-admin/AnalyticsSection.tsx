import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import type { AnalyticField, CompanyAdmin, UpdateAnalyticsBody } from '@contract/company-admin';
import { updateAnalyticsBodySchema } from '@contract/company-admin';
import { Button } from '@web/components/Button';
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from '@web/components/Field';
import { contractResolver } from '@web/lib/form';
import { useListField } from '@web/lib/list-field';
import { toast } from '@web/lib/toast';
import { companyMutations } from './api';
import { firstMessage, lines, showRefusal } from './form-helpers';
import { Panel } from '@web/components/Panel';

/** A field as the form edits it: its values and codes one per line, and what it accepts as one choice. */
type FieldForm = {
  name: string;
  label: { fr: string; en: string };
  level: 'travel' | 'traveler';
  required: boolean;
  accepts: 'text' | 'list' | 'pattern';
  values: string;
  valueCodes: string;
  regex: string;
  regexDesc: { fr: string; en: string };
};
type AnalyticsForm = { fields: FieldForm[] };

const toForm = (f: AnalyticField): FieldForm => ({
  name: f.name,
  label: f.label,
  level: f.level,
  required: f.required,
  accepts: f.values.length ? 'list' : f.regex ? 'pattern' : 'text',
  values: f.values.join('\n'),
  valueCodes: f.valueCodes.join('\n'),
  regex: f.regex ?? '',
  regexDesc: f.regexDesc ?? { fr: '', en: '' },
});

const toBody = (v: AnalyticsForm) => ({
  fields: v.fields.map((f) => ({
    name: f.name.trim(),
    label: f.label,
    level: f.level,
    required: f.required,
    values: f.accepts === 'list' ? lines(f.values) : [],
    valueCodes: f.accepts === 'list' ? lines(f.valueCodes) : [],
    regex: f.accepts === 'pattern' ? f.regex : null,
    regexDesc: f.accepts === 'pattern' ? f.regexDesc : null,
  })),
});

const resolver = contractResolver(() => updateAnalyticsBodySchema, toBody);
const EMPTY: FieldForm = {
  name: '',
  label: { fr: '', en: '' },
  level: 'travel',
  required: false,
  accepts: 'text',
  values: '',
  valueCodes: '',
  regex: '',
  regexDesc: { fr: '', en: '' },
};

/** The analytics fields checkout asks for (updateAnalytics): for the travel or per traveller, free, from a list or in a format. */
export function AnalyticsSection({ company }: { company: CompanyAdmin }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const saving = useMutation(companyMutations.updateAnalytics());
  const form = useForm<AnalyticsForm, unknown, UpdateAnalyticsBody>({ resolver, values: { fields: company.analytics.map(toForm) } });
  const { handleSubmit, setError } = form;
  const { fields, append, remove } = useListField(form, 'fields');

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      await saving.mutateAsync({ link: company.links.updateAnalytics!, input });
      toast.success(t`Champs analytiques enregistrés`);
    } catch (error) {
      // A problem of one value or code lands on its text area.
      setAlert(showRefusal(error, setError, (path) => path.replace(/^(fields\.\d+\.(?:values|valueCodes))\.\d+$/, '$1')));
    }
  });

  return (
    <Panel
      id="analytics-title"
      title={<Trans>Champs analytiques</Trans>}
      intro={<Trans>Les informations demandées au moment de réserver (centre de coûts, projet…), pour le voyage ou pour chaque voyageur.</Trans>}
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="analytics-title" className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        {fields.length === 0 && (
          <p className="text-gray-700">
            <Trans>Aucun champ : les réservations ne demandent aucune information analytique.</Trans>
          </p>
        )}
        {fields.map((field, index) => (
          <FieldEditor key={field.id} form={form} index={index} onRemove={() => remove(index)} />
        ))}
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={() => append(EMPTY, 'name')}>
            <Plus aria-hidden="true" size={18} />
            <Trans>Ajouter un champ</Trans>
          </Button>
          <Button type="submit" busy={saving.isPending}>
            <Trans>Enregistrer les champs</Trans>
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function FieldEditor({
  form,
  index,
  onRemove,
}: {
  form: ReturnType<typeof useForm<AnalyticsForm, unknown, UpdateAnalyticsBody>>;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const { register, watch, formState } = form;
  const errors: FieldErrors<FieldForm> = formState.errors.fields?.[index] ?? {};
  const accepts = watch(`fields.${index}.accepts`);
  const title = watch(`fields.${index}.label.fr`).trim() || t`Nouveau champ`;
  const path = `fields.${index}` as const;
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <legend className="px-1 font-semibold text-gray-900">{t`Champ ${index + 1} : ${title}`}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t`Identifiant`}
          hint={t`Minuscules, chiffres et _ ; ex. cost_center`}
          autoComplete="off"
          {...register(`${path}.name`)}
          error={errors.name?.message}
        />
        <TextField label={t`Libellé en français`} autoComplete="off" {...register(`${path}.label.fr`)} error={errors.label?.fr?.message} />
        <TextField label={t`Libellé en anglais`} autoComplete="off" {...register(`${path}.label.en`)} error={errors.label?.en?.message} />
        <SelectField label={t`Demandé`} {...register(`${path}.level`)}>
          <option value="travel">{t`Une fois pour le voyage`}</option>
          <option value="traveler">{t`Pour chaque voyageur`}</option>
        </SelectField>
        <SelectField label={t`Réponse`} {...register(`${path}.accepts`)}>
          <option value="text">{t`Texte libre`}</option>
          <option value="list">{t`Choix dans une liste`}</option>
          <option value="pattern">{t`Texte dans un format`}</option>
        </SelectField>
        <CheckboxField className="self-center" label={t`Obligatoire`} {...register(`${path}.required`)} />
      </div>
      {accepts === 'list' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField rows={4} label={t`Valeurs proposées`} hint={t`Une par ligne.`} {...register(`${path}.values`)} error={firstMessage(errors.values)} />
          <TextAreaField
            rows={4}
            label={t`Codes (facultatif)`}
            hint={t`Un par ligne, dans l’ordre des valeurs.`}
            {...register(`${path}.valueCodes`)}
            error={firstMessage(errors.valueCodes)}
          />
        </div>
      )}
      {accepts === 'pattern' && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t`Format (expression régulière)`}
            hint={t`ex. ^PRJ-[0-9]{4}$`}
            autoComplete="off"
            spellCheck={false}
            {...register(`${path}.regex`)}
            error={errors.regex?.message}
          />
          <TextField
            label={t`Explication en français`}
            hint={t`Affichée si la saisie ne convient pas.`}
            autoComplete="off"
            {...register(`${path}.regexDesc.fr`)}
            error={errors.regexDesc?.fr?.message}
          />
          <TextField label={t`Explication en anglais`} autoComplete="off" {...register(`${path}.regexDesc.en`)} error={errors.regexDesc?.en?.message} />
        </div>
      )}
      <Button variant="ghost" className="self-start" onClick={onRemove}>
        <Trash2 aria-hidden="true" size={18} />
        {t`Supprimer le champ ${title}`}
      </Button>
    </fieldset>
  );
}
