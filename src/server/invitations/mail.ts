import type { Lang } from '@contract/account';
import { detailedMail } from '@server/platform/mail';

/**
 * The invitation e-mail, in the language the inviter chose for the invitee, with its plain-text part:
 * who invites them where, their username, and the link where they choose their password. A client
 * company's person (`company` is its name) is invited to book their business travel; a member of the
 * agency's own staff (`staff`, `company` is the agency's name) to join its team on the app.
 */
export function invitationMail(p: {
  lang: Lang;
  agency: string;
  company: string;
  staff?: boolean;
  firstname: string;
  inviter: string;
  username: string;
  url: string;
  days: number;
}) {
  const en = p.lang === 'en';
  const invites = p.staff
    ? en
      ? `${p.inviter} invites you to join the team of ${p.agency}: you will work on its travel booking app.`
      : `${p.inviter} vous invite à rejoindre l’équipe de ${p.agency} : vous travaillerez sur son application de réservation de voyages.`
    : en
      ? `${p.inviter} invites you to book your business travel for ${p.company} with ${p.agency}.`
      : `${p.inviter} vous invite à réserver vos déplacements professionnels pour ${p.company} avec ${p.agency}.`;
  const mail = detailedMail({
    greeting: en ? `Hello ${p.firstname},` : `Bonjour ${p.firstname},`,
    paragraphs: [
      invites,
      en
        ? `Choose your password to activate your account; then sign in with your username. The link works once, for ${p.days} days.`
        : `Choisissez votre mot de passe pour activer votre compte, puis connectez-vous avec votre nom d’utilisateur. Le lien fonctionne une seule fois, pendant ${p.days} jours.`,
    ],
    details: [p.staff ? [en ? 'Agency' : 'Agence', p.agency] : [en ? 'Company' : 'Entreprise', p.company], [en ? 'Username' : 'Nom d’utilisateur', p.username]],
    actions: [{ label: en ? 'Activate my account' : 'Activer mon compte', url: p.url }],
    footer: en
      ? `If you do not know ${p.company}, ignore this e-mail: no account is used without your password.`
      : `Si vous ne connaissez pas ${p.company}, ignorez cet e-mail : aucun compte n’est utilisable sans votre mot de passe.`,
  });
  const subject = p.staff
    ? en
      ? `${p.agency} invites you to join its team`
      : `${p.agency} vous invite à rejoindre son équipe`
    : en
      ? `${p.agency}: ${p.company} invites you`
      : `${p.agency} : ${p.company} vous invite`;
  return { subject, ...mail };
}
