import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { SelectField, TextField, useFieldText } from '@web/components/Field';
import { maskTypedDate } from '@web/components/date-picker/dates';
import { currentLang } from '@web/lib/i18n';
import type { Driver } from '@contract/car-rental';
import type { DriverValues } from './driver';
import { COUNTRY_CODES } from '@contract/countries';

/** Country codes with their names in the reader's language, by name. */
function useCountries() {
  const names = new Intl.DisplayNames([currentLang()], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, currentLang()));
}

/**
 * The driver's details (spec 1 §5 "Driver"): the basic ones always, and when the rental needs a
 * licence, birth place, address and the licence itself. Errors show once a field was left.
 */
export function DriverForm({ form, full }: { form: UseFormReturn<DriverValues, unknown, Driver>; full: boolean }) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const countries = useCountries();
  const genderId = useId();
  const { register, control, formState } = form;
  const error = (name: keyof DriverValues) => formState.errors[name]?.message;
  const dateField = (name: 'birthdate' | 'license_date', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          ref={field.ref}
          label={label}
          name={field.name}
          inputMode="numeric"
          placeholder={t`JJ/MM/AAAA`}
          maxLength={10}
          autoComplete={name === 'birthdate' ? 'bday' : 'off'}
          value={field.value}
          onChange={(e) => field.onChange(maskTypedDate(e.target.value, field.value))}
          onBlur={field.onBlur}
          error={error(name)}
        />
      )}
    />
  );
  const countrySelect = (name: 'birth_country' | 'license_country', label: string) => (
    <SelectField label={label} error={error(name)} {...register(name)}>
      <option value="">{t`Choisir un pays`}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
  const genderError = fieldText(error('gender'));

  return (
    <div className="space-y-4">
      <fieldset aria-describedby={genderError ? `${genderId}-error` : undefined}>
        <legend className="mb-1 font-medium text-gray-900">{t`Civilité`}</legend>
        <div className="flex gap-4">
          {(['MS', 'MR'] as const).map((g) => (
            <label key={g} className="flex min-h-11 items-center gap-2">
              <input type="radio" value={g} className="size-5 accent-[var(--brand)]" {...register('gender')} />
              {g === 'MS' ? t`Madame` : t`Monsieur`}
            </label>
          ))}
        </div>
        {genderError && (
          <p id={`${genderId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {genderError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t`Prénom`} autoComplete="given-name" error={error('firstname')} {...register('firstname')} />
        <TextField label={t`Nom`} autoComplete="family-name" error={error('lastname')} {...register('lastname')} />
        <TextField label={t`E-mail`} type="email" autoComplete="email" error={error('email')} {...register('email')} />
        <TextField label={t`Téléphone`} type="tel" autoComplete="tel" error={error('phone')} {...register('phone')} />
        {dateField('birthdate', t`Date de naissance`)}
      </div>
      {full && (
        <fieldset className="space-y-3 border-t border-gray-200 pt-4">
          <legend className="font-semibold text-gray-900">{t`Permis de conduire`}</legend>
          <p className="text-sm text-gray-700">{t`Ce loueur demande le permis et l’identité complète du conducteur.`}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {countrySelect('birth_country', t`Pays de naissance`)}
            <TextField label={t`Ville de naissance`} error={error('city_of_birth')} {...register('city_of_birth')} />
            <TextField className="sm:col-span-2" label={t`Adresse`} autoComplete="street-address" error={error('address')} {...register('address')} />
            {countrySelect('license_country', t`Pays de délivrance du permis`)}
            <TextField label={t`Numéro de permis`} autoComplete="off" error={error('license_number')} {...register('license_number')} />
            {dateField('license_date', t`Date d’obtention du permis`)}
          </div>
        </fieldset>
      )}
    </div>
  );
}
