import type { Lang } from '@contract/account';
import type { tripSearchBodySchema } from '@contract/trip';
import { lastBookableDay, searchDayProblem, type SearchDayProblem } from '@contract/search-limits';
import type { Place } from './journey';
import type { SearchAssistance } from './accessibility';

/**
 * A trip search as it is kept (every link its results hand out resolves from it on any API process),
 * and the IDs of its results: proposal `searchID~proposal`, choice `searchID~proposal~cabin`,
 * offer `searchID~proposal~cabin~offer` (proposal and offer are indexes into the stored answer).
 */

export type TripSearchRequest = ReturnType<typeof tripSearchBodySchema.parse>;

/** The validated request of a search, with its resolved places and language. */
export type StoredTripRequest = {
  body: TripSearchRequest;
  origin: Place;
  destination: Place;
  lang: Lang;
  /** The assistance its disabled traveller needs, from their profile; absent: none. */
  assistance?: SearchAssistance | null;
};

export const proposalId = (searchID: string, index: number) => `${searchID}~${index}`;
export const choiceId = (searchID: string, index: number, cabin: string) => `${searchID}~${index}~${cabin}`;
export const offerId = (searchID: string, index: number, cabin: string, offer: number) => `${searchID}~${index}~${cabin}~${offer}`;

/** The parts of a choice ID; an index that is not one reads as NaN, which finds nothing. */
export function parseChoiceId(id: string) {
  const [searchID = '', index, cabin = ''] = id.split('~');
  return { searchID, index: Number(index), cabin };
}

export function parseOfferId(id: string) {
  const [searchID = '', index, cabin = '', offer] = id.split('~');
  return { searchID, index: Number(index), cabin, offer: Number(offer) };
}

// One formatter per zone: building one costs far more than using it.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The local calendar day (`YYYY-MM-DD`) of an instant in a zone. */
function localDay(instant: Date, tz: string): string {
  let format = dayFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(tz, format);
  }
  return format.format(instant);
}

const DAY_TEXTS: Record<Lang, Record<SearchDayProblem, (last: string) => string>> = {
  fr: {
    VALID_DATE: () => 'Cette date n’existe pas.',
    ENTER_DATE_NOT_PASSED: () => 'Cette date est passée.',
    DATE_BEYOND_HORIZON: (last) => `Date au-delà de l’horizon de réservation : le dernier jour réservable est le ${last}.`,
  },
  en: {
    VALID_DATE: () => 'This date does not exist.',
    ENTER_DATE_NOT_PASSED: () => 'This date is in the past.',
    DATE_BEYOND_HORIZON: (last) => `Date beyond the booking horizon: the last bookable day is ${last}.`,
  },
};

/** A searched local date-time (`YYYY-MM-DDTHH:mm`), the body field it comes from and its origin's zone. */
export type SearchedDay = { field: string; datetime: string; tz: string };

/**
 * The searched days a search cannot ask for (contract/search-limits), each judged against today in its
 * origin's zone: the fields and their problems, and a sentence for the caller about the first one.
 */
export function searchDayProblems(days: SearchedDay[], now: Date, lang: Lang): { fields: Record<string, SearchDayProblem>; message: string } | null {
  const fields: Record<string, SearchDayProblem> = {};
  let message = '';
  for (const { field, datetime, tz } of days) {
    const today = localDay(now, tz);
    const problem = searchDayProblem(datetime.slice(0, 10), today);
    if (!problem) continue;
    fields[field] = problem;
    message ||= DAY_TEXTS[lang][problem](lastBookableDay(today));
  }
  return message ? { fields, message } : null;
}
