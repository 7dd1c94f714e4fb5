import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import type { CheckoutRules } from '../domain/company';
import { agencies, companies, entities, guests, users, type UserFlags } from './schema';
import { hashPassword, newToken, sha256, verifyPassword } from '../platform/secrets';
import { sanitizeAgencyHtml } from '../platform/html';
import { ALPINE_PRIVACY, ESCALE_PRIVACY } from './seed-privacy';

export const DEMO_PASSWORD = 'Escale2026!';
export const DEMO_API_KEY = 'demo-agency-key';

/**
 * A demo agency's logo: its letter in a square and its name, fitted to the width whatever the font
 * (textLength); a name with a tagline takes two lines, each short enough to fit without stretching.
 */
const logo = (letter: string, color: string, name: string, tagline?: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><rect width="40" height="40" rx="8" fill="${color}"/><text x="20" y="28" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text>${
      tagline
        ? `<text x="50" y="18" font-family="system-ui,sans-serif" font-size="17" font-weight="700" fill="#0f172a">${name}</text><text x="50" y="34" font-family="system-ui,sans-serif" font-size="12" font-weight="600" fill="${color}">${tagline}</text>`
        : `<text x="50" y="27" font-family="system-ui,sans-serif" font-size="18" font-weight="600" fill="#0f172a" textLength="146" lengthAdjust="spacingAndGlyphs">${name}</text>`
    }</svg>`,
  ).toString('base64')}`;

type DemoUser = {
  username: string;
  firstname: string;
  lastname: string;
  gender: 'MR' | 'MS';
  company: 'acme' | 'globex' | 'umbrella' | null;
  perms?: string[];
  flags?: UserFlags;
};

/** The demo world README lists. Idempotent: runs only on an empty database. */
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'alice',
    firstname: 'Alice',
    lastname: 'Martin',
    gender: 'MS',
    company: 'acme',
    flags: { hasOpenJawSearchEnabled: true, canUseExpertMode: true },
  },
  { username: 'bob', firstname: 'Bob', lastname: 'Durand', gender: 'MR', company: 'acme', perms: ['approval'] },
  { username: 'carol', firstname: 'Carol', lastname: 'Petit', gender: 'MS', company: 'acme', perms: ['approval'] },
  { username: 'sam', firstname: 'Sam', lastname: 'Leroy', gender: 'MR', company: 'acme', perms: ['check_approval'], flags: { canApproveSafetyApproval: true } },
  { username: 'maya', firstname: 'Maya', lastname: 'Bernard', gender: 'MS', company: 'acme', perms: ['account_creation'] },
  { username: 'gus', firstname: 'Gus', lastname: 'Moreau', gender: 'MR', company: 'globex' },
  // Umbrella enforces its single sign-on: she signs in only through its provider, which manages her name and password.
  {
    username: 'ursula',
    firstname: 'Ursula',
    lastname: 'Ashford',
    gender: 'MS',
    company: 'umbrella',
    flags: { isPwdChangeDisabled: true, isUsernameChangeDisabled: true },
  },
  { username: 'tina', firstname: 'Tina', lastname: 'Garnier', gender: 'MS', company: null, perms: ['travel_agent'] },
  { username: 'arthur', firstname: 'Arthur', lastname: 'Roux', gender: 'MR', company: null, perms: ['assistance_agent'] },
  { username: 'adele', firstname: 'Adèle', lastname: 'Martin', gender: 'MS', company: null, perms: ['agency_admin'] },
];

/**
 * Hotel nightly caps per room by city class: Paris 180 €, the other large French cities and
 * the big foreign capitals 130 €, elsewhere 100 €. Keys are reference city ids.
 */
export const LARGE_CITIES = [
  'lyon',
  'marseille',
  'bordeaux',
  'lille',
  'toulouse',
  'nice',
  'nantes',
  'strasbourg',
  'montpellier',
  'rennes',
  'london',
  'berlin',
  'madrid',
  'rome',
  'brussels',
  'amsterdam',
  'vienna',
  'lisbon',
  'prague',
  'warsaw',
  'dublin',
  'copenhagen',
  'stockholm',
  'budapest',
  'athens',
  'new-york',
  'tokyo',
];
export const HOTEL_CAPS = { paris: 18_000, large: 13_000, elsewhere: 10_000 };
const hotelCaps = () => ({
  maxNightlyByCity: { paris: HOTEL_CAPS.paris, ...Object.fromEntries(LARGE_CITIES.map((c) => [c, HOTEL_CAPS.large])) },
  maxNightly: HOTEL_CAPS.elsewhere,
});

/** Acme: analytics (with a traveller field), an approver to choose, approval always, a travel policy. */
export const ACME_CHECKOUT: CheckoutRules = {
  analytics: [
    {
      name: 'cost_center',
      label: { fr: 'Centre de coûts', en: 'Cost centre' },
      level: 'travel',
      required: true,
      values: ['Marketing', 'R&D', 'Ventes', 'Opérations'],
      valueCodes: ['MKT', 'RND', 'SAL', 'OPS'],
    },
    {
      name: 'project_code',
      label: { fr: 'Code projet', en: 'Project code' },
      level: 'travel',
      required: false,
      regex: '^PRJ-[0-9]{4}$',
      regexDesc: { fr: 'Au format PRJ-0000.', en: 'In the form PRJ-0000.' },
    },
    {
      name: 'employee_number',
      label: { fr: 'Matricule', en: 'Employee number' },
      level: 'traveler',
      required: false,
      regex: '^[0-9]{6}$',
      regexDesc: { fr: 'Six chiffres.', en: 'Six digits.' },
    },
  ],
  missionOrders: false,
  chooseApprover: true,
  approval: 'always',
  policy: {
    rail: {
      firstClassFromMinutes: 240,
      maxPriceByDistance: [
        { upToKm: 300, maxPrice: 9_000 },
        { upToKm: 600, maxPrice: 15_000 },
        { upToKm: null, maxPrice: 25_000 },
      ],
    },
    flight: { onlyAboveRailMinutes: 240, cabins: ['economy'] },
    hotel: hotelCaps(),
    car: { categories: ['Citadine', 'Compact', 'Berline', 'SUV', 'Monospace', 'Utilitaire'], maxDaily: 9_000 },
  },
};

/** Globex: mission orders, no approval, a stricter policy; its travellers pay on the company's account or by card. */
export const GLOBEX_CHECKOUT: CheckoutRules = {
  analytics: [],
  missionOrders: true,
  chooseApprover: false,
  approval: 'never',
  payment: { card: true },
  policy: {
    rail: { firstClassFromMinutes: null, maxPriceByDistance: [{ upToKm: null, maxPrice: 20_000 }] },
    flight: { onlyAboveRailMinutes: 180, cabins: ['economy'] },
    hotel: hotelCaps(),
  },
};

/** The second demo agency: its own deployment, found by its Api-Key, on its own host name (config.ts). */
export const ALPINE_API_KEY = 'alpine-agency-key';
export const ALPINE_HOST = 'alpine.localhost';

/** Initech, Alpine's customer: every travel goes to an approver (olga), under a travel policy. */
export const INITECH_CHECKOUT: CheckoutRules = {
  analytics: [],
  missionOrders: false,
  chooseApprover: true,
  approval: 'always',
  policy: {
    rail: { firstClassFromMinutes: 180, maxPriceByDistance: [{ upToKm: null, maxPrice: 20_000 }] },
    flight: { onlyAboveRailMinutes: 300, cabins: ['economy'] },
    hotel: hotelCaps(),
  },
};

/** Alpine's users: Initech's employee and its approver. */
export const ALPINE_USERS = [
  { username: 'ivan', firstname: 'Ivan', lastname: 'Girard', gender: 'MR', perms: [] },
  { username: 'olga', firstname: 'Olga', lastname: 'Fontaine', gender: 'MS', perms: ['approval'] },
] as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Alpine Business Travel and its world: nothing of it is Escale Voyages' (test/security/cross-agency.test.ts). */
async function seedAlpine(tx: Tx, passwordHash: string) {
  const [agency] = await tx
    .insert(agencies)
    .values({
      name: 'Alpine Business Travel',
      apiKeyHash: sha256(ALPINE_API_KEY),
      webKey: ALPINE_API_KEY,
      logo: logo('A', '#166534', 'Alpine', 'Business Travel'),
      brandColor: '#166534',
      accentColor: '#b45309',
      info: {
        fr: {
          title: 'Alpine Business Travel, à Grenoble',
          html: sanitizeAgencyHtml(
            '<p>Vos conseillers alpins vous répondent 7 jours sur 7, de 7 h à 21 h, au <a href="tel:+33400000000">04 00 00 00 00</a> ou à <a href="mailto:conseil@alpine-business-travel.example">conseil@alpine-business-travel.example</a>.</p>',
          ),
        },
        en: {
          title: 'Alpine Business Travel, in Grenoble',
          html: sanitizeAgencyHtml(
            '<p>Your Alpine advisers answer 7 days a week, 7 am to 9 pm, on <a href="tel:+33400000000">+33 4 00 00 00 00</a> or at <a href="mailto:conseil@alpine-business-travel.example">conseil@alpine-business-travel.example</a>.</p>',
          ),
        },
      },
      supportEmail: 'conseil@alpine-business-travel.example',
      privacyPolicy: ALPINE_PRIVACY,
      communications: [
        {
          id: 'search-winter',
          support: 'search',
          companyId: null,
          entityId: null,
          level: 'info',
          message: {
            fr: 'Saison d’hiver : les trains du week-end vers les Alpes se remplissent vite, réservez tôt.',
            en: 'Winter season: weekend trains to the Alps fill up fast, book early.',
          },
        },
        {
          id: 'cart-snow',
          support: 'cart',
          companyId: null,
          entityId: null,
          level: 'warning',
          message: {
            fr: 'Chutes de neige annoncées en Savoie : des trains régionaux peuvent être retardés.',
            en: 'Snowfall forecast in Savoie: regional trains may be delayed.',
          },
        },
      ],
      // After an add to cart, straight to the cart, showing the travel being built.
      features: { redirectToCart: true, cartWithTravelID: true },
    })
    .returning();
  const [initech] = await tx
    .insert(companies)
    .values({
      agencyId: agency!.id,
      name: 'Initech',
      config: { test: true, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
      // Its travellers leave from the office, may change a search from its results, and go back to their intranet after booking.
      features: {
        locationPrefilledSearch: true,
        enableEditSearchButton: true,
        customUrlPostReservation: { url: 'https://intranet.initech.example/voyages', label: 'Intranet Initech' },
      },
      hotelEnabled: true,
      carrentalEnabled: true,
      checkoutRules: INITECH_CHECKOUT,
      suggestedAddresses: [
        {
          ID: 'address:initech-grenoble',
          name: 'Initech – Grenoble',
          description: 'Adresse de l’entreprise · Grenoble',
          type: 'stop_point',
          lat: 45.1911,
          lon: 5.7143,
          city: 'Grenoble',
          country: 'FR',
          zip_code: '38000',
          formatted_address: '5 place de la Gare, 38000 Grenoble, France',
          provider_codes: [],
        },
      ],
      travelPolicy:
        'Train en 2de classe sous 3 h, 200 € au plus ; avion en économie seulement au-delà de 5 h de train. Hôtel : 180 € par nuit à Paris, 130 € dans les grandes villes, 100 € ailleurs. Chaque voyage est validé par Olga Fontaine.',
    })
    .returning();
  await tx.insert(users).values(
    ALPINE_USERS.map((u) => ({
      agencyId: agency!.id,
      companyId: initech!.id,
      username: u.username,
      email: `${u.username}@initech.example`,
      passwordHash,
      gender: u.gender,
      firstname: u.firstname,
      lastname: u.lastname,
      phone: '0611020304',
      perms: [...u.perms],
      status: 'active' as const,
      activatedAt: new Date(),
    })),
  );
}

export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(agencies);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({
        name: 'Escale Voyages',
        apiKeyHash: sha256(DEMO_API_KEY),
        webKey: DEMO_API_KEY,
        logo: logo('E', '#1d4ed8', 'Escale Voyages'),
        brandColor: '#1d4ed8',
        accentColor: '#0f766e',
        info: {
          fr: {
            title: 'Votre agence Escale Voyages',
            html: sanitizeAgencyHtml(
              '<p>Notre équipe vous répond du lundi au vendredi, de 8 h à 19 h, au <a href="tel:+33100000000">01 00 00 00 00</a> ou par e-mail à <a href="mailto:support@escale-voyages.example">support@escale-voyages.example</a>.</p>',
            ),
          },
          en: {
            title: 'Your agency Escale Voyages',
            html: sanitizeAgencyHtml(
              '<p>Our team answers Monday to Friday, 8 am to 7 pm, on <a href="tel:+33100000000">+33 1 00 00 00 00</a> or by e-mail at <a href="mailto:support@escale-voyages.example">support@escale-voyages.example</a>.</p>',
            ),
          },
        },
        supportEmail: 'support@escale-voyages.example',
        privacyPolicy: ESCALE_PRIVACY,
        communications: [
          {
            id: 'cart-strike',
            support: 'cart',
            companyId: null,
            entityId: null,
            level: 'warning',
            message: {
              fr: 'Mouvement social annoncé sur certaines lignes régionales : vérifiez vos horaires avant de partir.',
              en: 'Industrial action announced on some regional lines: check your times before you leave.',
            },
          },
        ],
      })
      .returning();
    const [acme, globex, umbrella] = await tx
      .insert(companies)
      .values([
        {
          agencyId: agency!.id,
          name: 'Acme Industries',
          config: {
            test: true,
            airOfflineCancellation: false,
            railOfflineCancellation: false,
            travelAgency: { hasMultipaxSearchDisabled: false },
            preferredRenters: ['EP', 'SX'],
            negotiatedRenters: ['EP'],
            negotiatedHotelChains: ['RT'],
          },
          // Its travellers may change a search from its results (spec 1 §2 enableEditSearchButton).
          features: { enableEditSearchButton: true },
          hotelEnabled: true,
          carrentalEnabled: true,
          checkoutRules: ACME_CHECKOUT,
          suggestedAddresses: [
            {
              ID: 'address:acme-paris-hq',
              name: 'Acme – Paris HQ',
              description: 'Adresse de l’entreprise · Paris',
              type: 'stop_point',
              lat: 48.8412,
              lon: 2.3876,
              city: 'Paris',
              country: 'FR',
              zip_code: '75012',
              formatted_address: '40 avenue Daumesnil, 75012 Paris, France',
              provider_codes: [],
            },
            {
              ID: 'address:acme-lyon-plant',
              name: 'Acme – Lyon Plant',
              description: 'Adresse de l’entreprise · Vénissieux',
              type: 'stop_point',
              lat: 45.7075,
              lon: 4.8867,
              city: 'Vénissieux',
              country: 'FR',
              zip_code: '69200',
              formatted_address: '12 boulevard Irène-Joliot-Curie, 69200 Vénissieux, France',
              provider_codes: [],
            },
          ],
          travelPolicy:
            'Train en 2de classe pour les trajets de moins de 4 h ; avion en économie au-delà. Hôtel : 180 € par nuit à Paris, 130 € dans les grandes villes et capitales, 100 € ailleurs. Location de voiture : citadine à SUV, 90 € par jour au plus. Toute exception doit être justifiée.',
        },
        {
          agencyId: agency!.id,
          name: 'Globex Consulting',
          config: { test: false, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
          hotelEnabled: false,
          carrentalEnabled: false,
          checkoutRules: GLOBEX_CHECKOUT,
          // Its users sign in through the demo OpenID Connect provider this server runs at /oidc (features/sso).
          sso: { segment: 'globex', issuer: '/oidc', clientId: 'escale-globex', clientSecret: newToken(), scopes: 'openid email profile' },
          travelPolicy:
            'Train en 2de classe ; avion seulement au-delà de 3 h de train, en économie. Hôtel : 180 € par nuit à Paris, 130 € dans les grandes villes, 100 € ailleurs.',
        },
        {
          agencyId: agency!.id,
          name: 'Umbrella Corporation',
          config: { test: false, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
          hotelEnabled: false,
          carrentalEnabled: false,
          checkoutRules: GLOBEX_CHECKOUT,
          // Through the same demo provider as Globex, but enforced: no password sign-in, reset or sign-up for its users.
          sso: {
            segment: 'umbrella',
            issuer: '/oidc',
            clientId: 'escale-umbrella',
            clientSecret: newToken(),
            scopes: 'openid email profile',
            enforced: true,
          },
        },
      ])
      .returning();
    await tx.insert(entities).values([
      { companyId: acme!.id, name: 'Paris HQ' },
      { companyId: acme!.id, name: 'Lyon Plant' },
    ]);
    const companyId = { acme: acme!.id, globex: globex!.id, umbrella: umbrella!.id };
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          agencyId: agency!.id,
          companyId: u.company ? companyId[u.company] : null,
          username: u.username,
          email: `${u.username}@${u.company ?? 'escale-voyages'}.example`,
          passwordHash,
          gender: u.gender,
          firstname: u.firstname,
          lastname: u.lastname,
          phone: '0601020304',
          perms: u.perms ?? [],
          flags: u.flags ?? {},
          status: 'active' as const,
          activatedAt: new Date(),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const alice = inserted.find((u) => u.username === 'alice')!;
    await tx.insert(guests).values([
      { ownerId: alice.id, gender: 'MR', firstname: 'Jean', lastname: 'Dupont', email: 'jean.dupont@partner.example', birthdate: '1979-03-14' },
      { ownerId: alice.id, gender: 'MS', firstname: 'Inès', lastname: 'Benali', email: 'ines.benali@partner.example', birthdate: '1992-09-30' },
    ]);
    await seedAlpine(tx, passwordHash);
  });
  return true;
}

/**
 * The demo users (by their seeded usernames, in any agency) who are still active and still sign in
 * with the public demo password: a production server refuses to start while there is one (main.ts).
 */
export async function demoUsersWithDemoPassword(db: Db): Promise<string[]> {
  const usernames = [...DEMO_USERS, ...ALPINE_USERS].map((u) => u.username.toLowerCase());
  const candidates = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, usernames), eq(users.status, 'active')));
  const open: string[] = [];
  for (const user of candidates) if (await verifyPassword(user.passwordHash, DEMO_PASSWORD)) open.push(user.username);
  return [...new Set(open)].sort();
}
