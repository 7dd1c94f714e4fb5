import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import BedDouble from 'lucide-react/icons/bed-double';
import Car from 'lucide-react/icons/car';
import Clock from 'lucide-react/icons/clock';
import Plane from 'lucide-react/icons/plane';
import TrainFront from 'lucide-react/icons/train-front';
import type { QueueProduct } from '@contract/agency-queue';
import { personName } from '@contract/person-name';
import { formatDateTime, formatDuration, formatLocalDateTime, formatPrice, readerZone } from '@web/lib/format';

const TYPE_ICON: Record<QueueProduct['type'], ReactNode> = {
  rail: <TrainFront aria-hidden="true" size={18} />,
  flight: <Plane aria-hidden="true" size={18} />,
  hotel: <BedDouble aria-hidden="true" size={18} />,
  car_rental: <Car aria-hidden="true" size={18} />,
};

/** The products an item is about: what, when it starts (its station's clock), what it costs; `note` adds a word per product. */
export function ProductList({ products, note }: { products: QueueProduct[]; note?: (p: QueueProduct) => string | null }) {
  const { t } = useLingui();
  const typeLabel: Record<QueueProduct['type'], string> = { rail: t`Train`, flight: t`Vol`, hotel: t`Hôtel`, car_rental: t`Location de voiture` };
  return (
    <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
      {products.map((p) => {
        const extra = note?.(p);
        return (
          <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
            <span className="flex min-w-0 flex-1 items-center gap-2 font-medium text-gray-900">
              {TYPE_ICON[p.type]}
              <span className="sr-only">{typeLabel[p.type]} :</span>
              {p.name}
            </span>
            <span className="text-sm text-gray-800 tabular-nums">{formatLocalDateTime(p.startsAt)}</span>
            <span className="font-semibold text-gray-900 tabular-nums">{formatPrice(p.price)}</span>
            {extra && <span className="w-full text-sm text-gray-700">{extra}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** Who the item is for (the heading of its card) and for which company. */
export function ItemHeading({
  id,
  travellers,
  company,
}: {
  id: string;
  travellers: { firstname: string; lastname: string }[];
  company: { name: string } | null;
}) {
  const { t } = useLingui();
  const names = travellers.map(personName).join(', ') || t`Voyageur sans nom`;
  return (
    <div>
      <h3 id={id} className="text-lg font-bold text-gray-900">
        {names}
      </h3>
      <p className="text-sm text-gray-700">{company ? company.name : t`Sans entreprise`}</p>
    </div>
  );
}

/** The minute now, ticking each minute (the countdown). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** An option's deadline on the reader's clock, its zone named, and the time left. */
export function Deadline({ iso }: { iso: string }) {
  const now = useNow();
  const when = formatDateTime(iso);
  const zone = readerZone();
  const left = Math.max(0, Math.floor((Date.parse(iso) - now) / 60_000));
  const remaining = formatDuration(left);
  return (
    <p className="flex flex-wrap items-center gap-2 text-gray-900">
      <span>
        <Trans>
          Option valable jusqu’au <strong className="tabular-nums">{when}</strong> ({zone})
        </Trans>
      </span>
      <strong className="inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-950">
        <Clock aria-hidden="true" size={14} />
        <Trans>Plus que {remaining}</Trans>
      </strong>
    </p>
  );
}

/** Euros as an agent types them (`40`, `40,5`, `1234.50`), at most 2 decimals. */
export const EUROS = /^\d{1,7}(?:[.,]\d{1,2})?$/;
export const toCents = (text: string) => Math.round(Number(text.trim().replace(',', '.')) * 100);
