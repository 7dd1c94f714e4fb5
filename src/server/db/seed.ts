import { count } from 'drizzle-orm';
import type { Db } from './client';
import type { CheckoutRules } from '../domain/company';
import { agencies, companies, entities, guests, users, type UserFlags } from './schema';
import { hashPassword, sha256 } from '../platform/secrets';
import { sanitizeAgencyHtml } from '../platform/html';

export const DEMO_PASSWORD = 'Escale2026!';
export const DEMO_API_KEY = 'demo-agency-key';

/** The demo agency's logo: its letter in a square and its name, fitted to the width whatever the font (textLength). */
const logo = (letter: string, color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><rect width="40" height="40" rx="8" fill="${color}"/><text x="20" y="28" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text><text x="50" y="27" font-family="system-ui,sans-serif" font-size="18" font-weight="600" fill="#0f172a" textLength="146" lengthAdjust="spacingAndGlyphs">Escale Voyages</text></svg>`,
  ).toString('base64')}`;

type DemoUser = {
  username: string;
  firstname: string;
  lastname: string;
  gender: 'MR' | 'MS';
  company: 'acme' | 'globex' | null;
  perms?: string[];
  flags?: UserFlags;
};

/** The demo world README lists. Idempotent: runs only on an empty database. */
export const DEMO_USERS: DemoUser[] = [
  { username: 'alice', firstname: 'Alice', lastname: 'Martin', gender: 'MS', company: 'acme', flags: { hasOpenJawSearchEnabled: true, canUseExpertMode: true } },
  { username: 'bob', firstname: 'Bob', lastname: 'Durand', gender: 'MR', company: 'acme', perms: ['approval'] },
  { username: 'carol', firstname: 'Carol', lastname: 'Petit', gender: 'MS', company: 'acme', perms: ['approval'] },
  { username: 'sam', firstname: 'Sam', lastname: 'Leroy', gender: 'MR', company: 'acme', perms: ['check_approval'], flags: { canApproveSafetyApproval: true } },
  { username: 'maya', firstname: 'Maya', lastname: 'Bernard', gender: 'MS', company: 'acme', perms: ['account_creation'] },
  { username: 'gus', firstname: 'Gus', lastname: 'Moreau', gender: 'MR', company: 'globex' },
  { username: 'tina', firstname: 'Tina', lastname: 'Garnier', gender: 'MS', company: null, perms: ['travel_agent'] },
  { username: 'arthur', firstname: 'Arthur', lastname: 'Roux', gender: 'MR', company: null, perms: ['assistance_agent'] },
];

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
    rail: { firstClassFromMinutes: 240, maxPriceByDistance: [{ upToKm: 300, maxPrice: 9_000 }, { upToKm: 600, maxPrice: 15_000 }, { upToKm: null, maxPrice: 25_000 }] },
    flight: { onlyAboveRailMinutes: 240, cabins: ['economy'] },
    hotel: { maxNightlyByCity: { paris: 15_000 }, maxNightly: 11_000 },
  },
};

/** Globex: mission orders, no approval, a stricter policy. */
export const GLOBEX_CHECKOUT: CheckoutRules = {
  analytics: [],
  missionOrders: true,
  chooseApprover: false,
  approval: 'never',
  policy: {
    rail: { firstClassFromMinutes: null, maxPriceByDistance: [{ upToKm: null, maxPrice: 20_000 }] },
    flight: { onlyAboveRailMinutes: 180, cabins: ['economy'] },
    hotel: { maxNightlyByCity: {}, maxNightly: 13_000 },
  },
};

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
        logo: logo('E', '#1d4ed8'),
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
    const [acme, globex] = await tx
      .insert(companies)
      .values([
        {
          agencyId: agency!.id,
          name: 'Acme Industries',
          config: { test: true, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
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
            'Train en 2de classe pour les trajets de moins de 4 h ; avion en économie au-delà. Hôtel : 150 € par nuit à Paris, 110 € ailleurs. Toute exception doit être justifiée.',
        },
        {
          agencyId: agency!.id,
          name: 'Globex Consulting',
          config: { test: false, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
          hotelEnabled: false,
          carrentalEnabled: false,
          checkoutRules: GLOBEX_CHECKOUT,
          travelPolicy: 'Train en 2de classe ; avion seulement au-delà de 3 h de train, en économie. Hôtel : 130 € par nuit.',
        },
      ])
      .returning();
    await tx.insert(entities).values([
      { companyId: acme!.id, name: 'Paris HQ' },
      { companyId: acme!.id, name: 'Lyon Plant' },
    ]);
    const companyId = { acme: acme!.id, globex: globex!.id };
    const inserted = await tx.insert(users).values(
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
    ).returning({ id: users.id, username: users.username });
    const alice = inserted.find((u) => u.username === 'alice')!;
    await tx.insert(guests).values([
      { ownerId: alice.id, gender: 'MR', firstname: 'Jean', lastname: 'Dupont', email: 'jean.dupont@partner.example', birthdate: '1979-03-14' },
      { ownerId: alice.id, gender: 'MS', firstname: 'Inès', lastname: 'Benali', email: 'ines.benali@partner.example', birthdate: '1992-09-30' },
    ]);
  });
  return true;
}
