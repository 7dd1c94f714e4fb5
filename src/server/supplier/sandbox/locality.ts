// Over 500 lines on purpose: most of it is the tables (quarters, streets, communes, calling codes) that the few
// functions here read.
/**
 * Local knowledge the sandbox hotels and car rentals share: the localities places are named after
 * (quarters, stations, airports), plausible street addresses and phone numbers in each country's
 * format, the commune and zip code of a point, prices and calendar days.
 */
import type { Lang } from '../types';
import type { RefAirport, RefCity, RefStation } from '@server/reference/places';
import { bearing, distanceKm } from '@server/reference/geo';
import type { Rng } from './random';

export type Pt = { lat: number; lon: number };

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
export const EUROPE = new Set(
  'AL AT AX BA BE BG CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LT LU LV MC MD ME MK MT NL NO PL PT RO RS SE SI SJ SK XK GP MQ GF RE YT'.split(
    ' ',
  ),
);
export const NORTH_AMERICA = ['US', 'CA'];
/** The name a place has on signs: French in French-speaking countries, English elsewhere. */
export const localName = (names: { fr: string; en: string }, country: string) => (isFrenchSpeaking(country) ? names.fr : names.en);

/** Well-known quarters of the main French cities (name, lat, lon): hotel and agency names. */
const QUARTERS: Record<string, [string, number, number][]> = {
  paris: [
    ['Opéra', 48.872, 2.3316],
    ['Louvre', 48.8606, 2.3376],
    ['Bastille', 48.8532, 2.3692],
    ['République', 48.8675, 2.3636],
    ['Montparnasse', 48.8421, 2.3211],
    ['Tour Eiffel', 48.8556, 2.2986],
    ['Champs-Élysées', 48.8698, 2.3076],
    ['Saint-Germain-des-Prés', 48.854, 2.3336],
    ['Montmartre', 48.8867, 2.3431],
    ['Gare du Nord', 48.8809, 2.3553],
    ['Bercy', 48.8386, 2.3826],
    ["Place d'Italie", 48.831, 2.3555],
    ['Porte Maillot', 48.8782, 2.2829],
    ['Porte de Versailles', 48.8322, 2.2876],
    ['La Défense', 48.8918, 2.238],
    ['Le Marais', 48.859, 2.362],
    ['Batignolles', 48.887, 2.317],
    ['Nation', 48.8483, 2.3958],
    ['Quartier Latin', 48.8493, 2.347],
    ["Porte d'Orléans", 48.8232, 2.3254],
    ['Saint-Lazare', 48.8763, 2.3253],
    ['La Villette', 48.8938, 2.39],
    ['Boulogne', 48.8397, 2.2399],
    ['Issy-les-Moulineaux', 48.8245, 2.27],
    ['Saint-Denis Stade de France', 48.9245, 2.3602],
    ['Vincennes', 48.8474, 2.439],
    ['Montreuil', 48.8611, 2.4437],
    ['Porte de Saint-Cloud', 48.8378, 2.2569],
  ],
  lyon: [
    ['Part-Dieu', 45.7606, 4.8593],
    ['Bellecour', 45.7578, 4.832],
    ['Perrache', 45.7486, 4.8258],
    ['Confluence', 45.74, 4.818],
    ['Vieux Lyon', 45.7622, 4.827],
    ['Cité Internationale', 45.786, 4.853],
    ['Gerland', 45.729, 4.833],
    ['Brotteaux', 45.7685, 4.8565],
    ['Villeurbanne', 45.7719, 4.8902],
    ['Vaise', 45.775, 4.805],
    ['Croix-Rousse', 45.7745, 4.832],
    ['Terreaux', 45.7676, 4.834],
    ['Monplaisir', 45.744, 4.87],
    ['Bron', 45.7386, 4.9134],
    ['Écully', 45.7747, 4.7775],
  ],
  marseille: [
    ['Vieux-Port', 43.2951, 5.3745],
    ['Saint-Charles', 43.3028, 5.3806],
    ['La Joliette', 43.305, 5.366],
    ['Prado', 43.273, 5.389],
    ['Castellane', 43.286, 5.384],
    ['Euroméditerranée', 43.313, 5.367],
    ['Timone', 43.289, 5.404],
    ['La Valentine', 43.294, 5.483],
  ],
  toulouse: [
    ['Capitole', 43.6045, 1.444],
    ['Matabiau', 43.6111, 1.4536],
    ['Compans-Caffarelli', 43.611, 1.434],
    ['Saint-Cyprien', 43.599, 1.43],
    ['Purpan', 43.608, 1.398],
    ['Blagnac', 43.637, 1.39],
    ['Carmes', 43.597, 1.446],
    ['Labège', 43.54, 1.52],
  ],
  bordeaux: [
    ['Mériadeck', 44.838, -0.583],
    ['Chartrons', 44.854, -0.57],
    ['Saint-Jean', 44.826, -0.556],
    ['Quinconces', 44.845, -0.574],
    ['Bordeaux-Lac', 44.887, -0.566],
    ['Bastide', 44.841, -0.559],
    ['Mérignac', 44.838, -0.645],
  ],
  nantes: [
    ['Centre', 47.2184, -1.5536],
    ['Graslin', 47.213, -1.562],
    ['Île de Nantes', 47.206, -1.55],
    ['Beaulieu', 47.208, -1.528],
    ['Saint-Herblain Atlantis', 47.223, -1.632],
    ['Cité des Congrès', 47.2145, -1.5445],
  ],
  lille: [
    ['Euralille', 50.638, 3.075],
    ['Grand-Place', 50.637, 3.063],
    ['Vieux-Lille', 50.641, 3.061],
    ['Wazemmes', 50.628, 3.05],
    ['Villeneuve-d’Ascq', 50.623, 3.145],
    ['Marcq-en-Barœul', 50.67, 3.097],
  ],
  strasbourg: [
    ['Petite France', 48.581, 7.741],
    ['Cathédrale', 48.5819, 7.7508],
    ['Parlement Européen', 48.597, 7.769],
    ['Esplanade', 48.579, 7.769],
    ['Place des Halles', 48.5855, 7.742],
  ],
  nice: [
    ['Promenade des Anglais', 43.695, 7.265],
    ['Vieux-Nice', 43.6975, 7.276],
    ['Gare Thiers', 43.7046, 7.2619],
    ['Arénas', 43.669, 7.214],
    ['Port', 43.698, 7.285],
    ['Masséna', 43.698, 7.27],
  ],
  montpellier: [
    ['Comédie', 43.6085, 3.88],
    ['Antigone', 43.608, 3.888],
    ['Odysseum', 43.604, 3.92],
    ['Port Marianne', 43.6, 3.898],
    ['Millénaire', 43.611, 3.912],
  ],
  rennes: [
    ['République', 48.11, -1.679],
    ['Colombier', 48.105, -1.685],
    ['Cesson-Sévigné', 48.121, -1.603],
    ['Beaulieu', 48.12, -1.64],
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
  const rest = (name.startsWith(cityName) ? name.slice(cityName.length) : name)
    .replace(/^[\s-]+/, '')
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .trim();
  if (!fr)
    return !rest || /\b(Hbf|Hauptbahnhof|Central|Centraal|Centrale|Centrum|Termini)\b/i.test(rest)
      ? 'Central Station'
      : /\bstation$/i.test(rest)
        ? rest
        : `${rest} Station`;
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
    'rue de la République',
    'avenue Jean Jaurès',
    'boulevard Gambetta',
    'rue Victor Hugo',
    'rue du Général de Gaulle',
    'avenue Foch',
    'rue Pasteur',
    'rue Nationale',
    'cours Lafayette',
    'boulevard Voltaire',
    'rue Émile Zola',
    'avenue de la Libération',
    'rue de la Paix',
    'rue Carnot',
    'avenue Thiers',
    'rue Jean Moulin',
    'boulevard de Strasbourg',
    'rue de Verdun',
    'avenue du Maréchal Leclerc',
    'rue Gustave Eiffel',
    'rue Anatole France',
    'rue Paul Bert',
    'boulevard Pasteur',
    'place du Marché',
    'rue des Remparts',
    'quai de la Loire',
    'rue Saint-Martin',
    'avenue Pierre Mendès France',
    'rue du Président Wilson',
    'allée des Tilleuls',
  ],
  de: ['Bahnhofstraße', 'Hauptstraße', 'Goethestraße', 'Schillerstraße', 'Kaiserstraße', 'Friedrichstraße', 'Marktplatz', 'Lindenallee'],
  it: ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Via Mazzini', 'Via Dante', 'Corso Vittorio Emanuele II', 'Via Cavour'],
  es: ['Calle Mayor', 'Gran Vía', 'Avenida de la Constitución', 'Calle Real', 'Paseo del Prado', 'Calle de Alcalá'],
  nl: ['Stationsplein', 'Kerkstraat', 'Stationsweg', 'Marktstraat', 'Damrak', 'Nieuwstraat'],
  pt: ['Rua Augusta', 'Avenida da Liberdade', 'Rua do Comércio', 'Rua Garrett'],
  en: ['High Street', 'Station Road', 'Church Street', 'King Street', 'Victoria Street', 'Queen Street', 'Park Lane'],
  'fr-intl': [
    'rue Neuve',
    'rue du Marché',
    'rue de la Gare',
    'rue de la Paix',
    'rue du Midi',
    'rue des Alpes',
    'rue du Commerce',
    'avenue de la Liberté',
    "rue de l'Industrie",
    'rue Centrale',
    'quai du Lac',
    'place de la Fontaine',
  ],
  us: ['Main Street', 'Broadway', 'Market Street', 'Park Avenue', 'Washington Street', 'Madison Avenue', 'Lincoln Boulevard', 'Ocean Avenue'],
  nordic: ['Storgatan', 'Kungsgatan', 'Drottninggatan', 'Nørregade', 'Vesterbrogade', 'Karl Johans gate', 'Storgata', 'Aleksanterinkatu'],
  central: ['Długa', 'Marszałkowska', 'Národní', 'Na Příkopě', 'Andrássy út', 'Váci utca', 'Strada Lipscani', 'Ermou', 'Ilica', 'Knez Mihailova'],
  intl: ['Central Avenue', 'Park Road', 'Station Road', 'Harbour Road', 'Main Road', 'Airport Road', 'Riverside Drive', 'Garden Road'],
};
/** Real streets per arrondissement (1st, 2nd…) of the cities that have them: a Parisian would notice a "rue du Général de Gaulle" in Paris. */
const ARRONDISSEMENT_STREETS: Record<string, string[][]> = {
  paris: [
    ['rue de Rivoli', 'rue Saint-Honoré', 'rue du Louvre'],
    ['rue Réaumur', 'rue du Quatre-Septembre', 'rue Montmartre'],
    ['rue de Bretagne', 'rue du Temple', 'boulevard Beaumarchais'],
    ['rue Saint-Antoine', 'rue des Archives', 'rue de Rivoli'],
    ['boulevard Saint-Michel', 'rue Monge', 'rue Gay-Lussac'],
    ['boulevard Saint-Germain', 'rue de Rennes', 'rue de Vaugirard'],
    ['rue Saint-Dominique', 'avenue Bosquet', 'rue de Grenelle'],
    ['boulevard Haussmann', 'rue du Faubourg Saint-Honoré', 'avenue de Friedland'],
    ['rue La Fayette', 'rue de Châteaudun', 'rue des Martyrs'],
    ['boulevard de Magenta', 'rue du Faubourg Saint-Denis', 'rue de Dunkerque'],
    ['boulevard Voltaire', 'rue Oberkampf', 'rue de la Roquette'],
    ['rue de Lyon', 'avenue Daumesnil', 'boulevard Diderot', 'rue de Bercy'],
    ["avenue d'Italie", "boulevard de l'Hôpital", 'rue de Tolbiac'],
    ['avenue du Général Leclerc', "rue d'Alésia", 'avenue du Maine'],
    ['rue de Vaugirard', 'rue de la Convention', 'rue du Commerce'],
    ['avenue de Versailles', 'rue de Passy', 'avenue Kléber'],
    ['avenue de Wagram', 'avenue de Clichy', 'rue de Courcelles'],
    ['rue Ordener', 'boulevard de Clichy', 'rue Caulaincourt'],
    ['avenue Jean Jaurès', 'avenue de Flandre', 'rue de Crimée'],
    ['rue de Belleville', 'rue des Pyrénées', 'avenue Gambetta'],
  ],
  lyon: [
    ['rue de la République', 'rue Paul Chenavard', 'quai Saint-Vincent'],
    ['rue Victor Hugo', 'cours de Verdun', 'rue de la Charité'],
    ['boulevard Marius Vivier-Merle', 'rue Servient', 'cours Lafayette', 'rue Garibaldi'],
    ['boulevard de la Croix-Rousse', 'Grande Rue de la Croix-Rousse'],
    ['quai Romain Rolland', 'rue Saint-Jean', 'quai Fulchiron'],
    ['boulevard des Belges', 'cours Franklin Roosevelt', 'rue Vendôme'],
    ['avenue Jean Jaurès', 'rue de Marseille', 'avenue Tony Garnier'],
    ['avenue des Frères Lumière', 'route de Vienne', 'avenue Berthelot'],
    ['rue de Bourgogne', 'quai Paul Sédaillian', 'rue Marietton'],
  ],
  marseille: [
    ['La Canebière', 'rue de Rome', 'rue Saint-Ferréol'],
    ['rue de la République', 'boulevard de Dunkerque'],
    ['boulevard National', 'rue de Crimée'],
    ['boulevard de la Blancarde', 'avenue des Chartreux'],
    ['boulevard Baille', 'rue de Lodi'],
    ['rue Paradis', 'boulevard Notre-Dame'],
    ['boulevard Charles Livon', 'rue Sainte'],
    ['avenue du Prado', 'boulevard Michelet'],
    ['boulevard de Sainte-Marguerite', 'boulevard du Redon'],
    ['boulevard Romain Rolland', 'boulevard Mireille Lauze'],
    ['route des Trois-Lucs', 'avenue de Saint-Menet'],
    ['avenue des Caillols'],
    ['avenue de Château-Gombert'],
    ['boulevard Charles Moretti'],
    ['chemin de la Madrague-Ville'],
    ['boulevard Grawitz', 'chemin du Littoral'],
  ],
};
const STREET_LANG: Record<string, string> = {
  FR: 'fr',
  GP: 'fr',
  MQ: 'fr',
  GF: 'fr',
  RE: 'fr',
  YT: 'fr',
  BE: 'fr-intl',
  LU: 'fr-intl',
  CH: 'fr-intl',
  MC: 'fr-intl',
  DE: 'de',
  AT: 'de',
  IT: 'it',
  ES: 'es',
  MX: 'es',
  CO: 'es',
  NL: 'nl',
  PT: 'pt',
  BR: 'pt',
  GB: 'en',
  IE: 'en',
  GG: 'en',
  JE: 'en',
  IM: 'en',
  GI: 'en',
  MT: 'en',
  AU: 'en',
  ZA: 'en',
  US: 'us',
  CA: 'us',
  SE: 'nordic',
  NO: 'nordic',
  DK: 'nordic',
  FI: 'nordic',
  IS: 'nordic',
  FO: 'nordic',
  AX: 'nordic',
  SJ: 'nordic',
  PL: 'central',
  CZ: 'central',
  SK: 'central',
  HU: 'central',
  RO: 'central',
  GR: 'central',
  HR: 'central',
  RS: 'central',
  SI: 'central',
  BG: 'central',
};

/** A plausible street address in the country's format. */
export function streetAddress(r: Rng, country: string, near?: 'station', streets?: string[]): string {
  const lang = STREET_LANG[country] ?? 'intl';
  const n = r.int(1, lang === 'fr' ? 98 : 60);
  let street = r.pick(streets ?? STREETS[lang]!);
  if (near === 'station' && !streets) {
    const byLang: Record<string, string> = {
      de: 'Bahnhofplatz',
      it: 'Piazza della Stazione',
      nl: 'Stationsplein',
      es: 'Plaza de la Estación',
      pt: 'Largo da Estação',
      en: 'Station Approach',
      nordic: 'Stationsgatan',
    };
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
  FR: '33',
  BE: '32',
  LU: '352',
  CH: '41',
  MC: '377',
  DE: '49',
  AT: '43',
  IT: '39',
  ES: '34',
  NL: '31',
  PT: '351',
  GB: '44',
  IE: '353',
  PL: '48',
  CZ: '420',
  DK: '45',
  SE: '46',
  NO: '47',
  FI: '358',
  GR: '30',
  HU: '36',
  US: '1',
  CA: '1',
  MA: '212',
  TN: '216',
  DZ: '213',
  GG: '44',
  JE: '44',
  IM: '44',
  GI: '350',
  AX: '358',
  SJ: '47',
  FO: '298',
  IS: '354',
  MT: '356',
  CY: '357',
  RO: '40',
  BG: '359',
  RS: '381',
  HR: '385',
  SI: '386',
  SK: '421',
  LT: '370',
  LV: '371',
  EE: '372',
  AL: '355',
  BA: '387',
  MK: '389',
  ME: '382',
  MD: '373',
  XK: '383',
  TR: '90',
  EG: '20',
  ZA: '27',
  AE: '971',
  QA: '974',
  SA: '966',
  IN: '91',
  CN: '86',
  HK: '852',
  TW: '886',
  JP: '81',
  KR: '82',
  SG: '65',
  TH: '66',
  MY: '60',
  ID: '62',
  PH: '63',
  AU: '61',
  BR: '55',
  MX: '52',
  CO: '57',
};
/** French overseas departments: their own country code and the local area code. */
const OVERSEAS_PHONE: Record<string, string> = { GP: '+590 590', MQ: '+596 596', GF: '+594 594', RE: '+262 262', YT: '+262 269' };

/** French geographic zone (01–05) of a department. */
function frenchZone(zip: string): number {
  const dep = zip.slice(0, 2);
  if (['75', '77', '78', '91', '92', '93', '94', '95'].includes(dep)) return 1;
  if (['14', '18', '22', '27', '28', '29', '35', '36', '37', '41', '44', '45', '49', '50', '53', '56', '61', '72', '76', '85'].includes(dep)) return 2;
  if (['02', '08', '10', '21', '25', '39', '51', '52', '54', '55', '57', '58', '59', '60', '62', '67', '68', '70', '71', '80', '88', '89', '90'].includes(dep))
    return 3;
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

const EUR = {
  fr: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }),
  en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }),
};
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
  ['Boulogne-Billancourt', '92100', 'paris', 48.8397, 2.2399],
  ['Issy-les-Moulineaux', '92130', 'paris', 48.8245, 2.27],
  ['Neuilly-sur-Seine', '92200', 'paris', 48.8846, 2.2697],
  ['Levallois-Perret', '92300', 'paris', 48.895, 2.287],
  ['Courbevoie', '92400', 'paris', 48.8973, 2.2522],
  ['Puteaux', '92800', 'paris', 48.8842, 2.2385],
  ['Saint-Denis', '93200', 'paris', 48.9362, 2.3574],
  ['Montreuil', '93100', 'paris', 48.8611, 2.4437],
  ['Vincennes', '94300', 'paris', 48.8474, 2.439],
  ['Ivry-sur-Seine', '94200', 'paris', 48.8157, 2.3849],
  ['Saint-Ouen-sur-Seine', '93400', 'paris', 48.9119, 2.3338],
  ['Nanterre', '92000', 'paris', 48.8924, 2.2071],
  ['Rueil-Malmaison', '92500', 'paris', 48.8778, 2.1803],
  ['Clichy', '92110', 'paris', 48.9045, 2.3056],
  ['Charenton-le-Pont', '94220', 'paris', 48.8219, 2.4131],
  ['Montrouge', '92120', 'paris', 48.8164, 2.3163],
  ['Massy', '91300', 'paris', 48.7309, 2.2713],
  ['Roissy-en-France', '95700', 'paris', 49.0036, 2.5156],
  ['Tremblay-en-France', '93290', 'paris', 48.9785, 2.5527],
  ['Paray-Vieille-Poste', '91550', 'paris', 48.729, 2.364],
  ['Rungis', '94150', 'paris', 48.7486, 2.3497],
  ['Chessy', '77700', 'paris', 48.8722, 2.7838],
  ['Villeurbanne', '69100', 'lyon', 45.7719, 4.8902],
  ['Bron', '69500', 'lyon', 45.7386, 4.9134],
  ['Écully', '69130', 'lyon', 45.7747, 4.7775],
  ['Colombier-Saugnieu', '69124', 'lyon', 45.719, 5.103],
  ['Vénissieux', '69200', 'lyon', 45.6975, 4.8867],
  ['Blagnac', '31700', 'toulouse', 43.637, 1.39],
  ['Mérignac', '33700', 'bordeaux', 44.838, -0.645],
  ['Marignane', '13700', 'marseille', 43.416, 5.214],
  ['Bouguenais', '44340', 'nantes', 47.178, -1.562],
  ['Saint-Herblain', '44800', 'nantes', 47.2122, -1.6497],
  ['Lesquin', '59810', 'lille', 50.589, 3.111],
  ['Villeneuve-d’Ascq', '59650', 'lille', 50.623, 3.145],
  ['Entzheim', '67960', 'strasbourg', 48.54, 7.638],
  ['Mauguio', '34130', 'montpellier', 43.616, 3.964],
  ['Cesson-Sévigné', '35510', 'rennes', 48.121, -1.603],
  ['Labège', '31670', 'toulouse', 43.53, 1.512],
  ['Créteil', '94000', 'paris', 48.7904, 2.4556],
  ['Maisons-Alfort', '94700', 'paris', 48.8058, 2.4378],
  ['Saint-Maur-des-Fossés', '94100', 'paris', 48.7994, 2.4997],
  ['Pantin', '93500', 'paris', 48.8944, 2.4094],
  ['Bobigny', '93000', 'paris', 48.9077, 2.4397],
  ['Aubervilliers', '93300', 'paris', 48.9146, 2.3821],
  ['Gentilly', '94250', 'paris', 48.8133, 2.3444],
  ['Le Kremlin-Bicêtre', '94270', 'paris', 48.8104, 2.3566],
  ['Malakoff', '92240', 'paris', 48.8169, 2.2975],
  ['Clamart', '92140', 'paris', 48.8003, 2.2667],
  ['Meudon', '92190', 'paris', 48.8131, 2.235],
  ['Saint-Cloud', '92210', 'paris', 48.8443, 2.2196],
  ['Suresnes', '92150', 'paris', 48.8713, 2.229],
  ['Colombes', '92700', 'paris', 48.9225, 2.2522],
  ['Asnières-sur-Seine', '92600', 'paris', 48.9146, 2.2874],
  ['Gennevilliers', '92230', 'paris', 48.9331, 2.2931],
  ['Villejuif', '94800', 'paris', 48.7922, 2.3636],
  ['Vitry-sur-Seine', '94400', 'paris', 48.7875, 2.3928],
  ['Fontenay-sous-Bois', '94120', 'paris', 48.8514, 2.4769],
  ['Rosny-sous-Bois', '93110', 'paris', 48.8746, 2.4859],
  ['Noisy-le-Grand', '93160', 'paris', 48.8486, 2.5528],
  ['Bagnolet', '93170', 'paris', 48.8693, 2.4181],
  ['Caluire-et-Cuire', '69300', 'lyon', 45.7953, 4.8466],
  ['Oullins', '69600', 'lyon', 45.7146, 4.8078],
  ['Saint-Priest', '69800', 'lyon', 45.6963, 4.9441],
  ['Tassin-la-Demi-Lune', '69160', 'lyon', 45.7622, 4.758],
  ['Dardilly', '69570', 'lyon', 45.8058, 4.7528],
  ['Colomiers', '31770', 'toulouse', 43.6114, 1.3358],
  ['Balma', '31130', 'toulouse', 43.6111, 1.4994],
  ['Pessac', '33600', 'bordeaux', 44.8067, -0.6311],
  ['Talence', '33400', 'bordeaux', 44.8086, -0.5889],
  ['Lormont', '33310', 'bordeaux', 44.8792, -0.5217],
  ['Aubagne', '13400', 'marseille', 43.2928, 5.5708],
  ['Schiltigheim', '67300', 'strasbourg', 48.6077, 7.7497],
  ['Illkirch-Graffenstaden', '67400', 'strasbourg', 48.5297, 7.7153],
  ['Rezé', '44400', 'nantes', 47.1833, -1.55],
  ['Carquefou', '44470', 'nantes', 47.2975, -1.4914],
  ['Saint-Laurent-du-Var', '06700', 'nice', 43.6734, 7.19],
  ['Lattes', '34970', 'montpellier', 43.5675, 3.9],
  ['Saint-Grégoire', '35760', 'rennes', 48.1508, -1.6856],
  ['Saint-Jacques-de-la-Lande', '35136', 'rennes', 48.0656, -1.7186],
  ['Lomme', '59160', 'lille', 50.6436, 2.9872],
];

/** Centroids of the arrondissements of the cities that have them (zip = prefix + number). */
const ARRONDISSEMENTS: Record<string, { prefix: string; at: [number, number][] }> = {
  paris: {
    prefix: '750',
    at: [
      [48.8625, 2.3364],
      [48.8683, 2.3428],
      [48.863, 2.36],
      [48.8543, 2.3576],
      [48.8445, 2.3497],
      [48.8491, 2.3329],
      [48.8562, 2.3122],
      [48.8727, 2.3125],
      [48.8771, 2.3375],
      [48.8761, 2.3608],
      [48.8591, 2.38],
      [48.8396, 2.3876],
      [48.8284, 2.3623],
      [48.8292, 2.3266],
      [48.8401, 2.2929],
      [48.8637, 2.2769],
      [48.8873, 2.3067],
      [48.8925, 2.3481],
      [48.8871, 2.3848],
      [48.8634, 2.4012],
    ],
  },
  lyon: {
    prefix: '6900',
    at: [
      [45.7699, 4.8295],
      [45.749, 4.827],
      [45.7597, 4.8652],
      [45.7787, 4.8268],
      [45.756, 4.803],
      [45.7727, 4.8514],
      [45.7336, 4.8372],
      [45.7342, 4.8697],
      [45.7741, 4.805],
    ],
  },
  marseille: {
    prefix: '130',
    at: [
      [43.2998, 5.3838],
      [43.3136, 5.3638],
      [43.311, 5.38],
      [43.3063, 5.4006],
      [43.2927, 5.3977],
      [43.287, 5.38],
      [43.2826, 5.3608],
      [43.24, 5.38],
      [43.25, 5.42],
      [43.276, 5.427],
      [43.29, 5.48],
      [43.31, 5.44],
      [43.35, 5.43],
      [43.345, 5.39],
      [43.358, 5.36],
      [43.36, 5.315],
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
    return {
      city: city.name,
      zip: `${arr.prefix}${String(n).padStart(arr.prefix.length === 3 ? 2 : 1, '0')}`,
      streets: ARRONDISSEMENT_STREETS[city.id]?.[n - 1],
    };
  }
  return { city: city.name, zip: city.zip ?? '' };
}
