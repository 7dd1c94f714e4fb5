import type { RoomOffer } from '@contract/hotel';

/**
 * Rooms and who sleeps in each (spec 1 §4 "Hotel", §5): with one traveller a chosen room takes them;
 * with several, quantities per room offer, then each traveller placed in a room. Next is possible only
 * once the rooms' capacity covers everyone and no room would be empty.
 */

/** The chosen rooms, one entry per room, in the offers' order. */
export function roomsOf(offers: readonly RoomOffer[], quantities: Readonly<Record<string, number>>): RoomOffer[] {
  return offers.flatMap((offer) => Array.from({ length: quantities[offer.id] ?? 0 }, () => offer));
}

export const capacityOf = (rooms: readonly RoomOffer[]) => rooms.reduce((sum, room) => sum + room.max_occupancy, 0);

export type RoomsProblem = 'NO_ROOM' | 'NOT_ENOUGH_CAPACITY' | 'MORE_ROOMS_THAN_TRAVELERS';

/** Why Next is not possible yet with these rooms for `travelers` people, or null. */
export function roomsProblem(rooms: readonly RoomOffer[], travelers: number): RoomsProblem | null {
  if (rooms.length === 0) return 'NO_ROOM';
  if (rooms.length > travelers) return 'MORE_ROOMS_THAN_TRAVELERS';
  if (capacityOf(rooms) < travelers) return 'NOT_ENOUGH_CAPACITY';
  return null;
}

/**
 * A first placement (the room index of each traveller): one traveller per room first, so that no room is
 * empty, then the others in the first room with a free bed. Assumes roomsProblem() found nothing.
 */
export function autoAssign(rooms: readonly RoomOffer[], travelers: number): number[] {
  const used = rooms.map(() => 0);
  return Array.from({ length: travelers }, (_, i) => {
    const room = i < rooms.length ? i : used.findIndex((n, r) => n < rooms[r]!.max_occupancy);
    used[room] = (used[room] ?? 0) + 1;
    return room;
  });
}

export type AssignmentProblem = { kind: 'EMPTY_ROOM' | 'OVER_CAPACITY'; room: number };

/** The first room left empty or over its capacity by the placement, or null. */
export function assignmentProblem(rooms: readonly RoomOffer[], assignment: readonly number[]): AssignmentProblem | null {
  const count = rooms.map((_, r) => assignment.filter((a) => a === r).length);
  const empty = count.findIndex((n) => n === 0);
  if (empty >= 0) return { kind: 'EMPTY_ROOM', room: empty };
  const over = count.findIndex((n, r) => n > rooms[r]!.max_occupancy);
  return over >= 0 ? { kind: 'OVER_CAPACITY', room: over } : null;
}

/** The add-to-cart body's rooms: each room's offer and its travellers' ids (1-based, the search's). */
export const roomOfferTravelers = (rooms: readonly RoomOffer[], assignment: readonly number[]) =>
  rooms.map((offer, r) => ({ room_offer_id: offer.id, travelers: assignment.flatMap((a, i) => (a === r ? [i + 1] : [])) }));
