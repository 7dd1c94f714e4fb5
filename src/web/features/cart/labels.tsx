import { useLingui } from '@lingui/react/macro';
import type { Product } from '@contract/travel';

export function useProductTypeLabel() {
  const { t } = useLingui();
  const labels: Record<Product['type'], string> = { rail: t`Train`, flight: t`Vol`, hotel: t`Hôtel`, car_rental: t`Location de voiture` };
  return (type: Product['type']) => labels[type];
}
