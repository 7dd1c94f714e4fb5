import type { Lang } from '@contract/account';

/**
 * The privacy policy of an agency that wrote none (spec 3 §9 "Privacy policy", version February
 * 2022): the account is mandatory; identity and order data kept 3 years, prospects' 1 year,
 * connection logs 18 months, cookies 13 months; data passed to carriers and partners; the rights of
 * access, correction, erasure, opposition and portability.
 */
export function defaultPolicy(lang: Lang, agency: string): { title: string; version: string; html: string } {
  if (lang === 'en')
    return {
      title: 'Privacy policy',
      version: 'February 2022',
      html: [
        `<p>${agency} books your business travels. To do so it processes personal data about you, as this policy explains.</p>`,
        '<h3>Your account</h3>',
        '<p>An account is mandatory to book: it holds your identity, your contact details and the travels you book.</p>',
        '<h3>How long we keep your data</h3>',
        '<ul><li>Identity and order data: 3 years after your last booking.</li><li>Data of prospects: 1 year.</li><li>Connection logs: 18 months.</li><li>Cookies: 13 months.</li></ul>',
        '<h3>Who receives it</h3>',
        '<p>The carriers, hotels, car renters and partners that carry out your bookings receive the data each booking needs.</p>',
        '<h3>Your rights</h3>',
        '<p>You have the rights of access, correction, erasure, opposition and portability. In your personal space you can delete your optional data or your whole account; booked travels and invoices are then kept for the 3 years the law requires, detached from any account.</p>',
      ].join(''),
    };
  return {
    title: 'Politique de confidentialité',
    version: 'février 2022',
    html: [
      `<p>${agency} réserve vos déplacements professionnels. Pour cela, elle traite des données personnelles vous concernant, comme l’explique cette politique.</p>`,
      '<h3>Votre compte</h3>',
      '<p>Un compte est obligatoire pour réserver : il contient votre identité, vos coordonnées et les voyages que vous réservez.</p>',
      '<h3>Combien de temps nous gardons vos données</h3>',
      '<ul><li>Données d’identité et de commande : 3 ans après votre dernière réservation.</li><li>Données des prospects : 1 an.</li><li>Journaux de connexion : 18 mois.</li><li>Cookies : 13 mois.</li></ul>',
      '<h3>Qui les reçoit</h3>',
      '<p>Les transporteurs, hôtels, loueurs et partenaires qui exécutent vos réservations reçoivent les données dont chaque réservation a besoin.</p>',
      '<h3>Vos droits</h3>',
      '<p>Vous disposez des droits d’accès, de rectification, d’effacement, d’opposition et de portabilité. Dans votre espace, vous pouvez supprimer vos données facultatives ou tout votre compte ; les voyages réservés et leurs factures sont alors conservés pendant les 3 ans exigés par la loi, détachés de tout compte.</p>',
    ].join(''),
  };
}
