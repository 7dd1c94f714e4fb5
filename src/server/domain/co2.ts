/**
 * CO2 of a stay and of a rental, from the supplier's ADEME factors: a hotel's grams per
 * room-night, a car's grams per km. A rental's distance is not known in advance, so it is estimated:
 * the way from the pick-up agency to the return agency by road (1.25 × the straight line, as the
 * supplier prices one-way fees), plus 50 km of local driving per day charged (ADEME's average daily
 * distance of a rental car in France is close to it). Figures are grams; the API shows kg.
 */

/** Road distance over the straight line. */
export const ROAD_FACTOR = 1.25;
/** Km driven per rental day around the agencies. */
export const LOCAL_KM_PER_DAY = 50;

const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance, km. */
export function crowFlyKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The km a rental is expected to cover. */
export const estimatedRentalKm = (pickup: { lat: number; lon: number }, dropoff: { lat: number; lon: number }, days: number) =>
  Math.round(ROAD_FACTOR * crowFlyKm(pickup, dropoff)) + LOCAL_KM_PER_DAY * Math.max(1, days);

/** Grams for a rental: its car's g/km over the estimated distance. */
export const rentalCo2 = (gramsPerKm: number, km: number) => Math.round(gramsPerKm * km);

/** Grams for a stay: per room and night. */
export const stayCo2 = (gramsPerRoomNight: number, nights: number, rooms: number) => Math.round(gramsPerRoomNight * nights * rooms);

/** Grams as the API's kg, one decimal. */
export const kg = (grams: number) => Math.round(grams / 100) / 10;
