// Over 500 lines on purpose: the agencies a city gets and the search over them share their tables (renters,
// fleets, opening hours); split, each half would export its internals to the other.
/**
 * Sandbox car rental. Every reference city has a stable set of rental agencies (generated from
 * the city alone): all the majors at its airports, several renters at its main stations, ADA /
 * Rent A Car and a few majors downtown, each with its opening hours and its fleet (ACRISS
 * groups). A search offers the cars of the agencies within the pick-up radius that are open at
 * pick-up time, returned to an agency of the same renter within the drop-off radius that is open
 * at return time (a one-way rental to another city pays a drop fee).
 */
import { CO2, SupplierError, type CarQuery, type CarSupplier, type Customer, type Lang, type RentalAgency, type RentalCar, type RentalQuery } from '../types';
import { airportsOf, cities, nearestCity, stationsOf, type RefCity } from '@server/reference/places';
import { distanceKm, offset } from '@server/reference/geo';
import { hashString, rng, type Rng } from './random';
import { localToInstant } from '@server/reference/local-time';
import {
  addressPlace,
  airportSuffix,
  dayNumber,
  isFrenchSpeaking,
  localName,
  localityOf,
  money,
  monthOfDay,
  phoneNumber,
  slug,
  stationSuffix,
  streetAddress,
  weekdayOfDay,
} from './locality';

type Category = RentalCar['category'];
type Engine = RentalCar['engine'];

export type Renter = { code: string; name: string; price: number; domain: string; major: boolean };
/** Renters and their codes (customers' corporateCarriers name these codes for negotiated car rates). */
export const RENTERS: Renter[] = [
  { code: 'EP', name: 'Europcar', price: 1, domain: 'europcar', major: true },
  { code: 'ZE', name: 'Hertz', price: 1.05, domain: 'hertz', major: true },
  { code: 'ZI', name: 'Avis', price: 1.04, domain: 'avis', major: true },
  { code: 'SX', name: 'Sixt', price: 1.08, domain: 'sixt', major: true },
  { code: 'ET', name: 'Enterprise', price: 0.97, domain: 'enterprise', major: true },
  { code: 'AD', name: 'ADA', price: 0.85, domain: 'ada', major: false },
  { code: 'RC', name: 'Rent A Car', price: 0.88, domain: 'rentacar', major: false },
];
const RENTER = Object.fromEntries(RENTERS.map((r) => [r.code, r])) as Record<string, Renter>;

export type CarGroup = { acriss: string; category: Category; models: string[]; seats: number; doors: number; price: number; weight: number };

/**
 * ACRISS groups: 1st letter size (M mini, E economy, C compact, I intermediate, S standard,
 * F fullsize, P premium, L luxury, X special), 2nd type (B 2-3 doors, C 2/4 doors, D 4-5 doors,
 * W estate, F SUV, V passenger van, M monospace, T convertible, S sport, K commercial van,
 * X special), 3rd transmission (M manual, A automatic), 4th fuel/air (R air, H hybrid, E electric).
 * price: € a day for a 1-2 day rental in a medium French city, mid-season.
 */
export const CAR_GROUPS: CarGroup[] = [
  { acriss: 'MBMR', category: 'Citadine', models: ['Fiat 500', 'Toyota Aygo X', 'Kia Picanto'], seats: 4, doors: 3, price: 34, weight: 6 },
  { acriss: 'ECMR', category: 'Citadine', models: ['Peugeot 208', 'Renault Clio', 'Opel Corsa'], seats: 5, doors: 5, price: 39, weight: 10 },
  { acriss: 'EDAR', category: 'Citadine', models: ['Peugeot 208', 'Renault Clio', 'Citroën C3'], seats: 5, doors: 5, price: 46, weight: 7 },
  { acriss: 'EDAH', category: 'Citadine', models: ['Toyota Yaris Hybrid', 'Renault Clio E-Tech'], seats: 5, doors: 5, price: 45, weight: 5 },
  { acriss: 'EDAE', category: 'Citadine', models: ['Renault Zoé', 'Peugeot e-208', 'Fiat 500e'], seats: 5, doors: 5, price: 44, weight: 5 },
  { acriss: 'CDMR', category: 'Compact', models: ['Renault Mégane', 'Volkswagen Golf', 'Peugeot 308'], seats: 5, doors: 5, price: 50, weight: 9 },
  { acriss: 'CDAR', category: 'Compact', models: ['Peugeot 308', 'Volkswagen Golf', 'Toyota Corolla'], seats: 5, doors: 5, price: 57, weight: 8 },
  { acriss: 'CDAE', category: 'Compact', models: ['MG4 Electric', 'Volkswagen ID.3', 'Renault Mégane E-Tech'], seats: 5, doors: 5, price: 58, weight: 4 },
  { acriss: 'CFMR', category: 'SUV', models: ['Peugeot 2008', 'Renault Captur', 'Dacia Duster'], seats: 5, doors: 5, price: 55, weight: 7 },
  { acriss: 'CFAR', category: 'SUV', models: ['Peugeot 2008', 'Renault Captur', 'Volkswagen T-Roc'], seats: 5, doors: 5, price: 62, weight: 6 },
  { acriss: 'CFAE', category: 'SUV', models: ['Peugeot e-2008', 'Kia Niro EV'], seats: 5, doors: 5, price: 64, weight: 3 },
  { acriss: 'IDAR', category: 'Berline', models: ['Škoda Octavia', 'Peugeot 408', 'Toyota Corolla Berline'], seats: 5, doors: 5, price: 66, weight: 5 },
  { acriss: 'IWAR', category: 'Berline', models: ['Peugeot 308 SW', 'Škoda Octavia Combi'], seats: 5, doors: 5, price: 68, weight: 3 },
  { acriss: 'IFAR', category: 'SUV', models: ['Peugeot 3008', 'Volkswagen Tiguan', 'Nissan Qashqai'], seats: 5, doors: 5, price: 76, weight: 6 },
  { acriss: 'IFAH', category: 'SUV', models: ['Toyota C-HR', 'Renault Austral E-Tech'], seats: 5, doors: 5, price: 78, weight: 3 },
  { acriss: 'SDAR', category: 'Berline', models: ['Peugeot 508', 'Volkswagen Passat', 'Škoda Superb'], seats: 5, doors: 5, price: 82, weight: 4 },
  { acriss: 'SFAR', category: 'SUV', models: ['Peugeot 5008', 'Škoda Kodiaq', 'Volkswagen Tayron'], seats: 7, doors: 5, price: 95, weight: 3 },
  { acriss: 'FDAR', category: 'Berline', models: ['BMW Série 3', 'Mercedes Classe C', 'Audi A4'], seats: 5, doors: 4, price: 100, weight: 3 },
  { acriss: 'FDAE', category: 'Berline', models: ['Tesla Model 3', 'Polestar 2'], seats: 5, doors: 4, price: 98, weight: 3 },
  { acriss: 'PDAR', category: 'Luxe', models: ['BMW Série 5', 'Mercedes Classe E', 'Audi A6'], seats: 5, doors: 4, price: 135, weight: 2 },
  { acriss: 'LDAR', category: 'Luxe', models: ['BMW Série 7', 'Mercedes Classe S'], seats: 5, doors: 4, price: 220, weight: 1 },
  { acriss: 'MVMR', category: 'Monospace', models: ['Citroën Berlingo', 'Renault Kangoo', 'Peugeot Rifter'], seats: 5, doors: 5, price: 60, weight: 3 },
  { acriss: 'IMAR', category: 'Monospace', models: ['Citroën C4 SpaceTourer', 'Volkswagen Touran'], seats: 7, doors: 5, price: 82, weight: 2 },
  { acriss: 'FVMR', category: 'Monospace', models: ['Renault Trafic 9 places', 'Ford Transit Custom 9 places'], seats: 9, doors: 4, price: 110, weight: 2 },
  {
    acriss: 'FVAR',
    category: 'Monospace',
    models: ['Peugeot Traveller', 'Mercedes Classe V', 'Volkswagen Caravelle'],
    seats: 8,
    doors: 4,
    price: 125,
    weight: 2,
  },
  { acriss: 'CTAR', category: 'Cabriolet', models: ['Mini Cooper Cabriolet', 'Fiat 500C'], seats: 4, doors: 2, price: 95, weight: 1 },
  { acriss: 'STAR', category: 'Cabriolet', models: ['BMW Série 4 Cabriolet', 'Audi A5 Cabriolet'], seats: 4, doors: 2, price: 150, weight: 1 },
  { acriss: 'FSAR', category: 'Sportive', models: ['Ford Mustang Fastback', 'BMW M240i Coupé'], seats: 4, doors: 2, price: 170, weight: 1 },
  { acriss: 'XXAR', category: 'Sportive', models: ['Porsche 911 Carrera', 'Mercedes-AMG GT'], seats: 4, doors: 2, price: 380, weight: 0.5 },
  {
    acriss: 'CKMR',
    category: 'Utilitaire',
    models: ['Renault Kangoo Fourgon 3 m³', 'Citroën Berlingo Fourgon 3 m³'],
    seats: 2,
    doors: 4,
    price: 52,
    weight: 3,
  },
  { acriss: 'IKMR', category: 'Utilitaire', models: ['Renault Trafic Fourgon 6 m³', 'Peugeot Expert Fourgon 6 m³'], seats: 3, doors: 4, price: 78, weight: 3 },
  { acriss: 'FKMR', category: 'Utilitaire', models: ['Renault Master Fourgon 12 m³', 'Ford Transit Fourgon 12 m³'], seats: 3, doors: 4, price: 98, weight: 2 },
];
const GROUP_BY_ACRISS = new Map(CAR_GROUPS.map((g) => [g.acriss, g]));
const PREMIUM = new Set(['PDAR', 'LDAR', 'FSAR', 'XXAR', 'STAR']);
const UTILITY = new Set(['CKMR', 'IKMR', 'FKMR']);

/** What the ACRISS code says: 3rd letter gearbox, 4th letter energy. */
export const gearboxOf = (acriss: string): RentalCar['gearbox'] => ('MNC'.includes(acriss[2] ?? 'M') ? 'MANUAL' : 'AUTOMATIC');
export const engineOf = (acriss: string): Engine => ('EC'.includes(acriss[3] ?? 'R') ? 'electric' : 'HI'.includes(acriss[3] ?? 'R') ? 'hybrid' : 'combustion');

const EN_MODEL: [RegExp, string][] = [
  [/Série (\d)/, '$1 Series'],
  [/Classe ([A-Z])/, '$1-Class'],
  [/Cabriolet/, 'Convertible'],
  [/Coupé/, 'Coupe'],
  [/ places/, ' seats'],
  [/Fourgon/, 'Van'],
];
const modelText = (model: string, lang: Lang) =>
  lang === 'fr' ? `${model} ou similaire` : `${EN_MODEL.reduce((m, [re, to]) => m.replace(re, to), model)} or similar`;

type Kind = 'airport' | 'station' | 'downtown';
type Period = RentalAgency['openingPeriods'][number];
type AgencyBase = Omit<RentalAgency, 'distanceKm' | 'city'> & {
  kind: Kind;
  ref: RefCity;
  cityNames: { fr: string; en: string };
  fleet: { group: CarGroup; model: string }[];
};

const every = (days: number[], start: string, end: string): Period[] => days.map((day) => ({ day, start, end }));
const MON_SAT = [1, 2, 3, 4, 5, 6];
const MON_FRI = [1, 2, 3, 4, 5];

function openingPeriods(kind: Kind, renter: Renter, importance: number, city: RefCity, r: Rng): Period[] {
  if (kind === 'airport') return importance >= 25 ? every([0, ...MON_SAT], '07:00', '23:00') : every([0, ...MON_SAT], '08:00', '21:00');
  if (kind === 'station') {
    const late = renter.major ? '20:00' : '19:00';
    const week = every(MON_SAT, renter.major ? '07:30' : '08:00', late);
    if (importance >= 70) return [...week, ...every([0], '09:00', '12:00'), ...every([0], '17:00', '20:00')];
    if (importance >= 45 && renter.major) return [...week, ...every([0], '17:00', '20:00')];
    return week;
  }
  const continuous = renter.major && city.population > 300_000 && r.chance(0.5);
  const week = continuous ? every(MON_FRI, '08:00', '18:30') : [...every(MON_FRI, '08:00', '12:00'), ...every(MON_FRI, '14:00', '18:30')];
  const saturday = renter.major ? every([6], '08:30', '12:00') : [...every([6], '09:00', '12:00'), ...every([6], '14:00', '17:00')];
  return [...week, ...saturday].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
}

export const isOpenAt = (periods: Period[], weekday: number, time: string) => periods.some((p) => p.day === weekday && p.start <= time && time <= p.end);

function pickFleet(r: Rng, kind: Kind, renter: Renter, city: RefCity): AgencyBase['fleet'] {
  const size = kind === 'airport' ? r.int(12, 18) : kind === 'station' ? r.int(7, 11) : r.int(4, 8);
  const big = city.population > 300_000;
  const eligible = CAR_GROUPS.filter((g) => {
    if (g.acriss === 'LDAR' || g.acriss === 'XXAR') return renter.major && big && kind !== 'downtown';
    if (PREMIUM.has(g.acriss)) return renter.major && (big || kind === 'airport');
    if (UTILITY.has(g.acriss)) return !renter.major || kind === 'downtown' || r.chance(0.3);
    return true;
  });
  const weights = eligible.map(
    (g) => g.weight * (UTILITY.has(g.acriss) && !renter.major ? 3 : 1) * (renter.code === 'SX' && /[FPLS]/.test(g.acriss[0]!) ? 2 : 1),
  );
  const chosen: CarGroup[] = [];
  // Every agency rents the small cars; the rest is drawn by popularity.
  for (const a of ['ECMR', 'CDMR']) chosen.push(GROUP_BY_ACRISS.get(a)!);
  while (chosen.length < Math.min(size, eligible.length)) {
    let x = r.next() * weights.reduce((s, w, i) => s + (chosen.includes(eligible[i]!) ? 0 : w), 0);
    for (let i = 0; i < eligible.length; i++) {
      if (chosen.includes(eligible[i]!)) continue;
      if ((x -= weights[i]!) < 0) {
        chosen.push(eligible[i]!);
        break;
      }
    }
  }
  chosen.sort((a, b) => CAR_GROUPS.indexOf(a) - CAR_GROUPS.indexOf(b));
  return chosen.map((group) => {
    const german = group.models.filter((m) => /^(BMW|Mercedes|Audi|Volkswagen|Opel)/.test(m));
    const model = renter.code === 'SX' && german.length ? r.pick(german) : r.pick(group.models);
    return { group, model };
  });
}

function shuffle<T>(r: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const agencyCache = new Map<string, AgencyBase[]>();

/** The rental agencies of a city's area, generated once from the city alone. */
export function agenciesOfCity(city: RefCity): AgencyBase[] {
  const cached = agencyCache.get(city.id);
  if (cached) return cached;
  const r = rng(`agencies:${city.id}`);
  const fr = isFrenchSpeaking(city.country);
  const cityName = localName(city.name, city.country);
  const citySlug = slug(city.id) || 'x';
  const agencies: AgencyBase[] = [];
  const names = new Set<string>();

  const add = (
    renter: Renter,
    kind: Kind,
    id: string,
    name: string,
    at: { lat: number; lon: number },
    importance: number,
    address: (place: ReturnType<typeof addressPlace>) => string,
  ) => {
    if (names.has(name)) return;
    names.add(name);
    const place = addressPlace(city, at);
    agencies.push({
      id,
      renter: { code: renter.code, name: renter.name },
      name,
      address: address(place),
      cityNames: place.city,
      zip: place.zip,
      lat: Math.round(at.lat * 1e6) / 1e6,
      lon: Math.round(at.lon * 1e6) / 1e6,
      phone: phoneNumber(r, city.country, place.zip),
      email: `${slug(name.replace(renter.name, '')) || citySlug}@${renter.domain}.example`,
      openingPeriods: openingPeriods(kind, renter, importance, city, r),
      kind,
      ref: city,
      fleet: pickFleet(r, kind, renter, city),
    });
  };

  const majors = RENTERS.filter((x) => x.major);
  // ADA and Rent A Car are French networks.
  const french = ['FR', 'MC', 'GP', 'MQ', 'GF', 'RE', 'YT'].includes(city.country);
  for (const airport of airportsOf(city.id)) {
    const count = airport.importance >= 60 ? 5 : airport.importance >= 30 ? 4 : r.int(2, 3);
    const renters = shuffle(r, majors).slice(0, count);
    if (french && airport.importance >= 60 && r.chance(0.6)) renters.push(RENTER.AD!);
    const suffix = airportSuffix(airport, city);
    const desks = fr
      ? ['Parking P2, comptoirs loueurs', 'Hall des loueurs', 'Terminal 1, niveau arrivées', 'Parc loueurs, accès P5']
      : ['Rental car centre', 'Terminal 1, arrivals level', 'Car rental desks, car park P2'];
    for (const renter of renters) {
      add(
        renter,
        'airport',
        `${renter.code}-${citySlug}-apt-${airport.iata}`,
        `${renter.name} ${cityName} ${suffix}`,
        offset(airport, r.between(0.15, 0.6), r.between(0, 360)),
        airport.importance,
        () => `${r.pick(desks)}, ${localName(airport.name, city.country)}`,
      );
    }
  }
  for (const station of stationsOf(city.id)) {
    const count = station.importance >= 80 ? 6 : station.importance >= 50 ? 4 : station.importance >= 25 || station.highSpeed ? r.int(2, 3) : r.int(0, 1);
    if (count === 0) continue;
    const pool = [RENTER.EP!, RENTER.ZE!, RENTER.ZI!, RENTER.SX!, RENTER.ET!, ...(french ? [RENTER.AD!, RENTER.RC!] : [])];
    const renters = shuffle(r, pool).slice(0, count);
    const suffix = stationSuffix(station, city);
    // "Europcar Lyon Part-Dieu Gare", "Hertz Paris Gare de Lyon", "Avis Bruxelles Gare du Midi"
    const label = !fr ? suffix : suffix === 'Centre Gare' ? 'Gare' : /^Gare (?!(de|du|des|d')\b)/.test(suffix) ? `${suffix.slice(5)} Gare` : suffix;
    const stationName = localName(station.name, city.country);
    const desks = fr
      ? ['parking loueurs, niveau -1', 'hall 1, comptoirs loueurs', 'sortie principale', 'parvis de la gare']
      : ['car rental desks', 'main exit', 'station forecourt'];
    for (const renter of renters) {
      add(
        renter,
        'station',
        `${renter.code}-${citySlug}-gare-${station.uic}`,
        `${renter.name} ${cityName} ${label}`,
        offset(station, r.between(0.05, 0.3), r.between(0, 360)),
        station.importance,
        () => `${stationName}, ${r.pick(desks)}`,
      );
    }
  }
  const downtown = Math.min(14, Math.max(1, Math.round(1.2 * Math.sqrt(city.population / 10_000))));
  const spread = 0.4 + 0.6 * Math.sqrt(city.population / 100_000);
  const townRenters = [
    { renter: RENTER.AD!, weight: french ? 3 : 0 },
    { renter: RENTER.RC!, weight: french ? 3 : 0 },
    { renter: RENTER.EP!, weight: 2 },
    { renter: RENTER.ZE!, weight: 2 },
    { renter: RENTER.ZI!, weight: 1.5 },
    { renter: RENTER.ET!, weight: 1.5 },
    { renter: RENTER.SX!, weight: city.population > 200_000 ? 1 : 0 },
  ];
  for (let i = 0; i < downtown; i++) {
    let x = r.next() * townRenters.reduce((s, t) => s + t.weight, 0);
    const renter = townRenters.find((t) => (x -= t.weight) < 0)?.renter ?? RENTER.EP!;
    const at = offset(city, Math.min(4 * spread, -spread * Math.log(1 - r.next() * 0.98)), r.between(0, 360));
    const loc = localityOf(city, at);
    add(renter, 'downtown', `${renter.code}-${citySlug}-ctr-${i + 1}`, `${renter.name} ${cityName} ${loc}`, at, 0, (place) =>
      streetAddress(r, city.country, undefined, place.streets),
    );
  }
  agencyCache.set(city.id, agencies);
  return agencies;
}

const reachCache = new Map<string, number>();
function reachKm(city: RefCity): number {
  let reach = reachCache.get(city.id);
  if (reach === undefined) {
    reach = 4 * (0.4 + 0.6 * Math.sqrt(city.population / 100_000)) + 0.5;
    for (const s of stationsOf(city.id)) reach = Math.max(reach, distanceKm(city, s) + 0.5);
    for (const a of airportsOf(city.id)) reach = Math.max(reach, distanceKm(city, a) + 0.8);
    reachCache.set(city.id, reach);
  }
  return reach;
}

function agenciesNear(point: { lat: number; lon: number }, radiusKm: number): { agency: AgencyBase; km: number }[] {
  const out: { agency: AgencyBase; km: number }[] = [];
  for (const city of cities.values()) {
    if (distanceKm(point, city) > radiusKm + reachKm(city)) continue;
    for (const agency of agenciesOfCity(city)) {
      const km = distanceKm(point, agency);
      if (km <= radiusKm) out.push({ agency, km });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pricing.
// ---------------------------------------------------------------------------------------------

const LOCATION_PRICE: Record<Kind, number> = { airport: 1.12, station: 1.05, downtown: 1 };
const SEASON = [0, 0.88, 0.9, 0.95, 1.02, 1.05, 1.12, 1.28, 1.3, 1.08, 1, 0.92, 1.05];
/** Car rental price level of the country, France = 1. */
const COUNTRY_PRICE: Record<string, number> = {
  CH: 1.4,
  GB: 1.15,
  IE: 1.15,
  NO: 1.3,
  DK: 1.2,
  SE: 1.1,
  FI: 1.1,
  IS: 1.5,
  LU: 1.1,
  NL: 1.1,
  DE: 0.95,
  AT: 1,
  IT: 1,
  ES: 0.85,
  PT: 0.8,
  PL: 0.7,
  CZ: 0.75,
  HU: 0.7,
  RO: 0.65,
  BG: 0.6,
  GR: 0.9,
  HR: 0.85,
  US: 1.1,
  CA: 1.1,
  AU: 1.05,
  JP: 0.9,
  CN: 0.6,
  IN: 0.45,
  TH: 0.55,
  AE: 0.9,
  TR: 0.6,
  MA: 0.55,
  ZA: 0.6,
  BR: 0.6,
  MX: 0.65,
};
/** Longer rentals are cheaper by the day: 3 days, 5 days, weekly and monthly rates. */
const durationFactor = (days: number) => (days >= 28 ? 0.5 : days >= 14 ? 0.58 : days >= 7 ? 0.66 : days >= 5 ? 0.8 : days >= 3 ? 0.88 : days === 2 ? 0.95 : 1);
const leadFactor = (days: number) => (days < 2 ? 1.2 : days < 7 ? 1.1 : days < 21 ? 1 : 0.94);
const cityFactor = (city: RefCity) =>
  (city.population > 1_000_000 ? 1.12 : city.population > 300_000 ? 1.05 : city.population < 50_000 ? 0.95 : 1) * (COUNTRY_PRICE[city.country] ?? 1);
const DEDUCTIBLE: Record<Category, number> = {
  Citadine: 1000,
  Compact: 1200,
  Berline: 1500,
  SUV: 1500,
  Monospace: 1500,
  Utilitaire: 1800,
  Cabriolet: 2000,
  Sportive: 3500,
  Luxe: 3000,
};

type Mileage = { unlimited: boolean; perDay: number | null; extra: number | null };
function mileage(renter: Renter, group: CarGroup, agencyId: string): Mileage {
  if (group.category === 'Utilitaire') return { unlimited: false, perDay: renter.major ? 150 : 100, extra: renter.major ? 40 : 35 };
  if (group.category === 'Luxe' || group.category === 'Sportive') return { unlimited: false, perDay: 250, extra: group.price >= 200 ? 120 : 85 };
  if (!renter.major)
    return hashString(`km:${agencyId}`) % 2 === 0 ? { unlimited: false, perDay: 200, extra: 35 } : { unlimited: false, perDay: 250, extra: 30 };
  if (group.category === 'Cabriolet') return { unlimited: false, perDay: 300, extra: 50 };
  return { unlimited: true, perDay: null, extra: null };
}

function serviceTexts(
  lang: Lang,
  o: { group: CarGroup; kind: Kind; engine: Engine; km: Mileage; days: number; dropFee: number; month: number; country: string },
) {
  const fr = lang === 'fr';
  const deductible = money(DEDUCTIBLE[o.group.category] * 100, lang);
  const included: string[] = [];
  if (o.km.unlimited) included.push(fr ? 'Kilométrage illimité' : 'Unlimited mileage');
  else {
    const extra = money(o.km.extra!, lang);
    included.push(
      fr
        ? `${o.km.perDay! * o.days} km inclus (${o.km.perDay} km par jour), puis ${extra} par km supplémentaire`
        : `${o.km.perDay! * o.days} km included (${o.km.perDay} km a day), then ${extra} per extra km`,
    );
  }
  included.push(fr ? 'Assurance responsabilité civile' : 'Third-party liability insurance');
  included.push(fr ? `Protection collision et vol (franchise de ${deductible})` : `Collision damage and theft protection (excess ${deductible})`);
  included.push(fr ? 'Assistance dépannage 24h/24' : '24/7 roadside assistance');
  included.push(o.country === 'FR' ? (fr ? 'TVA (20 %)' : 'VAT (20%)') : fr ? 'TVA et taxes locales' : 'VAT and local taxes');
  if (o.kind === 'airport') included.push(fr ? 'Surcharge aéroport' : 'Airport surcharge');
  if (o.kind === 'station') included.push(fr ? 'Surcharge gare' : 'Railway station surcharge');
  if (o.dropFee > 0) included.push(fr ? `Frais d'abandon (aller simple) : ${money(o.dropFee, lang)}` : `One-way fee: ${money(o.dropFee, lang)}`);
  const excluded: string[] = [
    fr ? `Rachat de franchise (à partir de ${money(1500, lang)} par jour)` : `Excess waiver (from ${money(1500, lang)} a day)`,
    fr ? `Conducteur additionnel (${money(1200, lang)} par jour)` : `Additional driver (${money(1200, lang)} a day)`,
    fr ? `Jeune conducteur de moins de 25 ans (${money(3500, lang)} par jour)` : `Young driver under 25 (${money(3500, lang)} a day)`,
    o.engine === 'electric'
      ? fr
        ? 'Recharge : véhicule remis chargé à 80 % minimum, à restituer au même niveau'
        : 'Charging: car handed over charged to at least 80%, to be returned at the same level'
      : fr
        ? 'Carburant : véhicule remis avec le plein, à restituer plein'
        : 'Fuel: full to full',
    fr ? 'Péages, stationnement et amendes' : 'Tolls, parking and fines',
    fr ? 'Siège enfant ou rehausseur (sur demande)' : 'Child seat or booster (on request)',
  ];
  if (o.month >= 11 || o.month <= 3) excluded.push(fr ? 'Équipements hiver (pneus neige, chaînes)' : 'Winter equipment (snow tyres, chains)');
  return { included, excluded };
}

/** One-way fee (cents) between two agencies of different cities: distance by road ≈ 1.25 × straight line. */
function dropFee(from: AgencyBase, to: AgencyBase): number {
  if (from.ref.id === to.ref.id) return 0;
  const km = distanceKm(from, to) * 1.25;
  let eur = Math.min(400, Math.max(50, 40 + 0.28 * km));
  if (from.ref.country !== to.ref.country) eur = eur * 2 + 100;
  return Math.round(eur) * 100;
}

const negotiatedWith = (customer: Customer, renter: Renter) =>
  customer.corporateCarriers.some((c) => c.toUpperCase() === renter.code || c.toUpperCase() === renter.name.toUpperCase());

const LOCAL = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;
const invalid = (message: string) => new SupplierError('invalid-request', message);
const MAX_DAYS = 90;

const toAgency = (a: AgencyBase, km: number, lang: Lang): RentalAgency => ({
  id: a.id,
  renter: { ...a.renter },
  name: a.name,
  address: a.address,
  city: a.cityNames[lang],
  zip: a.zip,
  lat: a.lat,
  lon: a.lon,
  phone: a.phone,
  email: a.email,
  openingPeriods: a.openingPeriods.map((p) => ({ ...p })),
  distanceKm: Math.round(km * 100) / 100,
});

/** Synchronous search (the supplier wraps it in a promise). */
export function searchCars(q: CarQuery): RentalCar[] {
  for (const p of [q.pickup, q.dropoff]) {
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lon) || Math.abs(p.lat) > 90 || Math.abs(p.lon) > 180) throw invalid('Coordonnées invalides.');
    if (!(p.radiusKm > 0 && p.radiusKm <= 50)) throw invalid('Le rayon de recherche doit être compris entre 0 et 50 km.');
  }
  const pm = LOCAL.exec(q.pickupAt);
  const rm = LOCAL.exec(q.returnAt);
  if (!pm || !rm || Number.isNaN(dayNumber(pm[1]!)) || Number.isNaN(dayNumber(rm[1]!))) throw invalid('Dates attendues au format AAAA-MM-JJTHH:mm.');
  const pickupCity = nearestCity(q.pickup);
  const dropoffCity = nearestCity(q.dropoff);
  const pickupInstant = localToInstant(q.pickupAt, pickupCity.tz);
  const returnInstant = localToInstant(q.returnAt, dropoffCity.tz);
  if (pickupInstant.getTime() < q.now.getTime()) throw invalid('La date de prise en charge est passée.');
  const minutes = (returnInstant.getTime() - pickupInstant.getTime()) / 60_000;
  if (minutes <= 0) throw invalid('La restitution doit suivre la prise en charge.');
  const days = Math.ceil(minutes / 1440);
  if (days > MAX_DAYS) throw invalid(`Location limitée à ${MAX_DAYS} jours.`);

  const pickupDay = dayNumber(pm[1]!);
  const returnDay = dayNumber(rm[1]!);
  const pickupTime = `${pm[2]}:${pm[3]}`;
  const returnTime = `${rm[2]}:${rm[3]}`;
  const leadDays = Math.floor((pickupInstant.getTime() - q.now.getTime()) / 86_400_000);
  const month = monthOfDay(pickupDay);
  const weekend = [5, 6].includes(weekdayOfDay(pickupDay)) && days <= 3 ? 0.92 : 1;
  const types = new Set(q.carTypes);
  const period = `${q.pickupAt.replace(/[-:]/g, '')}_${q.returnAt.replace(/[-:]/g, '')}`;

  // Agencies and service texts are built once per search and shared by its cars.
  const shown = new Map<string, RentalAgency>();
  const agencyOut = (a: AgencyBase, km: number) => {
    const key = `${a.id}@${km}`;
    let out = shown.get(key);
    if (!out) shown.set(key, (out = toAgency(a, km, q.lang)));
    return out;
  };
  const textsMemo = new Map<string, ReturnType<typeof serviceTexts>>();
  const returns = agenciesNear(q.dropoff, q.dropoff.radiusKm).filter(({ agency }) => isOpenAt(agency.openingPeriods, weekdayOfDay(returnDay), returnTime));
  const cars: RentalCar[] = [];
  for (const { agency, km } of agenciesNear(q.pickup, q.pickup.radiusKm)) {
    if (!isOpenAt(agency.openingPeriods, weekdayOfDay(pickupDay), pickupTime)) continue;
    const sameRenter = returns.filter((x) => x.agency.renter.code === agency.renter.code);
    const back = sameRenter.find((x) => x.agency.id === agency.id) ?? sameRenter.sort((a, b) => a.km - b.km)[0];
    if (!back) continue;
    const renter = RENTER[agency.renter.code]!;
    const fee = dropFee(agency, back.agency);
    const negotiated = negotiatedWith(q.customer, renter);
    const stock = rng(`${agency.id}:${q.pickupAt}:${q.returnAt}`);
    for (const { group, model } of agency.fleet) {
      const soldOut = stock.chance(month === 7 || month === 8 ? 0.22 : 0.12);
      if (soldOut || (types.size > 0 && !types.has(group.category))) continue;
      // A uniform draw without building a generator: this runs for every car of every agency.
      const noise = 0.93 + (hashString(`${agency.id}:${group.acriss}:${pickupDay}`) / 4294967296) * 0.14;
      let perDay =
        group.price *
        renter.price *
        LOCATION_PRICE[agency.kind] *
        SEASON[month]! *
        durationFactor(days) *
        leadFactor(leadDays) *
        cityFactor(agency.ref) *
        noise *
        weekend;
      if (negotiated) perDay *= 0.9;
      const pricePerDay = Math.round(perDay * 10) * 10;
      const engine = engineOf(group.acriss);
      const mil = mileage(renter, group, agency.id);
      const textKey = `${group.category}|${agency.kind}|${engine}|${mil.perDay}|${mil.extra}|${fee}|${agency.ref.country}`;
      let texts = textsMemo.get(textKey);
      if (!texts)
        textsMemo.set(
          textKey,
          (texts = serviceTexts(q.lang, { group, kind: agency.kind, engine, km: mil, days, dropFee: fee, month, country: agency.ref.country })),
        );
      cars.push({
        id: `${agency.id}_${group.acriss}_${back.agency.id}_${period}`,
        acriss: group.acriss,
        category: group.category,
        model: modelText(model, q.lang),
        engine,
        gearbox: gearboxOf(group.acriss),
        seats: group.seats,
        doors: group.doors,
        unlimitedDistance: mil.unlimited,
        includedKmPerDay: mil.perDay,
        extraKmPrice: mil.extra,
        pricePerDay,
        total: pricePerDay * days + fee,
        co2PerKm: Math.round(engine === 'electric' ? CO2.carElectric : CO2.car),
        pickup: agencyOut(agency, km),
        dropoff: agencyOut(back.agency, back.km),
        includedServices: [...texts.included],
        excludedServices: [...texts.excluded],
        negotiated,
        // The majors run loyalty programmes; ADA and Rent A Car do not.
        loyalty: renter.major,
        image: `/media/sandbox/car/${group.acriss}.svg`,
      });
    }
  }
  cars.sort((a, b) => a.total - b.total || a.pickup.distanceKm - b.pickup.distanceKm || a.id.localeCompare(b.id));
  return cars;
}

const AGENCY_ID = /^[A-Z]{2}-(.+)-(?:apt|gare|ctr)-[^-_]+$/;
let citiesBySlug: Map<string, RefCity> | null = null;

/** A rental agency by its id (`EP-lyon-gare-87723197`: renter, city, kind, station or airport or rank). */
export function agencyById(id: string): AgencyBase | undefined {
  const m = AGENCY_ID.exec(id);
  if (!m) return undefined;
  citiesBySlug ??= new Map([...cities.values()].map((c) => [slug(c.id) || 'x', c]));
  const city = citiesBySlug.get(m[1]!);
  return city ? agenciesOfCity(city).find((a) => a.id === id) : undefined;
}

/** What a car offer's id says: pick-up agency, ACRISS group, return agency, local pick-up and return times. */
export function parseCarId(id: string): { pickupAgency: string; acriss: string; returnAgency: string; pickupAt: string; returnAt: string } | null {
  const m = /^([^_]+)_([A-Z]{4})_([^_]+)_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})$/.exec(id);
  if (!m) return null;
  return {
    pickupAgency: m[1]!,
    acriss: m[2]!,
    returnAgency: m[3]!,
    pickupAt: `${m[4]}-${m[5]}-${m[6]}T${m[7]}:${m[8]}`,
    returnAt: `${m[9]}-${m[10]}-${m[11]}T${m[12]}:${m[13]}`,
  };
}

/** A car offer found again by its id: the same search around its two agencies (50 m), the same id. */
export function carById(id: string, q: RentalQuery): RentalCar | null {
  const ref = parseCarId(id);
  const pickup = ref && agencyById(ref.pickupAgency);
  const dropoff = ref && agencyById(ref.returnAgency);
  if (!ref || !pickup || !dropoff) return null;
  const near = (a: AgencyBase) => ({ lat: a.lat, lon: a.lon, radiusKm: 0.05 });
  try {
    return (
      searchCars({ ...q, pickup: near(pickup), dropoff: near(dropoff), pickupAt: ref.pickupAt, returnAt: ref.returnAt, carTypes: [] }).find(
        (c) => c.id === id,
      ) ?? null
    );
  } catch (err) {
    // A pick-up now in the past: the offer is gone.
    if (err instanceof SupplierError && err.kind === 'invalid-request') return null;
    throw err;
  }
}

export function sandboxCars(): CarSupplier {
  return { cars: async (query) => searchCars(query), car: async (id, query) => carById(id, query) };
}
