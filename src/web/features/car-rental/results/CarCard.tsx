import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import CarFront from 'lucide-react/icons/car-front';
import type { CarRental } from '@contract/car-rental';
import { formatDistance, formatPrice } from '@web/lib/format';
import { currentLang } from '@web/lib/i18n';
import { useCarCategoryLabel } from '@web/components/labels/car-categories';
import { useEngineLabel, useGearboxLabel } from '../labels';

/** The car's picture, or a neutral tile when it has none or it fails (UI.md). */
export function CarPicture({ src, className = '' }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <span aria-hidden="true" className={`flex items-center justify-center rounded-lg bg-gray-100 text-gray-500 ${className}`}>
        <CarFront size={32} />
      </span>
    );
  return <img src={src} alt="" className={`rounded-lg bg-gray-50 object-contain ${className}`} onError={() => setFailed(true)} />;
}

/** The words of a car's tags that matter to a choice: policy, negotiated rate, loyalty, low emission. */
export function CarTags({ car }: { car: CarRental }) {
  const { t } = useLingui();
  const tags: { key: string; text: string; tone: string }[] = [];
  if (car.tags.includes('not-compliant')) tags.push({ key: 'nc', text: t`Hors politique voyage`, tone: 'border-red-700 text-red-800' });
  else if (car.tags.includes('compliant')) tags.push({ key: 'c', text: t`Conforme`, tone: 'border-green-700 text-green-900' });
  if (car.tags.includes('negociated-fare') || car.tags.includes('corporate-fare'))
    tags.push({ key: 'n', text: t`Tarif négocié`, tone: 'border-brand text-brand' });
  if (car.tags.includes('loyalty-enabled')) tags.push({ key: 'l', text: t`Carte de fidélité acceptée`, tone: 'border-gray-400 text-gray-800' });
  if (car.tags.includes('zev')) tags.push({ key: 'z', text: t`Zéro émission`, tone: 'border-green-700 text-green-900' });
  if (car.tags.includes('valet')) tags.push({ key: 'v', text: t`Voiturier`, tone: 'border-gray-400 text-gray-800' });
  if (car.isDriverLicenseRequired) tags.push({ key: 'd', text: t`Permis demandé`, tone: 'border-amber-700 text-amber-900' });
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1 text-xs font-semibold">
      {tags.map((tag) => (
        <li key={tag.key} className={`rounded-full border px-2 py-0.5 ${tag.tone}`}>
          {tag.text}
        </li>
      ))}
    </ul>
  );
}

/** One car of the list: a toggle that opens its detail (aria-pressed says which is open). */
export function CarCard({ car, selected, onSelect }: { car: CarRental; selected: boolean; onSelect: () => void }) {
  const typeLabel = useCarCategoryLabel();
  const gearbox = useGearboxLabel();
  const engine = useEngineLabel();
  const perDay = formatPrice(car.price_per_day);
  const total = formatPrice(car.best_price.total);
  const days = car.days;
  const distance = formatDistance(car.distance, currentLang());
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={`flex w-full gap-3 rounded-xl border bg-white p-3 text-left hover:border-brand ${selected ? 'border-2 border-brand shadow-md' : 'border-gray-200'}`}
    >
      <CarPicture src={car.pix_url} className="h-20 w-28 shrink-0" />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0">
            <span className="block font-bold text-gray-900">{car.car}</span>
            <span className="block text-sm text-gray-700">
              {typeLabel(car.carGroup)} · {gearbox(car.gearbox)} · {engine(car.engineType)}
            </span>
          </span>
          <span className="shrink-0 text-right">
            <span className="block text-lg font-bold tabular-nums text-gray-900">
              <Trans>{perDay} / jour</Trans>
            </span>
            <span className="block text-sm tabular-nums text-gray-700">
              <Trans>
                {total} pour {days} j
              </Trans>
            </span>
          </span>
        </span>
        <span className="text-sm text-gray-800">
          <Trans>
            {car.renter.name} · {car.pickup_place.name} à {distance}
          </Trans>
        </span>
        <span className="text-sm text-gray-700">
          {car.unlimited_distance ? <Trans>Kilométrage illimité</Trans> : <IncludedKm km={car.included_distance ?? 0} />}
        </span>
        <CarTags car={car} />
      </span>
    </button>
  );
}

function IncludedKm({ km }: { km: number }) {
  return <Trans>{km} km inclus</Trans>;
}
