import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { COUNTRIES, COUNTRY_CODES } from '@contract/countries';
import type { DocumentInput, DocumentMessageKey, DocumentType, TravelDocument } from '@contract/documents';
import { DOCUMENT_MESSAGE_KEYS, documentInputSchema } from '@contract/documents';
import { Button } from '@web/components/Button';
import { FieldError, FormAlert, SelectField, TextField, useFieldText } from '@web/components/Field';
import { frenchDateToIso, todayIso } from '@web/lib/dates';
import { contractResolver } from '@web/lib/form';

/** The form's values as typed: dates as JJ/MM/AAAA, the type and countries empty until chosen. */
export type DocumentFormValues = {
  type: '' | DocumentType;
  civility: 'mr' | 'ms';
  firstname: string;
  lastname: string;
  nationality: string;
  document_name: string;
  effective_date: string;
  expiration_date: string;
  number: string;
  country_of_issue: string;
};
type Field = keyof DocumentFormValues;
export type ParsedDocument = ReturnType<ReturnType<typeof documentInputSchema>['parse']>;

const isoToFrench = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** A document as the form shows it: the stored one being edited, or a new one (civility mr by default, spec 3 §4) with the user's name. */
export function formValues(document: TravelDocument | null, person: { firstname: string; lastname: string }): DocumentFormValues {
  if (!document)
    return {
      type: '',
      civility: 'mr',
      firstname: person.firstname,
      lastname: person.lastname,
      nationality: '',
      document_name: '',
      effective_date: '',
      expiration_date: '',
      number: '',
      country_of_issue: '',
    };
  return {
    type: document.type,
    civility: document.civility,
    firstname: document.firstname,
    lastname: document.lastname,
    nationality: document.nationality,
    document_name: document.document_name ?? '',
    effective_date: isoToFrench(document.effective_date),
    expiration_date: isoToFrench(document.expiration_date),
    number: document.number,
    country_of_issue: document.country_of_issue,
  };
}

/** The form's values as the contract reads one document (spec 3 §5 "Identity document form"). */
const toBody = (v: DocumentFormValues): DocumentInput => ({
  uid: null,
  type: (v.type || undefined) as DocumentType,
  civility: v.civility,
  firstname: v.firstname,
  lastname: v.lastname,
  nationality: v.nationality,
  document_name: v.document_name || null,
  effective_date: v.effective_date.trim() ? frenchDateToIso(v.effective_date) : null,
  expiration_date: v.expiration_date.trim() ? frenchDateToIso(v.expiration_date) : null,
  number: v.number,
  country_of_issue: v.country_of_issue,
});

// Checked against the user's today, with the known countries; the form's own keys stay for it to translate.
const resolver = contractResolver(() => documentInputSchema(todayIso(), COUNTRIES), toBody, undefined, DOCUMENT_MESSAGE_KEYS);

/** This form's messages (spec 3 §5: ENTER_A_DATE, ENTER_PASSED_DATE, ENTER_FUTURE_DATE). */
const OWN_MESSAGES: Record<DocumentMessageKey, MessageDescriptor> = {
  ENTER_A_DATE: msg({ comment: 'ENTER_A_DATE', message: 'Veuillez saisir une date (JJ/MM/AAAA)' }),
  ENTER_PASSED_DATE: msg({ comment: 'ENTER_PASSED_DATE', message: 'Veuillez saisir une date passée' }),
  ENTER_FUTURE_DATE: msg({ comment: 'ENTER_FUTURE_DATE', message: 'Veuillez saisir une date future' }),
};
const isOwnKey = (value: string | undefined): value is DocumentMessageKey => !!value && Object.hasOwn(OWN_MESSAGES, value);

/** A field's message: this form's keys here, the shared ones (and server sentences) by the field itself. */
function useMessage() {
  const { i18n } = useLingui();
  return (key: string | undefined) => (isOwnKey(key) ? i18n._(OWN_MESSAGES[key]) : key);
}

/** Country names in the reader's language (Intl.DisplayNames), sorted as they read. */
function useCountryOptions() {
  const { i18n } = useLingui();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    const collator = new Intl.Collator(i18n.locale);
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [i18n.locale]);
}

export const DOCUMENT_FIELDS: readonly Field[] = [
  'type',
  'civility',
  'firstname',
  'lastname',
  'nationality',
  'document_name',
  'effective_date',
  'expiration_date',
  'number',
  'country_of_issue',
];

/**
 * One identity document's form (spec 3 "Identity document form"): every problem next to its field.
 * `onSave` writes it (the section sends the whole list) and answers the server's field problems
 * for this document, or throws for the section to say.
 */
export function DocumentForm({
  initial,
  isNew,
  onSave,
  onCancel,
}: {
  initial: DocumentFormValues;
  isNew: boolean;
  onSave: (document: ParsedDocument) => Promise<Partial<Record<Field, string>> | null>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const message = useMessage();
  const fieldText = useFieldText();
  const countries = useCountryOptions();
  const id = useId();
  const [alert, setAlert] = useState<string>();
  const { register, handleSubmit, setError, watch, formState } = useForm<DocumentFormValues, unknown, ParsedDocument>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;
  const licence = watch('type') === 'driver_license';

  // Opened by a button: the form's heading takes the focus, so a screen reader starts there.
  useEffect(() => document.getElementById(`${id}-title`)?.focus(), [id]);

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      const problems = await onSave(input);
      if (problems)
        (Object.entries(problems) as [Field, string][]).forEach(([field, key], i) =>
          setError(field, { type: 'server', message: key }, { shouldFocus: i === 0 }),
        );
    } catch (error) {
      setAlert(error instanceof Error ? error.message : String(error));
    }
  });

  const civilityError = fieldText(message(errors.civility?.message));
  const dateHint = t`JJ/MM/AAAA`;
  const countryOptions = (
    <>
      <option value="">{t`Choisir un pays`}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <h3 id={`${id}-title`} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {isNew ? <Trans>Ajouter une pièce d’identité</Trans> : <Trans>Modifier la pièce d’identité</Trans>}
      </h3>
      <p className="text-sm text-gray-700">
        <Trans>Saisissez les informations telles qu’elles figurent sur le document. Tous les champs sont obligatoires, sauf mention contraire.</Trans>
      </p>
      <FormAlert>{alert}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t`Type de document`} {...register('type')} error={message(errors.type?.message)}>
          <option value="">{t`Choisir un type`}</option>
          <option value="passport">{t`Passeport`}</option>
          <option value="id_card">{t`Carte d’identité`}</option>
          <option value="driver_license">{t`Permis de conduire`}</option>
        </SelectField>
        <TextField label={t`Nom du document (facultatif)`} autoComplete="off" {...register('document_name')} error={message(errors.document_name?.message)} />
      </div>
      <fieldset aria-describedby={civilityError ? `${id}-civility-error` : undefined}>
        <legend className="mb-1 font-medium text-gray-900">
          <Trans>Civilité</Trans>
        </legend>
        <div className="flex gap-6">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" value="mr" className="size-5 accent-[var(--brand)]" {...register('civility')} />
            <Trans>Monsieur</Trans>
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" value="ms" className="size-5 accent-[var(--brand)]" {...register('civility')} />
            <Trans>Madame</Trans>
          </label>
        </div>
        <FieldError id={`${id}-civility-error`}>{civilityError}</FieldError>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Prénom`} autoComplete="given-name" {...register('firstname')} error={message(errors.firstname?.message)} />
        <TextField label={t`Nom`} autoComplete="family-name" {...register('lastname')} error={message(errors.lastname?.message)} />
        <TextField
          label={t`Numéro du document`}
          hint={t`Lettres et chiffres, de 5 à 20`}
          autoComplete="off"
          spellCheck={false}
          {...register('number')}
          error={message(errors.number?.message)}
        />
        <SelectField label={t`Nationalité`} {...register('nationality')} error={message(errors.nationality?.message)}>
          {countryOptions}
        </SelectField>
        <SelectField label={t`Pays de délivrance`} {...register('country_of_issue')} error={message(errors.country_of_issue?.message)}>
          {countryOptions}
        </SelectField>
        <TextField
          label={t`Date de délivrance`}
          hint={dateHint}
          inputMode="numeric"
          autoComplete="off"
          {...register('effective_date')}
          error={message(errors.effective_date?.message)}
        />
        <TextField
          label={licence ? t`Date d’expiration (facultatif)` : t`Date d’expiration`}
          hint={dateHint}
          inputMode="numeric"
          autoComplete="off"
          {...register('expiration_date')}
          error={message(errors.expiration_date?.message)}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? <Trans>Enregistrement…</Trans> : <Trans>Enregistrer</Trans>}
        </Button>
      </div>
    </form>
  );
}
