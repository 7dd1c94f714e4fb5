import type { Travel } from '@contract/travel';

/** What the hotel and car shortcuts of a travel search around (the home's `place`, `start`, `end`). */
export type AroundTrip = { place?: string; start?: string; end?: string };

/**
 * The trip in the cart as a stay or a rental (spec 2 §2 shortcuts): where its first journey arrives,
 * when (its local wall clock, `YYYY-MM-DDTHH:mm`), and when its last journey leaves again, if another
 * one follows. A travel without rail or flight gives nothing: the form opens with its defaults.
 */
export function aroundTrip(travel: Pick<Travel, 'products'>): AroundTrip {
  const trips = travel.products
    .filter((p) => (p.type === 'rail' || p.type === 'flight') && p.routes.length > 0 && !['cancelled', 'released', 'exchanged'].includes(p.status))
    .sort((a, b) => a.departure.localeCompare(b.departure));
  const outward = trips[0];
  if (!outward) return {};
  const back = trips.length > 1 ? trips[trips.length - 1] : undefined;
  return {
    place: outward.routes[outward.routes.length - 1]!.to,
    start: outward.arrival.slice(0, 16),
    ...(back ? { end: back.departure.slice(0, 16) } : {}),
  };
}
