import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Place } from '@contract/places';
import type { CarType, DriverRef } from '../url';

/** Car-rental form messages (spec 1 §5 "Car rental"); the rules that give them are in rules.ts, loaded with the first check. */
export const CAR_MESSAGES = {
  ENTER_DEPARTURE_PLACE_LIST: msg({ comment: 'ENTER_DEPARTURE_PLACE_LIST (car rental)', message: 'Veuillez choisir un lieu de prise en charge dans la liste' }),
  ENTER_DESTINATION_PLACE_LIST: msg({ comment: 'ENTER_DESTINATION_PLACE_LIST (car rental)', message: 'Veuillez choisir un lieu de restitution dans la liste' }),
  ENTER_DATE: msg({ comment: 'ENTER_DATE (car rental)', message: 'Saisissez une date de prise en charge' }),
  VALID_DATE: msg({ comment: 'VALID_DATE', message: 'Date invalide : saisissez un jour qui existe, au format JJ/MM/AAAA' }),
  ENTER_DATE_NOT_PASSED: msg({ comment: 'ENTER_DATE_NOT_PASSED', message: 'Cette date est passée : choisissez aujourd’hui ou un jour suivant' }),
  /** `last`: the last bookable day (contract/search-limits), as typed in the field. */
  DATE_BEYOND_HORIZON: msg({ comment: 'DATE_BEYOND_HORIZON', message: 'Date trop lointaine : le dernier jour réservable est le {last}' }),
  ENTER_TIME_NOT_PASSED: msg({ comment: 'ENTER_TIME_NOT_PASSED', message: 'Veuillez choisir une heure qui n’est pas passée' }),
  ENTER_END_DATE: msg({ comment: 'ENTER_END_DATE', message: 'Saisissez une date de restitution' }),
  ENTER_DATE_AFTER: msg({ comment: 'ENTER_DATE_AFTER (car rental)', message: 'La restitution doit avoir lieu le jour de la prise en charge ou après' }),
  ENTER_TIME_AFTER: msg({ comment: 'ENTER_TIME_AFTER (car rental)', message: 'L’heure de restitution doit être après celle de la prise en charge' }),
  ENTER_DRIVER: msg({ comment: 'ENTER_DRIVER', message: 'Choisissez un conducteur' }),
  CHOOSE_ENTITY: msg({ comment: 'CHOOSE_ENTITY', message: 'Veuillez choisir une entité' }),
} satisfies Record<string, MessageDescriptor>;
export type CarMessageKey = keyof typeof CAR_MESSAGES;

/** The driver chosen: its URL ref and, for a colleague or guest, the name the form showed. */
export type DriverChoice = { ref: DriverRef; name: string | null };

/** A place of the form: a suggestion of GET /places (with its point and kind). */
export type CarPlace = Pick<Place, 'ID' | 'name' | 'lat' | 'lon' | 'type'> & { src?: string };

export type CarValues = {
  from: CarPlace | null;
  to: CarPlace | null;
  rFrom: number;
  rTo: number;
  start: Date | null;
  end: Date | null;
  types: CarType[];
  driver: DriverChoice | null;
  entity: string;
};
export type CarField = 'from' | 'to' | 'start' | 'end' | 'driver' | 'entity';

export type CarContext = { now: Date; hasEntities: boolean; travelID?: string };
