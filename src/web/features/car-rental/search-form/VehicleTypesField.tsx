import { useLingui } from '@lingui/react/macro';
import { useCarCategoryLabel } from '@web/components/labels/car-categories';
import type { CarType } from '../url';
import { CAR_TYPES } from '../url';

type Props = { value: readonly CarType[]; onChange: (types: CarType[]) => void; onFocus: () => void };

/** The vehicle types searched, as checkable chips: none checked searches them all. */
export function VehicleTypesField({ value, onChange, onFocus }: Props) {
  const { t } = useLingui();
  const typeLabel = useCarCategoryLabel();
  return (
    <fieldset onFocus={onFocus}>
      <legend className="mb-1 font-medium text-gray-900">{t`Type de véhicule`}</legend>
      <div className="flex flex-wrap gap-2">
        {CAR_TYPES.map((type) => {
          const checked = value.includes(type);
          return (
            <label
              key={type}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
                checked ? 'border-brand bg-brand/10 font-semibold' : 'border-gray-300 hover:bg-gray-50'
              }`}
            >
              <input
                type="checkbox"
                className="size-5 accent-[var(--brand)]"
                checked={checked}
                onChange={() => onChange(checked ? value.filter((x) => x !== type) : [...value, type])}
              />
              {typeLabel(type)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
