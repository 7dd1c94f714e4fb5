import type { Lang } from '@contract/account';
import type { DocumentType } from '@contract/documents';
import type { DocumentWarning } from '@contract/trip';
import type { Journey } from './journey';

/**
 * Which identity document a trip needs and whether a traveller's recorded documents cover it
 *. A flight between two Schengen countries needs an ID card or a passport; a flight that
 * touches a country outside the Schengen area needs a passport; rail and domestic flights need
 * neither. The document must still be valid on the day the trip ends (the last arrival, local day).
 */

/** The Schengen area (2025: with Bulgaria and Romania). */
export const SCHENGEN: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CH',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);
/** French overseas departments: France for their own citizens' papers (an ID card is enough), though outside Schengen. */
const FRENCH_DEPARTMENTS: ReadonlySet<string> = new Set(['GP', 'MQ', 'GF', 'RE', 'YT']);
const countryOf = (code: string) => (FRENCH_DEPARTMENTS.has(code) ? 'FR' : code);

export type DocumentNeed = 'none' | 'identity' | 'passport';

/** What the trip's flights ask of every traveller. */
export function documentNeed(journeys: Journey[]): DocumentNeed {
  let need: DocumentNeed = 'none';
  for (const section of journeys.flatMap((j) => j.sections)) {
    if (section.transport.mode !== 'flight') continue;
    const [from, to] = [countryOf(section.from.country), countryOf(section.to.country)];
    if (from === to) continue;
    if (!SCHENGEN.has(from) || !SCHENGEN.has(to)) return 'passport';
    need = 'identity';
  }
  return need;
}

/** The last local day of the trip: its last arrival's date as the timetable writes it. */
export const tripEndDay = (journeys: Journey[]) => journeys.flatMap((j) => j.sections.map((s) => s.arrival.slice(0, 10))).reduce((a, b) => (b > a ? b : a), '');

/**
 * What the rules need of a recorded document; its number and nationality only when the traveller is
 * the caller (db/travel-documents.ts withDocuments), to prefill their own traveller step.
 */
export type HeldDocument = { type: DocumentType; expirationDate: string | null; number?: string; nationality?: string };

/** The traveller's passport valid until the trip ends (the longest-lasting), whose number and nationality they recorded; null otherwise. */
export function passportFor(journeys: Journey[], documents: HeldDocument[]): (HeldDocument & { number: string; nationality: string }) | null {
  const end = tripEndDay(journeys);
  const valid = documents.filter(
    (d): d is HeldDocument & { number: string; nationality: string } =>
      d.type === 'passport' && !!d.number && !!d.nationality && (d.expirationDate === null || d.expirationDate >= end),
  );
  return valid.reduce<(typeof valid)[number] | null>((a, b) => (a === null || (b.expirationDate ?? '9999') > (a.expirationDate ?? '9999') ? b : a), null);
}

const T = {
  fr: {
    PASSPORT_MISSING: 'Ce vol sort de l’espace Schengen : il faut un passeport, et aucun n’est enregistré pour ce voyageur.',
    IDENTITY_DOCUMENT_MISSING: 'Ce vol est international : il faut une carte d’identité ou un passeport, et aucun n’est enregistré pour ce voyageur.',
    expires: (type: DocumentType, expiry: string, end: string) =>
      `${type === 'id_card' ? 'La carte d’identité enregistrée' : 'Le passeport enregistré'} expire le ${expiry}, avant la fin du voyage (${end}).`,
  },
  en: {
    PASSPORT_MISSING: 'This flight leaves the Schengen area: a passport is required, and none is recorded for this traveller.',
    IDENTITY_DOCUMENT_MISSING: 'This is an international flight: an ID card or a passport is required, and none is recorded for this traveller.',
    expires: (type: DocumentType, expiry: string, end: string) =>
      `${type === 'id_card' ? 'The ID card' : 'The passport'} on record expires on ${expiry}, before the end of the trip (${end}).`,
  },
};

const dayText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The warnings a traveller sees for these journeys: the needed document is missing, or every one
 * they have expires before the trip ends (named by the one that lasts longest). None when covered.
 */
export function documentWarnings(journeys: Journey[], documents: HeldDocument[], lang: Lang): DocumentWarning[] {
  const need = documentNeed(journeys);
  if (need === 'none') return [];
  const t = T[lang];
  const fitting = documents.filter((d) => d.type === 'passport' || (need === 'identity' && d.type === 'id_card'));
  if (fitting.length === 0) {
    const code = need === 'passport' ? 'PASSPORT_MISSING' : 'IDENTITY_DOCUMENT_MISSING';
    return [{ code, message: t[code], expiration_date: null }];
  }
  const end = tripEndDay(journeys);
  if (fitting.some((d) => d.expirationDate === null || d.expirationDate >= end)) return [];
  const longest = fitting.reduce((a, b) => ((b.expirationDate ?? '') > (a.expirationDate ?? '') ? b : a));
  const expiry = longest.expirationDate!;
  return [{ code: 'DOCUMENT_EXPIRES_BEFORE_RETURN', message: t.expires(longest.type, dayText(expiry), dayText(end)), expiration_date: expiry }];
}
