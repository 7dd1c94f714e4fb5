import type { HotelSummary } from '@contract/hotel';

/** Spec 1 §9: BY_PRICE (default), BY_DISTANCE, BY_PREF (program hotels first). */
export type HotelSort = 'BY_PRICE' | 'BY_DISTANCE' | 'BY_PREF';
export const HOTEL_SORTS: readonly HotelSort[] = ['BY_PRICE', 'BY_DISTANCE', 'BY_PREF'];

/** Spec 1 §9: a hotel without a price sorts as 99999 (euros). */
export const MISSING_PRICE_CENTS = 99_999_00;

/** The results' filters: each one on means "show only these" (spec 1 §9 "Hotel filters"). Prices in whole euros per night. */
export type HotelFilters = {
  /** At least this many stars; null: any. */
  stars: number | null;
  breakfast: boolean;
  halfBoard: boolean;
  fullBoard: boolean;
  loyalty: boolean;
  accessible: boolean;
  cancellable: boolean;
  evCharging: boolean;
  minPrice: number | null;
  maxPrice: number | null;
  sortBy: HotelSort;
};

export const DEFAULT_FILTERS: HotelFilters = {
  stars: null,
  breakfast: false,
  halfBoard: false,
  fullBoard: false,
  loyalty: false,
  accessible: false,
  cancellable: false,
  evCharging: false,
  minPrice: null,
  maxPrice: null,
  sortBy: 'BY_PRICE',
};

/** How many filters narrow the list (the sort is not one). */
export const activeFilterCount = (f: HotelFilters) =>
  [
    f.stars !== null,
    f.breakfast,
    f.halfBoard,
    f.fullBoard,
    f.loyalty,
    f.accessible,
    f.cancellable,
    f.evCharging,
    f.minPrice !== null || f.maxPrice !== null,
  ].filter(Boolean).length;

const nightly = (h: HotelSummary) => (h.min_price_per_night > 0 ? h.min_price_per_night : MISSING_PRICE_CENTS);

/** The price range's bounds over the hotels, whole euros per night: the lowest floored, the highest ceiled (spec 1 §9). */
export function priceBounds(hotels: readonly HotelSummary[]): { min: number; max: number } | null {
  const prices = hotels.map((h) => h.min_price_per_night).filter((p) => p > 0);
  if (prices.length === 0) return null;
  return { min: Math.floor(Math.min(...prices) / 100), max: Math.ceil(Math.max(...prices) / 100) };
}

/** The hotels the filters let through. */
export function filterHotels(hotels: readonly HotelSummary[], f: HotelFilters): HotelSummary[] {
  return hotels.filter((h) => {
    if (f.stars !== null && h.stars < f.stars) return false;
    if (f.breakfast && !h.boards.breakfast) return false;
    if (f.halfBoard && !h.boards.half_board) return false;
    if (f.fullBoard && !h.boards.full_board) return false;
    if (f.loyalty && !h.hotel_tags.has_loyalty) return false;
    if (f.accessible && !h.hotel_tags.has_prm) return false;
    if (f.cancellable && !h.has_cancellable_offer) return false;
    if (f.evCharging && !h.hotel_tags.has_electric_charging_station) return false;
    const euros = nightly(h) / 100;
    if (f.minPrice !== null && euros < f.minPrice) return false;
    if (f.maxPrice !== null && euros > f.maxPrice) return false;
    return true;
  });
}

const price = (h: HotelSummary) => (h.min_price > 0 ? h.min_price : MISSING_PRICE_CENTS);

/** The list in the chosen order; ties keep the server's order (a stable sort). */
export function sortHotels(hotels: readonly HotelSummary[], sortBy: HotelSort): HotelSummary[] {
  const byPrice = (a: HotelSummary, b: HotelSummary) => price(a) - price(b);
  const compare: Record<HotelSort, (a: HotelSummary, b: HotelSummary) => number> = {
    BY_PRICE: byPrice,
    BY_DISTANCE: (a, b) => a.distance - b.distance || byPrice(a, b),
    // Program hotels (the company's preferred) first, then the cheapest.
    BY_PREF: (a, b) => Number(b.hotel_tags.is_program_hotel) - Number(a.hotel_tags.is_program_hotel) || byPrice(a, b),
  };
  return [...hotels].sort(compare[sortBy]);
}

/** The price inputs' problem: a bound outside the range or min above max (spec 1 §5 "min <= max within bounds"). */
export function priceProblem(f: Pick<HotelFilters, 'minPrice' | 'maxPrice'>, bounds: { min: number; max: number }): 'min' | 'max' | 'order' | null {
  if (f.minPrice !== null && (f.minPrice < bounds.min || f.minPrice > bounds.max)) return 'min';
  if (f.maxPrice !== null && (f.maxPrice < bounds.min || f.maxPrice > bounds.max)) return 'max';
  if (f.minPrice !== null && f.maxPrice !== null && f.minPrice > f.maxPrice) return 'order';
  return null;
}
