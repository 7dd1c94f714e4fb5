/** The searches of the home's switch (spec 1 §2: trip, hotel, car). */
export type SearchType = 'trip' | 'hotel' | 'car';
export const SEARCH_TYPES: readonly SearchType[] = ['trip', 'hotel', 'car'];
