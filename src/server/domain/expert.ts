import { parseOfferId } from './trip';

/**
 * An expert itinerary's ID names its journeys' stored trip searches, in order: their UUIDs without
 * dashes, dot-separated (98 characters at most: a path parameter stays under the router's 100):
 * each journey is an ordinary flight search, so its offers are the trip's offers (domain/trip.ts) and
 * add to the cart as flights do. Whoever holds the ID still reads only their own searches (db/trip-searches).
 */

const HEX_UUID = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;

export const expertId = (searchIDs: string[]) => searchIDs.map((id) => id.replaceAll('-', '')).join('.');

/** The search IDs an expert ID names; empty when it names none (the caller answers 404). */
export function parseExpertId(id: string): string[] {
  const parts = id.split('.').map((p) => HEX_UUID.exec(p)?.slice(1).join('-'));
  return parts.length >= 1 && parts.length <= 3 && parts.every((p) => p !== undefined) ? (parts as string[]) : [];
}

/**
 * Whether `offerIDs` is an itinerary of these searches so far: one offer per journey, in order, each
 * an offer of its own journey's search.
 */
export const isItineraryOf = (searchIDs: string[], offerIDs: string[]) =>
  offerIDs.length <= searchIDs.length && offerIDs.every((offer, i) => parseOfferId(offer).searchID === searchIDs[i]);
