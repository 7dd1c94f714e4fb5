import type { Lang } from '@contract/account';
import { detailedMail } from '@server/platform/mail';

/** The privacy feature's e-mails, in the recipient's language, each with its plain-text part. */

type Common = { lang: Lang; agency: string; firstname: string };

/** The account was deleted (DELETE user/data): what was erased, what is kept and why. */
export function accountDeletedMail({ lang, agency, firstname, keptTravels }: Common & { keptTravels: number }) {
  const en = lang === 'en';
  const mail = detailedMail({
    greeting: en ? `Hello ${firstname},` : `Bonjour ${firstname},`,
    paragraphs: [
      en
        ? `As you asked, your ${agency} account has been deleted: your profile, cards, identity documents and sessions are erased, and you can no longer sign in.`
        : `Comme vous l’avez demandé, votre compte ${agency} a été supprimé : votre profil, vos cartes, vos pièces d’identité et vos sessions sont effacés, et vous ne pouvez plus vous connecter.`,
      keptTravels > 0
        ? en
          ? `The records of your ${keptTravels} booked travel(s) and their invoices are kept, detached from any account, for the 3 years the law requires; then they are erased.`
          : `Les traces de vos ${keptTravels} voyage(s) réservé(s) et leurs factures sont conservées, détachées de tout compte, pendant les 3 ans exigés par la loi ; elles sont ensuite effacées.`
        : en
          ? 'You had no booked travel: nothing is kept.'
          : 'Vous n’aviez aucun voyage réservé : rien n’est conservé.',
    ],
    details: [],
    actions: [],
    footer: en
      ? 'If you did not ask for it, contact your agency at once.'
      : 'Si vous n’êtes pas à l’origine de cette demande, contactez immédiatement votre agence.',
  });
  return { subject: en ? `${agency}: your account has been deleted` : `${agency} : votre compte a été supprimé`, ...mail };
}
