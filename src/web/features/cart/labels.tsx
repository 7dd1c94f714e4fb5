import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import type { Product, ProductStatus, TravelStatus } from '../../../contract/travel';

type Tone = 'neutral' | 'pending' | 'ok' | 'bad';
const toneClass: Record<Tone, string> = {
  neutral: 'bg-gray-100 text-gray-900',
  pending: 'bg-amber-100 text-amber-950',
  ok: 'bg-green-100 text-green-950',
  bad: 'bg-red-100 text-red-950',
};
const toneIcon: Record<Tone, ReactNode> = {
  neutral: <ShoppingCart aria-hidden="true" size={16} />,
  pending: <Clock aria-hidden="true" size={16} />,
  ok: <CircleCheck aria-hidden="true" size={16} />,
  bad: <CircleAlert aria-hidden="true" size={16} />,
};

/** A status as a coloured tag with an icon and its words (UI.md: never by colour only). */
export function StatusTag({ status }: { status: TravelStatus | ProductStatus }) {
  const { t } = useLingui();
  const labels: Record<TravelStatus | ProductStatus, [string, Tone]> = {
    cart: [t`Dans le panier`, 'neutral'],
    prebooked: [t`Option posée`, 'pending'],
    pending_confirmation: [t`Options à confirmer`, 'pending'],
    pending_approval: [t`En attente d’approbation`, 'pending'],
    booked: [t`Réservé`, 'ok'],
    pending_ticketing: [t`Émission en cours`, 'pending'],
    issued: [t`Émis`, 'ok'],
    denied: [t`Refusé`, 'bad'],
    expired: [t`Expiré`, 'bad'],
    released: [t`Option libérée`, 'bad'],
    cancelled: [t`Annulé`, 'bad'],
    removed: [t`Supprimé`, 'bad'],
  };
  const [label, tone] = labels[status];
  return (
    <span className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-sm font-semibold ${toneClass[tone]}`}>
      {toneIcon[tone]}
      {label}
    </span>
  );
}

export function useFlexibilityLabel() {
  const { t } = useLingui();
  const labels = { noFlex: t`Non flexible`, semiFlex: t`Semi-flexible`, fullFlex: t`Flexible` };
  return (flexibility: keyof typeof labels) => labels[flexibility];
}

export function useProductTypeLabel() {
  const { t } = useLingui();
  const labels: Record<Product['type'], string> = { rail: t`Train`, flight: t`Vol`, hotel: t`Hôtel`, car_rental: t`Location de voiture` };
  return (type: Product['type']) => labels[type];
}
