import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { DocumentWarning, FormField } from '@contract/trip';
import { DocumentWarnings } from '../DocumentWarnings';
import { FieldError } from '../Field';

/** A field's value as the server gives it, as the traveller step shows it: a date `YYYY-MM-DD` as `JJ/MM/AAAA`. */
export function travellerFieldValue(field: FormField): string {
  const m = field.type === 'date' && field.value && /^(\d{4})-(\d{2})-(\d{2})$/.exec(field.value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (field.value ?? '');
}

/**
 * One traveller of a traveller step (trip, expert): its number, its identity documents' warnings (with
 * a way to the user's own documents when the traveller is the user), then what the step asks of them.
 */
export function TravellerCard({ n, warnings, isUser, children }: { n: number; warnings: readonly DocumentWarning[]; isUser: boolean; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4">
      <h3 className="mb-2 font-semibold text-gray-900">
        <Trans>Voyageur {n}</Trans>
      </h3>
      <DocumentWarnings warnings={warnings}>
        {isUser && (
          <RouterLink
            to="/account/informations"
            hash="documents"
            className="self-start font-medium text-brand underline underline-offset-2 hover:text-brand-strong"
          >
            <Trans>Gérer mes pièces d’identité</Trans>
          </RouterLink>
        )}
      </DocumentWarnings>
      {children}
    </li>
  );
}

/** A group of a traveller's fields (identity, contact…) under its label. */
export function TravellerFieldGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="mb-3 flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-gray-700">{label}</legend>
      {children}
    </fieldset>
  );
}

type TravellerFieldProps = {
  id: string;
  field: FormField;
  /** A traveller's field linked to the first traveller's: not a field of its own, it shows that value, read-only. */
  follower: boolean;
  value: string;
  error?: string;
  /** A choice: a radio's, or a text's or list's without `registration`. */
  onChange: (value: string) => void;
  /** The form's own registration of a text or list (it reads the input, and focuses it on an error). */
  registration?: UseFormRegisterReturn;
};

/** One field of a traveller form: text or date input, radio group or list, its label starred when required. */
export function TravellerField({ id, field, follower, value, error, onChange, registration }: TravellerFieldProps) {
  const { t } = useLingui();
  const label = field.required ? `${field.label} *` : field.label;
  const disabled = field.disabled || follower;
  const describedBy = error ? `${id}-error` : undefined;
  if (field.type === 'radio')
    return (
      <fieldset aria-describedby={describedBy}>
        <legend className="mb-1 font-medium text-gray-900">{label}</legend>
        <div className="flex flex-wrap gap-4">
          {(field.options ?? []).map((o) => (
            <label key={o.value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={id}
                value={o.value}
                checked={value === o.value}
                disabled={disabled}
                onChange={() => onChange(o.value)}
                className="size-5 accent-[var(--brand)]"
              />
              {o.label}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </fieldset>
    );
  const input = follower ? { value, readOnly: true } : (registration ?? { value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) });
  const common = {
    id,
    ...input,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      {field.type === 'list' ? (
        <select {...common} className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3">
          <option value="">{t`Choisir…`}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={field.type === 'date' ? 'numeric' : undefined}
          placeholder={field.placeholder ?? (field.type === 'date' ? t`JJ/MM/AAAA` : undefined)}
          className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 disabled:bg-gray-100 disabled:text-gray-700 ${error ? 'border-red-700' : 'border-gray-400'}`}
        />
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
