import { useLingui } from '@lingui/react/macro';
import type { CarRental } from '@contract/car-rental';

export function useEngineLabel() {
  const { t } = useLingui();
  const labels: Record<CarRental['engineType'], string> = {
    combustion: t`Thermique`,
    hybrid: t`Hybride`,
    electric: t`Électrique`,
    unknown: t`Motorisation inconnue`,
  };
  return (engine: CarRental['engineType']) => labels[engine];
}

export function useGearboxLabel() {
  const { t } = useLingui();
  return (gearbox: CarRental['gearbox']) => (gearbox === 'MANUAL' ? t`Boîte manuelle` : t`Boîte automatique`);
}
