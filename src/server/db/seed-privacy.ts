import type { AgencyPrivacyPolicy } from './schema';

/**
 * The demo agencies' own privacy policies (features/privacy), in French and English. Their
 * HTML is sanitised when read (platform/html.ts), like any agency-written text.
 */

const policy = (p: { agency: string; city: string; dpo: string; version: { fr: string; en: string } }): AgencyPrivacyPolicy => ({
  fr: {
    title: `Politique de confidentialité de ${p.agency}`,
    version: p.version.fr,
    html: [
      `<p>${p.agency} (${p.city}) réserve les déplacements professionnels de ses clients. Cette politique dit quelles données nous traitons, pourquoi et combien de temps.</p>`,
      '<h3>Votre compte</h3>',
      '<p>Un compte est obligatoire pour réserver : il contient votre identité, vos coordonnées, vos besoins d’accessibilité si vous les indiquez, vos cartes et pièces d’identité, et vos voyages.</p>',
      '<h3>Durées de conservation</h3>',
      '<ul><li>Données d’identité et de commande : 3 ans.</li><li>Données des prospects : 1 an.</li><li>Journaux de connexion : 18 mois.</li><li>Cookies : 13 mois.</li></ul>',
      '<h3>Destinataires</h3>',
      '<p>Les transporteurs, hôtels, loueurs et partenaires qui exécutent vos réservations reçoivent les données nécessaires à chacune.</p>',
      '<h3>Vos droits</h3>',
      `<p>Accès, rectification, effacement, opposition et portabilité : écrivez à <a href="mailto:${p.dpo}">${p.dpo}</a>, ou supprimez vous-même vos données facultatives ou votre compte depuis « Données personnelles ». Les voyages réservés et leurs factures sont conservés 3 ans, détachés de votre compte, comme la loi l’exige.</p>`,
    ].join(''),
  },
  en: {
    title: `${p.agency} privacy policy`,
    version: p.version.en,
    html: [
      `<p>${p.agency} (${p.city}) books its customers’ business travels. This policy says which data we process, why, and for how long.</p>`,
      '<h3>Your account</h3>',
      '<p>An account is mandatory to book: it holds your identity, your contact details, your accessibility needs if you give them, your cards and identity documents, and your travels.</p>',
      '<h3>How long we keep data</h3>',
      '<ul><li>Identity and order data: 3 years.</li><li>Data of prospects: 1 year.</li><li>Connection logs: 18 months.</li><li>Cookies: 13 months.</li></ul>',
      '<h3>Who receives it</h3>',
      '<p>The carriers, hotels, car renters and partners that carry out your bookings receive the data each of them needs.</p>',
      '<h3>Your rights</h3>',
      `<p>Access, correction, erasure, opposition and portability: write to <a href="mailto:${p.dpo}">${p.dpo}</a>, or delete your optional data or your account yourself from “Personal data”. Booked travels and their invoices are kept for 3 years, detached from your account, as the law requires.</p>`,
    ].join(''),
  },
});

export const ESCALE_PRIVACY = policy({
  agency: 'Escale Voyages',
  city: 'Paris',
  dpo: 'dpo@escale-voyages.example',
  version: { fr: 'février 2022', en: 'February 2022' },
});
export const ALPINE_PRIVACY = policy({
  agency: 'Alpine Business Travel',
  city: 'Grenoble',
  dpo: 'rgpd@alpine-business-travel.example',
  version: { fr: 'mars 2024', en: 'March 2024' },
});
