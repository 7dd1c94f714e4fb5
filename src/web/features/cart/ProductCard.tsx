import { useState } from 'react';
import { BookingStatus } from '@web/components/BookingStatus';
import { Trans, useLingui } from '@lingui/react/macro';
import BedDouble from 'lucide-react/icons/bed-double';
import Car from 'lucide-react/icons/car';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import Plane from 'lucide-react/icons/plane';
import TrainFront from 'lucide-react/icons/train-front';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { personName } from '@contract/person-name';
import type { Product } from '@contract/travel';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '@web/components/Button';
import { formatDay, formatDeadline, formatDuration, formatMoney, formatTime } from '@web/lib/format';
import { useCabinLabel } from '@web/lib/cabin';
import { useFlexibilityLabel } from '@web/components/labels/flexibility';
import { useProductTypeLabel } from './labels';
import { CarDetails, HotelDetails } from './StayAndRental';

const typeIcon = { rail: TrainFront, flight: Plane, hotel: BedDouble, car_rental: Car };

/** A carrier's logo, or its initials on a neutral tile when there is none or it fails to load (UI.md). */
function CarrierLogo({ name, logo }: { name: string; logo: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!logo || failed)
    return (
      <span aria-hidden="true" className="flex h-6 min-w-6 items-center justify-center rounded bg-gray-200 px-1 text-xs font-semibold text-gray-800">
        {name.slice(0, 2).toUpperCase()}
      </span>
    );
  return <img src={logo} alt="" className="h-6 w-auto max-w-16 object-contain" onError={() => setFailed(true)} />;
}

/** Warnings and infos the server wrote, each with its icon and words. */
export function Notices({ warnings, infos }: { warnings: string[]; infos: string[] }) {
  const { t } = useLingui();
  if (warnings.length === 0 && infos.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm">
      {warnings.map((w) => (
        <li key={`w-${w}`} className="flex items-start gap-2 text-amber-950">
          <TriangleAlert aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-amber-700" />
          <span>
            <span className="sr-only">{t`Attention :`} </span>
            {w}
          </span>
        </li>
      ))}
      {infos.map((i) => (
        <li key={`i-${i}`} className="flex items-start gap-2 text-gray-800">
          <Info aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-brand" />
          <span>{i}</span>
        </li>
      ))}
    </ul>
  );
}

/** Compliant or not with the company's travel policy, with the reasons (shown only when the company has a policy). */
function Compliance({ product }: { product: Product }) {
  if (product.isCompliant)
    return (
      <p className="inline-flex items-center gap-1 text-sm font-medium text-green-900">
        <CircleCheck aria-hidden="true" size={16} />
        <Trans>Conforme à la politique voyage</Trans>
      </p>
    );
  return (
    <div className="text-sm text-red-900">
      <p className="inline-flex items-center gap-1 font-semibold">
        <CircleAlert aria-hidden="true" size={16} />
        <Trans>Non conforme à la politique voyage</Trans>
      </p>
      {product.complianceReasons.length > 0 && (
        <ul className="ml-5 list-disc">
          {product.complianceReasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OperatedBy({ carrier }: { carrier: string }) {
  return (
    <span className="text-gray-700">
      <Trans>opéré par {carrier}</Trans>
    </span>
  );
}

function Connection({ minutes }: { minutes: number }) {
  const duration = formatDuration(minutes);
  return (
    <p className="text-gray-700">
      <Trans>Correspondance de {duration}</Trans>
    </p>
  );
}

type Props = {
  product: Product;
  /** The company has a travel policy: compliance is shown. */
  withPolicy: boolean;
  /** Releases the held option (only when the product carries releasePrebooking). */
  onRelease?: () => void;
  /** Opens its cancellation (only when the product carries cancelProduct). */
  onCancel?: () => void;
};

/** What its cancellation brought: the refund and fees once cancelled, the agency's handling, or its refusal. */
function CancellationInfo({ cancellation, status }: { cancellation: NonNullable<Product['cancellation']>; status: Product['status'] }) {
  const refund = cancellation.refund ? formatMoney(cancellation.refund) : null;
  const fees = cancellation.fees ? formatMoney(cancellation.fees) : null;
  if (status === 'pending_cancel')
    return (
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
        <Trans>Annulation demandée à votre agence : elle vous confirmera le remboursement par e-mail.</Trans>
      </p>
    );
  if (status === 'cancelled')
    return (
      <dl className="grid gap-x-4 gap-y-1 rounded-md bg-gray-50 p-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-gray-700">
          <Trans>Remboursé</Trans>
        </dt>
        <dd className="font-semibold text-gray-900 tabular-nums">{refund ?? formatMoney({ amount: '0' })}</dd>
        {fees && (
          <>
            <dt className="text-gray-700">
              <Trans>Frais retenus</Trans>
            </dt>
            <dd className="text-gray-900 tabular-nums">{fees}</dd>
          </>
        )}
      </dl>
    );
  if (cancellation.refusal) {
    const reason = cancellation.refusal;
    return (
      <p className="text-sm text-gray-800">
        <Trans>Votre agence n’a pas pu annuler ce trajet : {reason}</Trans>
      </p>
    );
  }
  return null;
}

/** One product of a travel: a trip with its legs and fare, a hotel stay with its rooms, a car rental with its agencies and driver. */
export function ProductCard({ product, withPolicy, onRelease, onCancel }: Props) {
  const { t } = useLingui();
  const cabinLabel = useCabinLabel();
  const flexibilityLabel = useFlexibilityLabel();
  const typeLabel = useProductTypeLabel();
  const Icon = typeIcon[product.type];
  const isTrip = product.type === 'rail' || product.type === 'flight';
  const firstTicket = product.ticketsByPax[0]?.tickets[0];
  const travellers = product.ticketsByPax.map(({ pax }) => personName(pax));
  const type = typeLabel(product.type);
  const day = formatDay(product.departure);
  const from = formatTime(product.departure);
  const to = formatTime(product.arrival);
  const price = formatMoney(product.price);
  const until = formatDay(product.arrival);
  const transits = product.transitCount;
  const count = product.travelersCount;
  const deadline = product.confirmationTimeLimit ? formatDeadline(product.confirmationTimeLimit) : null;

  return (
    <article aria-labelledby={`product-${product.id}`} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-start gap-3">
          <Icon aria-hidden="true" size={22} className="mt-1 shrink-0 text-gray-700" />
          <div>
            <h3 id={`product-${product.id}`} className="font-semibold text-gray-900">
              <span className="sr-only">{type} :</span> {product.name}
            </h3>
            {!product.hotel && !product.carRental && (
              <p className="text-gray-800 tabular-nums">
                {isTrip ? t`${day} · ${from} → ${to}` : t`Du ${day} au ${until}`}
                {isTrip && (
                  <span className="text-gray-700">
                    {' · '}
                    {formatDuration(product.duration)}
                    {' · '}
                    {product.transitCount === 0 ? t`Direct` : product.transitCount === 1 ? t`1 correspondance` : t`${transits} correspondances`}
                  </span>
                )}
              </p>
            )}
          </div>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold text-gray-900 tabular-nums">{price}</p>
          {product.status !== 'cart' && <BookingStatus status={product.status} />}
        </div>
      </div>

      {product.hotel && <HotelDetails hotel={product.hotel} />}
      {product.carRental && <CarDetails rental={product.carRental} />}

      {isTrip && product.routes.length > 0 && (
        <ol aria-label={t`Étapes`} className="space-y-2 border-l-2 border-gray-200 pl-3">
          {product.routes.map((route, i) => (
            <li key={`${route.transportation.number}-${i}`} className="text-sm text-gray-800">
              {route.connectionDuration > 0 && <Connection minutes={route.connectionDuration} />}
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold tabular-nums">
                  {formatTime(route.departure)} {route.from} → {formatTime(route.arrival)} {route.to}
                </span>
              </p>
              <p className="flex flex-wrap items-center gap-2">
                <CarrierLogo name={route.marketingCarrier.name} logo={route.marketingCarrier.logo} />
                <span>
                  {route.marketingCarrier.name} · {route.transportation.equipment} {route.transportation.number} · {cabinLabel(route.transportation.cabinClass)}
                </span>
                {route.operatingCarrier && route.operatingCarrier !== route.marketingCarrier.name && <OperatedBy carrier={route.operatingCarrier} />}
              </p>
            </li>
          ))}
        </ol>
      )}

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {firstTicket && (
          <>
            <dt className="text-gray-700">{t`Tarif`}</dt>
            <dd className="text-gray-900">
              {firstTicket.fareName} · {flexibilityLabel(firstTicket.fareConditions.flexibility)}
            </dd>
          </>
        )}
        <dt className="text-gray-700">{t`Voyageurs`}</dt>
        <dd className="text-gray-900">{travellers.length > 0 ? travellers.join(', ') : t`${count} voyageur(s)`}</dd>
        {product.pnr && (
          <>
            <dt className="text-gray-700">{t`Référence`}</dt>
            <dd className="font-mono text-gray-900">{product.pnr}</dd>
          </>
        )}
      </dl>

      {withPolicy && <Compliance product={product} />}
      <Notices warnings={product.warnings} infos={product.infos} />

      {product.cancellation && <CancellationInfo cancellation={product.cancellation} status={product.status} />}

      {(onCancel || product.links.getExchangeableSections) && (
        <div className="flex flex-wrap justify-end gap-2">
          {product.links.getExchangeableSections && (
            // The wizard reads the product again by id and follows its getExchangeableSections link.
            <Link to="/exchange/$productId" params={{ productId: product.id }} className={buttonClass.secondary} aria-describedby={`product-${product.id}`}>
              <Trans>Échanger</Trans>
            </Link>
          )}
          {onCancel && (
            <Button variant="secondary" onClick={onCancel} aria-describedby={`product-${product.id}`}>
              <Trans>Annuler</Trans>
            </Button>
          )}
        </div>
      )}

      {product.status === 'prebooked' && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 p-3">
          {deadline && (
            <p className="text-sm text-amber-950">
              <Trans>Option garantie jusqu’au {deadline}</Trans>
            </p>
          )}
          {onRelease && (
            <Button variant="secondary" onClick={onRelease} aria-describedby={`product-${product.id}`}>
              <Trans>Libérer l’option</Trans>
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
