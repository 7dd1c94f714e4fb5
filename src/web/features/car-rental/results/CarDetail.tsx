import type { ReactNode } from 'react';
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Check from 'lucide-react/icons/check';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import X from 'lucide-react/icons/x';
import type { CarRental, RentalPlace } from '@contract/car-rental';
import { formatDistance, formatLocalDateTime, formatPrice } from '@web/lib/format';
import { currentLang } from '@web/lib/i18n';
import { useCarCategoryLabel } from '@web/components/labels/car-categories';
import { useEngineLabel, useGearboxLabel } from '../labels';
import { CarPicture, CarTags } from './CarCard';

/** Monday first, as a French week reads; opening periods number days from 0 = Sunday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

function useWeekdays() {
  const { t } = useLingui();
  return [t`Dimanche`, t`Lundi`, t`Mardi`, t`Mercredi`, t`Jeudi`, t`Vendredi`, t`Samedi`];
}

/** An agency's opening hours per weekday, in its own local time (spec 1 §3 "opening_periods"). */
function OpeningHours({ periods }: { periods: RentalPlace['opening_periods'] }) {
  const { t } = useLingui();
  const days = useWeekdays();
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t`Horaires d’ouverture`}</caption>
      <tbody>
        {WEEK.map((day) => {
          const open = periods.filter((p) => p.day === day).sort((a, b) => a.start.localeCompare(b.start));
          return (
            <tr key={day} className="border-b border-gray-100 last:border-0">
              <th scope="row" className="py-1 pr-3 text-left font-medium text-gray-800">
                {days[day]}
              </th>
              <td className="py-1 tabular-nums text-gray-900">{open.length ? open.map((p) => `${p.start}–${p.end}`).join(', ') : t`Fermé`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Agency({ title, place, time, children }: { title: ReactNode; place: RentalPlace; time: string; children?: ReactNode }) {
  const when = formatLocalDateTime(time);
  const distance = formatDistance(place.distance, currentLang());
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-gray-900">{title}</h3>
      <p className="font-bold tabular-nums text-gray-900">{when}</p>
      <div className="text-gray-800">
        <p className="font-medium">{place.name}</p>
        <p>
          {place.address.formatted_address}, {place.address.zip_code} {place.address.city}
        </p>
        <p className="text-sm text-gray-700">
          <Trans>À {distance} du lieu recherché</Trans>
        </p>
        <p className="flex flex-wrap gap-x-4 text-sm">
          <a href={`tel:${place.phone}`} className="inline-flex min-h-11 items-center gap-1 text-brand underline underline-offset-2">
            <Phone aria-hidden="true" size={14} />
            {place.phone}
          </a>
          <a href={`mailto:${place.email}`} className="inline-flex min-h-11 items-center gap-1 text-brand underline underline-offset-2">
            <Mail aria-hidden="true" size={14} />
            {place.email}
          </a>
        </p>
      </div>
      {children}
      <OpeningHours periods={place.opening_periods} />
    </section>
  );
}

/**
 * A car's detail (spec 1 §2 "Car-rental results screen"): the car, its price, the agencies with their
 * opening hours, pick-up and return times as the agency's clock shows them, the distance rules and the
 * services; `children` is the driver form and the add to cart.
 */
export function CarDetail({ car, headingId, children }: { car: CarRental; headingId: string; children: ReactNode }) {
  const { t } = useLingui();
  const typeLabel = useCarCategoryLabel();
  const gearbox = useGearboxLabel();
  const engine = useEngineLabel();
  const servicesId = useId();
  const sameAgency = car.pickup_place.id === car.return_place.id;
  const perDay = formatPrice(car.price_per_day);
  const total = formatPrice(car.best_price.total);
  const days = car.days;
  const included = car.included_distance ?? 0;
  const extra = car.additional_distance_price ? formatPrice(car.additional_distance_price.total) : null;
  const co2 = car.co2EmissionPerKm;
  const seats = car.seats;
  const doors = car.doors;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start gap-4">
        <CarPicture src={car.pix_url} className="h-28 w-40" />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} tabIndex={-1} className="text-xl font-bold text-gray-900 focus:outline-none">
            {car.car}
          </h2>
          <p className="text-gray-800">
            {typeLabel(car.carGroup)} · {gearbox(car.gearbox)} · {engine(car.engineType)} ·{' '}
            <Trans>
              {seats} places, {doors} portes
            </Trans>
          </p>
          <p className="text-sm text-gray-700">
            <Trans>
              Loueur : {car.renter.name} · catégorie {car.acriss}
            </Trans>
          </p>
          <CarTags car={car} />
        </div>
        <div className="text-right">
          <p className="text-2xl font-bold tabular-nums text-gray-900">
            <Trans>{perDay} / jour</Trans>
          </p>
          <p className="tabular-nums text-gray-700">
            <Trans>
              {total} au total, {days} j
            </Trans>
          </p>
        </div>
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <Agency title={<Trans>Prise en charge</Trans>} place={car.pickup_place} time={car.pickup_time}>
          {car.pickup_place.collect_remarks && <p className="text-sm text-gray-800">{car.pickup_place.collect_remarks}</p>}
        </Agency>
        {sameAgency ? (
          <section className="space-y-2">
            <h3 className="font-semibold text-gray-900">
              <Trans>Restitution</Trans>
            </h3>
            <p className="font-bold tabular-nums text-gray-900">{formatLocalDateTime(car.return_time)}</p>
            <p className="text-gray-800">
              <Trans>À la même agence.</Trans>
            </p>
            {car.return_place.delivery_remarks && <p className="text-sm text-gray-800">{car.return_place.delivery_remarks}</p>}
          </section>
        ) : (
          <Agency title={<Trans>Restitution</Trans>} place={car.return_place} time={car.return_time}>
            {car.return_place.delivery_remarks && <p className="text-sm text-gray-800">{car.return_place.delivery_remarks}</p>}
          </Agency>
        )}
      </div>

      <section className="space-y-1">
        <h3 className="font-semibold text-gray-900">
          <Trans>Kilométrage</Trans>
        </h3>
        <p className="text-gray-800">
          {car.unlimited_distance ? (
            <Trans>Kilométrage illimité</Trans>
          ) : extra ? (
            <Trans>
              {included} km inclus, puis {extra} par km supplémentaire
            </Trans>
          ) : (
            <Trans>{included} km inclus</Trans>
          )}
        </p>
        <p className="text-sm text-gray-700">
          <Trans>Émissions : {co2} g CO2e par km</Trans>
        </p>
      </section>

      <section aria-labelledby={servicesId} className="grid gap-4 sm:grid-cols-2">
        <h3 id={servicesId} className="sr-only">
          {t`Services`}
        </h3>
        <div>
          <h4 className="font-semibold text-gray-900">
            <Trans>Inclus</Trans>
          </h4>
          <ul className="space-y-1">
            {car.included_services.map((s) => (
              <li key={s} className="flex items-start gap-2 text-gray-800">
                <Check aria-hidden="true" size={16} className="mt-1 shrink-0 text-green-800" />
                {s}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="font-semibold text-gray-900">
            <Trans>Non inclus</Trans>
          </h4>
          <ul className="space-y-1">
            {car.excluded_services.map((s) => (
              <li key={s} className="flex items-start gap-2 text-gray-800">
                <X aria-hidden="true" size={16} className="mt-1 shrink-0 text-red-800" />
                {s}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {children}
    </div>
  );
}
