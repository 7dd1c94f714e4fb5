import { useLingui } from '@lingui/react/macro';
import type { ExchangeChoice } from '../../../contract/exchange';

/** A fare's flexibility in words (the same words as the cart's and the results'). */
export function useFlexibility() {
  const { t } = useLingui();
  const labels = { noFlex: t`Non flexible`, semiFlex: t`Semi-flexible`, fullFlex: t`Flexible` };
  return (flexibility: ExchangeChoice['flexibility']) => labels[flexibility];
}
