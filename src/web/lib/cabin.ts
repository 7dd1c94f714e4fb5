import { useLingui } from '@lingui/react/macro';

/** Cabin names of rail and flight offers (spec 1 §9), for the results, cart and recap screens. */
export function useCabinLabel() {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    second: t`2de classe`,
    first: t`1re classe`,
    economy: t`Économie`,
    premium: t`Premium économie`,
    business: t`Affaires`,
  };
  return (cabin: string) => labels[cabin] ?? cabin;
}
