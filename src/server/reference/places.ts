import citiesJson from './data/cities.json';
import stationsJson from './data/stations.json';
import airportsJson from './data/airports.json';
import riskJson from './data/high-risk-countries.json';
import { distanceKm } from './geo';

export type Names = { fr: string; en: string };
export type RefCity = {
  id: string;
  name: Names;
  country: string;
  lat: number;
  lon: number;
  tz: string;
  zip?: string | null;
  iata?: string | null;
  population: number;
};
export type RefStation = {
  uic: string;
  name: Names;
  city: string;
  lat: number;
  lon: number;
  highSpeed: boolean;
  intercity: boolean;
  hub: boolean;
  importance: number;
};
export type RefAirport = {
  iata: string;
  icao?: string | null;
  name: Names;
  city: string;
  country: string;
  lat: number;
  lon: number;
  tz: string;
  importance: number;
};

/** The shipped reference data (see README.md), indexed once at start-up. */
export const cities = new Map<string, RefCity>((citiesJson as RefCity[]).map((c) => [c.id, c]));
export const stations = stationsJson as RefStation[];
export const airports = airportsJson as RefAirport[];
/** Countries whose trips need the safety service's approval too (README.md). */
export const HIGH_RISK_COUNTRIES: ReadonlySet<string> = new Set((riskJson as { country: string }[]).map((c) => c.country));
export const stationByUic = new Map(stations.map((s) => [s.uic, s]));
export const airportByIata = new Map(airports.map((a) => [a.iata, a]));

const group = <T extends { city: string }>(items: T[]) => {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(item.city, [...(map.get(item.city) ?? []), item]);
  return map;
};
const stationsByCity = group(stations);
const airportsByCity = group(airports);

export const stationsOf = (cityId: string) => stationsByCity.get(cityId) ?? [];
export const airportsOf = (cityId: string) => airportsByCity.get(cityId) ?? [];
export const cityOf = (item: { city: string }) => cities.get(item.city)!;

const nearestMemo = new Map<string, RefCity>();

/** The city a point belongs to (hotels, rental agencies, company addresses); remembered per point, as hotels and agencies do not move. */
export function nearestCity(point: { lat: number; lon: number }): RefCity {
  const key = `${point.lat}|${point.lon}`;
  const known = nearestMemo.get(key);
  if (known) return known;
  if (nearestMemo.size > 100_000) nearestMemo.clear();
  const best = scanNearest(point);
  nearestMemo.set(key, best);
  return best;
}

function scanNearest(point: { lat: number; lon: number }): RefCity {
  let best: RefCity | undefined;
  let bestKm = Infinity;
  for (const city of cities.values()) {
    const km = distanceKm(point, city);
    if (km < bestKm) [best, bestKm] = [city, km];
  }
  return best!;
}

/** A place as journeys keep it: its id (`station:<uic>`, `airport:<iata>`, `city:<id>`…), and its names in the search's language. */
type NamedPlace = { ID: string; name: string; city: string };

/** A station's, airport's or city's name in the reader's language (a journey keeps the search's): what e-mails and calendars write. */
export function placeNameIn(place: NamedPlace, lang: 'fr' | 'en'): string {
  const [kind, code = ''] = place.ID.split(':');
  if (kind === 'station') return stationByUic.get(code)?.name[lang] ?? place.name;
  if (kind === 'airport') {
    const airport = airportByIata.get(code);
    return airport ? `${airport.name[lang]} (${airport.iata})` : place.name;
  }
  if (kind === 'city') return cities.get(code)?.name[lang] ?? place.name;
  return place.name;
}

/** The city of a station, airport or city, in the reader's language. */
export function cityNameIn(place: NamedPlace, lang: 'fr' | 'en'): string {
  const [kind, code = ''] = place.ID.split(':');
  const ref = kind === 'station' ? stationByUic.get(code) : kind === 'airport' ? airportByIata.get(code) : undefined;
  if (ref) return cityOf(ref).name[lang];
  if (kind === 'city') return cities.get(code)?.name[lang] ?? place.city;
  return place.city;
}
