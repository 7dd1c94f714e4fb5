import type { Choice, FareSummary, Offer, Proposal } from '@contract/trip';

export type Transport = 'rail' | 'flight';
export type SortBy = 'BY_TIME' | 'BY_PRICE' | 'BY_DURATION' | 'BY_CARBON';
export type Flexibility = 1 | 2 | 3;
export const SORTS: readonly SortBy[] = ['BY_TIME', 'BY_PRICE', 'BY_DURATION', 'BY_CARBON'];
export const FLEXIBILITIES: readonly Flexibility[] = [1, 2, 3];

/** Trip filters (spec 1 §9): withTransit, withLuggage, flexibilities, carriers, sortBy. */
export type TripFilters = {
  withTransit: boolean;
  withLuggage: boolean;
  /** All three on is the default and means "no flexibility filter"; a narrowed filter holds one or two. */
  flexibilities: Flexibility[];
  /** Carrier codes; empty = every carrier. */
  carriers: string[];
  sortBy: SortBy;
};

export const DEFAULT_FILTERS: TripFilters = {
  withTransit: true,
  withLuggage: true,
  flexibilities: [1, 2, 3],
  carriers: [],
  sortBy: 'BY_TIME',
};

/**
 * Spec 1 §4: "flexibility filters all on by default, but only two of the three may be on at once".
 * Read as: the all-on default is the unfiltered state; a filter the user narrows holds one or two
 * flexibilities. Turning one off is free; turning the third back on (two on) returns to the default;
 * turning the last one off also returns to the default (a filter never hides every offer).
 */
export function toggleFlexibility(current: Flexibility[], flex: Flexibility): Flexibility[] {
  const on = current.includes(flex);
  const next = on ? current.filter((f) => f !== flex) : [...current, flex];
  if (next.length === 0 || next.length === 3) return [...FLEXIBILITIES];
  return [...next].sort();
}

const hasHoldLuggage = (offer: Offer) => offer.luggages.some((l) => l.type === 'hold' && l.quantity > 0);

/** The fare filters (flexibility, luggage) as "show these": a fare shows if its flexibility is on, and hold luggage only with luggage on. */
const fareShown = (flexibility: Flexibility, holdLuggage: boolean, filters: TripFilters) =>
  filters.flexibilities.includes(flexibility) && (filters.withLuggage || !holdLuggage);

/** The loaded offers the filters keep. */
export const offerPasses = (offer: Offer, filters: TripFilters): boolean => fareShown(offer.flexibility, hasHoldLuggage(offer), filters);

/** A fare of a cabin, loaded or not (the choice's fareSummary), that the filters keep. */
export const farePasses = (fare: FareSummary, filters: TripFilters): boolean => fareShown(fare.flexibility, fare.holdLuggage, filters);

/** The cheapest fare of a cabin the filters keep (cents); null when they keep none. */
export function cheapestShown(choice: Choice, filters: TripFilters): number | null {
  const prices = choice.fareSummary.filter((f) => farePasses(f, filters)).map((f) => f.price);
  return prices.length ? Math.min(...prices) : null;
}

/**
 * A proposal shows when one of its fares, loaded or not, passes the fare filters: the results carry only
 * each cabin's cheapest offer, so judging by those alone would hide every train once "Non flexible" is off.
 * A proposal with no fare at all (full) stays, saying so.
 */
function proposalPasses(p: Proposal, filters: TripFilters): boolean {
  if (!filters.withTransit && p.transitCount > 0) return false;
  if (filters.carriers.length && !p.carriers.some((c) => filters.carriers.includes(c.code))) return false;
  const fares = p.choices.flatMap((c) => c.fareSummary);
  return fares.length === 0 || fares.some((f) => farePasses(f, filters));
}

const choiceOpen = (c: Choice) => c.price !== null && !c.full && !c.unavailabilityReason;
/** The proposal's cheapest fare the filters show (what its cabins' buttons say), for the price sort. */
const cheapest = (p: Proposal, filters: TripFilters) =>
  Math.min(...p.choices.map((c) => (choiceOpen(c) ? (cheapestShown(c, filters) ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY)));

type Keyed = { p: Proposal; i: number; price: number };
const comparators: Record<SortBy, (a: Keyed, b: Keyed) => number> = {
  // ISO date-times of one format sort as plain strings (localeCompare would first load a collator: milliseconds).
  BY_TIME: ({ p: a }, { p: b }) => (a.departure < b.departure ? -1 : a.departure > b.departure ? 1 : 0),
  BY_PRICE: (a, b) => a.price - b.price,
  BY_DURATION: ({ p: a }, { p: b }) => a.duration - b.duration,
  BY_CARBON: ({ p: a }, { p: b }) => a.co2Emission - b.co2Emission,
};

export type Filtered = {
  proposals: Proposal[];
  /** The filters actually applied, after the fall-backs. */
  filters: TripFilters;
  /** Which fall-back applied (to tell the user). */
  fallback: 'transit' | 'carriers' | 'fares' | null;
};

type Fallback = NonNullable<Filtered['fallback']>;

/** Each fall-back: the filters without one of the user's filters, or null when that filter is not on. */
const RELAXATIONS: [Fallback, (f: TripFilters) => TripFilters | null][] = [
  ['transit', (f) => (f.withTransit ? null : { ...f, withTransit: true })],
  ['carriers', (f) => (f.carriers.length ? { ...f, carriers: [] } : null)],
  [
    'fares',
    (f) =>
      f.withLuggage === DEFAULT_FILTERS.withLuggage && f.flexibilities.length === FLEXIBILITIES.length
        ? null
        : { ...f, flexibilities: DEFAULT_FILTERS.flexibilities, withLuggage: DEFAULT_FILTERS.withLuggage },
  ],
];

/**
 * Applies the filters to the proposals of one transport, then sorts (BY_TIME ties broken by order).
 * Fall-backs (spec 1 §4): when the filters leave nothing, the one filter whose removal brings trips back
 * is removed — transit re-enabled, the carrier filter cleared, or the fare filters (flexibility,
 * luggage) reset — in that order; if no single one does, all three. A filter never empties a list that has trips.
 */
export function applyFilters(all: Proposal[], transport: Transport, wanted: TripFilters): Filtered {
  const ofTransport = all.filter((p) => p.type === transport);
  const run = (f: TripFilters) => ofTransport.filter((p) => proposalPasses(p, f));
  let filters = wanted;
  let fallback: Filtered['fallback'] = null;
  let kept = run(filters);
  if (kept.length === 0 && ofTransport.length > 0) {
    const single = RELAXATIONS.map(([name, relax]) => [name, relax(wanted)] as const).find(([, f]) => f && run(f).length > 0);
    if (single) [fallback, filters] = [single[0], single[1]!];
    else
      for (const [name, relax] of RELAXATIONS) {
        const relaxed = relax(filters);
        if (relaxed) [fallback, filters] = [name, relaxed];
      }
    kept = run(filters);
  }
  const byPrice = filters.sortBy === 'BY_PRICE';
  const compare = comparators[filters.sortBy];
  const sorted = kept.map((p, i) => ({ p, i, price: byPrice ? cheapest(p, filters) : 0 })).sort((a, b) => compare(a, b) || a.i - b.i);
  return { proposals: sorted.map(({ p }) => p), filters, fallback };
}

export type TransportStats = {
  count: number;
  /** Cents; null when no cabin of this transport can be booked. */
  fromPrice: number | null;
  /** Minutes. */
  shortest: number | null;
  /** Grams per passenger. */
  lowestCo2: number | null;
};

const minOf = (values: number[]) => (values.length ? Math.min(...values) : null);

/** The figures of the stats comparison (spec 1 §2) for each transport, in one pass per transport. */
export function transportStats(proposals: Proposal[]): Record<Transport, TransportStats> {
  const of = (transport: Transport): TransportStats => {
    const mine = proposals.filter((p) => p.type === transport);
    const prices = mine.flatMap((p) => p.choices.filter((c) => c.price !== null && !c.full && !c.unavailabilityReason).map((c) => c.price!));
    return { count: mine.length, fromPrice: minOf(prices), shortest: minOf(mine.map((p) => p.duration)), lowestCo2: minOf(mine.map((p) => p.co2Emission)) };
  };
  return { rail: of('rail'), flight: of('flight') };
}
