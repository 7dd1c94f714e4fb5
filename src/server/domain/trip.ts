import type { Lang } from '../../contract/account';
import type { tripSearchBodySchema } from '../../contract/trip';
import type { Place } from './journey';

/**
 * A trip search as it is kept (every link its results hand out resolves from it on any API process),
 * and the IDs of its results: proposal `searchID~proposal`, choice `searchID~proposal~cabin`,
 * offer `searchID~proposal~cabin~offer` (proposal and offer are indexes into the stored answer).
 */

export type TripSearchRequest = ReturnType<typeof tripSearchBodySchema.parse>;

/** The validated request of a search, with its resolved places and language. */
export type StoredTripRequest = { body: TripSearchRequest; origin: Place; destination: Place; lang: Lang };

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
