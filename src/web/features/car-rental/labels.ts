import { useLingui } from '@lingui/react/macro';
import type { CarRental } from '../../../contract/car-rental';
import type { CarType } from './url';

/** Spec 1 §9's car types as the user reads them. */
export function useCarTypeLabel() {
  const { t } = useLingui();
  const labels: Record<CarType, string> = {
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
  return (type: CarType) => labels[type];
}

export function useEngineLabel() {
  const { t } = useLingui();
  const labels: Record<CarRental['engineType'], string> = { combustion: t`Thermique`, hybrid: t`Hybride`, electric: t`Électrique`, unknown: t`Motorisation inconnue` };
  return (engine: CarRental['engineType']) => labels[engine];
}

export function useGearboxLabel() {
  const { t } = useLingui();
  return (gearbox: CarRental['gearbox']) => (gearbox === 'MANUAL' ? t`Boîte manuelle` : t`Boîte automatique`);
}
