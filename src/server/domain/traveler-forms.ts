import type { Lang } from '@contract/account';
import type { FormField } from '@contract/trip';
import { EMAIL_RE, NAME_RE, PHONE_RE } from '@contract/validation';
import type { Journey } from './journey';
import { documentWarnings, passportFor, type HeldDocument } from './travel-documents';

/**
 * What the traveller step asks (spec 2 "Traveller-information step"): identity for every ticket,
 * one booking contact copied to all travellers, and a travel document when a flight leaves the EU.
 */
const T = {
  fr: {
    identity: 'Identité',
    contact: 'Contact',
    document: 'Document de voyage',
    gender: 'Civilité',
    mr: 'Monsieur',
    ms: 'Madame',
    firstname: 'Prénom',
    lastname: 'Nom',
    birthdate: 'Date de naissance',
    email: 'E-mail de contact',
    phone: 'Téléphone de contact',
    nationality: 'Nationalité',
    number: 'Numéro du passeport',
    expiry: 'Date d’expiration',
    name: 'Lettres, espaces, apostrophes et tirets uniquement',
    emailDesc: 'Une adresse e-mail au format nom@domaine.fr',
    phoneDesc: 'Votre numéro doit être au format 0XXXXXXXXX',
    docDesc: 'Lettres majuscules et chiffres (5 à 20)',
    date: 'JJ/MM/AAAA',
    position: 'Placement',
    window: 'Fenêtre',
    aisle: 'Couloir',
    any: 'Sans préférence',
    deck: 'Salle',
    upper: 'Haute',
    lower: 'Basse',
    seat: 'Siège',
    meal: 'Repas',
    standard: 'Standard',
    vegetarian: 'Végétarien',
  },
  en: {
    identity: 'Identity',
    contact: 'Contact',
    document: 'Travel document',
    gender: 'Title',
    mr: 'Mr',
    ms: 'Ms',
    firstname: 'First name',
    lastname: 'Last name',
    birthdate: 'Date of birth',
    email: 'Contact e-mail',
    phone: 'Contact phone',
    nationality: 'Nationality',
    number: 'Passport number',
    expiry: 'Expiry date',
    name: 'Letters, spaces, apostrophes and hyphens only',
    emailDesc: 'An e-mail address like name@domain.com',
    phoneDesc: 'Your number must look like 0XXXXXXXXX',
    docDesc: 'Capital letters and digits (5 to 20)',
    date: 'DD/MM/YYYY',
    position: 'Seat position',
    window: 'Window',
    aisle: 'Aisle',
    any: 'No preference',
    deck: 'Deck',
    upper: 'Upper',
    lower: 'Lower',
    seat: 'Seat',
    meal: 'Meal',
    standard: 'Standard',
    vegetarian: 'Vegetarian',
  },
};

/** The one name rule (contract/validation.ts); the forms' patterns are read with the `u` flag. */
const NAME_PATTERN = NAME_RE.source;
const EU = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'CH',
  'NO',
  'IS',
  'LI',
]);

const field = (f: Partial<FormField> & Pick<FormField, 'name' | 'label' | 'type'>): FormField => ({
  placeholder: null,
  required: false,
  regex: null,
  regexDesc: null,
  options: null,
  disabled: false,
  value: null,
  linkedWith: null,
  ...f,
});

export const needsTravelDocument = (journeys: Journey[]) =>
  journeys.some((j) => j.mode === 'flight' && j.sections.some((s) => !EU.has(s.from.country) || !EU.has(s.to.country)));

/** What is known of a traveller picked by name (a colleague or a guest): it prefills their identity. */
export type KnownPerson = { gender: 'MR' | 'MS' | null; firstname: string; lastname: string; birthdate: string | null };
export type TravelerRef = { id: number; profile_id?: string | null; guest_id?: string | null };
/** Whether a traveller is named by an id that is neither the booker's own nor one of the people they may book for (`known`). */
export const namesStranger = (travelers: TravelerRef[], user: { id: string } | null, known: Map<string, KnownPerson>) =>
  travelers.some((t) => (t.profile_id && t.profile_id !== user?.id && !known.has(`p:${t.profile_id}`)) || (t.guest_id && !known.has(`g:${t.guest_id}`)));

/** The signed-in user filling the step: they prefill their own identity and the booking contact. */
/** `documents`: their recorded identity documents, when the journeys need one (db/travel-documents.ts withDocuments): the form warns of what they lack. */
export type Booker = KnownPerson & { id: string; email: string; phone: string | null; documents?: HeldDocument[] };

export function travelerForms(journeys: Journey[], travelers: TravelerRef[], user: Booker | null, lang: Lang, known = new Map<string, KnownPerson>()) {
  const t = T[lang];
  const flight = journeys.some((j) => j.mode === 'flight');
  const document = needsTravelDocument(journeys);
  const countries = new Intl.DisplayNames([lang], { type: 'region' });
  return travelers.map((traveler, i) => {
    const me = user && (traveler.profile_id === user.id || (!traveler.profile_id && !traveler.guest_id && i === 0)) ? user : null;
    const person = me ?? known.get(`p:${traveler.profile_id}`) ?? known.get(`g:${traveler.guest_id}`) ?? null;
    const leader = i === 0;
    const identity = [
      field({
        name: 'gender',
        label: t.gender,
        type: 'radio',
        required: true,
        value: person?.gender ?? null,
        options: [
          { value: 'MR', label: t.mr },
          { value: 'MS', label: t.ms },
        ],
      }),
      field({ name: 'firstname', label: t.firstname, type: 'text', required: true, regex: NAME_PATTERN, regexDesc: t.name, value: person?.firstname ?? null }),
      field({ name: 'lastname', label: t.lastname, type: 'text', required: true, regex: NAME_PATTERN, regexDesc: t.name, value: person?.lastname ?? null }),
      field({ name: 'birthdate', label: t.birthdate, type: 'date', required: flight, value: person?.birthdate ?? null, placeholder: t.date }),
    ];
    const contact = [
      field({
        name: 'contact_email',
        label: t.email,
        type: 'text',
        required: true,
        regex: EMAIL_RE.source,
        regexDesc: t.emailDesc,
        value: me?.email ?? null,
        linkedWith: { type: 'overwrite', isLeader: leader, followerNames: leader ? ['contact_email'] : [] },
        disabled: !leader,
      }),
      field({
        name: 'contact_phone',
        label: t.phone,
        type: 'text',
        required: flight,
        regex: PHONE_RE.source,
        regexDesc: t.phoneDesc,
        value: me?.phone ?? null,
        linkedWith: { type: 'overwrite', isLeader: leader, followerNames: leader ? ['contact_phone'] : [] },
        disabled: !leader,
      }),
    ];
    const groups = [
      { label: t.identity, isNested: false, group: 'identity', fields: identity },
      { label: t.contact, isNested: false, group: 'contact', fields: contact },
    ];
    // The traveller's own recorded passport, valid until the trip ends, fills the document.
    const passport = document && me?.documents ? passportFor(journeys, me.documents) : null;
    const offered = [...EU, 'GB', 'US', 'CA'];
    if (document)
      groups.push({
        label: t.document,
        isNested: true,
        group: 'document',
        fields: [
          field({
            name: 'nationality',
            label: t.nationality,
            type: 'list',
            required: true,
            options: offered.map((c) => ({ value: c, label: countries.of(c) ?? c })),
            value: passport && offered.includes(passport.nationality) ? passport.nationality : null,
          }),
          field({
            name: 'document_number',
            label: t.number,
            type: 'text',
            required: true,
            regex: '^[A-Z0-9]{5,20}$',
            regexDesc: t.docDesc,
            value: passport?.number ?? null,
          }),
          field({ name: 'document_expiry', label: t.expiry, type: 'date', required: true, placeholder: t.date, value: passport?.expirationDate ?? null }),
        ],
      });
    const warnings = me?.documents ? documentWarnings(journeys, me.documents, lang) : [];
    return {
      travelerID: traveler.id,
      guestID: traveler.guest_id ?? null,
      profileID: traveler.profile_id ?? (me ? me.id : null),
      cards: [],
      fieldsGroups: groups,
      documentWarnings: warnings,
    };
  });
}

export function placementOptions(journeys: Journey[], lang: Lang) {
  const t = T[lang];
  const any = { value: 'any', label: t.any };
  const placement = [];
  if (journeys.some((j) => j.mode === 'rail')) {
    placement.push({ name: 'position', label: t.position, options: [any, { value: 'window', label: t.window }, { value: 'aisle', label: t.aisle }] });
    if (journeys.some((j) => j.sections.some((s) => /Duplex/.test(s.transport.model))))
      placement.push({ name: 'deck', label: t.deck, options: [any, { value: 'upper', label: t.upper }, { value: 'lower', label: t.lower }] });
  }
  if (journeys.some((j) => j.mode === 'flight')) {
    placement.push({ name: 'seat', label: t.seat, options: [any, { value: 'window', label: t.window }, { value: 'aisle', label: t.aisle }] });
    placement.push({
      name: 'meal',
      label: t.meal,
      options: [
        { value: 'standard', label: t.standard },
        { value: 'vegetarian', label: t.vegetarian },
      ],
    });
  }
  return placement;
}
