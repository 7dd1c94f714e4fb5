import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Transport, TransportStats } from './filters';
import { formatCo2, formatDuration, formatPrice } from '@web/lib/format-core';

const TRANSPORTS: readonly Transport[] = ['rail', 'flight'];

/**
 * The stats comparison (spec 1 §2, desktop only: hidden under the 760 px mobile breakpoint): rail
 * against flight, as searched — number of trips, lowest price, shortest trip, lowest CO2.
 */
export function StatsPanel({ stats, current }: { stats: Record<Transport, TransportStats>; current: Transport }) {
  const { t } = useLingui();
  const name: Record<Transport, string> = { rail: t`Train`, flight: t`Avion` };
  const cell = (value: number | null, format: (n: number) => string) => (value === null ? <span aria-label={t`Aucun`}>–</span> : format(value));
  const rows: { label: string; value: (s: TransportStats) => ReactNode }[] = [
    { label: t`Trajets`, value: (s) => s.count },
    { label: t`À partir de`, value: (s) => cell(s.fromPrice, formatPrice) },
    { label: t`Le plus rapide`, value: (s) => cell(s.shortest, formatDuration) },
    { label: t`CO2 le plus bas`, value: (s) => cell(s.lowestCo2, formatCo2) },
  ];
  return (
    <section aria-labelledby="stats-title" className="hidden rounded-xl border border-gray-200 bg-white p-4 min-[760px]:block">
      <h2 id="stats-title" className="mb-2 text-lg font-bold text-gray-900">
        <Trans>Comparatif train et avion</Trans>
      </h2>
      <table className="w-full text-left tabular-nums">
        <thead>
          <tr>
            <td />
            {TRANSPORTS.map((mode) => (
              <th key={mode} scope="col" className={`px-3 py-1 ${mode === current ? 'text-brand underline underline-offset-4' : 'text-gray-900'}`}>
                {name[mode]}
                {mode === current && <span className="sr-only"> {t`(affiché)`}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-gray-200">
              <th scope="row" className="py-1 pr-3 font-medium text-gray-700">
                {row.label}
              </th>
              {TRANSPORTS.map((mode) => (
                <td key={mode} className={`px-3 py-1 ${mode === current ? 'font-bold text-gray-900' : 'text-gray-800'}`}>
                  {row.value(stats[mode])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
