import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FieldError } from '../Field';

/** The entity a traveller step books for (required), when the company has entities. */
export function StepEntitySelect({
  id,
  entities,
  registration,
  error,
}: {
  id: string;
  entities: readonly { uid: string; name: string }[];
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useLingui();
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4">
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">
        <Trans>Entité *</Trans>
      </label>
      <select
        id={id}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3"
      >
        <option value="">{t`Choisir une entité`}</option>
        {entities.map((e) => (
          <option key={e.uid} value={e.uid}>
            {e.name}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
