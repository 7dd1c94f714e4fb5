import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Flexibility, SortBy, TripFilters } from './filters';
import { DEFAULT_FILTERS, FLEXIBILITIES, SORTS, toggleFlexibility } from './filters';
import { useFlexibilityLabel } from '@web/components/labels/flexibility';

const chip = (on: boolean) =>
  `min-h-11 rounded-full border px-3 text-sm font-medium ${on ? 'border-brand bg-brand text-brand-contrast' : 'border-gray-400 bg-white text-gray-900 hover:bg-gray-100'}`;

/** Trip filters (transit, luggage, flexibilities, carriers) and the sort. */
export function FiltersBar({
  filters,
  carriers,
  onChange,
}: {
  filters: TripFilters;
  carriers: { code: string; name: string }[];
  onChange: (filters: TripFilters) => void;
}) {
  const { t } = useLingui();
  const flexLabel = useFlexibilityLabel();
  const sortId = useId();
  const sortLabels: Record<SortBy, string> = {
    BY_TIME: t`Heure de départ`,
    BY_PRICE: t`Prix`,
    BY_DURATION: t`Durée`,
    BY_CARBON: t`Émissions de CO2`,
  };
  return (
    // One wrapping row: the first proposal stays in view at 1280 × 720 under the filters.
    <section aria-label={t`Filtres et tri`} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-gray-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={chip(filters.withTransit)}
          aria-pressed={filters.withTransit}
          onClick={() => onChange({ ...filters, withTransit: !filters.withTransit })}
        >
          <Trans>Avec correspondance</Trans>
        </button>
        <button
          type="button"
          className={chip(filters.withLuggage)}
          aria-pressed={filters.withLuggage}
          onClick={() => onChange({ ...filters, withLuggage: !filters.withLuggage })}
        >
          <Trans>Avec bagage en soute</Trans>
        </button>
        <div role="group" aria-label={t`Flexibilité`} className="flex flex-wrap gap-2">
          {FLEXIBILITIES.map((flex: Flexibility) => (
            <button
              key={flex}
              type="button"
              className={chip(filters.flexibilities.includes(flex))}
              aria-pressed={filters.flexibilities.includes(flex)}
              onClick={() => onChange({ ...filters, flexibilities: toggleFlexibility(filters.flexibilities, flex) })}
            >
              {flexLabel(flex)}
            </button>
          ))}
        </div>
      </div>
      {carriers.length > 1 && (
        <div role="group" aria-label={t`Compagnies`} className="flex flex-wrap gap-2">
          {carriers.map((c) => {
            const on = filters.carriers.includes(c.code);
            return (
              <button
                key={c.code}
                type="button"
                className={chip(on)}
                aria-pressed={on}
                onClick={() => onChange({ ...filters, carriers: on ? filters.carriers.filter((x) => x !== c.code) : [...filters.carriers, c.code] })}
              >
                {c.name}
              </button>
            );
          })}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sortId} className="font-medium text-gray-900">
          <Trans>Trier par</Trans>
        </label>
        <select
          id={sortId}
          className="min-h-11 rounded-lg border border-gray-400 bg-white px-3"
          value={filters.sortBy}
          onChange={(e) => onChange({ ...filters, sortBy: e.target.value as SortBy })}
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </select>
        {JSON.stringify(filters) !== JSON.stringify(DEFAULT_FILTERS) && (
          <button type="button" className="min-h-11 px-2 text-sm font-medium text-brand underline" onClick={() => onChange(DEFAULT_FILTERS)}>
            <Trans>Réinitialiser les filtres</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
