import type { FieldErrors, Resolver } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Place } from '@contract/places';
import { searchDayProblem } from '@contract/search-limits';
import { isDate, localDay, toLocalIso } from '@web/components/date-picker/dates';
import type { Passenger } from '@web/lib/passengers';
import { MAX_PASSENGERS, isBlank } from '@web/lib/passengers';
import type { ExpertUrl } from './url';

/** The expert form's messages (spec 1 §5 "Expert": the trip's place and date rules per journey, and the order of journeys). */
export const EXPERT_MESSAGES = {
  ENTER_DEPARTURE_PLACE_LIST: msg({ comment: 'ENTER_DEPARTURE_PLACE_LIST', message: 'Veuillez choisir un lieu de départ dans la liste' }),
  ENTER_DESTINATION_PLACE_LIST: msg({ comment: 'ENTER_DESTINATION_PLACE_LIST', message: 'Veuillez choisir une destination dans la liste' }),
  ENTER_OTHER_ORIGIN_OR_DESTINATION: msg({ comment: 'ENTER_OTHER_ORIGIN_OR_DESTINATION', message: 'Le départ et la destination doivent être différents' }),
  ENTER_DATE: msg({ comment: 'ENTER_DATE', message: 'Saisissez une date de départ' }),
  VALID_DATE: msg({ comment: 'VALID_DATE', message: 'Date invalide : saisissez un jour qui existe, au format JJ/MM/AAAA' }),
  ENTER_DATE_NOT_PASSED: msg({ comment: 'ENTER_DATE_NOT_PASSED', message: 'Cette date est passée : choisissez aujourd’hui ou un jour suivant' }),
  DATE_BEYOND_HORIZON: msg({ comment: 'DATE_BEYOND_HORIZON', message: 'Date trop lointaine : le dernier jour réservable est le {last}' }),
  ENTER_TIME_NOT_PASSED: msg({ comment: 'ENTER_TIME_NOT_PASSED', message: 'Veuillez choisir une heure qui n’est pas passée' }),
  DATE_MUST_BE_AFTER_PREVIOUS_JOURNEY: msg({
    comment: 'DATE_MUST_BE_AFTER_PREVIOUS_JOURNEY',
    message: 'Ce trajet ne peut pas partir avant le trajet précédent',
  }),
  ENTER_ONE_PASSENGER_AT_LEAST: msg({ comment: 'ENTER_ONE_PASSENGER_AT_LEAST', message: 'Ajoutez au moins un passager' }),
  CANT_ENTER_MORE_THAN_NINE_PASSENGERS: msg({ comment: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS', message: 'Vous ne pouvez pas ajouter plus de 9 passagers' }),
  /** TRAVELER_REQUIRED (api_code 150): an assistance agent's blank passenger, until they choose the traveller. */
  CHOOSE_TRAVELER: msg({ comment: 'TRAVELER_REQUIRED', message: 'Choisissez d’abord le voyageur pour qui vous réservez' }),
  CHOOSE_ENTITY: msg({ comment: 'CHOOSE_ENTITY', message: 'Veuillez choisir une entité' }),
} satisfies Record<string, MessageDescriptor>;
export type ExpertMessageKey = keyof typeof EXPERT_MESSAGES;

export type JourneyValues = { from: Place | null; to: Place | null; date: Date | null; mode: 'departure' | 'arrival' };
export type ExpertValues = { journeys: JourneyValues[]; pax: Passenger[]; entity: string };

/** Each broken rule on its field (`journeys.1.date`, `pax`…), the first of a field being the one shown. */
export type Problems = Record<string, ExpertMessageKey>;

/** The form's rules (spec 1 §5 "Expert"); no problem means the values make a search URL (`toUrl`). */
export function expertProblems(v: ExpertValues, { now, hasEntities }: { now: Date; hasEntities: boolean }): Problems {
  const problems: Problems = {};
  const add = (field: string, key: ExpertMessageKey) => {
    problems[field] ??= key;
  };
  const today = localDay(now);
  v.journeys.forEach((j, i) => {
    if (!j.from) add(`journeys.${i}.from`, 'ENTER_DEPARTURE_PLACE_LIST');
    if (!j.to) add(`journeys.${i}.to`, 'ENTER_DESTINATION_PLACE_LIST');
    else if (j.from && j.from.ID === j.to.ID) add(`journeys.${i}.to`, 'ENTER_OTHER_ORIGIN_OR_DESTINATION');
    const field = `journeys.${i}.date`;
    if (j.date === null) return add(field, 'ENTER_DATE');
    if (!isDate(j.date)) return add(field, 'VALID_DATE');
    const day = searchDayProblem(localDay(j.date), today);
    if (day) return add(field, day);
    if (j.date.getTime() < now.getTime()) return add(field, 'ENTER_TIME_NOT_PASSED');
    const previous = v.journeys[i - 1]?.date ?? null;
    if (isDate(previous) && j.date.getTime() < previous.getTime()) add(field, 'DATE_MUST_BE_AFTER_PREVIOUS_JOURNEY');
  });
  if (v.pax.length < 1) add('pax', 'ENTER_ONE_PASSENGER_AT_LEAST');
  if (v.pax.length > MAX_PASSENGERS) add('pax', 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS');
  if (v.pax.some(isBlank)) add('pax', 'CHOOSE_TRAVELER');
  if (hasEntities && !v.entity) add('entity', 'CHOOSE_ENTITY');
  return problems;
}

/** The valid form as the /search-expert URL. */
export const toUrl = (v: ExpertValues, travelID?: string): ExpertUrl => ({
  journeys: v.journeys.map((j) => ({ from: j.from!.ID, to: j.to!.ID, date: toLocalIso(j.date!), mode: j.mode })),
  pax: v.pax.map((p) => p.ref),
  ...(v.entity ? { entity: v.entity } : {}),
  ...(travelID ? { travelID } : {}),
});

/** The rules' problems by field path as the form's errors. */
export const expertResolver =
  (now: Date, hasEntities: boolean): Resolver<ExpertValues> =>
  async (values) => {
    const problems = expertProblems(values, { now, hasEntities });
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, key] of Object.entries(problems)) setPath(errors, path, { type: 'validate', message: key });
    return { values: {}, errors: errors as FieldErrors<ExpertValues> };
  };

/** Sets `value` at a dotted path (`journeys.1.date`) of a nested errors object, arrays by index. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node: Record<string, unknown> = target;
  parts.slice(0, -1).forEach((part, i) => {
    node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
    node = node[part] as Record<string, unknown>;
  });
  node[parts[parts.length - 1]!] = value;
}
