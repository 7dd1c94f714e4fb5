import { memo, useState } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Check from 'lucide-react/icons/check';
import type { Choice, Proposal } from '@contract/trip';
import { useCabinLabel } from '@web/lib/cabin';
import { formatCo2, formatDuration, formatPrice, formatTime } from '@web/lib/format-core';
import type { TripFilters } from './filters';
import { cheapestShown } from './filters';
import { useDayLabel } from './format';

/** CO2 per passenger on a small three-step scale (UI.md: "low" must be obvious, not by colour only). */
function Co2({ grams }: { grams: number }) {
  const { t } = useLingui();
  const level = grams < 5_000 ? 1 : grams < 30_000 ? 2 : 3;
  const label = level === 1 ? t`faible` : level === 2 ? t`moyen` : t`élevé`;
  const kg = formatCo2(grams);
  return (
    <span className="flex items-center gap-2 text-sm text-gray-700" title={t`Émissions de CO2 par passager`}>
      <span aria-hidden="true" className="flex gap-0.5">
        {[1, 2, 3].map((i) => (
          <span
            key={i}
            className={`h-2 w-3 rounded-sm ${i <= level ? (level === 1 ? 'bg-green-700' : level === 2 ? 'bg-amber-600' : 'bg-red-700') : 'bg-gray-200'}`}
          />
        ))}
      </span>
      <span className="tabular-nums">{t`${kg} CO2 (${label})`}</span>
    </span>
  );
}

function CarrierLogo({ name, logo }: { name: string; logo: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span className="flex h-6 min-w-6 items-center justify-center rounded bg-gray-200 px-1 text-xs font-semibold text-gray-800">
        {name.slice(0, 2).toUpperCase()}
      </span>
    );
  // Badges are wider for longer codes (EUROSTAR): the height sets the size, never a width that would cut them.
  return <img src={logo} alt={name} className="h-6 w-auto object-contain" onError={() => setFailed(true)} />;
}

export type CardSelection = { cabin: string } | null;

/** Whether a cabin can be chosen: a price and neither full nor unavailable. */
export const choiceAvailable = (c: Choice) => c.price !== null && !c.full && !c.unavailabilityReason;

/**
 * More than two cabins (spec 1 §9): a segmented radio group picks the cabin the card shows. On the
 * selected card, switching cabin selects that cabin's choice again from its first offer.
 */
function CabinSwitcher({
  proposal,
  cabin,
  tabIndex,
  onChange,
}: {
  proposal: Proposal;
  cabin: string;
  tabIndex: number | undefined;
  onChange: (choice: Choice) => void;
}) {
  const { t } = useLingui();
  const label = useCabinLabel();
  return (
    <fieldset className="mt-3">
      <legend className="sr-only">{t`Classe`}</legend>
      <div className="inline-flex flex-wrap rounded-lg border border-gray-400 bg-white p-0.5">
        {proposal.choices.map((choice) => {
          const checked = choice.cabin === cabin;
          return (
            <label
              key={choice.id}
              className={`flex min-h-11 cursor-pointer items-center gap-1 rounded-md px-3 text-sm font-medium has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand ${
                checked ? 'bg-brand text-brand-contrast' : 'text-gray-900 hover:bg-gray-100'
              }`}
            >
              <input
                type="radio"
                name={`cabin-${proposal.id}`}
                value={choice.cabin}
                checked={checked}
                tabIndex={tabIndex}
                onChange={() => onChange(choice)}
                className="sr-only"
              />
              {checked && <Check aria-hidden="true" size={16} />}
              {label(choice.cabin)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** What the windowed list (ProposalList) puts on each row: position, measurement ref, place in the whole list. */
export type ListItemProps = Pick<ComponentPropsWithRef<'li'>, 'ref' | 'style' | 'aria-posinset' | 'aria-setsize'> & {
  'data-index': number;
  'data-proposal-id': string;
};

/**
 * One proposal of the list: times, duration, transits, carriers, CO2 and a button per cabin (or a cabin
 * switcher), each cabin at its cheapest fare the filters show. `newDay`: the departure's day, said above
 * the card where the list changes date. `tabbable` false: its controls are left out of the Tab order (the
 * list is one Tab stop, arrows move between rows).
 */
type CardProps = {
  proposal: Proposal;
  selected: CardSelection;
  filters: TripFilters;
  onCabin: (choice: Choice) => void;
  tabbable?: boolean;
  newDay?: string | null;
} & Partial<ListItemProps>;

/**
 * Whether a card shows the same as before: a tap on one card's fare (or a step of the screen) then renders
 * that card alone, not every card of the window (INP on a phone). The list's row props are compared by value
 * (its style is a new object each render, its position the same).
 */
const sameCard = (a: CardProps, b: CardProps) =>
  a.proposal === b.proposal &&
  a.filters === b.filters &&
  a.onCabin === b.onCabin &&
  a.tabbable === b.tabbable &&
  a.newDay === b.newDay &&
  (a.selected?.cabin ?? null) === (b.selected?.cabin ?? null) &&
  a.ref === b.ref &&
  a['data-index'] === b['data-index'] &&
  a['data-proposal-id'] === b['data-proposal-id'] &&
  a['aria-setsize'] === b['aria-setsize'] &&
  a['aria-posinset'] === b['aria-posinset'] &&
  JSON.stringify(a.style) === JSON.stringify(b.style);

export const ProposalCard = memo(ProposalCardView, sameCard);

function ProposalCardView({ proposal, selected, filters, onCabin, tabbable = true, newDay = null, ...item }: CardProps) {
  const { t } = useLingui();
  const label = useCabinLabel();
  const dayLabel = useDayLabel();
  const tabIndex = tabbable ? undefined : -1;
  const dep = formatTime(proposal.departure);
  const arr = formatTime(proposal.arrival);
  const duration = formatDuration(proposal.duration);
  const count = proposal.transitCount;
  const carriers = proposal.carriers.slice(0, 3);
  const headingId = `proposal-${proposal.id}`;
  const hasSwitcher = proposal.choices.length > 2;
  const [shownCabin, setShownCabin] = useState(proposal.choices[0]?.cabin ?? '');
  const cabin = selected?.cabin ?? shownCabin;
  const shown = hasSwitcher ? proposal.choices.filter((c) => c.cabin === cabin) : proposal.choices;
  const switchCabin = (choice: Choice) => {
    setShownCabin(choice.cabin);
    if (selected) onCabin(choice);
  };
  return (
    <li {...item} aria-labelledby={headingId}>
      {newDay && (
        <p className="mb-2 flex items-center gap-3 text-sm font-semibold text-gray-800 before:h-px before:flex-1 before:bg-gray-300 after:h-px after:flex-1 after:bg-gray-300">
          <span className="inline-block first-letter:uppercase">{dayLabel(newDay)}</span>
        </p>
      )}
      <div className={`rounded-xl border bg-white p-4 ${selected ? 'border-brand ring-2 ring-brand' : 'border-gray-200'}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 id={headingId} className="text-xl font-bold tabular-nums text-gray-900">
              <span className="sr-only">{t`Départ à ${dep}, arrivée à ${arr}`}</span>
              <span aria-hidden="true">
                {dep} – {arr}
              </span>
            </h3>
            <p className="text-sm text-gray-700">
              {duration} · {count === 0 ? <Trans>Direct</Trans> : count === 1 ? <Trans>1 correspondance</Trans> : <Trans>{count} correspondances</Trans>}
            </p>
            <p className="text-sm text-gray-700">
              {proposal.from.name} → {proposal.to.name}
            </p>
          </div>
          <div className="flex flex-col items-end gap-2">
            <div className="flex items-center gap-2">
              {carriers.map((c) => (
                <CarrierLogo key={c.code} name={c.name} logo={c.logo} />
              ))}
            </div>
            <Co2 grams={proposal.co2Emission} />
          </div>
        </div>
        {hasSwitcher && <CabinSwitcher proposal={proposal} cabin={cabin} tabIndex={tabIndex} onChange={switchCabin} />}
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t`Classes`}>
          {shown.map((choice) => {
            const available = choiceAvailable(choice);
            const price = available ? cheapestShown(choice, filters) : null;
            const isSelected = selected?.cabin === choice.cabin;
            const cabinName = label(choice.cabin);
            return (
              <li key={choice.id}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  tabIndex={tabIndex}
                  onClick={() => onCabin(choice)}
                  className={`flex min-h-11 min-w-36 flex-col items-start rounded-lg border px-3 py-1 text-left ${
                    isSelected ? 'border-brand bg-brand text-brand-contrast' : 'border-gray-400 bg-white text-gray-900 hover:bg-gray-100'
                  }`}
                >
                  <span className="text-sm font-medium">{cabinName}</span>
                  {choice.full ? (
                    <span className="rounded bg-gray-200 px-1.5 text-sm font-semibold text-gray-900">{t`Complet`}</span>
                  ) : available && price !== null ? (
                    <span className="text-lg font-bold tabular-nums">{formatPrice(price)}</span>
                  ) : available ? (
                    <span className="text-sm font-semibold">{t`Aucun tarif avec ces filtres`}</span>
                  ) : (
                    <span className="text-sm font-semibold">{t`Indisponible`}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}
