import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageKey } from '@contract/validation';

/** Named texts of spec 3 §8 used outside one screen (toasts, the http client). */
export const TEXTS = {
  ERROR_GENERIC: msg({
    comment: 'ERROR_GENERIC',
    message: 'Le service est momentanément indisponible, contactez le support client de votre agence.',
  }),
  SESSION_EXPIRED: msg({ comment: 'Session expired (401)', message: 'Votre session a expiré : veuillez vous reconnecter.' }),
  INFOS_COPIED: msg({ comment: 'INFOS_COPIED', message: 'Les informations de l’erreur ont été copiées.' }),
  COPY_HINT: msg`Cliquez pour copier les informations de l’erreur`,
  ACCOUNT_ACTIVATED: msg({ comment: 'ACCOUNT_ACTIVATED', message: 'Votre compte est activé' }),
  PASSWORD_UPDATED: msg({ comment: 'PASSWORD_UPDATED', message: 'Votre mot de passe a été mis à jour' }),
  AUTH_PROBLEM: msg({ comment: 'AUTH_PROBLEM', message: 'Un problème est survenu lors de votre authentification.' }),
  UPDATE_AVAILABLE: msg({ comment: 'UPDATE_AVAILABLE', message: 'Une nouvelle version de l’application est disponible.' }),
  TRIGGER_UPDATE: msg({ comment: 'TRIGGER_UPDATE', message: 'Mettre à jour' }),
} satisfies Record<string, MessageDescriptor>;

const email = 'nom@domaine.fr';

/** Field messages: the contract's message keys (validation.ts) as sentences (spec 3 §5). */
export const FIELD_MESSAGES: Record<MessageKey, MessageDescriptor> = {
  PLEASE_FILL: msg`Veuillez remplir ce champ`,
  FIELD_REQUIRED: msg`Ce champ est requis`,
  EMAIL_FORMAT: msg`doit respecter le format ${email}`,
  PHONE_FORMAT: msg`Votre numéro doit être au format 0XXXXXXXXX`,
  VALID_DATE: msg({ comment: 'VALID_DATE', message: 'Veuillez saisir une date valide (JJ/MM/AAAA)' }),
  NOT_THAT_OLD: msg({ comment: 'NOT_THAT_OLD', message: 'Vous n’êtes pas si vieux !' }),
  TOO_YOUNG: msg({ comment: 'TOO_YOUNG', message: 'Vous êtes un peu trop jeune !' }),
  NO_WHITESPACE: msg({ comment: 'NO_WHITESPACE', message: 'Pas d’espace au début ni à la fin' }),
  PASSWORD_RULES: msg`8 caractères minimum, dont une majuscule, une minuscule et un chiffre`,
  PASSWORD_MATCH: msg({ comment: 'PASSWORD_MATCH', message: 'Les mots de passe doivent correspondre' }),
  PLEASE_CHECK: msg`Cette case doit être cochée`,
  TOO_LONG: msg`Ce texte est trop long`,
  FORMAT_INVALID: msg`Le format est invalide`,
  SELECT_VALID_VALUE: msg`Veuillez choisir une valeur de la liste`,
  PLEASE_CHOOSE_APPROVER: msg`Veuillez choisir un valideur`,
  DUPLICATE_VALUE: msg`Cette valeur est déjà dans la liste`,
  REGEX_INVALID: msg`Cette expression régulière n’est pas valide`,
  AMOUNT_INVALID: msg`Saisissez un nombre positif dans les limites permises`,
  CONTRAST_TOO_LOW: msg`Contraste insuffisant avec un texte blanc (4,5:1 au moins) : choisissez une teinte plus foncée`,
  LOGO_INVALID: msg`Le logo doit être un fichier SVG, PNG ou WebP de 100 Ko au plus`,
  NAME_FORMAT: msg`Lettres, espaces, apostrophes et tirets uniquement`,
};

/** One of the contract's message keys (FIELD_MESSAGES has them all, and only them: its type says so). */
export const isMessageKey = (value: unknown): value is MessageKey => typeof value === 'string' && Object.hasOwn(FIELD_MESSAGES, value);

/** Text shown to the user: a descriptor (translated now) or a string already written for them. */
export type Text = string | MessageDescriptor;
