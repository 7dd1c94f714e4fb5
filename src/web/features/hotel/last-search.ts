import type { Place } from '@contract/places';
import type { HotelValues } from './search-form/validation';

/**
 * The last hotel search as the form had it: the URL holds the place's ID and coordinates only, and the
 * form (back from results that found nothing, or "Modify search") shows it again, place by name.
 */
let last: HotelValues | null = null;
/** Whose search it was (lib/passengers searchFormKey): staff acting for another customer start afresh. */
let owner: string | null = null;

export const rememberHotelSearch = (values: HotelValues, key: string) => {
  last = values;
  owner = key;
};

export const lastHotelSearch = (key: string): HotelValues | null => (owner === key ? last : null);

/** The place of the last search when it is the one with this ID. */
export const hotelPlaceOf = (id: string): Place | null => (last?.place?.ID === id ? last.place : null);
