import { useLingui } from '@lingui/react/macro';

/** Spec 1 §9's car categories as the user reads them; a word the app does not know stays the supplier's. */
export function useCarCategoryLabel() {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    Citadine: t`Citadine`,
    Compact: t`Compacte`,
    Berline: t`Berline`,
    SUV: t`SUV`,
    Sportive: t`Sportive`,
    Cabriolet: t`Cabriolet`,
    Monospace: t`Monospace`,
    Luxe: t`Luxe`,
    Utilitaire: t`Utilitaire`,
  };
  return (category: string) => labels[category] ?? category;
}
