import { useId } from 'react';
import { useCabinLabel } from '@web/lib/cabin';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExchangeChoice, ExchangeJourney, ExchangeResult } from '@contract/exchange';
import { Button } from '@web/components/Button';
import { useFlexibilityLabel } from '@web/components/labels/flexibility';
import { JourneySummary } from './JourneySummary';
import { defaultClass, formatDelta, visibleJourneys, type Selection, type TravelClass } from './rules';

type Props = {
  result: ExchangeResult;
  directOnly: boolean;
  onDirectOnly: (directOnly: boolean) => void;
  selection: Selection | null;
  onSelect: (selection: Selection | null) => void;
  booking: string | null;
  onChoose: (choice: ExchangeChoice) => void;
};

function ClassButton({
  journey,
  travelClass,
  selected,
  onSelect,
}: {
  journey: ExchangeJourney;
  travelClass: TravelClass;
  selected: boolean;
  onSelect: () => void;
}) {
  const cabin = useCabinLabel();
  const offers = journey[travelClass];
  const name = cabin(travelClass);
  if (!offers)
    return (
      <p className="flex min-h-11 items-center rounded-lg border border-dashed border-gray-300 px-3 text-sm text-gray-700">
        {name} : <Trans>complet</Trans>
      </p>
    );
  const delta = formatDelta(offers.minimumPriceDelta);
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={`flex min-h-11 flex-col items-start rounded-lg border px-3 py-1 text-left ${selected ? 'border-brand bg-brand/10 outline-2 outline-brand' : 'border-gray-400 bg-white hover:bg-gray-50'}`}
    >
      <span className="text-sm text-gray-800">{name}</span>
      <span className="font-semibold text-gray-900 tabular-nums">
        <span className="sr-only">
          <Trans>à partir de</Trans>{' '}
        </span>
        {delta}
      </span>
    </button>
  );
}

/** The offer panel: the chosen class's fares, each with its difference and conditions, to book. */
function OfferPanel({
  journey,
  travelClass,
  booking,
  onChoose,
}: {
  journey: ExchangeJourney;
  travelClass: TravelClass;
  booking: string | null;
  onChoose: (choice: ExchangeChoice) => void;
}) {
  const flexibility = useFlexibilityLabel();
  const cabin = useCabinLabel();
  const headingId = useId();
  const offers = journey[travelClass];
  if (!offers) return null;
  const name = cabin(travelClass);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg bg-gray-50 p-4">
      <h4 id={headingId} className="font-semibold text-gray-900">
        <Trans>Offres en {name}</Trans>
      </h4>
      <ul className="space-y-3">
        {offers.choices.map((choice) => (
          <li key={choice.id} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-gray-200 bg-white p-3">
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-gray-900">{choice.tickets[0]?.label.split(' – ')[0] ?? flexibility(choice.flexibility)}</p>
              <p className="text-sm text-gray-700">{flexibility(choice.flexibility)}</p>
              {choice.tickets[0] && <div className="text-sm text-gray-700" dangerouslySetInnerHTML={{ __html: choice.tickets[0].fareConditions }} />}
            </div>
            <div className="flex flex-col items-end gap-2">
              <p className="font-semibold text-gray-900 tabular-nums">{formatDelta(choice.priceDelta)}</p>
              {choice.links.bookExchange && (
                <Button busy={booking === choice.id} disabled={booking !== null} onClick={() => onChoose(choice)}>
                  <Trans>Choisir</Trans>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Step 2 (spec 2 §2, §4): the journeys found, a direct-only toggle (which clears a selection it
 * hides), each journey's second- and first-class price differences (a plus sign when positive);
 * choosing a journey opens its offer panel in its default class, the cheaper one (second on a tie).
 */
export function ResultsStep({ result, directOnly, onDirectOnly, selection, onSelect, booking, onChoose }: Props) {
  const { t } = useLingui();
  const journeys = visibleJourneys(result.searchResults, directOnly);
  const count = journeys.length;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-gray-800">
          {count === 0 ? t`Aucun trajet ne correspond à votre recherche.` : count === 1 ? t`1 trajet trouvé` : t`${count} trajets trouvés`}
        </p>
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium text-gray-900">
          <input type="checkbox" role="switch" checked={directOnly} onChange={(e) => onDirectOnly(e.target.checked)} className="size-5 accent-brand" />
          <Trans>Trajets directs uniquement</Trans>
        </label>
      </div>
      <ul className="space-y-3">
        {journeys.map((journey) => {
          const chosen = selection?.journeyId === journey.id ? selection : null;
          const initial = defaultClass(journey);
          return (
            <li key={journey.id} className={`space-y-3 rounded-xl border bg-white p-4 ${chosen ? 'border-brand' : 'border-gray-200'}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <JourneySummary departure={journey.departure} arrival={journey.arrival} routes={journey.routes} duration={journey.duration} />
                <div className="flex gap-2" role="group" aria-label={t`Classe`}>
                  {(['second', 'first'] as const).map((travelClass) => (
                    <ClassButton
                      key={travelClass}
                      journey={journey}
                      travelClass={travelClass}
                      selected={chosen?.travelClass === travelClass}
                      onSelect={() => onSelect({ journeyId: journey.id, travelClass })}
                    />
                  ))}
                </div>
              </div>
              {!chosen && initial && (
                <Button variant="secondary" onClick={() => onSelect({ journeyId: journey.id, travelClass: initial })}>
                  <Trans>Voir les offres</Trans>
                </Button>
              )}
              {chosen && <OfferPanel journey={journey} travelClass={chosen.travelClass} booking={booking} onChoose={onChoose} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
