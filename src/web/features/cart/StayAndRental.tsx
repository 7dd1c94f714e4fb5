import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import Star from 'lucide-react/icons/star';
import type { CarRentalProduct, HotelProduct } from '@contract/travel';
import { useCarCategoryLabel } from '@web/components/labels/car-categories';
import { formatDay, formatDeadline, formatLocalDateTime, formatMoney } from '@web/lib/format';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-gray-700">{term}</dt>
      <dd className="text-gray-900">{children}</dd>
    </>
  );
}

/** A hotel's stars, as stars and as words. */
export function Stars({ count }: { count: number }) {
  const { t } = useLingui();
  if (count <= 0) return null;
  return (
    <span className="inline-flex items-center gap-0.5 text-amber-700" title={t`${count} étoiles`}>
      <span className="sr-only">{t`${count} étoiles`}</span>
      {Array.from({ length: count }, (_, i) => (
        <Star key={i} aria-hidden="true" size={14} fill="currentColor" />
      ))}
    </span>
  );
}

export function useBoardLabel() {
  const { t } = useLingui();
  const labels: Record<HotelProduct['rooms'][number]['board'], string> = {
    'room-only': t`Chambre seule`,
    breakfast: t`Petit-déjeuner inclus`,
    'half-board': t`Demi-pension`,
    'full-board': t`Pension complète`,
  };
  return (board: HotelProduct['rooms'][number]['board']) => labels[board];
}

/**
 * A hotel stay in the cart (spec 2 §3 "Hotel product"): dates and nights, each room with its board and
 * who sleeps in it, and until when it can be cancelled free of charge (on the reader's clock, zone named).
 */
export function HotelDetails({ hotel }: { hotel: HotelProduct }) {
  const { t } = useLingui();
  const board = useBoardLabel();
  const from = formatDay(hotel.checkin);
  const to = formatDay(hotel.checkout);
  const nights = hotel.nightsCount;
  const deadline = hotel.cancelDeadline ? formatDeadline(hotel.cancelDeadline) : null;
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2 text-gray-800">
        <Stars count={hotel.starsCount} />
        <span>
          {hotel.location.address}, {hotel.location.zipCode} {hotel.location.city}
        </span>
      </p>
      <p className="text-base text-gray-900 tabular-nums">{nights > 1 ? t`Du ${from} au ${to} · ${nights} nuits` : t`Du ${from} au ${to} · ${nights} nuit`}</p>
      <ul aria-label={t`Chambres`} className="space-y-1">
        {hotel.rooms.map((room, i) => {
          const perNight = formatMoney(room.pricePerNight);
          return (
            <li key={`${room.name}-${i}`} className="rounded-md bg-gray-50 px-3 py-2">
              <p className="font-medium text-gray-900">
                {room.name} · {board(room.board)}
              </p>
              <p className="text-gray-700">
                {room.paxs.map((p) => `${p.firstname} ${p.lastname}`).join(', ')}
                {' · '}
                <span className="tabular-nums">{t`${perNight} par nuit`}</span>
              </p>
            </li>
          );
        })}
      </ul>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <Row term={t`Annulation`}>{deadline ? t`Gratuite jusqu’au ${deadline}` : t`Non remboursable`}</Row>
        {hotel.reference && (
          <Row term={t`Confirmation de l’hôtel`}>
            <span className="font-mono">{hotel.reference}</span>
          </Row>
        )}
      </dl>
    </div>
  );
}

/**
 * A car rental in the cart (spec 2 §3 "Car-rental product"): the car and its category, the renter and
 * agencies, pick-up and return at the agencies' own clocks, the driver and the distance rule.
 */
export function CarDetails({ rental }: { rental: CarRentalProduct }) {
  const { t } = useLingui();
  const category = useCarCategoryLabel();
  const same = rental.pickUp.location.id === rental.dropOff.location.id;
  const included = rental.priceDetails.includedDistance ?? 0;
  const extra = rental.priceDetails.additionalDistancePrice ? formatMoney(rental.priceDetails.additionalDistancePrice) : null;
  const perDay = formatMoney(rental.priceDetails.perDay);
  const days = rental.days;
  const place = (p: CarRentalProduct['pickUp']) => `${p.location.name}, ${p.location.address}, ${p.location.zipCode} ${p.location.city}`;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-base text-gray-900">
        {rental.carType} · {category(rental.carCategory)} · {rental.gearbox === 'MANUAL' ? t`Boîte manuelle` : t`Boîte automatique`}
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <Row term={t`Loueur`}>{rental.renter.name}</Row>
        <Row term={t`Prise en charge`}>
          <span className="font-semibold tabular-nums">{formatLocalDateTime(rental.pickUp.datetime)}</span> · {place(rental.pickUp)}
        </Row>
        <Row term={t`Restitution`}>
          <span className="font-semibold tabular-nums">{formatLocalDateTime(rental.dropOff.datetime)}</span> · {same ? t`même agence` : place(rental.dropOff)}
        </Row>
        <Row term={t`Conducteur`}>{`${rental.driver.firstname} ${rental.driver.lastname}`}</Row>
        <Row term={t`Kilométrage`}>
          {rental.priceDetails.unlimitedDistance ? t`Illimité` : extra ? t`${included} km inclus, puis ${extra} par km` : t`${included} km inclus`}
        </Row>
        <Row term={t`Prix`}>
          <span className="tabular-nums">{t`${perDay} par jour, ${days} jours`}</span>
        </Row>
        {rental.reference && (
          <Row term={t`Confirmation du loueur`}>
            <span className="font-mono">{rental.reference}</span>
          </Row>
        )}
      </dl>
    </div>
  );
}
