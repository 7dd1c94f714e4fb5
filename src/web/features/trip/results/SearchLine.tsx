import { Trans } from '@lingui/react/macro';

export type SearchLineProps = {
  /** The day, as dayLabel says it with the year. */
  day: string;
  mode: 'departure' | 'arrival';
  /** `HH:mm` on the origin's clock. */
  time: string;
  passengers: number;
};

/**
 * The searched day, time and travellers under the results page's heading. The server's first screen of
 * a `/search` address has it too (src/web/prerender.tsx renders its pieces with this component,
 * contract/search-line.ts fills them): a change here changes both.
 */
export function SearchLine({ day, mode, time, passengers }: SearchLineProps) {
  return (
    <p className="text-gray-800 tabular-nums">
      <span className="inline-block first-letter:uppercase">{day}</span> ·{' '}
      {mode === 'arrival' ? <Trans>arrivée avant {time}</Trans> : <Trans>départ à partir de {time}</Trans>} ·{' '}
      {passengers > 1 ? <Trans>{passengers} passagers</Trans> : <Trans>1 passager</Trans>}
    </p>
  );
}
