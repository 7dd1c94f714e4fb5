import { useLingui } from '@lingui/react/macro';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import type { Tone } from '../../components/StatusBadge';
import { StatusBadge } from '../../components/StatusBadge';
import type { Product, ProductStatus, TravelStatus } from '../../../contract/travel';


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
  return <StatusBadge tone={tone} label={label} neutralIcon={<ShoppingCart aria-hidden="true" size={16} />} />;
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
