import type { Db } from '@server/db/client';
import { travelProducts, travels } from '@server/db/schema';
import type { ProductStatus, TravelStatus } from '@contract/travel';
import type { FareOffer, Journey } from '@server/domain/journey';
import type { TripData } from '@server/domain/product';
import { sandboxPlaces } from '@server/supplier/sandbox/places';
import { railJourneys } from '@server/supplier/sandbox/rail';

/**
 * Travels written straight into the database for the beta list's API tests and the travels-10k
 * bench: real sandbox trains (one per route, found once) moved by whole days, booked as the
 * checkout would leave them. The travels' start/end are set by the database's trigger on products.
 */

export type TravelSpec = {
  status: TravelStatus;
  /** The product's status (the travel's by default, `booked`-like for booked travels). */
  productStatus?: ProductStatus;
  /** Departure day, from the template's day (two weeks after `templateNow`). */
  days: number;
  route?: readonly [string, string];
  pax?: { firstname: string; lastname: string }[];
  /** false: a travel without products (the list hides it). */
  withProduct?: boolean;
};

const DAY = 86_400_000;
const shiftZoned = (zoned: string, days: number) => {
  // `2026-12-06T07:12:00+01:00`: the wall clock and its offset stay, the day moves.
  const day = new Date(Date.parse(`${zoned.slice(0, 10)}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
  return `${day}${zoned.slice(10)}`;
};
const shiftJourney = (j: Journey, days: number): Journey => ({
  ...j,
  departure: shiftZoned(j.departure, days),
  arrival: shiftZoned(j.arrival, days),
  sections: j.sections.map((s) => ({ ...s, departure: shiftZoned(s.departure, days), arrival: shiftZoned(s.arrival, days) })),
});

const PRODUCT_STATUS: Partial<Record<TravelStatus, ProductStatus>> = {
  booked: 'booked',
  issued: 'issued',
  modified: 'issued',
  pending_ticketing: 'pending_ticketing',
  pending_approval: 'pending_approval',
  pending_confirmation: 'prebooked',
  pending_cancel: 'pending_cancel',
  partially_cancelled: 'cancelled',
  cancelled: 'cancelled',
  denied: 'released',
  expired: 'expired',
  cart: 'cart',
  removed: 'cart',
};

/** The template journeys: the first train of each route on the day two weeks after `now`. */
export function templateJourneys(routes: readonly (readonly [string, string])[], now: Date) {
  const places = sandboxPlaces();
  const day = new Date(now.getTime() + 14 * DAY).toISOString().slice(0, 10);
  const journeys = new Map<string, { journey: Journey; offer: FareOffer; cabin: string }>();
  for (const [from, to] of routes) {
    const [journey] = railJourneys(
      {
        origin: places.byId(from, 'fr')!,
        destination: places.byId(to, 'fr')!,
        datetime: `${day}T07:00`,
        represents: 'departure',
        passengers: 1,
        customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
        lang: 'fr',
        withReturn: false,
        now,
      },
      places.byId,
    );
    if (!journey) throw new Error(`no train ${from} → ${to}`);
    // The cabins' offers are the search's: a booked product keeps the one it took.
    const cabin = journey.cabins.find((c) => c.offers.length > 0)!;
    journeys.set(`${from}|${to}`, { journey: { ...journey, cabins: [] }, offer: cabin.offers[0]!, cabin: cabin.cabin });
  }
  return journeys;
}

export const DEFAULT_ROUTE = ['city:paris', 'city:lyon'] as const;

/** Inserts the travels (by 500) for a user; answers their ids in `specs` order. */
export async function seedTravels(
  db: Db,
  owner: { id: string; agencyId: string; companyId: string | null },
  specs: TravelSpec[],
  templateNow: Date,
): Promise<string[]> {
  const routes = [...new Map(specs.map((s) => s.route ?? DEFAULT_ROUTE).map((r) => [`${r[0]}|${r[1]}`, r] as const)).values()];
  const journeys = templateJourneys(routes, templateNow);
  const ids: string[] = [];
  for (let start = 0; start < specs.length; start += 500) {
    const batch = specs.slice(start, start + 500);
    const rows = await db
      .insert(travels)
      .values(
        batch.map((s) => ({
          agencyId: owner.agencyId,
          companyId: owner.companyId,
          userId: owner.id,
          status: s.status,
          createdAt: new Date(templateNow.getTime() - (specs.length - start) * 1000),
        })),
      )
      .returning({ id: travels.id });
    ids.push(...rows.map((r) => r.id));
    const products = batch.flatMap((s, k) => {
      if (s.withProduct === false) return [];
      const route = s.route ?? DEFAULT_ROUTE;
      const template = journeys.get(`${route[0]}|${route[1]}`)!;
      const journey = shiftJourney(template.journey, s.days);
      const pax = s.pax ?? [{ firstname: 'Alice', lastname: 'Martin' }];
      const data: TripData = {
        type: 'rail',
        journey,
        offer: template.offer,
        cabin: template.cabin,
        travelers: pax.map((p, i) => ({ travelerID: i + 1, ...p })),
        placementWishes: {},
        ancillaries: [],
        searchID: 'fixture',
      };
      return [
        {
          travelId: rows[k]!.id,
          type: 'rail' as const,
          status: s.productStatus ?? PRODUCT_STATUS[s.status] ?? 'booked',
          price: template.offer.price * pax.length,
          startsAt: new Date(journey.departure),
          endsAt: new Date(journey.arrival),
          data,
          pnr: 'FIXTUR',
        },
      ];
    });
    if (products.length) await db.insert(travelProducts).values(products);
  }
  return ids;
}
