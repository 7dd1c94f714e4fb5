import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, type TravelPolicyRules } from '../db/schema';
import { SupplierError, type Journey, type RailSupplier } from '../supplier/types';
import type { Compliance } from './checkout';

/**
 * The company's travel policy applied to one rail or flight product (spec 2 §1 "compliant or not"):
 * rail first class only on long journeys and a price cap per traveller by distance; flights only
 * where the train is too slow, and only in the allowed cabins. Add-to-cart writes the verdict into
 * the product, so the travel's checkout steps and the approval rules read it without asking again;
 * the trip search tags each offer with the same `tripCompliance`, given the fastest train it knows.
 */

export type TripToCheck = { journey: Journey; cabin: string; pricePerTraveller: number };

type Reason = Compliance['reasons'][number];

const duration = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
};
const eurosFr = (cents: number) => `${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2).replace('.', ',')} €`;
const eurosEn = (cents: number) => `€${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
const CABINS: Record<string, { fr: string; en: string }> = {
  economy: { fr: 'économique', en: 'economy' },
  premium: { fr: 'premium', en: 'premium economy' },
  business: { fr: 'affaires', en: 'business' },
};
const cabinName = (cabin: string, lang: 'fr' | 'en') => CABINS[cabin]?.[lang] ?? cabin;

/** Rail distance: the sum of the sections' own distances (a connection's detour counts). */
export const journeyKm = (journey: Journey) => journey.sections.reduce((sum, s) => sum + s.distanceKm, 0);

/** The cap of the first band the distance fits in (bands without an upper bound fit everything). */
export function railPriceCap(policy: TravelPolicyRules['rail'], km: number): number | null {
  const bands = [...policy.maxPriceByDistance].sort((a, b) => (a.upToKm ?? Infinity) - (b.upToKm ?? Infinity));
  return bands.find((b) => b.upToKm === null || km <= b.upToKm)?.maxPrice ?? null;
}

function railReasons(policy: TravelPolicyRules['rail'], trip: TripToCheck): Reason[] {
  const reasons: Reason[] = [];
  const { journey } = trip;
  if (trip.cabin === 'first') {
    const from = policy.firstClassFromMinutes;
    if (from === null) reasons.push({ fr: 'La 1re classe n’est pas autorisée en train.', en: 'First class is not allowed on trains.' });
    else if (journey.duration < from)
      reasons.push({
        fr: `1re classe autorisée seulement pour les trajets d’au moins ${duration(from)} (celui-ci : ${duration(journey.duration)}).`,
        en: `First class only for journeys of ${duration(from)} or more (this one: ${duration(journey.duration)}).`,
      });
  }
  const km = journeyKm(journey);
  const cap = railPriceCap(policy, km);
  if (cap !== null && trip.pricePerTraveller > cap)
    reasons.push({
      fr: `Prix par voyageur au-dessus du plafond de ${eurosFr(cap)} pour ${km} km (ici ${eurosFr(trip.pricePerTraveller)}).`,
      en: `Price per traveller above the ${eurosEn(cap)} cap for ${km} km (here ${eurosEn(trip.pricePerTraveller)}).`,
    });
  return reasons;
}

function flightReasons(policy: TravelPolicyRules['flight'], trip: TripToCheck, fastestTrainMinutes: number | null): Reason[] {
  const reasons: Reason[] = [];
  // No train at all between the two places: flying is the only way, so the train rule holds.
  if (fastestTrainMinutes !== null && fastestTrainMinutes <= policy.onlyAboveRailMinutes)
    reasons.push({
      fr: `Avion autorisé seulement quand le train met plus de ${duration(policy.onlyAboveRailMinutes)} (le plus rapide ce jour-là : ${duration(fastestTrainMinutes)}).`,
      en: `Flights only when the train takes more than ${duration(policy.onlyAboveRailMinutes)} (the fastest that day: ${duration(fastestTrainMinutes)}).`,
    });
  if (!policy.cabins.includes(trip.cabin))
    reasons.push({
      fr: `Cabine ${cabinName(trip.cabin, 'fr')} non autorisée (autorisée : ${policy.cabins.map((c) => cabinName(c, 'fr')).join(', ')}).`,
      en: `The ${cabinName(trip.cabin, 'en')} cabin is not allowed (allowed: ${policy.cabins.map((c) => cabinName(c, 'en')).join(', ')}).`,
    });
  return reasons;
}

/** The verdict for one trip; `fastestTrainMinutes` matters only for flights (null: no train that day). */
export function tripCompliance(policy: TravelPolicyRules | null, trip: TripToCheck, fastestTrainMinutes: number | null): Compliance {
  if (!policy) return { compliant: true, reasons: [] };
  const reasons = trip.journey.mode === 'rail' ? railReasons(policy.rail, trip) : flightReasons(policy.flight, trip, fastestTrainMinutes);
  return { compliant: reasons.length === 0, reasons };
}

/** Local wall time 'YYYY-MM-DDTHH:mm' of an instant, in the offset an ISO date-time carries. */
function wallTime(instant: Date, isoWithOffset: string): string {
  const offset = isoWithOffset.slice(19);
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return new Date(instant.getTime() + sign * ((h ?? 0) * 60 + (m ?? 0)) * 60_000).toISOString().slice(0, 16);
}

/**
 * The fastest train between the flight's origin and destination on its day, in minutes, asked the
 * way the trip search asks (the searched places, from the start of the day or from now if later);
 * null when no train links them that day.
 */
export async function fastestTrainMinutes(rail: RailSupplier, flight: Journey, now: Date): Promise<number | null> {
  const day = flightDay(flight);
  const dayStart = new Date(`${day}T00:00:00${flight.departure.slice(19)}`);
  const from = dayStart > now ? `${day}T00:00` : wallTime(new Date(now.getTime() + 60_000), flight.departure);
  let trains: Journey[];
  try {
    trains = await rail.journeys({
      origin: flight.from,
      destination: flight.to,
      datetime: from,
      represents: 'departure',
      passengers: 1,
      customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
      lang: 'fr',
      withReturn: false,
      now,
    });
  } catch (err) {
    // No station serves one of the places: there is no train to prefer.
    if (err instanceof SupplierError && err.kind === 'invalid-place') return null;
    throw err;
  }
  return fastestOnDay(trains, day);
}

/** The flight's local day, 'YYYY-MM-DD': the day whose trains it is compared with. */
export const flightDay = (flight: Journey) => flight.departure.slice(0, 10);

/** The fastest of these trains leaving on the local day `day`, in minutes; null when none leaves that day. */
export function fastestOnDay(trains: Journey[], day: string): number | null {
  const sameDay = trains.filter((t) => t.departure.slice(0, 10) === day);
  return sameDay.length ? Math.min(...sameDay.map((t) => t.duration)) : null;
}

/** The verdict for a trip, asking the rail supplier only for a flight under a policy. */
export async function evaluateTrip(policy: TravelPolicyRules | null, trip: TripToCheck, rail: RailSupplier, now: Date): Promise<Compliance> {
  const fastest = policy && trip.journey.mode === 'flight' ? await fastestTrainMinutes(rail, trip.journey, now) : null;
  return tripCompliance(policy, trip, fastest);
}

/** A company's travel policy in figures; none for a traveller without a company. */
export async function companyPolicy(db: Db, companyId: string | null): Promise<TravelPolicyRules | null> {
  if (!companyId) return null;
  const [row] = await db.select({ rules: companies.checkoutRules }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.rules.policy ?? null;
}
