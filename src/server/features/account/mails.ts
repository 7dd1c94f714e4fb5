import type { Lang } from '@contract/account';
import { detailedMail, linkMail } from '@server/platform/mail';

/** The account's e-mails, in the recipient's language, each with its plain-text part. */

type Common = { lang: Lang; agency: string; firstname: string };

/**
 * To an address nobody has confirmed yet (a sign-up, or its new link): greeted generically, never with
 * the name typed at sign-up, which anybody may have typed next to someone else's address.
 */
export function activationMail({ lang, agency, url, hours }: Omit<Common, 'firstname'> & { url: string; hours: number }) {
  const t =
    lang === 'en'
      ? {
          subject: `${agency}: activate your account`,
          greeting: 'Hello,',
          body: `Welcome to ${agency}. Confirm your e-mail address to activate your account. The link is valid for ${hours} hours.`,
          action: 'Activate my account',
          footer: 'If you did not sign up, ignore this e-mail.',
        }
      : {
          subject: `${agency} : activez votre compte`,
          greeting: 'Bonjour,',
          body: `Bienvenue chez ${agency}. Confirmez votre adresse e-mail pour activer votre compte. Le lien est valable ${hours} heures.`,
          action: 'Activer mon compte',
          footer: 'Si vous n’êtes pas à l’origine de cette inscription, ignorez cet e-mail.',
        };
  return { subject: t.subject, ...linkMail({ ...t, url }) };
}

export function resetMail({ lang, agency, firstname, username, url, minutes }: Common & { username: string; url: string; minutes: number }) {
  const t =
    lang === 'en'
      ? {
          subject: `${agency}: reset your password`,
          greeting: `Hello ${firstname},`,
          body: `Someone asked to reset the password of your account (${username}). The link works once, for ${minutes} minutes.`,
          action: 'Choose a new password',
          footer: 'If you did not ask for it, ignore this e-mail: your password stays the same.',
        }
      : {
          subject: `${agency} : réinitialisez votre mot de passe`,
          greeting: `Bonjour ${firstname},`,
          body: `Une réinitialisation du mot de passe de votre compte (${username}) a été demandée. Le lien fonctionne une seule fois, pendant ${minutes} minutes.`,
          action: 'Choisir un nouveau mot de passe',
          footer: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
        };
  return { subject: t.subject, ...linkMail({ ...t, url }) };
}

/** A sign-up with the address of an existing account: it is told so, with ways in instead of a second account. */
export function alreadyRegisteredMail({
  lang,
  agency,
  firstname,
  username,
  signInUrl,
  resetUrl,
  minutes,
}: Common & { username: string; signInUrl: string; resetUrl: string; minutes: number }) {
  const en = lang === 'en';
  const mail = detailedMail({
    greeting: en ? `Hello ${firstname},` : `Bonjour ${firstname},`,
    paragraphs: [
      en
        ? `Someone asked to create an account at ${agency} with this e-mail address. You already have an account: no other account was created.`
        : `Une inscription chez ${agency} a été demandée avec cette adresse e-mail. Vous avez déjà un compte : aucun autre compte n’a été créé.`,
      en
        ? `Sign in with your username, or choose a new password if you no longer know it (that link works once, for ${minutes} minutes).`
        : `Connectez-vous avec votre nom d’utilisateur, ou choisissez un nouveau mot de passe si vous ne le connaissez plus (ce lien fonctionne une seule fois, pendant ${minutes} minutes).`,
    ],
    details: [[en ? 'Username' : 'Nom d’utilisateur', username]],
    actions: [
      { label: en ? 'Sign in' : 'Me connecter', url: signInUrl },
      { label: en ? 'Choose a new password' : 'Choisir un nouveau mot de passe', url: resetUrl },
    ],
    footer: en
      ? 'If you did not ask for it, ignore this e-mail: nothing changes on your account.'
      : 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change sur votre compte.',
  });
  return { subject: en ? `${agency}: you already have an account` : `${agency} : vous avez déjà un compte`, ...mail };
}

/**
 * A sign-up with a new address but a username already in use: no account, and what to do. The
 * address is unconfirmed: greeted generically, and neither the typed name nor the typed username is
 * written in (anybody may have typed them next to someone else's address).
 */
export function usernameTakenMail({ lang, agency, signInUrl }: Omit<Common, 'firstname'> & { signInUrl: string }) {
  const en = lang === 'en';
  const mail = detailedMail({
    greeting: en ? 'Hello,' : 'Bonjour,',
    paragraphs: [
      en
        ? `Someone asked to create an account at ${agency} with this e-mail address and a username that is already in use, so no account was created.`
        : `Une inscription chez ${agency} a été demandée avec cette adresse e-mail et un nom d’utilisateur déjà utilisé : aucun compte n’a été créé.`,
      en
        ? 'Sign up again with another username. If that account is yours, sign in (“Forgot your password?” is on the sign-in window).'
        : 'Inscrivez-vous à nouveau avec un autre nom d’utilisateur. Si ce compte est le vôtre, connectez-vous (« Mot de passe oublié ? » se trouve dans la fenêtre de connexion).',
    ],
    details: [],
    actions: [{ label: en ? 'Go to the sign-in' : 'Aller à la connexion', url: signInUrl }],
    footer: en ? 'If you did not ask for it, ignore this e-mail.' : 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
  });
  return { subject: en ? `${agency}: this username is already in use` : `${agency} : ce nom d’utilisateur est déjà utilisé`, ...mail };
}

/** A new first-login onboarding link (POST /user/regenerate), with the link that deletes the data instead. */
export function onboardingMail({ lang, agency, firstname, url, deleteUrl }: Common & { url: string; deleteUrl: string }) {
  const en = lang === 'en';
  const mail = detailedMail({
    greeting: en ? `Hello ${firstname},` : `Bonjour ${firstname},`,
    paragraphs: [
      en
        ? `Here is a new link to complete your ${agency} account in two steps: your identity, then the details your bookings need. It works for 7 days.`
        : `Voici un nouveau lien pour compléter votre compte ${agency} en deux étapes : votre identité, puis les informations utiles à vos réservations. Il est valable 7 jours.`,
      en
        ? 'If you do not want an account, you can delete the data we hold about you instead.'
        : 'Si vous ne souhaitez pas de compte, vous pouvez à la place supprimer les données que nous détenons sur vous.',
    ],
    details: [],
    actions: [
      { label: en ? 'Complete my account' : 'Compléter mon compte', url },
      { label: en ? 'Delete my data' : 'Supprimer mes données', url: deleteUrl },
    ],
    footer: en ? 'If you did not ask for it, ignore this e-mail.' : 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
  });
  return { subject: en ? `${agency}: complete your account` : `${agency} : complétez votre compte`, ...mail };
}
