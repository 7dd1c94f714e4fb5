import { Controller, useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { exchangeSearchBodySchema, type ExchangeSearchBody, type ExchangeSection } from '@contract/exchange';
import { Button } from '@web/components/Button';
import { TextField } from '@web/components/Field';
import { contractResolver } from '@web/lib/form';
import type { Place } from '@contract/places';
import { PlacePicker } from '@web/components/PlacePicker';
import { HOURS, departureOf, hourOf } from './rules';

/** A place of the exchange search: its name for the field, its point for the API (spec 2 §3 "Exchange search payload"). */
type PlaceChoice = Pick<Place, 'ID' | 'name' | 'lat' | 'lon'>;

export type SearchForm = { origin: PlaceChoice | null; destination: PlaceChoice | null; date: string; hour: number };

const toBody = (v: SearchForm) => ({
  departure: v.date ? departureOf(v.date, v.hour) : '',
  origin: v.origin ? { lat: v.origin.lat, lon: v.origin.lon } : undefined,
  destination: v.destination ? { lat: v.destination.lat, lon: v.destination.lon } : undefined,
});
const resolver = contractResolver(() => exchangeSearchBodySchema, toBody);

/** The search form's first values: the section's own places and day, its hour. */
export const initialSearch = (section: ExchangeSection): SearchForm => ({
  origin: { ID: 'section-from', name: section.from.name, lat: section.from.lat, lon: section.from.lon },
  destination: { ID: 'section-to', name: section.to.name, lat: section.to.lat, lon: section.to.lon },
  date: section.departure.slice(0, 10),
  hour: hourOf(section.departure),
});

type Props = { initial: SearchForm; today: string; searching: boolean; onSearch: (body: ExchangeSearchBody, values: SearchForm) => void };

/**
 * Step 1 (spec 2 §2): departure and arrival places chosen from suggestions, a date and an hourly
 * time button (06:00–23:00). After a submit attempt, an empty place says which one is missing
 * (spec 2 §5 "Exchange form").
 */
export function SearchStep({ initial, today, searching, onSearch }: Props) {
  const { t } = useLingui();
  const form = useForm<SearchForm, unknown, ExchangeSearchBody>({ resolver, defaultValues: initial });
  const { errors } = form.formState;
  // The contract names the body's field (`departure`), made of the date and the hour.
  const departureError = (errors as { departure?: { message?: string } }).departure?.message;
  const hour = form.watch('hour');
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => onSearch(body, form.getValues()))} className="space-y-5">
      <div className="grid gap-4 md:grid-cols-2">
        <Controller
          control={form.control}
          name="origin"
          render={({ field }) => (
            <PlacePicker
              name="origin"
              types="station,city"
              label={t`Lieu de départ`}
              value={field.value}
              onChange={field.onChange}
              error={errors.origin ? t`Saisissez un lieu de départ` : undefined}
            />
          )}
        />
        <Controller
          control={form.control}
          name="destination"
          render={({ field }) => (
            <PlacePicker
              name="destination"
              types="station,city"
              label={t`Lieu d’arrivée`}
              value={field.value}
              onChange={field.onChange}
              error={errors.destination ? t`Saisissez un lieu de destination` : undefined}
            />
          )}
        />
      </div>
      <TextField type="date" label={t`Date de départ`} min={today} error={departureError} className="max-w-xs" {...form.register('date')} />
      <fieldset>
        <legend className="mb-2 font-medium text-gray-900">
          <Trans>Heure de départ, à partir de</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          {HOURS.map((h) => {
            const label = `${String(h).padStart(2, '0')}:00`;
            return (
              <button
                key={h}
                type="button"
                aria-pressed={hour === h}
                onClick={() => form.setValue('hour', h)}
                className={`min-h-11 min-w-16 rounded-lg border px-3 font-medium tabular-nums ${hour === h ? 'border-brand bg-brand text-brand-contrast' : 'border-gray-400 bg-white text-gray-900 hover:bg-gray-100'}`}
              >
                {label}
              </button>
            );
          })}
        </div>
      </fieldset>
      <Button type="submit" busy={searching}>
        <Trans>Rechercher</Trans>
      </Button>
      <p role="status" className="sr-only">
        {searching ? t`Recherche des trajets en cours…` : ''}
      </p>
    </form>
  );
}
