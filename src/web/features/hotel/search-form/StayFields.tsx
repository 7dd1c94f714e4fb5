import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { Button } from '@web/components/Button';
import { StarsPicker } from '../components/Stars';
import type { HotelSearchUrl } from '../url';
import { HOTEL_RADII, MAX_ROOMS } from '../url';
import type { HotelValues } from './validation';

/** How far around the place to look: a slider over the radii of spec 1 §9. */
export function RadiusSlider({ radius, onChange, onFocus }: { radius: number; onChange: (radius: number) => void; onFocus: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const index = Math.max(0, HOTEL_RADII.indexOf(radius as (typeof HOTEL_RADII)[number]));
  return (
    <div>
      <div className="mb-1 flex justify-between font-medium text-gray-900">
        <label htmlFor={id}>{t`Rayon`}</label>
        <output htmlFor={id} aria-hidden="true" className="tabular-nums">{`${radius} km`}</output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={HOTEL_RADII.length - 1}
        step={1}
        value={index}
        aria-valuetext={`${radius} km`}
        list={`${id}-ticks`}
        onFocus={onFocus}
        onChange={(e) => onChange(HOTEL_RADII[Number(e.target.value)]!)}
        className="block min-h-11 w-full accent-[var(--brand)]"
      />
      <datalist id={`${id}-ticks`}>
        {HOTEL_RADII.map((r, i) => (
          <option key={r} value={i} label={`${r}`} />
        ))}
      </datalist>
      <div aria-hidden="true" className="flex justify-between text-xs text-gray-600 tabular-nums">
        {HOTEL_RADII.map((r) => (
          <span key={r}>{r}</span>
        ))}
      </div>
    </div>
  );
}

/** The rooms of the stay, in the passengers panel: each room needs a traveller, so rooms come after travellers. */
export function RoomsCounter({ rooms, travellers, text, onChange }: { rooms: number; travellers: number; text: string; onChange: (rooms: number) => void }) {
  const { t } = useLingui();
  const id = useId();
  const canAddRoom = rooms < MAX_ROOMS && travellers > rooms;
  return (
    <div>
      <p id={`${id}-rooms`} className="mb-1 font-medium text-gray-900">
        {t`Chambres`}
      </p>
      <div role="group" aria-labelledby={`${id}-rooms`} className="flex items-center gap-3">
        <Button variant="secondary" aria-label={t`Retirer une chambre`} disabled={rooms <= 1} onClick={() => onChange(rooms - 1)}>
          <Minus aria-hidden="true" size={18} />
        </Button>
        <output aria-live="polite" className="min-w-24 text-center font-semibold tabular-nums">
          {text}
        </output>
        <Button
          variant="secondary"
          aria-label={t`Ajouter une chambre`}
          aria-describedby={canAddRoom ? undefined : `${id}-rooms-hint`}
          disabled={!canAddRoom}
          onClick={() => onChange(rooms + 1)}
        >
          <Plus aria-hidden="true" size={18} />
        </Button>
      </div>
      {!canAddRoom && rooms < MAX_ROOMS && (
        <p id={`${id}-rooms-hint`} className="mt-1 text-sm text-gray-700">
          {t`Pour ajouter une chambre, ajoutez d’abord un voyageur : chaque chambre en accueille au moins un.`}
        </p>
      )}
    </div>
  );
}

/** What the hotels must be or offer (spec 1 §2 "Hotel search form"): a name, the least stars, meals. */
export function StayFilters({ form, onFocus }: { form: UseFormReturn<HotelValues, unknown, HotelSearchUrl>; onFocus: () => void }) {
  const { t } = useLingui();
  const nameId = useId();
  const { control, register } = form;
  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 font-semibold text-gray-900">{t`Filtres`}</legend>
      <div>
        <label htmlFor={nameId} className="mb-1 block font-medium text-gray-900">
          {t`Nom de l’hôtel`}
        </label>
        <input
          id={nameId}
          type="text"
          maxLength={100}
          autoComplete="off"
          {...register('name')}
          onFocus={onFocus}
          className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3"
        />
      </div>
      <Controller control={control} name="stars" render={({ field }) => <StarsPicker value={field.value} onChange={field.onChange} onFocus={onFocus} />} />
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(
          [
            ['breakfast', t`Petit-déjeuner`],
            ['halfBoard', t`Demi-pension`],
            ['fullBoard', t`Pension complète`],
          ] as const
        ).map(([name, label]) => (
          <label key={name} className="flex min-h-11 items-center gap-2">
            <input type="checkbox" className="size-5 accent-[var(--brand)]" {...register(name)} onFocus={onFocus} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
