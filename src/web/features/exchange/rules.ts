import { EXCHANGE_FIRST_HOUR, EXCHANGE_LAST_HOUR, type ExchangeJourney } from '@contract/exchange';
import { formatPrice } from '@web/lib/format';

/** Spec 2 §4 and §9: the wizard's rules, pure. */

export type TravelClass = 'second' | 'first';
export type Selection = { journeyId: string; travelClass: TravelClass };

/** The hourly time buttons of the search (spec 2 §9: 06:00 to 23:00). */
export const HOURS = Array.from({ length: EXCHANGE_LAST_HOUR - EXCHANGE_FIRST_HOUR + 1 }, (_, i) => EXCHANGE_FIRST_HOUR + i);

/** A journey's default class: the one with the lower minimum price delta, second class on a tie (or when first has none). */
export function defaultClass(journey: ExchangeJourney): TravelClass | null {
  const { first, second } = journey;
  if (!second && !first) return null;
  if (!first) return 'second';
  if (!second) return 'first';
  return first.minimumPriceDelta < second.minimumPriceDelta ? 'first' : 'second';
}

/** The journeys the list shows: all, or direct ones only. */
export const visibleJourneys = (journeys: ExchangeJourney[], directOnly: boolean) => (directOnly ? journeys.filter((j) => j.isDirectTrip) : journeys);

/** Switching the direct-only toggle clears the selection when its journey is no longer listed. */
export function keepSelection(selection: Selection | null, journeys: ExchangeJourney[], directOnly: boolean): Selection | null {
  if (!selection) return null;
  return visibleJourneys(journeys, directOnly).some((j) => j.id === selection.journeyId) ? selection : null;
}

/** A price difference in cents, with its sign: `+12,50 €`, `-3,00 €`, `0,00 €` (spec 2 §9). */
export const formatDelta = (cents: number) => (cents > 0 ? `+${formatPrice(cents)}` : formatPrice(cents));

/** The search's departure field: `yyyy-MM-ddTHH:mm` from a date and an hour. */
export const departureOf = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00`;

/** The hour button closest to a journey time's wall clock (its station's), within 06–23. */
export const hourOf = (iso: string) => Math.min(EXCHANGE_LAST_HOUR, Math.max(EXCHANGE_FIRST_HOUR, Number(iso.slice(11, 13))));
