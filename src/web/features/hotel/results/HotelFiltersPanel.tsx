import { useEffect, useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { Button } from '@web/components/Button';
import { FieldError } from '@web/components/Field';
import { StarsPicker } from '../components/Stars';
import type { HotelFilters, HotelSort } from './filters';
import { DEFAULT_FILTERS, HOTEL_SORTS, activeFilterCount, priceProblem } from './filters';

/** Below 760 px (spec 1 §9) the filters fold away and apply with a confirm button. */
export function useIsMobile() {
  const query = '(max-width: 759px)';
  const [mobile, setMobile] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setMobile(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

type Props = {
  filters: HotelFilters;
  onChange: (filters: HotelFilters) => void;
  /** The price range's bounds (whole euros per night), null without prices. */
  bounds: { min: number; max: number } | null;
};

/**
 * The results' filters and sort (spec 1 §2 "Hotel results screen", §9): on a desktop each change applies
 * at once; on a phone they fold behind a button and apply with "Show the results".
 */
export function HotelFiltersPanel({ filters, onChange, bounds }: Props) {
  const { t } = useLingui();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (filters !== shown) {
    setShown(filters);
    setDraft(filters);
  }
  const id = useId();
  const current = mobile ? draft : filters;
  const change = (patch: Partial<HotelFilters>) => {
    const next = { ...current, ...patch };
    if (mobile) setDraft(next);
    else onChange(next);
  };
  const problem = bounds ? priceProblem(current, bounds) : null;
  const priceError =
    problem === 'order'
      ? t`Le prix minimum doit être inférieur au prix maximum`
      : problem && bounds
        ? t`Saisissez un prix entre ${bounds.min} € et ${bounds.max} €`
        : undefined;
  const count = activeFilterCount(filters);
  const sortLabels: Record<HotelSort, string> = { BY_PRICE: t`Prix`, BY_DISTANCE: t`Distance`, BY_PREF: t`Préférence` };
  const checkboxes: [keyof HotelFilters, string][] = [
    ['breakfast', t`Petit-déjeuner`],
    ['halfBoard', t`Demi-pension`],
    ['fullBoard', t`Pension complète`],
    ['loyalty', t`Programme de fidélité`],
    ['accessible', t`Accessible PMR`],
    ['cancellable', t`Annulable`],
    ['evCharging', t`Borne de recharge électrique`],
  ];
  const price = (value: string) => (value.trim() === '' ? null : Math.round(Number(value)));

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="sr-only min-[760px]:not-sr-only min-[760px]:text-lg min-[760px]:font-bold min-[760px]:text-gray-900">
          {t`Filtres`}
        </h2>
        {mobile && (
          <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((o) => !o)}>
            <SlidersHorizontal aria-hidden="true" size={18} />
            {count > 0 ? t`Filtres (${count})` : t`Filtres`}
          </Button>
        )}
        <div className="flex items-center gap-3">
          {!mobile && (
            <Button variant="ghost" onClick={() => onChange({ ...DEFAULT_FILTERS, sortBy: filters.sortBy })}>
              {t`Effacer les filtres`}
            </Button>
          )}
          <label htmlFor={`${id}-sort`} className="text-sm font-medium text-gray-900">
            {t`Trier par`}
          </label>
          <select
            id={`${id}-sort`}
            value={filters.sortBy}
            onChange={(e) => onChange({ ...filters, sortBy: e.target.value as HotelSort })}
            className="block min-h-11 rounded-lg border border-gray-400 bg-white px-3"
          >
            {HOTEL_SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* A phone stacks the filters behind their button; a wider screen lays them out in two rows above the results. */}
      <div
        id={`${id}-panel`}
        hidden={mobile && !open}
        className="mt-4 flex flex-col gap-4 min-[760px]:mt-2 min-[760px]:flex-row min-[760px]:flex-wrap min-[760px]:items-end min-[760px]:gap-x-8 min-[760px]:gap-y-3"
      >
        <StarsPicker value={current.stars} onChange={(stars) => change({ stars })} />
        {bounds && (
          <fieldset aria-describedby={priceError ? `${id}-price-error` : undefined}>
            <legend className="mb-1 font-medium text-gray-900">{t`Prix par nuit (de ${bounds.min} € à ${bounds.max} €)`}</legend>
            <div className="flex gap-3">
              {(['minPrice', 'maxPrice'] as const).map((key) => (
                <div key={key} className="flex-1 min-[760px]:w-28 min-[760px]:flex-none">
                  <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm text-gray-800">
                    {key === 'minPrice' ? t`Minimum (€)` : t`Maximum (€)`}
                  </label>
                  <input
                    id={`${id}-${key}`}
                    type="number"
                    inputMode="numeric"
                    min={bounds.min}
                    max={bounds.max}
                    step={1}
                    placeholder={String(key === 'minPrice' ? bounds.min : bounds.max)}
                    value={current[key] ?? ''}
                    aria-invalid={(problem === 'order' && key === 'maxPrice') || problem === (key === 'minPrice' ? 'min' : 'max') ? true : undefined}
                    onChange={(e) => change({ [key]: price(e.target.value) })}
                    className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 tabular-nums"
                  />
                </div>
              ))}
            </div>
            <FieldError id={`${id}-price-error`}>{priceError}</FieldError>
          </fieldset>
        )}
        <fieldset className="min-[760px]:basis-full">
          <legend className="mb-1 font-medium text-gray-900">{t`Afficher seulement`}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2 min-[760px]:flex min-[760px]:flex-wrap min-[760px]:gap-x-6">
            {checkboxes.map(([key, label]) => (
              <label key={key} className="flex min-h-11 items-center gap-2 min-[760px]:min-h-8">
                <input
                  type="checkbox"
                  className="size-5 accent-[var(--brand)]"
                  checked={current[key] === true}
                  onChange={(e) => change({ [key]: e.target.checked })}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {mobile && (
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => {
                onChange(draft);
                setOpen(false);
              }}
            >
              {t`Afficher les résultats`}
            </Button>
            <Button variant="ghost" onClick={() => setDraft({ ...DEFAULT_FILTERS, sortBy: draft.sortBy })}>
              {t`Effacer les filtres`}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
