import { useLingui } from '@lingui/react/macro';

/** How a fare's flexibility is written: by the travel and exchange APIs, or 1 to 3 by the trip search. */
export type Flexibility = 'noFlex' | 'semiFlex' | 'fullFlex' | 1 | 2 | 3;
const BY_RANK = ['noFlex', 'semiFlex', 'fullFlex'] as const;

/** A fare's flexibility in words, the same in the results, the cart and the exchange. */
export function useFlexibilityLabel() {
  const { t } = useLingui();
  const labels = { noFlex: t`Non flexible`, semiFlex: t`Semi-flexible`, fullFlex: t`Flexible` };
  return (flexibility: Flexibility) => labels[typeof flexibility === 'number' ? BY_RANK[flexibility - 1]! : flexibility];
}
