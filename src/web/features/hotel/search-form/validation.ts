import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Place } from '@contract/places';
import type { Passenger } from '@web/lib/passengers';

/** Hotel form messages (spec 1 §5 "Hotel"); the rules that give them are in rules.ts, loaded with the first check. */
export const HOTEL_MESSAGES = {
  ENTER_LOCATION: msg({ comment: 'ENTER_LOCATION', message: 'Veuillez choisir un lieu dans la liste' }),
  ENTER_DATE: msg({ comment: 'ENTER_DATE', message: 'Saisissez une date d’arrivée' }),
  VALID_DATE: msg({ comment: 'VALID_DATE', message: 'Date invalide : saisissez un jour qui existe, au format JJ/MM/AAAA' }),
  ENTER_DATE_NOT_PASSED: msg({ comment: 'ENTER_DATE_NOT_PASSED', message: 'Cette date est passée : choisissez aujourd’hui ou un jour suivant' }),
  /** `last`: the last bookable day (contract/search-limits), as typed in the field. */
  DATE_BEYOND_HORIZON: msg({ comment: 'DATE_BEYOND_HORIZON', message: 'Date trop lointaine : le dernier jour réservable est le {last}' }),
  ENTER_END_DATE: msg({ comment: 'ENTER_END_DATE', message: 'Saisissez une date de départ' }),
  ENTER_MINIMUM_STAY: msg({ comment: 'ENTER_MINIMUM_STAY', message: 'Le séjour doit durer au moins une nuit : choisissez un départ après l’arrivée' }),
  ENTER_ONE_PASSENGER_AT_LEAST: msg({ comment: 'ENTER_ONE_PASSENGER_AT_LEAST', message: 'Ajoutez au moins un passager' }),
  CANT_ENTER_MORE_THAN_NINE_PASSENGERS: msg({ comment: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS', message: 'Vous ne pouvez pas ajouter plus de 9 passagers' }),
  /** TRAVELER_REQUIRED (api_code 150): an assistance agent's blank passenger, until they choose the traveller. */
  CHOOSE_TRAVELER: msg({ comment: 'TRAVELER_REQUIRED', message: 'Choisissez d’abord le voyageur pour qui vous réservez' }),
  MORE_ROOMS_THAN_PASSENGERS: msg({
    comment: 'MORE_ROOMS_THAN_PASSENGERS',
    message: 'Chaque chambre doit accueillir au moins un voyageur : ajoutez des voyageurs ou retirez une chambre',
  }),
  CHOOSE_ENTITY: msg({ comment: 'CHOOSE_ENTITY', message: 'Veuillez choisir une entité' }),
} satisfies Record<string, MessageDescriptor>;
export type HotelMessageKey = keyof typeof HOTEL_MESSAGES;

export type HotelValues = {
  place: Place | null;
  radius: number;
  /** The check-in and check-out days, at noon (spec 1 §9). */
  checkIn: Date | null;
  checkOut: Date | null;
  name: string;
  /** At least this many stars; null: any. */
  stars: number | null;
  breakfast: boolean;
  halfBoard: boolean;
  fullBoard: boolean;
  pax: Passenger[];
  rooms: number;
  entity: string;
};
export type HotelField = 'place' | 'checkIn' | 'checkOut' | 'pax' | 'rooms' | 'entity';

export type HotelContext = { now: Date; hasEntities: boolean; travelID?: string };
