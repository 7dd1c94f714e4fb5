import { useLingui } from '@lingui/react/macro';
import type { Product } from '../../../contract/travel';

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
