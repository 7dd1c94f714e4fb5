import { useLingui } from '@lingui/react/macro';
import type { Product } from '@contract/travel';
import { formatDuration, formatJourneySpan, formatTime } from '@web/lib/format';

type Routes = Product['routes'];

/** A journey in brief: its day, its span (each time the wall clock of its station) and its trains. */
export function JourneySummary({ departure, arrival, routes, duration }: { departure: string; arrival: string; routes: Routes; duration: number }) {
  const { t } = useLingui();
  const span = formatJourneySpan(departure, arrival);
  const length = formatDuration(duration);
  const changes = routes.length - 1;
  return (
    <div className="space-y-2">
      <p className="font-semibold text-gray-900 tabular-nums">{span}</p>
      <p className="text-sm text-gray-700">
        {length} · {changes === 0 ? t`Direct` : changes === 1 ? t`1 correspondance` : t`${changes} correspondances`}
      </p>
      <ol aria-label={t`Trains`} className="space-y-1 border-l-2 border-gray-200 pl-3 text-sm text-gray-800">
        {routes.map((route, i) => (
          <li key={`${route.transportation.number}-${i}`}>
            <span className="tabular-nums">
              {formatTime(route.departure)} {route.from} → {formatTime(route.arrival)} {route.to}
            </span>
            <span className="text-gray-700">
              {' · '}
              {route.marketingCarrier.name} {route.transportation.number}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
