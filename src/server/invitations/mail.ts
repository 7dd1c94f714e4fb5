import type { Lang } from '@contract/account';
import { detailedMail } from '@server/platform/mail';

/**
 * The invitation a travel manager sends an employee, in the language the manager chose
 * for them, with its plain-text part: who invites them where, their username, and the link where
 * they choose their password.
 */
export function invitationMail(p: {
  lang: Lang;
  agency: string;
  company: string;
  firstname: string;
  inviter: string;
  username: string;
  url: string;
  days: number;
}) {
  const en = p.lang === 'en';
  const mail = detailedMail({
    greeting: en ? `Hello ${p.firstname},` : `Bonjour ${p.firstname},`,
    paragraphs: [
      en
        ? `${p.inviter} invites you to book your business travel for ${p.company} with ${p.agency}.`
        : `${p.inviter} vous invite à réserver vos déplacements professionnels pour ${p.company} avec ${p.agency}.`,
      en
        ? `Choose your password to activate your account; then sign in with your username. The link works once, for ${p.days} days.`
        : `Choisissez votre mot de passe pour activer votre compte, puis connectez-vous avec votre nom d’utilisateur. Le lien fonctionne une seule fois, pendant ${p.days} jours.`,
    ],
    details: [
      [en ? 'Company' : 'Entreprise', p.company],
      [en ? 'Username' : 'Nom d’utilisateur', p.username],
    ],
    actions: [{ label: en ? 'Activate my account' : 'Activer mon compte', url: p.url }],
    footer: en
      ? `If you do not know ${p.company}, ignore this e-mail: no account is used without your password.`
      : `Si vous ne connaissez pas ${p.company}, ignorez cet e-mail : aucun compte n’est utilisable sans votre mot de passe.`,
  });
  return { subject: en ? `${p.agency}: ${p.company} invites you` : `${p.agency} : ${p.company} vous invite`, ...mail };
}
