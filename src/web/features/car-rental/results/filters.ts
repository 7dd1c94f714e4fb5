import type { CarRental, CarRentalSearchResult } from '@contract/car-rental';
import type { CarType } from '../url';

/** Spec 1 §9: cars sort by price (default), by the company's preferred renters, or by distance. */
export type CarSort = 'BY_PRICE' | 'BY_PREF' | 'BY_DISTANCE';
export type Engine = CarRental['engineType'];
export type Gearbox = CarRental['gearbox'];

/**
 * The results' filters (spec 1 §9 "Car filters"): each list means "show these" (empty: all), each
 * switch keeps only the cars that have it; prices are euros per day, null for no bound.
 */
export type CarFilters = {
  minPrice: number | null;
  maxPrice: number | null;
  types: CarType[];
  engines: Engine[];
  renters: string[];
  gearboxes: Gearbox[];
  unlimited: boolean;
  negotiated: boolean;
  loyalty: boolean;
  sortBy: CarSort;
};

export const DEFAULT_CAR_FILTERS: CarFilters = {
  minPrice: null,
  maxPrice: null,
  types: [],
  engines: [],
  renters: [],
  gearboxes: [],
  unlimited: false,
  negotiated: false,
  loyalty: false,
  sortBy: 'BY_PRICE',
};

/** Spec 1 §9 "Car list menu capped at 30 options": the list shows 30 cars at a time. */
export const CARS_PER_PAGE = 30;

/** The price filter's bounds, euros per day: the cheapest floored, the dearest ceiled. */
export function priceBounds(cars: CarRental[]): { min: number; max: number } {
  if (cars.length === 0) return { min: 0, max: 0 };
  const perDay = cars.map((c) => c.price_per_day / 100);
  return { min: Math.floor(Math.min(...perDay)), max: Math.ceil(Math.max(...perDay)) };
}

/** The price bounds as typed make no range: the filter waits for a min below its max. */
export const priceRangeInvalid = (f: Pick<CarFilters, 'minPrice' | 'maxPrice'>) => f.minPrice !== null && f.maxPrice !== null && f.minPrice > f.maxPrice;

const negotiated = (c: CarRental) => c.tags.includes('negociated-fare') || c.tags.includes('corporate-fare');
const among = <T>(list: T[], value: T) => list.length === 0 || list.includes(value);

export function filterCars(cars: CarRental[], f: CarFilters): CarRental[] {
  const range = !priceRangeInvalid(f);
  return cars.filter(
    (c) =>
      (!range || f.minPrice === null || c.price_per_day / 100 >= f.minPrice) &&
      (!range || f.maxPrice === null || c.price_per_day / 100 <= f.maxPrice) &&
      among(f.types, c.carGroup) &&
      among(f.engines, c.engineType) &&
      among(f.renters, c.renter.code) &&
      among(f.gearboxes, c.gearbox) &&
      (!f.unlimited || c.unlimited_distance) &&
      (!f.negotiated || negotiated(c)) &&
      (!f.loyalty || c.tags.includes('loyalty-enabled')),
  );
}

export function sortCars(cars: CarRental[], sortBy: CarSort, renters: CarRentalSearchResult['renters']): CarRental[] {
  const preferred = new Set(renters.filter((r) => r.preferred).map((r) => r.code));
  const price = (a: CarRental, b: CarRental) => a.best_price.total - b.best_price.total;
  const by: Record<CarSort, (a: CarRental, b: CarRental) => number> = {
    BY_PRICE: price,
    BY_PREF: (a, b) => Number(preferred.has(b.renter.code)) - Number(preferred.has(a.renter.code)) || price(a, b),
    BY_DISTANCE: (a, b) => a.distance - b.distance || price(a, b),
  };
  return [...cars].sort(by[sortBy]);
}

/** The values of `key` among the cars, each once, in first-seen order, with how many cars have it. */
export function optionsOf<T extends string>(cars: CarRental[], key: (c: CarRental) => T): { value: T; count: number }[] {
  const counts = new Map<T, number>();
  for (const c of cars) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
}

export const toggle = <T>(list: T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
