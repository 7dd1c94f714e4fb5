import type { Lang, Place, PlaceDirectory } from '../types';
import {
  airportByIata,
  airports,
  cities,
  cityOf,
  nearestCity,
  stationByUic,
  stations,
  type RefAirport,
  type RefCity,
  type RefStation,
} from '@server/reference/places';

/** Lowercase, no accents, words only: "Saint-Exupéry" → "saint exupery". */
export const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// Abbreviations travellers type for the words places are named with.
const ALIASES: Record<string, string[]> = { saint: ['st'], sainte: ['ste'], aeroport: ['aero'], airport: ['aero'], gare: [], international: ['intl'] };

const COUNTRY: Record<Lang, Intl.DisplayNames> = {
  fr: new Intl.DisplayNames(['fr'], { type: 'region' }),
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
};
const KIND: Record<Lang, Record<'city' | 'station' | 'airport', string>> = {
  fr: { city: 'Ville', station: 'Gare', airport: 'Aéroport' },
  en: { city: 'City', station: 'Station', airport: 'Airport' },
};

type Entry = {
  id: string;
  type: 'city' | 'station' | 'airport';
  /** Normalized words of every name (fr, en, city, codes) and their aliases. */
  words: string[];
  /** Normalized full names, for "starts with the query" ranking. */
  names: string[];
  importance: number;
  build: (lang: Lang) => Place;
};

const cityPlace = (c: RefCity, lang: Lang): Place => ({
  ID: `city:${c.id}`,
  name: c.name[lang],
  description: `${KIND[lang].city} · ${COUNTRY[lang].of(c.country) ?? c.country}`,
  type: 'city',
  lat: c.lat,
  lon: c.lon,
  city: c.name[lang],
  country: c.country,
  zip_code: c.zip ?? null,
  formatted_address: [c.zip ? `${c.zip} ${c.name[lang]}` : c.name[lang], COUNTRY[lang].of(c.country)].join(', '),
  provider_codes: c.iata ? [{ provider: 'iata', type: 'city', code: c.iata }] : [],
  tz: c.tz,
});

const stationPlace = (s: RefStation, lang: Lang): Place => {
  const c = cityOf(s);
  return {
    ID: `station:${s.uic}`,
    name: s.name[lang],
    description: `${KIND[lang].station} · ${c.name[lang]}, ${COUNTRY[lang].of(c.country) ?? c.country}`,
    type: 'station',
    lat: s.lat,
    lon: s.lon,
    city: c.name[lang],
    country: c.country,
    zip_code: c.zip ?? null,
    formatted_address: `${s.name[lang]}, ${c.zip ? `${c.zip} ` : ''}${c.name[lang]}, ${COUNTRY[lang].of(c.country)}`,
    provider_codes: [{ provider: 'uic', type: 'station', code: s.uic }],
    tz: c.tz,
  };
};

const airportPlace = (a: RefAirport, lang: Lang): Place => {
  const c = cityOf(a);
  return {
    ID: `airport:${a.iata}`,
    name: `${a.name[lang]} (${a.iata})`,
    description: `${KIND[lang].airport} · ${c.name[lang]}, ${COUNTRY[lang].of(a.country) ?? a.country}`,
    type: 'airport',
    lat: a.lat,
    lon: a.lon,
    city: c.name[lang],
    country: a.country,
    zip_code: c.zip ?? null,
    formatted_address: `${a.name[lang]}, ${c.name[lang]}, ${COUNTRY[lang].of(a.country)}`,
    provider_codes: [{ provider: 'iata', type: 'airport', code: a.iata }, ...(a.icao ? [{ provider: 'icao', type: 'airport', code: a.icao }] : [])],
    tz: a.tz,
  };
};

const wordsOf = (...texts: string[]) => {
  const words = new Set<string>();
  for (const text of texts)
    for (const w of normalize(text).split(' ')) {
      if (!w) continue;
      words.add(w);
      for (const alias of ALIASES[w] ?? []) words.add(alias);
    }
  return [...words];
};

function buildIndex(): Entry[] {
  const entries: Entry[] = [];
  for (const c of cities.values())
    entries.push({
      id: `city:${c.id}`,
      type: 'city',
      words: wordsOf(c.name.fr, c.name.en, c.iata ?? ''),
      names: [normalize(c.name.fr), normalize(c.name.en)],
      // Cities first for the same name: a traveller typing "Lyon" means the city.
      importance: Math.min(100, 40 + Math.log10(Math.max(c.population, 10)) * 9),
      build: (lang) => cityPlace(c, lang),
    });
  for (const s of stations) {
    const c = cityOf(s);
    entries.push({
      id: `station:${s.uic}`,
      type: 'station',
      words: wordsOf(s.name.fr, s.name.en, c.name.fr, c.name.en),
      names: [normalize(s.name.fr), normalize(s.name.en)],
      importance: s.importance,
      build: (lang) => stationPlace(s, lang),
    });
  }
  for (const a of airports) {
    const c = cityOf(a);
    entries.push({
      id: `airport:${a.iata}`,
      type: 'airport',
      words: wordsOf(a.name.fr, a.name.en, c.name.fr, c.name.en, a.iata),
      names: [normalize(a.name.fr), normalize(a.name.en), a.iata.toLowerCase()],
      importance: a.importance,
      build: (lang) => airportPlace(a, lang),
    });
  }
  return entries;
}

/** The ten French cities offered before anything is typed (spec 1 §3). */
export const SUGGESTED_CITIES = ['paris', 'lyon', 'marseille', 'bordeaux', 'lille', 'toulouse', 'nantes', 'strasbourg', 'nice', 'montpellier'];

/** Entries whose words start with `prefix`: a binary search over every (word, entry) pair, sorted. */
function wordIndex(index: Entry[]) {
  const pairs = index.flatMap((entry, i) => entry.words.map((word) => [word, i] as const)).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const words = pairs.map((p) => p[0]);
  return (prefix: string): Set<number> => {
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found = new Set<number>();
    for (let i = lo; i < words.length && words[i]!.startsWith(prefix); i++) found.add(pairs[i]![1]);
    return found;
  };
}

const CACHE_SIZE = 5_000;

/**
 * Place search: every query word must start a word of the place (its names, its city, its codes),
 * accents and case ignored; ranked by how the name starts, then by importance. Answers are
 * memoised (the reference data never changes while running), most recent first out last.
 */
export function sandboxPlaces(): PlaceDirectory {
  const index = buildIndex();
  const byId = new Map(index.map((e) => [e.id, e]));
  const startingWith = wordIndex(index);
  const built = { fr: new Map<string, Place>(), en: new Map<string, Place>() };
  const place = (entry: Entry, lang: Lang) => {
    let p = built[lang].get(entry.id);
    if (!p) built[lang].set(entry.id, (p = entry.build(lang)));
    return p;
  };
  const answers = new Map<string, Place[]>();
  return {
    search(q, types, lang, limit = 10) {
      const query = normalize(q);
      const tokens = query.split(' ').filter(Boolean);
      if (tokens.length === 0) return [];
      const key = `${lang}|${limit}|${types.join(',')}|${query}`;
      const known = answers.get(key);
      if (known) {
        answers.delete(key);
        answers.set(key, known);
        return known;
      }
      let candidates = startingWith(tokens[0]!);
      for (const t of tokens.slice(1)) {
        const next = startingWith(t);
        candidates = new Set([...candidates].filter((i) => next.has(i)));
      }
      const scored: { entry: Entry; score: number }[] = [];
      for (const i of candidates) {
        const entry = index[i]!;
        if (types.length && !types.includes(entry.type)) continue;
        let score = entry.importance;
        if (entry.names.some((n) => n === query)) score += 120;
        else if (entry.names.some((n) => n.startsWith(query))) score += 60;
        if (entry.type === 'city') score += 15;
        scored.push({ entry, score });
      }
      scored.sort((a, b) => b.score - a.score || a.entry.id.localeCompare(b.entry.id));
      const result = scored.slice(0, limit).map((s) => place(s.entry, lang));
      if (answers.size >= CACHE_SIZE) answers.delete(answers.keys().next().value!);
      answers.set(key, result);
      return result;
    },
    suggested(lang) {
      return SUGGESTED_CITIES.flatMap((id) => {
        const city = cities.get(id);
        return city ? [cityPlace(city, lang)] : [];
      });
    },
    byId(id, lang) {
      const entry = byId.get(id);
      if (entry) return place(entry, lang);
      // Codes alone are accepted too: 'station:8768600', 'airport:CDG' resolve above; bare UIC/IATA here.
      const s = stationByUic.get(id);
      if (s) return stationPlace(s, lang);
      const a = airportByIata.get(id.toUpperCase());
      return a ? airportPlace(a, lang) : undefined;
    },
    locate(point, lang) {
      const city = cityPlace(nearestCity(point), lang);
      return {
        ...city,
        ID: point.ID,
        name: point.name,
        type: 'stop_point',
        lat: point.lat,
        lon: point.lon,
        formatted_address: point.formatted_address,
        provider_codes: [],
      };
    },
  };
}
