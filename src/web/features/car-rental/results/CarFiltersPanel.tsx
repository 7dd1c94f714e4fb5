import type { ReactNode } from 'react';
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CarRental, CarRentalSearchResult } from '@contract/car-rental';
import { useCarCategoryLabel } from '@web/components/labels/car-categories';
import { useEngineLabel, useGearboxLabel } from '../labels';
import type { CarFilters } from './filters';
import { optionsOf, priceBounds, priceRangeInvalid, toggle } from './filters';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 font-semibold text-gray-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="flex min-h-9 items-center gap-2 text-gray-900">
      <input type="checkbox" className="size-5 accent-[var(--brand)]" checked={checked} onChange={onChange} />
      {label}
    </label>
  );
}

type Props = { cars: CarRental[]; renters: CarRentalSearchResult['renters']; filters: CarFilters; onChange: (next: CarFilters) => void };

/** The results' filters (spec 1 §9 "Car filters"): what to show, among the values the results have. */
export function CarFiltersPanel({ cars, renters, filters, onChange }: Props) {
  const { t } = useLingui();
  const typeLabel = useCarCategoryLabel();
  const engineLabel = useEngineLabel();
  const gearboxLabel = useGearboxLabel();
  const priceId = useId();
  const bounds = priceBounds(cars);
  const set = (patch: Partial<CarFilters>) => onChange({ ...filters, ...patch });
  const renterName = (code: string) => renters.find((r) => r.code === code)?.name ?? code;
  const invalid = priceRangeInvalid(filters);
  const price = (key: 'minPrice' | 'maxPrice', label: string) => (
    <label className="flex flex-1 flex-col text-sm text-gray-800">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1}
        placeholder={String(key === 'minPrice' ? bounds.min : bounds.max)}
        value={filters[key] ?? ''}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${priceId}-error` : undefined}
        onChange={(e) => set({ [key]: e.target.value === '' ? null : Number(e.target.value) })}
        className={`mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 tabular-nums ${invalid ? 'border-red-700' : 'border-gray-400'}`}
      />
    </label>
  );

  return (
    <div className="space-y-5">
      <Group legend={t`Prix par jour (€)`}>
        <div className="flex gap-2">
          {price('minPrice', t`Minimum`)}
          {price('maxPrice', t`Maximum`)}
        </div>
        {invalid && (
          <p id={`${priceId}-error`} role="alert" className="text-sm font-medium text-red-700">
            {t`Le prix minimum doit être inférieur ou égal au maximum.`}
          </p>
        )}
      </Group>
      <Group legend={t`Type de véhicule`}>
        {optionsOf(cars, (c) => c.carGroup).map(({ value, count }) => (
          <Check
            key={value}
            label={`${typeLabel(value)} (${count})`}
            checked={filters.types.includes(value)}
            onChange={() => set({ types: toggle(filters.types, value) })}
          />
        ))}
      </Group>
      <Group legend={t`Motorisation`}>
        {optionsOf(cars, (c) => c.engineType).map(({ value, count }) => (
          <Check
            key={value}
            label={`${engineLabel(value)} (${count})`}
            checked={filters.engines.includes(value)}
            onChange={() => set({ engines: toggle(filters.engines, value) })}
          />
        ))}
      </Group>
      <Group legend={t`Boîte de vitesses`}>
        {optionsOf(cars, (c) => c.gearbox).map(({ value, count }) => (
          <Check
            key={value}
            label={`${gearboxLabel(value)} (${count})`}
            checked={filters.gearboxes.includes(value)}
            onChange={() => set({ gearboxes: toggle(filters.gearboxes, value) })}
          />
        ))}
      </Group>
      <Group legend={t`Loueurs`}>
        {optionsOf(cars, (c) => c.renter.code).map(({ value, count }) => (
          <Check
            key={value}
            label={`${renterName(value)} (${count})`}
            checked={filters.renters.includes(value)}
            onChange={() => set({ renters: toggle(filters.renters, value) })}
          />
        ))}
      </Group>
      <Group legend={t`Options`}>
        <Check label={t`Kilométrage illimité`} checked={filters.unlimited} onChange={() => set({ unlimited: !filters.unlimited })} />
        <Check label={t`Tarif négocié`} checked={filters.negotiated} onChange={() => set({ negotiated: !filters.negotiated })} />
        <Check label={t`Carte de fidélité acceptée`} checked={filters.loyalty} onChange={() => set({ loyalty: !filters.loyalty })} />
      </Group>
    </div>
  );
}
