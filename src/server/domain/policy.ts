import type { TravelPolicyRules } from './company';
import type { Journey } from './journey';

/**
 * The company's travel policy applied to one rail or flight product (spec 2 §1 "compliant or not"):
 * rail first class only on long journeys and a price cap per traveller by distance; flights only
 * where the train is too slow, and only in the allowed cabins. Add-to-cart writes the verdict into
 * the product, so the travel's checkout steps and the approval rules read it without asking again;
 * the trip search tags each offer with the same `tripCompliance`, given the fastest train it knows.
 */

export type TripToCheck = { journey: Journey; cabin: string; pricePerTraveler: number };

/** Why a product breaks the travel policy, in both languages. */
export type Compliance = { compliant: boolean; reasons: { fr: string; en: string }[] };

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
  if (cap !== null && trip.pricePerTraveler > cap)
    reasons.push({
      fr: `Prix par voyageur au-dessus du plafond de ${eurosFr(cap)} pour ${km} km (ici ${eurosFr(trip.pricePerTraveler)}).`,
      en: `Price per traveller above the ${eurosEn(cap)} cap for ${km} km (here ${eurosEn(trip.pricePerTraveler)}).`,
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

/** The flight's local day, 'YYYY-MM-DD': the day whose trains it is compared with. */
export const flightDay = (flight: Journey) => flight.departure.slice(0, 10);

/** The fastest of these trains leaving on the local day `day`, in minutes; null when none leaves that day. */
export function fastestOnDay(trains: Pick<Journey, 'departure' | 'duration'>[], day: string): number | null {
  const sameDay = trains.filter((t) => t.departure.slice(0, 10) === day);
  return sameDay.length ? Math.min(...sameDay.map((t) => t.duration)) : null;
}

/**
 * Where to look for the trains a flight is compared with, asked the way the trip search asks: the
 * flight's places, from the start of its local day, or from just after now when the day has begun.
 */
export function railDayOfFlight(flight: Journey, now: Date): { day: string; from: string } {
  const day = flightDay(flight);
  const dayStart = new Date(`${day}T00:00:00${flight.departure.slice(19)}`);
  return { day, from: dayStart > now ? `${day}T00:00` : wallTime(new Date(now.getTime() + 60_000), flight.departure) };
}

// ── Hotel and car rental ─────────────────────────────────────────────────────────────

/** The nightly cap (cents per room) of a city, null without a policy. */
export const nightlyCap = (policy: TravelPolicyRules | null, cityId: string): number | null =>
  policy ? (policy.hotel.maxNightlyByCity[cityId] ?? policy.hotel.maxNightly) : null;

/** A room's verdict: its nightly price (before tourist taxes) within the city's cap. */
export function roomCompliance(policy: TravelPolicyRules | null, room: { cityId: string; cityName: string; pricePerNight: number }): Compliance {
  const cap = nightlyCap(policy, room.cityId);
  if (cap === null || room.pricePerNight <= cap) return { compliant: true, reasons: [] };
  return {
    compliant: false,
    reasons: [
      {
        fr: `Prix par nuit au-dessus du plafond de ${eurosFr(cap)} à ${room.cityName} (ici ${eurosFr(room.pricePerNight)}).`,
        en: `Price per night above the ${eurosEn(cap)} cap in ${room.cityName} (here ${eurosEn(room.pricePerNight)}).`,
      },
    ],
  };
}

/** A stay's verdict: every room within the cap (the reasons of each room over it, once each). */
export function stayCompliance(policy: TravelPolicyRules | null, rooms: { cityId: string; cityName: string; pricePerNight: number }[]): Compliance {
  const reasons = [...new Map(rooms.flatMap((r) => roomCompliance(policy, r).reasons).map((r) => [r.fr, r])).values()];
  return { compliant: reasons.length === 0, reasons };
}

/** A car's verdict: an allowed category, a price per day within the cap. No car policy: no verdict (compliant). */
export function carCompliance(policy: TravelPolicyRules | null, car: { category: string; pricePerDay: number }): Compliance {
  const rules = policy?.car;
  if (!rules) return { compliant: true, reasons: [] };
  const reasons: Reason[] = [];
  if (!rules.categories.includes(car.category))
    reasons.push({
      fr: `Catégorie ${car.category} non autorisée (autorisées : ${rules.categories.join(', ')}).`,
      en: `The ${car.category} category is not allowed (allowed: ${rules.categories.join(', ')}).`,
    });
  if (rules.maxDaily !== null && car.pricePerDay > rules.maxDaily)
    reasons.push({
      fr: `Prix par jour au-dessus du plafond de ${eurosFr(rules.maxDaily)} (ici ${eurosFr(car.pricePerDay)}).`,
      en: `Price per day above the ${eurosEn(rules.maxDaily)} cap (here ${eurosEn(car.pricePerDay)}).`,
    });
  return { compliant: reasons.length === 0, reasons };
}
