import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans } from '@lingui/react/macro';
import { FieldError, useFieldText } from './Field';

/** Civility as two radios in a fieldset, its error tied to the group. */
export function GenderField({ register, error }: { register: UseFormRegisterReturn; error?: string }) {
  const errorId = useId();
  const text = useFieldText()(error);
  return (
    <fieldset aria-describedby={text ? errorId : undefined}>
      <legend className="mb-1 font-medium text-gray-900">
        <Trans>Civilité</Trans>
      </legend>
      <div className="flex gap-6">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="MS" className="size-5 accent-[var(--brand)]" aria-invalid={text ? true : undefined} {...register} />
          <Trans>Madame</Trans>
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="MR" className="size-5 accent-[var(--brand)]" aria-invalid={text ? true : undefined} {...register} />
          <Trans>Monsieur</Trans>
        </label>
      </div>
      <FieldError id={errorId}>{text}</FieldError>
    </fieldset>
  );
}
