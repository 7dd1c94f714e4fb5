import type { Offer, Proposal } from '../../../../contract/trip';

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

/** The offers the filters keep (flexibility, and without hold luggage when withLuggage is off). */
export function offerPasses(offer: Offer, filters: TripFilters): boolean {
  if (!filters.flexibilities.includes(offer.flexibility)) return false;
  if (!filters.withLuggage && hasHoldLuggage(offer)) return false;
  return true;
}

function proposalPasses(p: Proposal, filters: TripFilters): boolean {
  if (!filters.withTransit && p.transitCount > 0) return false;
  if (filters.carriers.length && !p.carriers.some((c) => filters.carriers.includes(c.code))) return false;
  if (p.offers.length && !p.offers.some((o) => offerPasses(o, filters))) return false;
  return true;
}

const cheapest = (p: Proposal) => Math.min(...p.choices.map((c) => c.price ?? Number.POSITIVE_INFINITY));

const comparators: Record<SortBy, (a: Proposal, b: Proposal) => number> = {
  // ISO date-times of one format sort as plain strings (localeCompare would first load a collator: milliseconds).
  BY_TIME: (a, b) => (a.departure < b.departure ? -1 : a.departure > b.departure ? 1 : 0),
  BY_PRICE: (a, b) => cheapest(a) - cheapest(b),
  BY_DURATION: (a, b) => a.duration - b.duration,
  BY_CARBON: (a, b) => a.co2Emission - b.co2Emission,
};

export type Filtered = {
  proposals: Proposal[];
  /** The filters actually applied, after the fall-backs. */
  filters: TripFilters;
  /** Which fall-back applied (to tell the user). */
  fallback: 'transit' | 'carriers' | null;
};

/**
 * Applies the filters to the proposals of one transport, then sorts (BY_TIME ties broken by order).
 * Fall-backs (spec 1 §4): if removing transit leaves nothing, transit is re-enabled; if the carrier
 * filter leaves nothing, it is cleared.
 */
export function applyFilters(all: Proposal[], transport: Transport, wanted: TripFilters): Filtered {
  const ofTransport = all.filter((p) => p.type === transport);
  let filters = wanted;
  let fallback: Filtered['fallback'] = null;
  const run = () => ofTransport.filter((p) => proposalPasses(p, filters));
  let kept = run();
  if (kept.length === 0 && ofTransport.length > 0 && !filters.withTransit) {
    filters = { ...filters, withTransit: true };
    fallback = 'transit';
    kept = run();
  }
  if (kept.length === 0 && ofTransport.length > 0 && filters.carriers.length) {
    filters = { ...filters, carriers: [] };
    fallback = 'carriers';
    kept = run();
  }
  const sorted = kept.map((p, i) => [p, i] as const).sort(([a, i], [b, j]) => comparators[filters.sortBy](a, b) || i - j);
  return { proposals: sorted.map(([p]) => p), filters, fallback };
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
