/**
 * Sandbox hotels. Every reference city owns a stable population of hotels (generated once from
 * the city alone, so the same hotels exist whatever the dates or the exact search point): a core
 * around the centre whose size grows with the population and whose density falls with the
 * distance, a few hotels next to the main stations and near the airports. Room offers are then
 * priced for the stay (stars × city × weekday demand × season × lead time), with availability
 * drawn from hotel + dates.
 */
import { CO2, SupplierError, type Customer, type Hotel, type HotelQuery, type HotelSupplier, type Lang, type RoomOffer, type StayQuery } from '../types';
import { airportsOf, cities, nearestCity, stationsOf, type RefAirport, type RefCity, type RefStation } from '../../reference/places';
import { bearing, distanceKm, offset } from '../../reference/geo';
import { hashString, rng, type Rng } from './random';

type Pt = { lat: number; lon: number };

// ---------------------------------------------------------------------------------------------
// Shared local knowledge (also used by car.ts): localities, streets, phones, money, dates.
// ---------------------------------------------------------------------------------------------

export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const FRENCH_SPEAKING = new Set(['FR', 'BE', 'LU', 'CH', 'MC']);
export const isFrenchSpeaking = (country: string) => FRENCH_SPEAKING.has(country);
/** Europe with the French overseas departments (where the European brands and renters operate). */
export const EUROPE = new Set('AL AT AX BA BE BG CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LT LU LV MC MD ME MK MT NL NO PL PT RO RS SE SI SJ SK XK GP MQ GF RE YT'.split(' '));
const NORTH_AMERICA = ['US', 'CA'];
/** The name a place has on signs: French in French-speaking countries, English elsewhere. */
export const localName = (names: { fr: string; en: string }, country: string) => (isFrenchSpeaking(country) ? names.fr : names.en);

/** Well-known quarters of the main French cities (name, lat, lon): hotel and agency names. */
const QUARTERS: Record<string, [string, number, number][]> = {
  paris: [
    ['Opéra', 48.872, 2.3316], ['Louvre', 48.8606, 2.3376], ['Bastille', 48.8532, 2.3692], ['République', 48.8675, 2.3636],
    ['Montparnasse', 48.8421, 2.3211], ['Tour Eiffel', 48.8556, 2.2986], ['Champs-Élysées', 48.8698, 2.3076],
    ['Saint-Germain-des-Prés', 48.854, 2.3336], ['Montmartre', 48.8867, 2.3431], ['Gare du Nord', 48.8809, 2.3553],
    ['Bercy', 48.8386, 2.3826], ["Place d'Italie", 48.831, 2.3555], ['Porte Maillot', 48.8782, 2.2829],
    ['Porte de Versailles', 48.8322, 2.2876], ['La Défense', 48.8918, 2.238], ['Le Marais', 48.859, 2.362],
    ['Batignolles', 48.887, 2.317], ['Nation', 48.8483, 2.3958], ['Quartier Latin', 48.8493, 2.347],
    ["Porte d'Orléans", 48.8232, 2.3254], ['Saint-Lazare', 48.8763, 2.3253], ['La Villette', 48.8938, 2.39],
    ['Boulogne', 48.8397, 2.2399], ['Issy-les-Moulineaux', 48.8245, 2.27], ['Saint-Denis Stade de France', 48.9245, 2.3602],
    ['Vincennes', 48.8474, 2.439], ['Montreuil', 48.8611, 2.4437], ['Porte de Saint-Cloud', 48.8378, 2.2569],
  ],
  lyon: [
    ['Part-Dieu', 45.7606, 4.8593], ['Bellecour', 45.7578, 4.832], ['Perrache', 45.7486, 4.8258], ['Confluence', 45.74, 4.818],
    ['Vieux Lyon', 45.7622, 4.827], ['Cité Internationale', 45.786, 4.853], ['Gerland', 45.729, 4.833],
    ['Brotteaux', 45.7685, 4.8565], ['Villeurbanne', 45.7719, 4.8902], ['Vaise', 45.775, 4.805], ['Croix-Rousse', 45.7745, 4.832],
    ['Terreaux', 45.7676, 4.834], ['Monplaisir', 45.744, 4.87], ['Bron', 45.7386, 4.9134], ['Écully', 45.7747, 4.7775],
  ],
  marseille: [
    ['Vieux-Port', 43.2951, 5.3745], ['Saint-Charles', 43.3028, 5.3806], ['La Joliette', 43.305, 5.366], ['Prado', 43.273, 5.389],
    ['Castellane', 43.286, 5.384], ['Euroméditerranée', 43.313, 5.367], ['Timone', 43.289, 5.404], ['La Valentine', 43.294, 5.483],
  ],
  toulouse: [
    ['Capitole', 43.6045, 1.444], ['Matabiau', 43.6111, 1.4536], ['Compans-Caffarelli', 43.611, 1.434], ['Saint-Cyprien', 43.599, 1.43],
    ['Purpan', 43.608, 1.398], ['Blagnac', 43.637, 1.39], ['Carmes', 43.597, 1.446], ['Labège', 43.54, 1.52],
  ],
  bordeaux: [
    ['Mériadeck', 44.838, -0.583], ['Chartrons', 44.854, -0.57], ['Saint-Jean', 44.826, -0.556], ['Quinconces', 44.845, -0.574],
    ['Bordeaux-Lac', 44.887, -0.566], ['Bastide', 44.841, -0.559], ['Mérignac', 44.838, -0.645],
  ],
  nantes: [
    ['Centre', 47.2184, -1.5536], ['Graslin', 47.213, -1.562], ['Île de Nantes', 47.206, -1.55], ['Beaulieu', 47.208, -1.528],
    ['Saint-Herblain Atlantis', 47.223, -1.632], ['Cité des Congrès', 47.2145, -1.5445],
  ],
  lille: [
    ['Euralille', 50.638, 3.075], ['Grand-Place', 50.637, 3.063], ['Vieux-Lille', 50.641, 3.061], ['Wazemmes', 50.628, 3.05],
    ['Villeneuve-d’Ascq', 50.623, 3.145], ['Marcq-en-Barœul', 50.67, 3.097],
  ],
  strasbourg: [
    ['Petite France', 48.581, 7.741], ['Cathédrale', 48.5819, 7.7508], ['Parlement Européen', 48.597, 7.769], ['Esplanade', 48.579, 7.769],
    ['Place des Halles', 48.5855, 7.742],
  ],
  nice: [
    ['Promenade des Anglais', 43.695, 7.265], ['Vieux-Nice', 43.6975, 7.276], ['Gare Thiers', 43.7046, 7.2619], ['Arénas', 43.669, 7.214],
    ['Port', 43.698, 7.285], ['Masséna', 43.698, 7.27],
  ],
  montpellier: [
    ['Comédie', 43.6085, 3.88], ['Antigone', 43.608, 3.888], ['Odysseum', 43.604, 3.92], ['Port Marianne', 43.6, 3.898], ['Millénaire', 43.611, 3.912],
  ],
  rennes: [
    ['République', 48.11, -1.679], ['Colombier', 48.105, -1.685], ['Cesson-Sévigné', 48.121, -1.603], ['Beaulieu', 48.12, -1.64],
  ],
};

const DIRECTIONS = {
  fr: ['Nord', 'Nord-Est', 'Est', 'Sud-Est', 'Sud', 'Sud-Ouest', 'Ouest', 'Nord-Ouest'],
  en: ['North', 'North-East', 'East', 'South-East', 'South', 'South-West', 'West', 'North-West'],
};

/** A locality a hotel or a rental agency is named after: a known quarter, the centre or a direction. */
export function localityOf(city: RefCity, p: Pt): string {
  let best: string | null = null;
  let bestKm = 1.1;
  for (const [name, lat, lon] of QUARTERS[city.id] ?? []) {
    const km = distanceKm(p, { lat, lon });
    if (km < bestKm) [best, bestKm] = [name, km];
  }
  if (best) return best;
  const fr = isFrenchSpeaking(city.country);
  if (distanceKm(city, p) < 1.3) return fr ? 'Centre' : NORTH_AMERICA.includes(city.country) ? 'Downtown' : 'City Centre';
  return DIRECTIONS[fr ? 'fr' : 'en'][Math.round(bearing(city, p) / 45) % 8]!;
}

/** A station's name as hotels and agencies next to it use it: "Gare Part-Dieu", "Gare de Lyon". */
export function stationSuffix(station: RefStation, city: RefCity): string {
  const fr = isFrenchSpeaking(city.country);
  const name = localName(station.name, city.country);
  const cityName = localName(city.name, city.country);
  const rest = (name.startsWith(cityName) ? name.slice(cityName.length) : name).replace(/^[\s-]+/, '').replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  if (!fr) return !rest || /\b(Hbf|Hauptbahnhof|Central|Centraal|Centrale|Centrum|Termini)\b/i.test(rest) ? 'Central Station' : /\bstation$/i.test(rest) ? rest : `${rest} Station`;
  if (!rest || /^(Ville|Centre|Central|Centrale|Hbf|Hauptbahnhof|Centraal|Cornavin)$/i.test(rest)) return 'Centre Gare';
  if (/^(Midi|Nord)$/.test(rest)) return `Gare du ${rest}`;
  if (rest === 'Est') return "Gare de l'Est";
  return /\bgare\b/i.test(rest) ? rest : `Gare ${rest}`;
}

/** "Aéroport Saint-Exupéry" for Lyon-Saint-Exupéry. */
export function airportSuffix(airport: RefAirport, city: RefCity): string {
  const fr = isFrenchSpeaking(city.country);
  const name = localName(airport.name, city.country);
  const cityName = localName(city.name, city.country);
  const rest = name
    .replace(cityName, ' ')
    .replace(/\b(Airport|Aéroport|International)\b/gi, ' ')
    .replace(/^[\s-]*(de |d'|of )?/i, '')
    .replace(/[\s-]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (fr) return rest ? `Aéroport ${rest}` : 'Aéroport';
  return rest ? `${rest} Airport` : 'Airport';
}

const STREETS: Record<string, string[]> = {
  fr: [
    'rue de la République', 'avenue Jean Jaurès', 'boulevard Gambetta', 'rue Victor Hugo', 'rue du Général de Gaulle', 'avenue Foch',
    'rue Pasteur', 'rue Nationale', 'cours Lafayette', 'boulevard Voltaire', 'rue Émile Zola', 'avenue de la Libération', 'rue de la Paix',
    'rue Carnot', 'avenue Thiers', 'rue Jean Moulin', 'boulevard de Strasbourg', 'rue de Verdun', 'avenue du Maréchal Leclerc',
    'rue Gustave Eiffel', 'rue Anatole France', 'rue Paul Bert', 'boulevard Pasteur', 'place du Marché', 'rue des Remparts',
    'quai de la Loire', 'rue Saint-Martin', 'avenue Pierre Mendès France', 'rue du Président Wilson', 'allée des Tilleuls',
  ],
  de: ['Bahnhofstraße', 'Hauptstraße', 'Goethestraße', 'Schillerstraße', 'Kaiserstraße', 'Friedrichstraße', 'Marktplatz', 'Lindenallee'],
  it: ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Via Mazzini', 'Via Dante', 'Corso Vittorio Emanuele II', 'Via Cavour'],
  es: ['Calle Mayor', 'Gran Vía', 'Avenida de la Constitución', 'Calle Real', 'Paseo del Prado', 'Calle de Alcalá'],
  nl: ['Stationsplein', 'Kerkstraat', 'Stationsweg', 'Marktstraat', 'Damrak', 'Nieuwstraat'],
  pt: ['Rua Augusta', 'Avenida da Liberdade', 'Rua do Comércio', 'Rua Garrett'],
  en: ['High Street', 'Station Road', 'Church Street', 'King Street', 'Victoria Street', 'Queen Street', 'Park Lane'],
  'fr-intl': ['rue Neuve', 'rue du Marché', 'rue de la Gare', 'rue de la Paix', 'rue du Midi', 'rue des Alpes', 'rue du Commerce', 'avenue de la Liberté', "rue de l'Industrie", 'rue Centrale', 'quai du Lac', 'place de la Fontaine'],
  us: ['Main Street', 'Broadway', 'Market Street', 'Park Avenue', 'Washington Street', 'Madison Avenue', 'Lincoln Boulevard', 'Ocean Avenue'],
  nordic: ['Storgatan', 'Kungsgatan', 'Drottninggatan', 'Nørregade', 'Vesterbrogade', 'Karl Johans gate', 'Storgata', 'Aleksanterinkatu'],
  central: ['Długa', 'Marszałkowska', 'Národní', 'Na Příkopě', 'Andrássy út', 'Váci utca', 'Strada Lipscani', 'Ermou', 'Ilica', 'Knez Mihailova'],
  intl: ['Central Avenue', 'Park Road', 'Station Road', 'Harbour Road', 'Main Road', 'Airport Road', 'Riverside Drive', 'Garden Road'],
};
/** Real streets per arrondissement (1st, 2nd…) of the cities that have them: a Parisian would notice a "rue du Général de Gaulle" in Paris. */
const ARRONDISSEMENT_STREETS: Record<string, string[][]> = {
  paris: [
    ['rue de Rivoli', 'rue Saint-Honoré', 'rue du Louvre'], ['rue Réaumur', 'rue du Quatre-Septembre', 'rue Montmartre'],
    ['rue de Bretagne', 'rue du Temple', 'boulevard Beaumarchais'], ['rue Saint-Antoine', 'rue des Archives', 'rue de Rivoli'],
    ['boulevard Saint-Michel', 'rue Monge', 'rue Gay-Lussac'], ['boulevard Saint-Germain', 'rue de Rennes', 'rue de Vaugirard'],
    ['rue Saint-Dominique', 'avenue Bosquet', 'rue de Grenelle'], ['boulevard Haussmann', 'rue du Faubourg Saint-Honoré', 'avenue de Friedland'],
    ['rue La Fayette', 'rue de Châteaudun', 'rue des Martyrs'], ['boulevard de Magenta', 'rue du Faubourg Saint-Denis', 'rue de Dunkerque'],
    ['boulevard Voltaire', 'rue Oberkampf', 'rue de la Roquette'], ['rue de Lyon', 'avenue Daumesnil', 'boulevard Diderot', 'rue de Bercy'],
    ["avenue d'Italie", "boulevard de l'Hôpital", 'rue de Tolbiac'], ['avenue du Général Leclerc', "rue d'Alésia", 'avenue du Maine'],
    ['rue de Vaugirard', 'rue de la Convention', 'rue du Commerce'], ['avenue de Versailles', 'rue de Passy', 'avenue Kléber'],
    ['avenue de Wagram', 'avenue de Clichy', 'rue de Courcelles'], ['rue Ordener', 'boulevard de Clichy', 'rue Caulaincourt'],
    ['avenue Jean Jaurès', 'avenue de Flandre', 'rue de Crimée'], ['rue de Belleville', 'rue des Pyrénées', 'avenue Gambetta'],
  ],
  lyon: [
    ['rue de la République', 'rue Paul Chenavard', 'quai Saint-Vincent'], ['rue Victor Hugo', 'cours de Verdun', 'rue de la Charité'],
    ['boulevard Marius Vivier-Merle', 'rue Servient', 'cours Lafayette', 'rue Garibaldi'], ['boulevard de la Croix-Rousse', 'Grande Rue de la Croix-Rousse'],
    ['quai Romain Rolland', 'rue Saint-Jean', 'quai Fulchiron'], ['boulevard des Belges', 'cours Franklin Roosevelt', 'rue Vendôme'],
    ['avenue Jean Jaurès', 'rue de Marseille', 'avenue Tony Garnier'], ['avenue des Frères Lumière', 'route de Vienne', 'avenue Berthelot'],
    ['rue de Bourgogne', 'quai Paul Sédaillian', 'rue Marietton'],
  ],
  marseille: [
    ['La Canebière', 'rue de Rome', 'rue Saint-Ferréol'], ['rue de la République', 'boulevard de Dunkerque'], ['boulevard National', 'rue de Crimée'],
    ['boulevard de la Blancarde', 'avenue des Chartreux'], ['boulevard Baille', 'rue de Lodi'], ['rue Paradis', 'boulevard Notre-Dame'],
    ['boulevard Charles Livon', 'rue Sainte'], ['avenue du Prado', 'boulevard Michelet'], ['boulevard de Sainte-Marguerite', 'boulevard du Redon'],
    ['boulevard Romain Rolland', 'boulevard Mireille Lauze'], ['route des Trois-Lucs', 'avenue de Saint-Menet'], ['avenue des Caillols'],
    ['avenue de Château-Gombert'], ['boulevard Charles Moretti'], ['chemin de la Madrague-Ville'], ["boulevard Grawitz", "chemin du Littoral"],
  ],
};
const STREET_LANG: Record<string, string> = {
  FR: 'fr', GP: 'fr', MQ: 'fr', GF: 'fr', RE: 'fr', YT: 'fr', BE: 'fr-intl', LU: 'fr-intl', CH: 'fr-intl', MC: 'fr-intl', DE: 'de', AT: 'de', IT: 'it',
  ES: 'es', MX: 'es', CO: 'es', NL: 'nl', PT: 'pt', BR: 'pt', GB: 'en', IE: 'en', GG: 'en', JE: 'en', IM: 'en', GI: 'en', MT: 'en', AU: 'en', ZA: 'en',
  US: 'us', CA: 'us', SE: 'nordic', NO: 'nordic', DK: 'nordic', FI: 'nordic', IS: 'nordic', FO: 'nordic', AX: 'nordic', SJ: 'nordic',
  PL: 'central', CZ: 'central', SK: 'central', HU: 'central', RO: 'central', GR: 'central', HR: 'central', RS: 'central', SI: 'central', BG: 'central',
};

/** A plausible street address in the country's format. */
export function streetAddress(r: Rng, country: string, near?: 'station', streets?: string[]): string {
  const lang = STREET_LANG[country] ?? 'intl';
  const n = r.int(1, lang === 'fr' ? 98 : 60);
  let street = r.pick(streets ?? STREETS[lang]!);
  if (near === 'station' && !streets) {
    const byLang: Record<string, string> = { de: 'Bahnhofplatz', it: 'Piazza della Stazione', nl: 'Stationsplein', es: 'Plaza de la Estación', pt: 'Largo da Estação', en: 'Station Approach', nordic: 'Stationsgatan' };
    street = lang.startsWith('fr') ? r.pick(['place de la Gare', 'rue de la Gare', 'boulevard de la Gare', 'avenue de la Gare']) : (byLang[lang] ?? street);
  }
  switch (lang) {
    case 'fr':
    case 'fr-intl':
      return `${n}${r.chance(0.06) ? ' bis' : ''} ${street}`;
    case 'de':
    case 'nl':
    case 'nordic':
    case 'central':
      return `${street} ${n}`;
    case 'it':
    case 'es':
    case 'pt':
      return `${street}, ${n}`;
    default:
      return `${n} ${street}`;
  }
}

const CALLING_CODES: Record<string, string> = {
  FR: '33', BE: '32', LU: '352', CH: '41', MC: '377', DE: '49', AT: '43', IT: '39', ES: '34', NL: '31', PT: '351', GB: '44', IE: '353',
  PL: '48', CZ: '420', DK: '45', SE: '46', NO: '47', FI: '358', GR: '30', HU: '36', US: '1', CA: '1', MA: '212', TN: '216', DZ: '213',
  GG: '44', JE: '44', IM: '44', GI: '350', AX: '358', SJ: '47', FO: '298', IS: '354', MT: '356', CY: '357', RO: '40', BG: '359', RS: '381',
  HR: '385', SI: '386', SK: '421', LT: '370', LV: '371', EE: '372', AL: '355', BA: '387', MK: '389', ME: '382', MD: '373', XK: '383',
  TR: '90', EG: '20', ZA: '27', AE: '971', QA: '974', SA: '966', IN: '91', CN: '86', HK: '852', TW: '886', JP: '81', KR: '82', SG: '65',
  TH: '66', MY: '60', ID: '62', PH: '63', AU: '61', BR: '55', MX: '52', CO: '57',
};
/** French overseas departments: their own country code and the local area code. */
const OVERSEAS_PHONE: Record<string, string> = { GP: '+590 590', MQ: '+596 596', GF: '+594 594', RE: '+262 262', YT: '+262 269' };

/** French geographic zone (01–05) of a department. */
function frenchZone(zip: string): number {
  const dep = zip.slice(0, 2);
  if (['75', '77', '78', '91', '92', '93', '94', '95'].includes(dep)) return 1;
  if (['14', '18', '22', '27', '28', '29', '35', '36', '37', '41', '44', '45', '49', '50', '53', '56', '61', '72', '76', '85'].includes(dep)) return 2;
  if (['02', '08', '10', '21', '25', '39', '51', '52', '54', '55', '57', '58', '59', '60', '62', '67', '68', '70', '71', '80', '88', '89', '90'].includes(dep)) return 3;
  if (['09', '12', '16', '17', '19', '23', '24', '31', '32', '33', '40', '46', '47', '64', '65', '79', '81', '82', '86', '87'].includes(dep)) return 5;
  return 4;
}

const two = (r: Rng) => String(r.int(0, 99)).padStart(2, '0');

/** A phone number of the place: "+33 4 72 41 20 20". */
export function phoneNumber(r: Rng, country: string, zip: string | null): string {
  if (country === 'FR') return `+33 ${frenchZone(zip ?? '')} ${r.int(30, 89)} ${two(r)} ${two(r)} ${two(r)}`;
  if (OVERSEAS_PHONE[country]) return `${OVERSEAS_PHONE[country]} ${two(r)} ${two(r)} ${two(r)}`;
  const four = () => String(r.int(0, 9999)).padStart(4, '0');
  if (country === 'US' || country === 'CA') return `+1 ${r.int(201, 989)} ${r.int(200, 999)} ${four()}`;
  const cc = CALLING_CODES[country];
  return cc ? `+${cc} ${r.int(20, 89)} ${r.int(100, 999)} ${four()}` : `+${r.int(20, 89)} ${r.int(100, 999)} ${four()}`;
}

const EUR = { fr: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }), en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }) };
/** Cents as "1 200,00 €" (fr) or "€1,200.00" (en). */
export const money = (cents: number, lang: Lang) => EUR[lang].format(cents / 100);

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' → days since epoch (NaN when not a calendar date). */
export function dayNumber(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return NaN;
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return NaN;
  return ms / DAY_MS;
}
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = Sunday. */
export const weekdayOfDay = (day: number) => (day + 4) % 7;
export const monthOfDay = (day: number) => new Date(day * DAY_MS).getUTCMonth() + 1;
const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** Local date and hour of an instant in a zone (formatters cached: building one costs more than a whole search). */
export function localClock(instant: Date, tz: string): { date: string; hour: number } {
  let f = clockFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    clockFormats.set(tz, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}
export const frDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Where an address in the area actually is: the reference city or a known neighbouring commune. */
const COMMUNES: [string, string, string, number, number][] = [
  // name, zip, reference city they belong to, lat, lon
  ['Boulogne-Billancourt', '92100', 'paris', 48.8397, 2.2399], ['Issy-les-Moulineaux', '92130', 'paris', 48.8245, 2.27],
  ['Neuilly-sur-Seine', '92200', 'paris', 48.8846, 2.2697], ['Levallois-Perret', '92300', 'paris', 48.895, 2.287],
  ['Courbevoie', '92400', 'paris', 48.8973, 2.2522], ['Puteaux', '92800', 'paris', 48.8842, 2.2385], ['Saint-Denis', '93200', 'paris', 48.9362, 2.3574],
  ['Montreuil', '93100', 'paris', 48.8611, 2.4437], ['Vincennes', '94300', 'paris', 48.8474, 2.439], ['Ivry-sur-Seine', '94200', 'paris', 48.8157, 2.3849],
  ['Saint-Ouen-sur-Seine', '93400', 'paris', 48.9119, 2.3338], ['Nanterre', '92000', 'paris', 48.8924, 2.2071], ['Rueil-Malmaison', '92500', 'paris', 48.8778, 2.1803],
  ['Clichy', '92110', 'paris', 48.9045, 2.3056], ['Charenton-le-Pont', '94220', 'paris', 48.8219, 2.4131], ['Montrouge', '92120', 'paris', 48.8164, 2.3163],
  ['Massy', '91300', 'paris', 48.7309, 2.2713], ['Roissy-en-France', '95700', 'paris', 49.0036, 2.5156], ['Tremblay-en-France', '93290', 'paris', 48.9785, 2.5527],
  ['Paray-Vieille-Poste', '91550', 'paris', 48.7290, 2.364], ['Rungis', '94150', 'paris', 48.7486, 2.3497], ['Chessy', '77700', 'paris', 48.8722, 2.7838],
  ['Villeurbanne', '69100', 'lyon', 45.7719, 4.8902], ['Bron', '69500', 'lyon', 45.7386, 4.9134], ['Écully', '69130', 'lyon', 45.7747, 4.7775],
  ['Colombier-Saugnieu', '69124', 'lyon', 45.719, 5.103], ['Vénissieux', '69200', 'lyon', 45.6975, 4.8867], ['Blagnac', '31700', 'toulouse', 43.637, 1.39],
  ['Mérignac', '33700', 'bordeaux', 44.838, -0.645], ['Marignane', '13700', 'marseille', 43.416, 5.214], ['Bouguenais', '44340', 'nantes', 47.178, -1.562],
  ['Saint-Herblain', '44800', 'nantes', 47.2122, -1.6497], ['Lesquin', '59810', 'lille', 50.589, 3.111], ['Villeneuve-d’Ascq', '59650', 'lille', 50.623, 3.145],
  ['Entzheim', '67960', 'strasbourg', 48.54, 7.638], ['Mauguio', '34130', 'montpellier', 43.616, 3.964], ['Cesson-Sévigné', '35510', 'rennes', 48.121, -1.603],
  ['Labège', '31670', 'toulouse', 43.53, 1.512], ['Créteil', '94000', 'paris', 48.7904, 2.4556], ['Maisons-Alfort', '94700', 'paris', 48.8058, 2.4378],
  ['Saint-Maur-des-Fossés', '94100', 'paris', 48.7994, 2.4997], ['Pantin', '93500', 'paris', 48.8944, 2.4094], ['Bobigny', '93000', 'paris', 48.9077, 2.4397],
  ['Aubervilliers', '93300', 'paris', 48.9146, 2.3821], ['Gentilly', '94250', 'paris', 48.8133, 2.3444], ['Le Kremlin-Bicêtre', '94270', 'paris', 48.8104, 2.3566],
  ['Malakoff', '92240', 'paris', 48.8169, 2.2975], ['Clamart', '92140', 'paris', 48.8003, 2.2667], ['Meudon', '92190', 'paris', 48.8131, 2.235],
  ['Saint-Cloud', '92210', 'paris', 48.8443, 2.2196], ['Suresnes', '92150', 'paris', 48.8713, 2.229], ['Colombes', '92700', 'paris', 48.9225, 2.2522],
  ['Asnières-sur-Seine', '92600', 'paris', 48.9146, 2.2874], ['Gennevilliers', '92230', 'paris', 48.9331, 2.2931], ['Villejuif', '94800', 'paris', 48.7922, 2.3636],
  ['Vitry-sur-Seine', '94400', 'paris', 48.7875, 2.3928], ['Fontenay-sous-Bois', '94120', 'paris', 48.8514, 2.4769], ['Rosny-sous-Bois', '93110', 'paris', 48.8746, 2.4859],
  ['Noisy-le-Grand', '93160', 'paris', 48.8486, 2.5528], ['Bagnolet', '93170', 'paris', 48.8693, 2.4181], ['Caluire-et-Cuire', '69300', 'lyon', 45.7953, 4.8466],
  ['Oullins', '69600', 'lyon', 45.7146, 4.8078], ['Saint-Priest', '69800', 'lyon', 45.6963, 4.9441], ['Tassin-la-Demi-Lune', '69160', 'lyon', 45.7622, 4.758],
  ['Dardilly', '69570', 'lyon', 45.8058, 4.7528], ['Colomiers', '31770', 'toulouse', 43.6114, 1.3358], ['Balma', '31130', 'toulouse', 43.6111, 1.4994],
  ['Pessac', '33600', 'bordeaux', 44.8067, -0.6311], ['Talence', '33400', 'bordeaux', 44.8086, -0.5889], ['Lormont', '33310', 'bordeaux', 44.8792, -0.5217],
  ['Aubagne', '13400', 'marseille', 43.2928, 5.5708], ['Schiltigheim', '67300', 'strasbourg', 48.6077, 7.7497], ['Illkirch-Graffenstaden', '67400', 'strasbourg', 48.5297, 7.7153],
  ['Rezé', '44400', 'nantes', 47.1833, -1.55], ['Carquefou', '44470', 'nantes', 47.2975, -1.4914], ['Saint-Laurent-du-Var', '06700', 'nice', 43.6734, 7.19],
  ['Lattes', '34970', 'montpellier', 43.5675, 3.9], ['Saint-Grégoire', '35760', 'rennes', 48.1508, -1.6856], ['Saint-Jacques-de-la-Lande', '35136', 'rennes', 48.0656, -1.7186],
  ['Lomme', '59160', 'lille', 50.6436, 2.9872],
];

/** Centroids of the arrondissements of the cities that have them (zip = prefix + number). */
const ARRONDISSEMENTS: Record<string, { prefix: string; at: [number, number][] }> = {
  paris: {
    prefix: '750',
    at: [
      [48.8625, 2.3364], [48.8683, 2.3428], [48.863, 2.36], [48.8543, 2.3576], [48.8445, 2.3497], [48.8491, 2.3329], [48.8562, 2.3122],
      [48.8727, 2.3125], [48.8771, 2.3375], [48.8761, 2.3608], [48.8591, 2.38], [48.8396, 2.3876], [48.8284, 2.3623], [48.8292, 2.3266],
      [48.8401, 2.2929], [48.8637, 2.2769], [48.8873, 2.3067], [48.8925, 2.3481], [48.8871, 2.3848], [48.8634, 2.4012],
    ],
  },
  lyon: {
    prefix: '6900',
    at: [[45.7699, 4.8295], [45.749, 4.827], [45.7597, 4.8652], [45.7787, 4.8268], [45.756, 4.803], [45.7727, 4.8514], [45.7336, 4.8372], [45.7342, 4.8697], [45.7741, 4.805]],
  },
  marseille: {
    prefix: '130',
    at: [
      [43.2998, 5.3838], [43.3136, 5.3638], [43.311, 5.38], [43.3063, 5.4006], [43.2927, 5.3977], [43.287, 5.38], [43.2826, 5.3608], [43.24, 5.38],
      [43.25, 5.42], [43.276, 5.427], [43.29, 5.48], [43.31, 5.44], [43.35, 5.43], [43.345, 5.39], [43.358, 5.36], [43.36, 5.315],
    ],
  },
};

/** Radius (km) of the city proper: beyond it an address belongs to a neighbouring commune when one is known. */
const coreRadiusKm = (city: RefCity) => 0.6 + 0.35 * Math.sqrt(city.population / 10_000);

/** The commune, zip and display names of a point of the area around `city`. */
export function addressPlace(city: RefCity, p: Pt): { city: { fr: string; en: string }; zip: string; streets?: string[] } {
  let best: { city: { fr: string; en: string }; zip: string } | null = null;
  let bestScore = distanceKm(city, p) / coreRadiusKm(city);
  for (const [name, zip, owner, lat, lon] of COMMUNES) {
    if (owner !== city.id) continue;
    const score = distanceKm(p, { lat, lon }) / 1.6;
    if (score < bestScore) [best, bestScore] = [{ city: { fr: name, en: name }, zip }, score];
  }
  if (best) return best;
  const arr = ARRONDISSEMENTS[city.id];
  if (arr && city.country === 'FR') {
    let n = 0;
    let nKm = Infinity;
    arr.at.forEach(([lat, lon], i) => {
      const km = distanceKm(p, { lat, lon });
      if (km < nKm) [n, nKm] = [i + 1, km];
    });
    return { city: city.name, zip: `${arr.prefix}${String(n).padStart(arr.prefix.length === 3 ? 2 : 1, '0')}`, streets: ARRONDISSEMENT_STREETS[city.id]?.[n - 1] };
  }
  return { city: city.name, zip: city.zip ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Brands and the hotel population.
// ---------------------------------------------------------------------------------------------

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
const brandOperatesIn = (b: HotelBrand, country: string) => (b.franceOnly ? FRANCE.includes(country) : b.europeOnly ? EUROPE.has(country) : !b.notIn?.includes(country));

/** Chain codes the sandbox uses (customers' negotiatedChains name a brand code or a group code: RT Accor, LG Louvre Hotels, IH IHG, HL Hilton, MR Marriott). */
export const HOTEL_BRANDS: HotelBrand[] = [
  { code: 'BU', name: 'ibis budget', group: 'RT', stars: [1, 2, 2], weight: 7, minPopulation: 15_000, restaurant: 0, rooms: [60, 130], domain: 'accor', notIn: NORTH_AMERICA },
  { code: 'IB', name: 'ibis', group: 'RT', stars: [3, 3, 2], weight: 14, minPopulation: 0, restaurant: 0.75, rooms: [60, 170], domain: 'accor', notIn: NORTH_AMERICA },
  { code: 'YS', name: 'ibis Styles', group: 'RT', stars: [3], weight: 8, minPopulation: 0, restaurant: 0.25, rooms: [45, 120], domain: 'accor', notIn: NORTH_AMERICA },
  { code: 'NO', name: 'Novotel', group: 'RT', stars: [4], weight: 7, minPopulation: 40_000, restaurant: 1, rooms: [100, 280], domain: 'accor', notIn: NORTH_AMERICA },
  { code: 'MC', name: 'Mercure', group: 'RT', stars: [4, 4, 3], weight: 9, minPopulation: 20_000, restaurant: 0.8, rooms: [60, 200], domain: 'accor', notIn: NORTH_AMERICA },
  { code: 'PU', name: 'Pullman', group: 'RT', stars: [5, 4], weight: 2, minPopulation: 400_000, restaurant: 1, rooms: [180, 450], domain: 'accor' },
  { code: 'SB', name: 'Sofitel', group: 'RT', stars: [5], weight: 1.5, minPopulation: 300_000, restaurant: 1, rooms: [100, 250], domain: 'accor' },
  { code: 'CI', name: 'Campanile', group: 'LG', stars: [3, 2, 3], weight: 7, minPopulation: 0, restaurant: 0.9, rooms: [40, 110], domain: 'campanile', europeOnly: true },
  { code: 'KY', name: 'Kyriad', group: 'LG', stars: [3, 2], weight: 5, minPopulation: 0, restaurant: 0.5, rooms: [35, 100], domain: 'kyriad', franceOnly: true },
  { code: 'PC', name: 'Première Classe', group: 'LG', stars: [1], weight: 2.5, minPopulation: 30_000, restaurant: 0, rooms: [50, 90], domain: 'premiereclasse', franceOnly: true },
  { code: 'BB', name: 'B&B HOTELS', group: null, stars: [2, 3, 3], weight: 8, minPopulation: 10_000, restaurant: 0, rooms: [60, 130], domain: 'hotelbb', europeOnly: true },
  { code: 'BW', name: 'Best Western', group: null, stars: [3, 4, 3], weight: 7, minPopulation: 0, restaurant: 0.4, rooms: [30, 110], domain: 'bestwestern' },
  { code: 'EX', name: 'Holiday Inn Express', group: 'IH', stars: [3], weight: 3, minPopulation: 100_000, restaurant: 0, rooms: [90, 180], domain: 'ihg' },
  { code: 'HI', name: 'Holiday Inn', group: 'IH', stars: [4], weight: 2, minPopulation: 200_000, restaurant: 1, rooms: [110, 250], domain: 'ihg' },
  { code: 'RD', name: 'Radisson Blu', group: null, stars: [4, 5], weight: 1.5, minPopulation: 300_000, restaurant: 1, rooms: [140, 300], domain: 'radissonhotels', notIn: NORTH_AMERICA },
  { code: 'OK', name: 'Okko Hotels', group: null, stars: [4], weight: 1.5, minPopulation: 200_000, restaurant: 0, rooms: [80, 170], domain: 'okkohotels', franceOnly: true },
  { code: 'CT', name: 'Citadines', group: null, stars: [3], weight: 2, minPopulation: 200_000, restaurant: 0, rooms: [80, 180], domain: 'citadines' },
  { code: 'CY', name: 'Courtyard by Marriott', group: 'MR', stars: [4], weight: 1.5, minPopulation: 300_000, restaurant: 1, rooms: [120, 250], domain: 'marriott' },
  { code: 'HX', name: 'Hampton by Hilton', group: 'HL', stars: [3], weight: 1.5, minPopulation: 300_000, restaurant: 0, rooms: [120, 220], domain: 'hilton' },
];
const STATION_BRANDS = ['IB', 'YS', 'NO', 'MC', 'BW', 'KY', 'BB', 'OK', 'EX', 'CT', 'BU', 'HX'];
const AIRPORT_BRANDS = ['IB', 'NO', 'BU', 'PU', 'HI', 'EX', 'RD', 'CY', 'BW', 'PC', 'CI', 'HX', 'MC'];

const INDEPENDENT_NAMES = [
  'Hôtel du Parc', 'Hôtel de la Gare', 'Hôtel des Voyageurs', 'Hôtel de France', 'Hôtel Le Royal', 'Hôtel Saint-Jacques', 'Hôtel du Commerce',
  "Hôtel de l'Europe", 'Hôtel Le Cardinal', "Hôtel du Lion d'Or", 'Hôtel Beauséjour', 'Hôtel des Arts', 'Hôtel Bristol', 'Hôtel Carlton',
  'Hôtel Terminus', 'Hôtel de la Paix', 'Hôtel Le Splendid', 'Hôtel Régina', 'Hôtel des Célestins', 'Hôtel Le Mistral', 'Hôtel de Bretagne',
  'Hôtel Le Continental', 'Hôtel Central', 'Hôtel de la Poste', "Hôtel de l'Univers", 'Hôtel Les Tilleuls', 'Hôtel Le Richelieu',
  'Hôtel Le Lutetia', 'Hôtel Villa Florentine', 'Hôtel Le Métropole', 'Hôtel Astoria', 'Hôtel Élysée', 'Hôtel Le Sénat', 'Hôtel Le Marceau',
];
const INDEPENDENT_NAMES_EN = [
  'Park Hotel', 'Grand Hotel', 'Hotel Central', 'Hotel Europa', 'Station Hotel', 'Hotel Royal', 'Hotel Astoria', 'The Regent', 'Hotel Bristol',
  'City Hotel', 'Hotel Continental', 'The Carlton', 'The Ambassador', 'Hotel Metropole', 'The Westbury', 'Hotel Savoy', 'The Belmont',
  'Hotel Excelsior', 'The Kensington', 'Hotel Majestic', 'The Lexington', 'Hotel Imperial', 'The Fairview', 'Hotel Victoria', 'The Grosvenor',
  'Hotel Plaza', 'The Wellington', 'Hotel Panorama', 'The Ashford', 'Hotel Concorde',
];

type Services = Hotel['services'];
type RoomKind = 'STD' | 'TWN' | 'SGL' | 'SUP' | 'DLX' | 'EXE' | 'STE' | 'STU' | 'APT' | 'TRP';
const ROOM_NAMES: Record<RoomKind, { fr: string; en: string; factor: number; occupancy: number }> = {
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
type Board = RoomOffer['board'];
const BOARD_CODE: Record<Board, string> = { 'room-only': 'RO', breakfast: 'BB', 'half-board': 'HB', 'full-board': 'FB' };
const BOARD_OF_CODE = Object.fromEntries(Object.entries(BOARD_CODE).map(([k, v]) => [v, k])) as Record<string, Board>;
type RatePlan = { room: RoomKind; board: Board; cancellable: boolean };

type HotelBase = Omit<Hotel, 'distanceKm' | 'rooms' | 'description' | 'city'> & {
  cityNames: { fr: string; en: string };
  descriptions: { fr: string; en: string };
  group: string | null;
  ref: RefCity;
  /** Quality of this hotel within its stars (price factor). */
  quality: number;
  plans: RatePlan[];
};

const STAR_PRICE = [0, 52, 70, 98, 150, 310]; // € a night, weekday, medium French city
const BREAKFAST = [0, 7, 9.9, 13.5, 19, 32]; // € per person
const DINNER = [0, 18, 22, 28, 38, 65]; // € per person (half board adds dinner)
/** Tourist tax (taxe de séjour) per person per night by stars, cents; Île-de-France is dearer (capped at 4 €). */
const TOURIST_TAX = [0, 80, 90, 150, 230, 300];
const TOURIST_TAX_IDF = [0, 100, 130, 260, 350, 400];
const IDF = new Set(['75', '77', '78', '91', '92', '93', '94', '95']);
/** Hotel price level of the country, France = 1 (order of magnitude of business-hotel rates). */
const COUNTRY_PRICE: Record<string, number> = {
  CH: 1.45, GB: 1.3, IE: 1.2, NO: 1.3, DK: 1.25, SE: 1.15, FI: 1.1, IS: 1.5, FO: 1.3, LU: 1.2, NL: 1.15, BE: 1, DE: 0.95, AT: 1, IT: 1.05,
  ES: 0.95, PT: 0.85, MT: 0.9, CY: 0.9, GR: 0.9, PL: 0.65, CZ: 0.7, SK: 0.7, HU: 0.65, SI: 0.8, HR: 0.85, RO: 0.6, BG: 0.55, RS: 0.55,
  AL: 0.55, BA: 0.5, MK: 0.5, ME: 0.7, MD: 0.5, XK: 0.5, LT: 0.7, LV: 0.7, EE: 0.75, MC: 1.8, US: 1.35, CA: 1.15, AU: 1.15, JP: 1,
  KR: 0.9, TW: 0.8, HK: 1.3, SG: 1.4, CN: 0.6, IN: 0.5, TH: 0.55, MY: 0.5, ID: 0.5, PH: 0.55, AE: 1.2, QA: 1.2, SA: 1, TR: 0.6, EG: 0.5,
  MA: 0.6, ZA: 0.6, BR: 0.65, MX: 0.7, CO: 0.55,
};
/**
 * Grams CO2e per room-night. France: ADEME (CO2.hotelNightFrance). Elsewhere approximate national
 * values, rounded, in the spirit of the Cornell Hotel Sustainability Benchmarking index (kg CO2e
 * per occupied room-night): the electricity mix drives them, from low-carbon grids (IS, NO, SE,
 * CH, BR) through Western Europe (12–18 kg) to coal- or gas-heavy grids (PL, CN, IN, ZA, the Gulf).
 */
const HOTEL_NIGHT_CO2: Record<string, number> = {
  FR: CO2.hotelNightFrance, MC: 6930, CH: 6500, SE: 6000, NO: 5000, IS: 3000, FI: 10500, DK: 10800, AT: 11500, BE: 12100, LU: 14000,
  GB: 13700, IE: 16500, ES: 15900, PT: 13600, IT: 14200, DE: 17300, NL: 17800, SI: 12000, SK: 12000, HR: 12000, LT: 15000, LV: 10000,
  EE: 25000, RO: 15000, BG: 20000, RS: 30000, GR: 24000, CY: 30000, MT: 20000, PL: 28000, CZ: 24000, HU: 19000, GP: 20000, MQ: 20000,
  GF: 15000, RE: 20000, YT: 20000, US: 31000, CA: 15000, MX: 25000, BR: 10000, CO: 12000, AU: 40000, JP: 27000, KR: 30000, TW: 30000,
  HK: 36000, SG: 30000, CN: 39000, IN: 36000, TH: 33000, MY: 35000, ID: 40000, PH: 30000, TR: 20000, EG: 30000, MA: 25000, ZA: 45000,
  AE: 60000, QA: 70000, SA: 60000,
};
const DEFAULT_HOTEL_NIGHT_CO2 = 20000;

/** Price level of a city: bigger is dearer, the capital even more, then the country's level. */
function cityPriceFactor(city: RefCity): number {
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

function describe(h: { name: string; stars: number; rooms: number; services: Services; site: Site; ref: RefCity; loc: string; km: number; hasBar: boolean; meeting: number }) {
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
  const eligible = HOTEL_BRANDS.filter((b) => city.population >= b.minPopulation && brandOperatesIn(b, city.country) && (brandCount.get(b.code) ?? 0) < maxPerBrand);
  const allowed = site.kind === 'station' ? eligible.filter((b) => STATION_BRANDS.includes(b.code)) : site.kind === 'airport' ? eligible.filter((b) => AIRPORT_BRANDS.includes(b.code)) : eligible;
  const independentShare = site.kind === 'airport' ? 0.05 : city.population < 50_000 ? 0.35 : 0.22;

  let brand: HotelBrand | null = null;
  let name = '';
  let stars = 3;
  for (let attempt = 0; attempt < 8 && !name; attempt++) {
    const independent = allowed.length === 0 || r.chance(independentShare) || attempt >= 6;
    if (independent) {
      brand = null;
      stars = pickWeighted(r, [{ s: 2, weight: 20 }, { s: 3, weight: 45 }, { s: 4, weight: 27 }, { s: 5, weight: city.population > 200_000 ? 8 : 2 }]).s;
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
    const styles = fr ? ['Résidence', 'Villa', 'Maison', 'Suites', 'Le Petit Hôtel', 'Appart’hôtel'] : ['Residence', 'Suites', 'House', 'Inn', 'Lodge', 'Boutique Hotel'];
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
  const address = site.kind === 'airport' && site.airport
    ? fr ? `Zone hôtelière, ${site.airport.name.fr}` : `Hotel area, ${site.airport.name.en}`
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
    name, stars, rooms: roomCount, services, site, ref: city, loc, hasBar: stars >= 3 && r.chance(0.8),
    km: site.kind === 'station' && site.station ? distanceKm(at, site.station) : site.kind === 'airport' && site.airport ? distanceKm(at, site.airport) : kmFromCentre,
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
function reachKm(city: RefCity): number {
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

// ---------------------------------------------------------------------------------------------
// Offers for a stay.
// ---------------------------------------------------------------------------------------------

/** Night demand by weekday of the night (0 = Sunday night): business cities fill Mon–Thu. */
const DEMAND_BUSINESS = [0.92, 1.1, 1.14, 1.12, 1.0, 0.84, 0.86];
const DEMAND_CAPITAL = [0.95, 1.08, 1.1, 1.1, 1.04, 0.99, 1.03];
const DEMAND_TOWN = [0.97, 1.03, 1.05, 1.04, 1.0, 0.95, 0.97];
const SEASON = [0, 0.9, 0.95, 1.02, 1.02, 1.0, 1.05, 0.93, 0.87, 1.08, 1.06, 1.0, 0.92];

const demandOf = (city: RefCity) => (city.population > 1_000_000 ? DEMAND_CAPITAL : city.population >= 100_000 ? DEMAND_BUSINESS : DEMAND_TOWN);

/** Price factor by lead time in days: last minute is dearer, early booking a little cheaper. */
const leadFactor = (days: number) => (days < 2 ? 1.15 : days < 7 ? 1.07 : days < 21 ? 1 : days < 60 ? 0.96 : 0.93);

export type RoomOfferRef = { hotelId: string; checkin: string; checkout: string; room: RoomKind; occupancy: number; board: Board; cancellable: boolean; negotiated: boolean };

/** Room offer ids carry what the booking side needs: hotel, stay and rate (hotelId_checkin_checkout_PLAN). */
export function parseRoomOfferId(id: string): RoomOfferRef | null {
  const m = /^(h-.+)_(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})_([A-Z]{3})(\d)-([A-Z]{2})-([FN])(-NEG)?$/.exec(id);
  if (!m || !BOARD_OF_CODE[m[6]!] || !(m[4]! in ROOM_NAMES)) return null;
  return {
    hotelId: m[1]!, checkin: m[2]!, checkout: m[3]!, room: m[4] as RoomKind, occupancy: Number(m[5]), board: BOARD_OF_CODE[m[6]!]!,
    cancellable: m[7] === 'F', negotiated: Boolean(m[8]),
  };
}

const negotiatedWith = (customer: Customer, h: HotelBase) => {
  if (!h.chain) return false;
  const codes = customer.negotiatedChains.map((c) => c.toUpperCase());
  return codes.includes(h.chain.code) || (h.group !== null && codes.includes(h.group));
};

type Stay = { checkinDay: number; nights: number; lead: number; lang: Lang; occupants: number; deadlinePassed: boolean; texts: { flexible: string; late: string; nonRefundable: string } };

function offersFor(h: HotelBase, q: HotelQuery, stay: Stay): RoomOffer[] {
  const city = h.ref;
  const demand = demandOf(city);
  const base = STAR_PRICE[h.stars]! * cityPriceFactor(city) * h.quality * leadFactor(stay.lead);
  let roomNights = 0; // sum of the room-only nightly prices (€)
  let demandSum = 0;
  for (let d = 0; d < stay.nights; d++) {
    const day = stay.checkinDay + d;
    const noise = 0.93 + (hashString(`${h.id}:${day}`) / 4294967296) * 0.14;
    const dem = demand[weekdayOfDay(day)]! * SEASON[monthOfDay(day)]!;
    demandSum += dem;
    roomNights += base * dem * noise;
  }
  const meanDemand = demandSum / stay.nights;
  const r = rng(`${h.id}:${dateOfDay(stay.checkinDay)}:${stay.nights}`);
  const fullHouse = r.chance(0.02 + Math.max(0, meanDemand - 1) * 0.3);
  const inventory = new Map<RoomKind, number>();
  for (const p of h.plans) {
    if (inventory.has(p.room)) continue;
    const soldOut = fullHouse || r.chance(0.07 + Math.max(0, meanDemand - 1) * 0.6 + (stay.lead < 2 ? 0.1 : 0));
    inventory.set(p.room, soldOut ? 0 : Math.min(9, Math.max(1, Math.round(r.between(1, 10) / Math.max(0.8, meanDemand)))));
  }
  const cityF = Math.sqrt(cityPriceFactor(city));
  const negotiated = negotiatedWith(q.customer, h);
  const tax = (h.country === 'FR' && IDF.has(h.zip.slice(0, 2)) ? TOURIST_TAX_IDF : TOURIST_TAX)[h.stars]!;
  const offers: RoomOffer[] = [];
  for (const p of h.plans) {
    const available = inventory.get(p.room)!;
    if (available === 0) continue;
    const room = ROOM_NAMES[p.room];
    const occupancy = room.occupancy;
    const perPerson = p.board === 'breakfast' ? BREAKFAST[h.stars]! : p.board === 'half-board' ? BREAKFAST[h.stars]! + DINNER[h.stars]! : p.board === 'full-board' ? BREAKFAST[h.stars]! + 2 * DINNER[h.stars]! : 0;
    const eaters = Math.min(occupancy, 2);
    let nightly = (roomNights / stay.nights) * room.factor + perPerson * cityF * eaters;
    nightly = Math.round(nightly); // flexible rates in whole euros
    const cancellable = p.cancellable && !stay.deadlinePassed;
    if (!p.cancellable) nightly *= 0.88;
    if (negotiated) nightly *= 0.9;
    const pricePerNight = Math.round(nightly * 10) * 10; // cents, to 10 cents
    const occupants = Math.min(occupancy, stay.occupants);
    const taxes = tax * occupants * stay.nights;
    const code = `${p.room}${occupancy}-${BOARD_CODE[p.board]}-${p.cancellable ? 'F' : 'N'}${negotiated ? '-NEG' : ''}`;
    offers.push({
      id: `${h.id}_${q.checkin}_${q.checkout}_${code}`,
      name: room[stay.lang],
      maxOccupancy: occupancy,
      board: p.board,
      pricePerNight,
      total: pricePerNight * stay.nights + taxes,
      taxes,
      taxIncluded: true,
      cancellable,
      cancelConditions: p.cancellable ? (cancellable ? stay.texts.flexible : stay.texts.late) : stay.texts.nonRefundable,
      negotiated,
      available,
    });
  }
  offers.sort((a, b) => a.total - b.total);
  return offers;
}

function cancelTexts(checkinDay: number, lang: Lang) {
  const deadline = frDate(dateOfDay(checkinDay - 1));
  return lang === 'fr'
    ? {
        flexible: `Annulation gratuite jusqu'au ${deadline} 18:00 (heure locale), puis 1 nuit facturée.`,
        late: `Délai d'annulation gratuite dépassé (${deadline} 18:00) : 1 nuit facturée en cas d'annulation.`,
        nonRefundable: 'Tarif non remboursable : aucune annulation ni modification possible, la totalité du séjour est due.',
      }
    : {
        flexible: `Free cancellation until ${deadline} 18:00 (local time), then 1 night charged.`,
        late: `Free cancellation period over (${deadline} 18:00): 1 night charged if cancelled.`,
        nonRefundable: 'Non-refundable rate: no cancellation or change possible, the full stay is charged.',
      };
}

const invalid = (message: string) => new SupplierError('invalid-request', message);
const MAX_NIGHTS = 30;

/** Synchronous search (the supplier wraps it in a promise). */
export function searchHotels(q: HotelQuery): Hotel[] {
  if (!Number.isFinite(q.lat) || !Number.isFinite(q.lon) || Math.abs(q.lat) > 90 || Math.abs(q.lon) > 180) throw invalid('Coordonnées invalides.');
  if (!(q.radiusKm >= 1 && q.radiusKm <= 50)) throw invalid('Le rayon de recherche doit être compris entre 1 et 50 km.');
  const checkinDay = dayNumber(q.checkin);
  const checkoutDay = dayNumber(q.checkout);
  if (Number.isNaN(checkinDay) || Number.isNaN(checkoutDay)) throw invalid('Dates d’arrivée et de départ attendues au format AAAA-MM-JJ.');
  const nights = checkoutDay - checkinDay;
  if (nights < 1) throw invalid('La date de départ doit suivre la date d’arrivée (1 nuit minimum).');
  if (nights > MAX_NIGHTS) throw invalid(`Séjour limité à ${MAX_NIGHTS} nuits.`);
  if (!Number.isInteger(q.rooms) || q.rooms < 1) throw invalid('Au moins une chambre est requise.');
  if (!Number.isInteger(q.guests) || q.guests < q.rooms) throw invalid('Il faut au moins un voyageur par chambre.');

  const point = { lat: q.lat, lon: q.lon };
  const home = nearestCity(point);
  const now = localClock(q.now, home.tz);
  const today = dayNumber(now.date);
  if (checkinDay < today) throw invalid('La date d’arrivée est passée.');
  const deadlinePassed = checkinDay - 1 < today || (checkinDay - 1 === today && now.hour >= 18);
  const stay: Stay = {
    checkinDay, nights, lead: checkinDay - today, lang: q.lang, occupants: Math.ceil(q.guests / q.rooms), deadlinePassed,
    texts: cancelTexts(checkinDay, q.lang),
  };

  const found: Hotel[] = [];
  for (const city of cities.values()) {
    if (distanceKm(point, city) > q.radiusKm + reachKm(city)) continue;
    for (const h of hotelsOfCity(city)) {
      const km = distanceKm(point, h);
      if (km > q.radiusKm) continue;
      const rooms = offersFor(h, q, stay);
      if (rooms.length === 0 || rooms.reduce((n, o) => n + o.available, 0) < q.rooms) continue;
      found.push(hotelOut(h, km, q.lang, rooms));
    }
  }
  found.sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id));
  return found;
}

const hotelOut = (h: HotelBase, km: number, lang: Lang, rooms: RoomOffer[]): Hotel => ({
  id: h.id, name: h.name, chain: h.chain ? { ...h.chain } : null, stars: h.stars, address: h.address, city: h.cityNames[lang], zip: h.zip,
  country: h.country, lat: h.lat, lon: h.lon, distanceKm: Math.round(km * 100) / 100, phone: h.phone, email: h.email,
  services: { ...h.services }, reviews: { ...h.reviews }, images: [...h.images], description: h.descriptions[lang],
  co2PerNight: h.co2PerNight, rooms,
});

/** One hotel's offers for a stay (a search of its own spot, by id); no offers when it has too few rooms left. Unknown hotel: null. */
export function hotelOffers(hotelId: string, stay: StayQuery): Hotel | null {
  const base = hotelById(hotelId);
  if (!base) return null;
  return searchHotels({ ...stay, lat: base.lat, lon: base.lon, radiusKm: 1 }).find((h) => h.id === hotelId) ?? hotelOut(base, 0, stay.lang, []);
}

export function sandboxHotels(): HotelSupplier {
  return {
    hotels: async (query) => searchHotels(query),
    hotel: async (id, stay) => hotelOffers(id, stay),
    offerStay: (id) => {
      const ref = parseRoomOfferId(id);
      return ref && { hotelId: ref.hotelId, checkin: ref.checkin, checkout: ref.checkout };
    },
  };
}
