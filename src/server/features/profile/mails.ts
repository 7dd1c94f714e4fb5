import type { Lang } from '@contract/account';
import { linkMail } from '@server/platform/mail';

/** The e-mails of an e-mail change, in the user's language, each with its plain-text part. */

type Common = { lang: Lang; agency: string; firstname: string };

/** To the NEW address: the link that switches the account to it. */
export function confirmEmailMail({ lang, agency, firstname, url, hours }: Common & { url: string; hours: number }) {
  const t =
    lang === 'en'
      ? {
          subject: `${agency}: confirm your new e-mail address`,
          greeting: `Hello ${firstname},`,
          body: `You asked to use this address for your ${agency} account. Confirm it to switch: until then, your former address stays the account's. The link works once, for ${hours} hours.`,
          action: 'Confirm this address',
          footer: 'If you did not ask for it, ignore this e-mail: nothing changes.',
        }
      : {
          subject: `${agency} : confirmez votre nouvelle adresse e-mail`,
          greeting: `Bonjour ${firstname},`,
          body: `Vous avez demandé à utiliser cette adresse pour votre compte ${agency}. Confirmez-la pour changer : d’ici là, votre ancienne adresse reste celle du compte. Le lien fonctionne une seule fois, pendant ${hours} heures.`,
          action: 'Confirmer cette adresse',
          footer: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.',
        };
  return { subject: t.subject, ...linkMail({ ...t, url }) };
}

/** To the FORMER address, once the change is confirmed: what happened, and what to do if it was not them. */
export function emailChangedMail({ lang, agency, firstname, newEmail, url }: Common & { newEmail: string; url: string }) {
  const t =
    lang === 'en'
      ? {
          subject: `${agency}: your e-mail address was changed`,
          greeting: `Hello ${firstname},`,
          body: `The e-mail address of your ${agency} account was changed to ${newEmail}. This address will receive no more e-mails about the account.`,
          action: 'Sign in',
          footer: 'If it wasn’t you, reset your password at once from the sign-in page and tell your travel agency.',
        }
      : {
          subject: `${agency} : votre adresse e-mail a été changée`,
          greeting: `Bonjour ${firstname},`,
          body: `L’adresse e-mail de votre compte ${agency} a été changée pour ${newEmail}. Cette adresse ne recevra plus d’e-mails concernant le compte.`,
          action: 'Se connecter',
          footer:
            'Si vous n’êtes pas à l’origine de ce changement, réinitialisez tout de suite votre mot de passe depuis la page de connexion et prévenez votre agence de voyages.',
        };
  return { subject: t.subject, ...linkMail({ ...t, url }) };
}
