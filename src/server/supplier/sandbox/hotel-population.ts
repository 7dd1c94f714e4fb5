// Over 500 lines on purpose: most of it is the tables (brands, names, room kinds, boards, rate levels) that only
// this generator reads.
/**
 * The sandbox's hotel population: every reference city owns a stable population of hotels, generated
 * once from the city alone (so the same hotels exist whatever the dates or the exact search point):
 * a core around the centre whose size grows with the population and whose density falls with the
 * distance, a few hotels next to the main stations and near the airports; their brands, names,
 * rooms, services and rate plans, and the room kinds, boards and price levels hotel.ts prices a stay with.
 */
import { CO2, type Hotel, type RoomOffer } from '../types';
import { airportsOf, cities, stationsOf, type RefAirport, type RefCity, type RefStation } from '@server/reference/places';
import { distanceKm, offset } from '@server/reference/geo';
import { rng, type Rng } from './random';
import {
  EUROPE,
  NORTH_AMERICA,
  addressPlace,
  airportSuffix,
  isFrenchSpeaking,
  localName,
  localityOf,
  phoneNumber,
  slug,
  stationSuffix,
  streetAddress,
  type Pt,
} from './locality';

export type HotelBrand = {
  code: string;
  name: string;
  /** Group code: a company negotiating with the group gets every brand of it. */
  group: string | null;
  stars: number[];
  weight: number;
  minPopulation: number;
  restaurant: number;
  rooms: [number, number];
  domain: string;
  /** Where the brand operates: Europe only (with the French overseas departments), France only, or everywhere but some countries. */
  europeOnly?: boolean;
  franceOnly?: boolean;
  notIn?: string[];
};

const FRANCE = ['FR', 'MC', 'GP', 'MQ', 'GF', 'RE', 'YT'];
const brandOperatesIn = (b: HotelBrand, country: string) =>
  b.franceOnly ? FRANCE.includes(country) : b.europeOnly ? EUROPE.has(country) : !b.notIn?.includes(country);

/** Chain codes the sandbox uses (customers' negotiatedChains name a brand code or a group code: RT Accor, LG Louvre Hotels, IH IHG, HL Hilton, MR Marriott). */
export const HOTEL_BRANDS: HotelBrand[] = [
  {
    code: 'BU',
    name: 'ibis budget',
    group: 'RT',
    stars: [1, 2, 2],
    weight: 7,
    minPopulation: 15_000,
    restaurant: 0,
    rooms: [60, 130],
    domain: 'accor',
    notIn: NORTH_AMERICA,
  },
  {
    code: 'IB',
    name: 'ibis',
    group: 'RT',
    stars: [3, 3, 2],
    weight: 14,
    minPopulation: 0,
    restaurant: 0.75,
    rooms: [60, 170],
    domain: 'accor',
    notIn: NORTH_AMERICA,
  },
  {
    code: 'YS',
    name: 'ibis Styles',
    group: 'RT',
    stars: [3],
    weight: 8,
    minPopulation: 0,
    restaurant: 0.25,
    rooms: [45, 120],
    domain: 'accor',
    notIn: NORTH_AMERICA,
  },
  {
    code: 'NO',
    name: 'Novotel',
    group: 'RT',
    stars: [4],
    weight: 7,
    minPopulation: 40_000,
    restaurant: 1,
    rooms: [100, 280],
    domain: 'accor',
    notIn: NORTH_AMERICA,
  },
  {
    code: 'MC',
    name: 'Mercure',
    group: 'RT',
    stars: [4, 4, 3],
    weight: 9,
    minPopulation: 20_000,
    restaurant: 0.8,
    rooms: [60, 200],
    domain: 'accor',
    notIn: NORTH_AMERICA,
  },
  { code: 'PU', name: 'Pullman', group: 'RT', stars: [5, 4], weight: 2, minPopulation: 400_000, restaurant: 1, rooms: [180, 450], domain: 'accor' },
  { code: 'SB', name: 'Sofitel', group: 'RT', stars: [5], weight: 1.5, minPopulation: 300_000, restaurant: 1, rooms: [100, 250], domain: 'accor' },
  {
    code: 'CI',
    name: 'Campanile',
    group: 'LG',
    stars: [3, 2, 3],
    weight: 7,
    minPopulation: 0,
    restaurant: 0.9,
    rooms: [40, 110],
    domain: 'campanile',
    europeOnly: true,
  },
  {
    code: 'KY',
    name: 'Kyriad',
    group: 'LG',
    stars: [3, 2],
    weight: 5,
    minPopulation: 0,
    restaurant: 0.5,
    rooms: [35, 100],
    domain: 'kyriad',
    franceOnly: true,
  },
  {
    code: 'PC',
    name: 'Première Classe',
    group: 'LG',
    stars: [1],
    weight: 2.5,
    minPopulation: 30_000,
    restaurant: 0,
    rooms: [50, 90],
    domain: 'premiereclasse',
    franceOnly: true,
  },
  {
    code: 'BB',
    name: 'B&B HOTELS',
    group: null,
    stars: [2, 3, 3],
    weight: 8,
    minPopulation: 10_000,
    restaurant: 0,
    rooms: [60, 130],
    domain: 'hotelbb',
    europeOnly: true,
  },
  { code: 'BW', name: 'Best Western', group: null, stars: [3, 4, 3], weight: 7, minPopulation: 0, restaurant: 0.4, rooms: [30, 110], domain: 'bestwestern' },
  { code: 'EX', name: 'Holiday Inn Express', group: 'IH', stars: [3], weight: 3, minPopulation: 100_000, restaurant: 0, rooms: [90, 180], domain: 'ihg' },
  { code: 'HI', name: 'Holiday Inn', group: 'IH', stars: [4], weight: 2, minPopulation: 200_000, restaurant: 1, rooms: [110, 250], domain: 'ihg' },
  {
    code: 'RD',
    name: 'Radisson Blu',
    group: null,
    stars: [4, 5],
    weight: 1.5,
    minPopulation: 300_000,
    restaurant: 1,
    rooms: [140, 300],
    domain: 'radissonhotels',
    notIn: NORTH_AMERICA,
  },
  {
    code: 'OK',
    name: 'Okko Hotels',
    group: null,
    stars: [4],
    weight: 1.5,
    minPopulation: 200_000,
    restaurant: 0,
    rooms: [80, 170],
    domain: 'okkohotels',
    franceOnly: true,
  },
  { code: 'CT', name: 'Citadines', group: null, stars: [3], weight: 2, minPopulation: 200_000, restaurant: 0, rooms: [80, 180], domain: 'citadines' },
  {
    code: 'CY',
    name: 'Courtyard by Marriott',
    group: 'MR',
    stars: [4],
    weight: 1.5,
    minPopulation: 300_000,
    restaurant: 1,
    rooms: [120, 250],
    domain: 'marriott',
  },
  { code: 'HX', name: 'Hampton by Hilton', group: 'HL', stars: [3], weight: 1.5, minPopulation: 300_000, restaurant: 0, rooms: [120, 220], domain: 'hilton' },
];
const STATION_BRANDS = ['IB', 'YS', 'NO', 'MC', 'BW', 'KY', 'BB', 'OK', 'EX', 'CT', 'BU', 'HX'];
const AIRPORT_BRANDS = ['IB', 'NO', 'BU', 'PU', 'HI', 'EX', 'RD', 'CY', 'BW', 'PC', 'CI', 'HX', 'MC'];

const INDEPENDENT_NAMES = [
  'Hôtel du Parc',
  'Hôtel de la Gare',
  'Hôtel des Voyageurs',
  'Hôtel de France',
  'Hôtel Le Royal',
  'Hôtel Saint-Jacques',
  'Hôtel du Commerce',
  "Hôtel de l'Europe",
  'Hôtel Le Cardinal',
  "Hôtel du Lion d'Or",
  'Hôtel Beauséjour',
  'Hôtel des Arts',
  'Hôtel Bristol',
  'Hôtel Carlton',
  'Hôtel Terminus',
  'Hôtel de la Paix',
  'Hôtel Le Splendid',
  'Hôtel Régina',
  'Hôtel des Célestins',
  'Hôtel Le Mistral',
  'Hôtel de Bretagne',
  'Hôtel Le Continental',
  'Hôtel Central',
  'Hôtel de la Poste',
  "Hôtel de l'Univers",
  'Hôtel Les Tilleuls',
  'Hôtel Le Richelieu',
  'Hôtel Le Lutetia',
  'Hôtel Villa Florentine',
  'Hôtel Le Métropole',
  'Hôtel Astoria',
  'Hôtel Élysée',
  'Hôtel Le Sénat',
  'Hôtel Le Marceau',
];
const INDEPENDENT_NAMES_EN = [
  'Park Hotel',
  'Grand Hotel',
  'Hotel Central',
  'Hotel Europa',
  'Station Hotel',
  'Hotel Royal',
  'Hotel Astoria',
  'The Regent',
  'Hotel Bristol',
  'City Hotel',
  'Hotel Continental',
  'The Carlton',
  'The Ambassador',
  'Hotel Metropole',
  'The Westbury',
  'Hotel Savoy',
  'The Belmont',
  'Hotel Excelsior',
  'The Kensington',
  'Hotel Majestic',
  'The Lexington',
  'Hotel Imperial',
  'The Fairview',
  'Hotel Victoria',
  'The Grosvenor',
  'Hotel Plaza',
  'The Wellington',
  'Hotel Panorama',
  'The Ashford',
  'Hotel Concorde',
];

type Services = Hotel['services'];
export type RoomKind = 'STD' | 'TWN' | 'SGL' | 'SUP' | 'DLX' | 'EXE' | 'STE' | 'STU' | 'APT' | 'TRP';
export const ROOM_NAMES: Record<RoomKind, { fr: string; en: string; factor: number; occupancy: number }> = {
  SGL: { fr: 'Chambre Standard, 1 lit simple', en: 'Standard Room, 1 single bed', factor: 0.88, occupancy: 1 },
  STD: { fr: 'Chambre Standard, 1 lit double', en: 'Standard Room, 1 double bed', factor: 1, occupancy: 2 },
  TWN: { fr: 'Chambre Standard, 2 lits simples', en: 'Standard Room, 2 single beds', factor: 1, occupancy: 2 },
  TRP: { fr: 'Chambre Triple, 1 lit double et 1 lit simple', en: 'Triple Room, 1 double bed and 1 single bed', factor: 1.2, occupancy: 3 },
  SUP: { fr: 'Chambre Supérieure, 1 lit queen size', en: 'Superior Room, 1 queen bed', factor: 1.17, occupancy: 2 },
  DLX: { fr: 'Chambre Deluxe, 1 lit king size', en: 'Deluxe Room, 1 king bed', factor: 1.22, occupancy: 2 },
  EXE: { fr: 'Chambre Exécutive, 1 lit king size, accès au salon', en: 'Executive Room, 1 king bed, lounge access', factor: 1.38, occupancy: 2 },
  STE: { fr: 'Suite Junior, 1 lit king size et canapé-lit', en: 'Junior Suite, 1 king bed and sofa bed', factor: 1.9, occupancy: 3 },
  STU: { fr: 'Studio, 1 lit double et kitchenette', en: 'Studio, 1 double bed and kitchenette', factor: 1, occupancy: 2 },
  APT: { fr: 'Appartement 1 chambre, séjour et cuisine équipée', en: 'One-bedroom apartment with living room and kitchen', factor: 1.45, occupancy: 4 },
};
export type Board = RoomOffer['board'];
export const BOARD_CODE: Record<Board, string> = { 'room-only': 'RO', breakfast: 'BB', 'half-board': 'HB', 'full-board': 'FB' };
export const BOARD_OF_CODE = Object.fromEntries(Object.entries(BOARD_CODE).map(([k, v]) => [v, k])) as Record<string, Board>;
type RatePlan = { room: RoomKind; board: Board; cancellable: boolean };

export type HotelBase = Omit<Hotel, 'distanceKm' | 'rooms' | 'description' | 'city'> & {
  cityNames: { fr: string; en: string };
  descriptions: { fr: string; en: string };
  group: string | null;
  ref: RefCity;
  /** Quality of this hotel within its stars (price factor). */
  quality: number;
  plans: RatePlan[];
};

export const STAR_PRICE = [0, 52, 70, 98, 150, 310]; // € a night, weekday, medium French city
export const BREAKFAST = [0, 7, 9.9, 13.5, 19, 32]; // € per person
export const DINNER = [0, 18, 22, 28, 38, 65]; // € per person (half board adds dinner)
/** Tourist tax (taxe de séjour) per person per night by stars, cents; Île-de-France is dearer (capped at 4 €). */
export const TOURIST_TAX = [0, 80, 90, 150, 230, 300];
export const TOURIST_TAX_IDF = [0, 100, 130, 260, 350, 400];
export const IDF = new Set(['75', '77', '78', '91', '92', '93', '94', '95']);
/** Hotel price level of the country, France = 1 (order of magnitude of business-hotel rates). */
const COUNTRY_PRICE: Record<string, number> = {
  CH: 1.45,
  GB: 1.3,
  IE: 1.2,
  NO: 1.3,
  DK: 1.25,
  SE: 1.15,
  FI: 1.1,
  IS: 1.5,
  FO: 1.3,
  LU: 1.2,
  NL: 1.15,
  BE: 1,
  DE: 0.95,
  AT: 1,
  IT: 1.05,
  ES: 0.95,
  PT: 0.85,
  MT: 0.9,
  CY: 0.9,
  GR: 0.9,
  PL: 0.65,
  CZ: 0.7,
  SK: 0.7,
  HU: 0.65,
  SI: 0.8,
  HR: 0.85,
  RO: 0.6,
  BG: 0.55,
  RS: 0.55,
  AL: 0.55,
  BA: 0.5,
  MK: 0.5,
  ME: 0.7,
  MD: 0.5,
  XK: 0.5,
  LT: 0.7,
  LV: 0.7,
  EE: 0.75,
  MC: 1.8,
  US: 1.35,
  CA: 1.15,
  AU: 1.15,
  JP: 1,
  KR: 0.9,
  TW: 0.8,
  HK: 1.3,
  SG: 1.4,
  CN: 0.6,
  IN: 0.5,
  TH: 0.55,
  MY: 0.5,
  ID: 0.5,
  PH: 0.55,
  AE: 1.2,
  QA: 1.2,
  SA: 1,
  TR: 0.6,
  EG: 0.5,
  MA: 0.6,
  ZA: 0.6,
  BR: 0.65,
  MX: 0.7,
  CO: 0.55,
};
/**
 * Grams CO2e per room-night. France: ADEME (CO2.hotelNightFrance). Elsewhere approximate national
 * values, rounded, in the spirit of the Cornell Hotel Sustainability Benchmarking index (kg CO2e
 * per occupied room-night): the electricity mix drives them, from low-carbon grids (IS, NO, SE,
 * CH, BR) through Western Europe (12–18 kg) to coal- or gas-heavy grids (PL, CN, IN, ZA, the Gulf).
 */
const HOTEL_NIGHT_CO2: Record<string, number> = {
  FR: CO2.hotelNightFrance,
  MC: 6930,
  CH: 6500,
  SE: 6000,
  NO: 5000,
  IS: 3000,
  FI: 10500,
  DK: 10800,
  AT: 11500,
  BE: 12100,
  LU: 14000,
  GB: 13700,
  IE: 16500,
  ES: 15900,
  PT: 13600,
  IT: 14200,
  DE: 17300,
  NL: 17800,
  SI: 12000,
  SK: 12000,
  HR: 12000,
  LT: 15000,
  LV: 10000,
  EE: 25000,
  RO: 15000,
  BG: 20000,
  RS: 30000,
  GR: 24000,
  CY: 30000,
  MT: 20000,
  PL: 28000,
  CZ: 24000,
  HU: 19000,
  GP: 20000,
  MQ: 20000,
  GF: 15000,
  RE: 20000,
  YT: 20000,
  US: 31000,
  CA: 15000,
  MX: 25000,
  BR: 10000,
  CO: 12000,
  AU: 40000,
  JP: 27000,
  KR: 30000,
  TW: 30000,
  HK: 36000,
  SG: 30000,
  CN: 39000,
  IN: 36000,
  TH: 33000,
  MY: 35000,
  ID: 40000,
  PH: 30000,
  TR: 20000,
  EG: 30000,
  MA: 25000,
  ZA: 45000,
  AE: 60000,
  QA: 70000,
  SA: 60000,
};
const DEFAULT_HOTEL_NIGHT_CO2 = 20000;

/** Price level of a city: bigger is dearer, the capital even more, then the country's level. */
export function cityPriceFactor(city: RefCity): number {
  const size = Math.min(1.6, Math.max(0.8, 0.75 + 0.25 * Math.log10(Math.max(city.population, 1000) / 20_000)));
  const capital = city.population > 1_000_000 ? 1.25 : 1;
  return size * capital * (COUNTRY_PRICE[city.country] ?? 1);
}

const pickWeighted = <T extends { weight: number }>(r: Rng, items: T[]): T => {
  let total = 0;
  for (const i of items) total += i.weight;
  let x = r.next() * total;
  for (const i of items) if ((x -= i.weight) < 0) return i;
  return items[items.length - 1]!;
};

const brandName = (b: HotelBrand, stars: number, cityName: string, loc: string, r: Rng, fr: boolean, used: Set<string>): string => {
  switch (b.code) {
    case 'BW': {
      const base = r.pick(fr ? INDEPENDENT_NAMES : INDEPENDENT_NAMES_EN);
      return used.has(base) ? '' : `Best Western${stars >= 4 ? ' Plus' : ''} ${base}`;
    }
    case 'CT':
      return `Citadines ${loc} ${cityName}`;
    case 'RD':
      return `Radisson Blu Hotel, ${cityName} ${loc}`;
    case 'EX':
    case 'HX':
      return `${b.name} ${cityName} - ${loc}`;
    case 'BB':
      return `B&B HOTEL ${cityName} ${loc}`;
    default:
      return `${b.name} ${cityName} ${loc}`;
  }
};

const SLUG_TO_CITY = new Map<string, string>();
const cityIdSlug = (city: RefCity) => {
  const s = slug(city.id) || 'x';
  SLUG_TO_CITY.set(s, city.id);
  return s;
};

function ratePlans(r: Rng, stars: number, brand: HotelBrand | null, restaurant: boolean, smallTown: boolean): RatePlan[] {
  let rooms: RoomKind[];
  if (brand?.code === 'CT') rooms = ['STU', 'APT'];
  else if (stars <= 1) rooms = r.chance(0.5) ? ['STD', 'TRP'] : ['STD', 'TWN'];
  else if (stars === 2) rooms = r.chance(0.5) ? ['STD', 'TWN'] : ['STD', 'SGL'];
  else if (stars === 3) rooms = r.chance(0.6) ? ['STD', 'SUP'] : ['STD', 'SGL', 'SUP'];
  else if (stars === 4) rooms = r.chance(0.6) ? ['STD', 'SUP', 'EXE'] : ['SUP', 'EXE', 'STE'];
  else rooms = ['DLX', 'EXE', 'STE'];
  const main = rooms[0]!;
  const plans: RatePlan[] = [{ room: main, board: 'room-only', cancellable: true }];
  const extra: RatePlan[] = [];
  if (r.chance(0.75)) extra.push({ room: main, board: 'room-only', cancellable: false });
  if (stars >= 2) extra.push({ room: main, board: 'breakfast', cancellable: true });
  for (const other of rooms.slice(1)) extra.push({ room: other, board: r.chance(0.5) ? 'breakfast' : 'room-only', cancellable: true });
  if (r.chance(0.4)) extra.push({ room: main, board: 'breakfast', cancellable: false });
  if (restaurant && r.chance(0.45)) extra.push({ room: main, board: 'half-board', cancellable: true });
  if (restaurant && smallTown && r.chance(0.15)) extra.push({ room: main, board: 'full-board', cancellable: true });
  const count = r.int(2, 5);
  // Keep the order of importance but let some plans go: a hotel sells 2 to 5 rates.
  for (const p of extra) if (plans.length < count && r.chance(0.8)) plans.push(p);
  for (const p of extra) if (plans.length < count && !plans.includes(p)) plans.push(p);
  return plans;
}

type Site = { kind: 'core' | 'station' | 'airport'; at: Pt; station?: RefStation; airport?: RefAirport };

function describe(h: {
  name: string;
  stars: number;
  rooms: number;
  services: Services;
  site: Site;
  ref: RefCity;
  loc: string;
  km: number;
  hasBar: boolean;
  meeting: number;
}) {
  const { site, services: s } = h;
  const cityFr = h.ref.name.fr;
  const cityEn = h.ref.name.en;
  const meters = Math.max(50, Math.round((h.km * 1000) / 50) * 50);
  let whereFr: string;
  let whereEn: string;
  if (site.kind === 'station' && site.station) {
    whereFr = `À ${meters} m de la gare ${site.station.name.fr}`;
    whereEn = `${meters} m from ${site.station.name.en} station`;
  } else if (site.kind === 'airport' && site.airport) {
    whereFr = `À ${h.km.toFixed(1).replace('.', ',')} km des terminaux de l'aéroport ${site.airport.name.fr} (navette gratuite)`;
    whereEn = `${h.km.toFixed(1)} km from the terminals of ${site.airport.name.en} airport (free shuttle)`;
  } else if (h.km < 1.3) {
    whereFr = `En plein centre de ${cityFr}`;
    whereEn = `In the heart of ${cityEn}`;
  } else {
    whereFr = `À ${h.km.toFixed(1).replace('.', ',')} km du centre de ${cityFr}`;
    whereEn = `${h.km.toFixed(1)} km from the centre of ${cityEn}`;
  }
  const fr: string[] = [];
  const en: string[] = [];
  const starsFr = `${h.stars} étoile${h.stars > 1 ? 's' : ''}`;
  fr.push(`${whereFr}, le ${h.name} (${starsFr}) propose ${h.rooms} chambres${h.stars >= 3 ? ' climatisées et insonorisées' : ''}.`);
  en.push(`${whereEn}, the ${h.stars}-star ${h.name} offers ${h.rooms} ${h.stars >= 3 ? 'air-conditioned, soundproofed ' : ''}rooms.`);
  const amenities: [string, string][] = [];
  if (s.restaurant) amenities.push(['un restaurant', 'a restaurant']);
  if (h.hasBar) amenities.push(['un bar', 'a bar']);
  if (s.pool) amenities.push(['une piscine', 'a swimming pool']);
  if (h.stars >= 4) amenities.push(['une salle de fitness', 'a fitness room']);
  if (h.stars >= 5) amenities.push(['un spa', 'a spa']);
  const amenFr = amenities.map(([f]) => f);
  const amenEn = amenities.map(([, e]) => e);
  if (amenFr.length) {
    fr.push(`Sur place : ${amenFr.join(', ')}.`);
    en.push(`On site: ${amenEn.join(', ')}.`);
  }
  fr.push(`Wi-Fi ${s.wifi ? 'gratuit dans tout l’établissement' : 'payant'}${s.parking ? ', parking privé sur place' : ', parkings publics à proximité'}.`);
  en.push(`${s.wifi ? 'Free' : 'Paid'} Wi-Fi throughout${s.parking ? ', private parking on site' : ', public car parks nearby'}.`);
  if (h.meeting > 0) {
    fr.push(`${h.meeting} salle${h.meeting > 1 ? 's' : ''} de réunion et réception ouverte 24h/24 pour les voyageurs d'affaires.`);
    en.push(`${h.meeting} meeting room${h.meeting > 1 ? 's' : ''} and a 24-hour front desk for business travellers.`);
  }
  if (s.prm) {
    fr.push('Chambres adaptées aux personnes à mobilité réduite.');
    en.push('Rooms adapted for guests with reduced mobility.');
  }
  if (s.evCharging) {
    fr.push('Bornes de recharge pour véhicules électriques.');
    en.push('Electric vehicle charging points.');
  }
  if (s.ecoFriendly) {
    fr.push('Établissement engagé dans une démarche écoresponsable (label Clef Verte).');
    en.push('Eco-certified property (Green Key label).');
  }
  return { fr: fr.join(' '), en: en.join(' ') };
}

function makeHotel(r: Rng, city: RefCity, id: string, site: Site, used: Set<string>, brandCount: Map<string, number>): HotelBase {
  const fr = isFrenchSpeaking(city.country);
  const cityName = localName(city.name, city.country);
  const at = site.at;
  let loc: string;
  if (site.kind === 'station' && site.station) loc = stationSuffix(site.station, city);
  else if (site.kind === 'airport' && site.airport) loc = airportSuffix(site.airport, city);
  else loc = localityOf(city, at);

  // A small town has one hotel of a brand at most; a big city a few.
  const maxPerBrand = 1 + Math.floor(city.population / 150_000);
  const eligible = HOTEL_BRANDS.filter(
    (b) => city.population >= b.minPopulation && brandOperatesIn(b, city.country) && (brandCount.get(b.code) ?? 0) < maxPerBrand,
  );
  const allowed =
    site.kind === 'station'
      ? eligible.filter((b) => STATION_BRANDS.includes(b.code))
      : site.kind === 'airport'
        ? eligible.filter((b) => AIRPORT_BRANDS.includes(b.code))
        : eligible;
  const independentShare = site.kind === 'airport' ? 0.05 : city.population < 50_000 ? 0.35 : 0.22;

  let brand: HotelBrand | null = null;
  let name = '';
  let stars = 3;
  for (let attempt = 0; attempt < 8 && !name; attempt++) {
    const independent = allowed.length === 0 || r.chance(independentShare) || attempt >= 6;
    if (independent) {
      brand = null;
      stars = pickWeighted(r, [
        { s: 2, weight: 20 },
        { s: 3, weight: 45 },
        { s: 4, weight: 27 },
        { s: 5, weight: city.population > 200_000 ? 8 : 2 },
      ]).s;
      const names = fr ? INDEPENDENT_NAMES : INDEPENDENT_NAMES_EN;
      const candidates = [
        ...(site.kind === 'station' && fr ? [r.pick(['Hôtel de la Gare', 'Hôtel Terminus', 'Hôtel des Voyageurs'])] : []),
        ...(stars === 5 && fr ? [`Le Grand Hôtel ${cityName}`] : []),
        r.pick(names),
        r.pick(names),
        r.pick(names),
        `${r.pick(names)} ${loc}`,
      ];
      name = candidates.find((c) => !used.has(c)) ?? '';
    } else {
      brand = pickWeighted(r, allowed);
      stars = r.pick(brand.stars);
      const candidate = brandName(brand, stars, cityName, loc, r, fr, used);
      if (candidate && !used.has(candidate)) {
        name = candidate;
        if (brand.code === 'BW') used.add(candidate.replace(/^Best Western( Plus)? /, ''));
      }
    }
  }
  if (!name) {
    // A metropolis runs out of "name + quarter" pairs: residences, villas and suites of the same roots, then a number.
    brand = null;
    const styles = fr
      ? ['Résidence', 'Villa', 'Maison', 'Suites', 'Le Petit Hôtel', 'Appart’hôtel']
      : ['Residence', 'Suites', 'House', 'Inn', 'Lodge', 'Boutique Hotel'];
    const roots = (fr ? INDEPENDENT_NAMES : INDEPENDENT_NAMES_EN).map((n) => n.replace(/^(Hôtel|Hotel|The) | Hotel$/g, ''));
    for (let attempt = 0; attempt < 12 && !name; attempt++) {
      const candidate = `${r.pick(styles)} ${r.pick(roots)} ${loc}`;
      if (!used.has(candidate)) name = candidate;
    }
    name ||= `${fr ? 'Hôtel' : 'Hotel'} ${cityName} ${loc} ${id.slice(-3)}`;
  }
  used.add(name);
  if (brand) brandCount.set(brand.code, (brandCount.get(brand.code) ?? 0) + 1);

  const restaurant = brand ? r.chance(brand.restaurant) : r.chance(stars >= 4 ? 0.85 : stars === 3 ? 0.5 : 0.2);
  const kmFromCentre = distanceKm(city, at);
  const services: Services = {
    restaurant,
    pool: r.chance(stars >= 5 ? 0.6 : stars === 4 ? 0.25 : 0.05),
    parking: site.kind === 'airport' || r.chance(kmFromCentre > 2 ? 0.85 : 0.35),
    prm: r.chance(brand ? 0.95 : 0.7),
    wifi: r.chance(0.98),
    evCharging: r.chance(site.kind === 'airport' || kmFromCentre > 3 ? 0.45 : brand && stars >= 4 ? 0.35 : 0.12),
    ecoFriendly: r.chance(brand?.group === 'RT' ? 0.5 : 0.25),
  };
  const roomRange = brand?.rooms ?? [15, stars >= 4 ? 120 : 60];
  const roomCount = r.int(roomRange[0], roomRange[1]);
  const place = addressPlace(city, at);
  const address =
    site.kind === 'airport' && site.airport
      ? fr
        ? `Zone hôtelière, ${site.airport.name.fr}`
        : `Hotel area, ${site.airport.name.en}`
      : streetAddress(r, city.country, site.kind === 'station' ? 'station' : undefined, place.streets);
  const phone = phoneNumber(r, city.country, place.zip);
  const nameSlug = slug(name);
  const email = brand
    ? brand.domain === 'accor'
      ? `h${r.int(1000, 9999)}@accor.example`
      : `${slug(`${cityName}-${loc}`)}@${brand.domain}.example`
    : `contact@${nameSlug}-${slug(cityName)}.example`;
  const score = Math.min(9.5, Math.max(6.5, 6.4 + 0.55 * stars + (r.next() - 0.5) * 1.2));
  const reviews = {
    source: r.chance(brand ? 0.65 : 0.35) ? 'TrustYou' : 'Google',
    score: Math.round(score * 10) / 10,
    count: Math.round(Math.exp(r.between(Math.log(60), Math.log(600 + roomCount * 12)))),
  };
  const images = Array.from({ length: r.int(1, 4) }, (_, i) => `/media/sandbox/hotel/${id}/${i + 1}.svg`);
  const descriptions = describe({
    name,
    stars,
    rooms: roomCount,
    services,
    site,
    ref: city,
    loc,
    hasBar: stars >= 3 && r.chance(0.8),
    km:
      site.kind === 'station' && site.station
        ? distanceKm(at, site.station)
        : site.kind === 'airport' && site.airport
          ? distanceKm(at, site.airport)
          : kmFromCentre,
    meeting: stars >= 3 && roomCount > 70 ? r.int(1, Math.ceil(roomCount / 40)) : 0,
  });
  return {
    id,
    name,
    chain: brand ? { code: brand.code, name: brand.name } : null,
    group: brand?.group ?? null,
    stars,
    address,
    cityNames: place.city,
    zip: place.zip,
    country: city.country,
    lat: Math.round(at.lat * 1e6) / 1e6,
    lon: Math.round(at.lon * 1e6) / 1e6,
    phone,
    email,
    services,
    reviews,
    images,
    descriptions,
    co2PerNight: HOTEL_NIGHT_CO2[city.country] ?? DEFAULT_HOTEL_NIGHT_CO2,
    ref: city,
    quality: r.between(0.9, 1.12),
    plans: ratePlans(r, stars, brand, restaurant, city.population < 60_000),
  };
}

/** Mean distance (km) of the core hotels from the centre: bigger cities spread further. */
const spreadKm = (city: RefCity) => 0.5 + 1.1 * Math.sqrt(city.population / 100_000);

const populations = new Map<string, HotelBase[]>();

/** The hotels of a city's area, generated once from the city alone. */
export function hotelsOfCity(city: RefCity): HotelBase[] {
  const cached = populations.get(city.id);
  if (cached) return cached;
  const r = rng(`hotels:${city.id}`);
  const prefix = `h-${cityIdSlug(city)}-`;
  const sites: Site[] = [];
  // Towns and cities grow with the square root of their population; a metropolis (a million people and
  // more) with its population, as its hotel trade does: Paris has about 550 around its centre.
  const metropolis = city.population >= 1_000_000;
  const base = metropolis ? city.population / 3_800 : 1 + 3.3 * Math.sqrt(city.population / 10_000);
  const core = Math.min(metropolis ? 600 : 48, Math.round(base * r.between(0.85, 1.15)));
  const spread = spreadKm(city);
  const maxKm = 3.5 * spread + 1;
  for (let i = 0; i < core; i++) {
    const km = Math.min(maxKm, -spread * Math.log(1 - r.next() * 0.999) + 0.05);
    sites.push({ kind: 'core', at: offset(city, km, r.between(0, 360)) });
  }
  for (const station of stationsOf(city.id)) {
    const n = station.importance >= 80 ? r.int(3, 4) : station.importance >= 50 ? 2 : station.importance >= 25 || station.highSpeed ? 1 : r.int(0, 1);
    for (let i = 0; i < n; i++) sites.push({ kind: 'station', station, at: offset(station, r.between(0.08, 0.55), r.between(0, 360)) });
  }
  for (const airport of airportsOf(city.id)) {
    const n = airport.importance >= 80 ? r.int(4, 6) : airport.importance >= 40 ? r.int(2, 3) : r.int(0, 1);
    for (let i = 0; i < n; i++) sites.push({ kind: 'airport', airport, at: offset(airport, r.between(0.4, 2.2), r.between(0, 360)) });
  }
  const used = new Set<string>();
  const brandCount = new Map<string, number>();
  const hotels = sites.map((site, i) => makeHotel(r, city, `${prefix}${String(i + 1).padStart(3, '0')}`, site, used, brandCount));
  populations.set(city.id, hotels);
  return hotels;
}

/** How far from its centre a city's hotels can be (km), without generating them. */
const reachCache = new Map<string, number>();
export function reachKm(city: RefCity): number {
  let reach = reachCache.get(city.id);
  if (reach === undefined) {
    reach = 3.5 * spreadKm(city) + 1.2;
    for (const s of stationsOf(city.id)) reach = Math.max(reach, distanceKm(city, s) + 0.6);
    for (const a of airportsOf(city.id)) reach = Math.max(reach, distanceKm(city, a) + 2.3);
    reachCache.set(city.id, reach);
  }
  return reach;
}

let slugsIndexed = false;
/** A hotel by its id (images, details), whatever the dates. */
export function hotelById(id: string): HotelBase | undefined {
  const m = /^h-(.+)-(\d{3})$/.exec(id);
  if (!m) return undefined;
  if (!slugsIndexed) {
    for (const c of cities.values()) cityIdSlug(c);
    slugsIndexed = true;
  }
  const city = cities.get(SLUG_TO_CITY.get(m[1]!) ?? '');
  if (!city) return undefined;
  return hotelsOfCity(city)[Number(m[2]) - 1];
}
