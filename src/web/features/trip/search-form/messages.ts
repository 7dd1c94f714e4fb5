import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Trip form messages (spec 1 §5); the rules that give them are in rules.ts. Loaded with the rules, when the
 * form is first used: no error is shown before (the home's first visit does not carry them).
 */
export const TRIP_MESSAGES = {
  ENTER_DEPARTURE_PLACE_LIST: msg({ comment: 'ENTER_DEPARTURE_PLACE_LIST', message: 'Veuillez choisir un lieu de départ dans la liste' }),
  ENTER_DESTINATION_PLACE_LIST: msg({ comment: 'ENTER_DESTINATION_PLACE_LIST', message: 'Veuillez choisir une destination dans la liste' }),
  ENTER_OTHER_ORIGIN_OR_DESTINATION: msg({ comment: 'ENTER_OTHER_ORIGIN_OR_DESTINATION', message: 'Le départ et la destination doivent être différents' }),
  ENTER_DATE: msg({ comment: 'ENTER_DATE', message: 'Saisissez une date d’aller' }),
  VALID_DATE: msg({ comment: 'VALID_DATE', message: 'Date invalide : saisissez un jour qui existe, au format JJ/MM/AAAA' }),
  ENTER_DATE_NOT_PASSED: msg({ comment: 'ENTER_DATE_NOT_PASSED', message: 'Cette date est passée : choisissez aujourd’hui ou un jour suivant' }),
  /** `last`: the last bookable day (contract/search-limits), as typed in the field. */
  DATE_BEYOND_HORIZON: msg({ comment: 'DATE_BEYOND_HORIZON', message: 'Date trop lointaine : le dernier jour réservable est le {last}' }),
  ENTER_TIME_NOT_PASSED: msg({ comment: 'ENTER_TIME_NOT_PASSED', message: 'Veuillez choisir une heure qui n’est pas passée' }),
  ENTER_DATE_AFTER: msg({ comment: 'ENTER_DATE_AFTER', message: 'La date de retour doit être après la date d’aller' }),
  ENTER_TIME_AFTER: msg({ comment: 'ENTER_TIME_AFTER', message: 'L’heure de retour doit être après l’heure d’aller' }),
  ENTER_ONE_PASSENGER_AT_LEAST: msg({ comment: 'ENTER_ONE_PASSENGER_AT_LEAST', message: 'Ajoutez au moins un passager' }),
  CANT_ENTER_MORE_THAN_NINE_PASSENGERS: msg({ comment: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS', message: 'Vous ne pouvez pas ajouter plus de 9 passagers' }),
  /** TRAVELER_REQUIRED (api_code 150): an assistance agent's blank passenger, until they choose the traveller. */
  CHOOSE_TRAVELER: msg({ comment: 'TRAVELER_REQUIRED', message: 'Choisissez d’abord le voyageur pour qui vous réservez' }),
  ENTER_BIRTHDATE_PASSENGERS: msg({ comment: 'ENTER_BIRTHDATE_PASSENGERS', message: 'Renseignez la date de naissance de chaque passager' }),
  CHOOSE_ENTITY: msg({ comment: 'CHOOSE_ENTITY', message: 'Veuillez choisir une entité' }),
} satisfies Record<string, MessageDescriptor>;
export type TripMessageKey = keyof typeof TRIP_MESSAGES;
