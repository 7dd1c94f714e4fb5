/**
 * The error catalogue (spec 2 section 8), one table for server and web.
 * `status` is the HTTP status the server answers with; `fr` is the source text, `en` its translation.
 * Codes 1–70 are the spec's; 78 means "no toast". Codes from 100 are Escale's own, for failures
 * the spec leaves unnamed (bad Api-Key, expired tokens, rate limiting, conflicts…).
 */
export type ApiCodeEntry = { key: string; status: number; fr: string; en: string };

export const API_CODES = {
  1: {
    key: 'SEVERAL_DISABLED_PASSENGERS',
    status: 400,
    fr: 'Un seul passager en situation de handicap par recherche.',
    en: 'Only one disabled passenger per search.',
  },
  2: { key: 'SEVERAL_ACCOMPANYING_PASSENGERS', status: 400, fr: 'Un seul accompagnateur par recherche.', en: 'Only one accompanying passenger per search.' },
  3: { key: 'NO_HOTEL', status: 404, fr: 'Aucun hôtel trouvé.', en: 'No hotel found.' },
  4: { key: 'NO_ROOM', status: 404, fr: 'Aucune chambre disponible.', en: 'No room available.' },
  5: { key: 'DATABASE_ERROR', status: 500, fr: 'Erreur de base de données.', en: 'Database error.' },
  6: { key: 'HOTEL_BOOKING_ERROR', status: 502, fr: 'Erreur lors de la réservation de l’hôtel.', en: 'Hotel booking error.' },
  7: { key: 'NO_ACCESS', status: 401, fr: 'Accès refusé : clé d’API absente ou inconnue.', en: 'Access denied: missing or unknown API key.' },
  8: { key: 'AGREEMENT_INVALID', status: 400, fr: 'Numéro ou nom de convention invalide.', en: 'Agreement number or name invalid.' },
  9: { key: 'AGREEMENT_QUOTA_USED', status: 409, fr: 'Le quota de la convention est épuisé.', en: 'Agreement quota used.' },
  10: { key: 'AGREEMENT_UNSUPPORTED', status: 400, fr: 'Numéro de convention non pris en charge.', en: 'Agreement number unsupported.' },
  11: { key: 'AGREEMENT_ONE_PASSENGER', status: 400, fr: 'Cette convention n’autorise qu’un seul passager.', en: 'This agreement allows only one passenger.' },
  12: { key: 'AGREEMENT_USER_INVALID', status: 400, fr: 'Utilisateur non valide pour cette convention.', en: 'User invalid for the agreement.' },
  13: { key: 'QUOTA_INSUFFICIENT', status: 409, fr: 'Quota insuffisant.', en: 'Quota insufficient.' },
  14: { key: 'PASSENGER_INFO_MISSING', status: 400, fr: 'Informations passager manquantes.', en: 'Passenger information missing.' },
  15: { key: 'TRANSPORT_MODE_UNSUPPORTED', status: 400, fr: 'Mode de transport non pris en charge.', en: 'Transport mode unsupported.' },
  16: { key: 'OFFERS_INVALID', status: 400, fr: 'Offres invalides.', en: 'Offers invalid.' },
  17: { key: 'REQUEST_FORMAT_INVALID', status: 400, fr: 'Le format de la requête est invalide.', en: 'The request format is invalid.' },
  18: { key: 'AGREEMENT_FILE_MISSING', status: 400, fr: 'Fichier de convention manquant.', en: 'Agreement file missing.' },
  19: { key: 'AGREEMENT_FILE_INVALID', status: 400, fr: 'Fichier de convention invalide.', en: 'Agreement file invalid.' },
  20: { key: 'AGREEMENT_STATUS_INVALID', status: 400, fr: 'Statut de convention invalide.', en: 'Agreement status invalid.' },
  21: { key: 'AGREEMENT_INVALID_OTHER', status: 400, fr: 'Convention invalide.', en: 'Agreement invalid.' },
  22: {
    key: 'AGREEMENT_ALREADY_USED',
    status: 409,
    fr: 'Convention déjà utilisée sur des dates qui se chevauchent.',
    en: 'Agreement already used for overlapping dates.',
  },
  23: { key: 'USER_HAS_NO_COMPANY', status: 403, fr: 'L’utilisateur n’a pas d’entreprise.', en: 'The user has no company.' },
  24: { key: 'NO_RESULT', status: 404, fr: 'Aucun résultat.', en: 'No result.' },
  25: { key: 'TICKET_WITHOUT_APPROVER', status: 400, fr: 'Billet sans approbateur.', en: 'Ticket without approver.' },
  26: { key: 'TICKETS_MISSING', status: 400, fr: 'Billets manquants.', en: 'Tickets missing.' },
  27: { key: 'SECONDARY_APPROVER_ALREADY_SET', status: 409, fr: 'Approbateur secondaire déjà défini.', en: 'Secondary approver already set.' },
  28: { key: 'TICKET_WITHOUT_APPROVER_2', status: 400, fr: 'Billet sans approbateur.', en: 'Ticket without approver.' },
  // The same words for an unknown username and a wrong password: they must not tell which.
  29: { key: 'WRONG_CREDENTIALS', status: 401, fr: 'Nom d’utilisateur ou mot de passe incorrect.', en: 'Username or password incorrect.' },
  30: {
    key: 'EMAIL_NOT_CONFIRMED',
    status: 403,
    fr: 'Votre adresse e-mail n’est pas encore confirmée : ouvrez le lien d’activation reçu par e-mail.',
    en: 'Your e-mail address is not confirmed yet: open the activation link we e-mailed you.',
  },
  31: { key: 'NO_USER_WITH_EMAIL', status: 404, fr: 'Aucun utilisateur avec cet e-mail.', en: 'No user with that e-mail.' },
  32: { key: 'ACCOUNT_UNUSABLE_HERE', status: 403, fr: 'Ce compte n’est pas utilisable à cette adresse.', en: 'This account cannot be used at this address.' },
  33: { key: 'COMPANY_NOT_FOUND', status: 404, fr: 'Entreprise introuvable.', en: 'Company not found.' },
  34: { key: 'NO_PERMISSION', status: 403, fr: 'Vous n’avez pas la permission.', en: 'You do not have permission.' },
  35: { key: 'COMPANY_NOT_FOUND_2', status: 404, fr: 'Entreprise introuvable.', en: 'Company not found.' },
  36: { key: 'COMPANY_NOT_FOUND_3', status: 404, fr: 'Entreprise introuvable.', en: 'Company not found.' },
  37: { key: 'NO_RESULT_2', status: 404, fr: 'Aucun résultat.', en: 'No result.' },
  38: { key: 'NO_TRAVEL', status: 404, fr: 'Aucun voyage.', en: 'No travel.' },
  39: { key: 'PLACE_INCORRECT', status: 400, fr: 'Origine ou destination incorrecte.', en: 'Origin or destination incorrect.' },
  40: { key: 'COMPANY_ID_MISSING', status: 400, fr: 'Identifiant d’entreprise manquant.', en: 'Company id missing.' },
  41: { key: 'NO_SERVICE_FOUND', status: 404, fr: 'Aucun service trouvé.', en: 'No service found.' },
  42: { key: 'NO_SERVICE_FOUND_2', status: 404, fr: 'Aucun service trouvé.', en: 'No service found.' },
  43: { key: 'USER_NOT_FOUND', status: 404, fr: 'Nom d’utilisateur non reconnu.', en: 'Username not recognised.' },
  44: { key: 'UPDATE_ERROR', status: 400, fr: 'Erreur lors de la mise à jour.', en: 'Update error.' },
  45: { key: 'USER_NOT_FOUND_2', status: 404, fr: 'Utilisateur introuvable.', en: 'User not found.' },
  46: { key: 'EMAIL_MISSING', status: 400, fr: 'L’e-mail est manquant.', en: 'The e-mail is missing.' },
  47: { key: 'FIRSTNAME_MISSING', status: 400, fr: 'Le prénom est manquant.', en: 'The first name is missing.' },
  48: { key: 'LASTNAME_MISSING', status: 400, fr: 'Le nom est manquant.', en: 'The last name is missing.' },
  49: { key: 'EMAIL_IN_USE', status: 409, fr: 'Cet e-mail est déjà utilisé.', en: 'This e-mail is already in use.' },
  50: { key: 'USER_MISSING', status: 400, fr: 'Utilisateur manquant.', en: 'User missing.' },
  51: { key: 'ROLE_MISSING', status: 400, fr: 'Rôle manquant.', en: 'Role missing.' },
  52: { key: 'USER_EXISTS', status: 409, fr: 'Ce nom d’utilisateur existe déjà.', en: 'This username already exists.' },
  53: { key: 'COMPANY_OR_USER_ID_REQUIRED', status: 400, fr: 'Identifiant d’entreprise ou d’utilisateur requis.', en: 'Company or user id required.' },
  54: { key: 'COMPANY_NOT_FOUND_4', status: 404, fr: 'Entreprise introuvable.', en: 'Company not found.' },
  55: { key: 'USER_NOT_FOUND_3', status: 404, fr: 'Utilisateur introuvable.', en: 'User not found.' },
  56: { key: 'CHOOSE_ONE_TICKET', status: 400, fr: 'Choisissez au moins un billet.', en: 'Choose at least one ticket.' },
  57: { key: 'CHOOSE_ONE_TICKET_2', status: 400, fr: 'Choisissez au moins un billet.', en: 'Choose at least one ticket.' },
  58: { key: 'INVALID_REQUEST', status: 400, fr: 'Requête invalide.', en: 'Invalid request.' },
  59: {
    key: 'AUTHENTICATION_ERROR',
    status: 401,
    fr: 'Erreur d’authentification : veuillez vous reconnecter.',
    en: 'Authentication error: please sign in again.',
  },
  60: { key: 'ACCOUNT_MIGRATED', status: 422, fr: 'Ce compte n’est plus utilisable ici.', en: 'This account can no longer be used here.' },
  61: { key: 'AUTHENTICATION_ERROR_2', status: 401, fr: 'Erreur d’authentification.', en: 'Authentication error.' },
  62: { key: 'CHOOSE_ONE_TICKET_3', status: 400, fr: 'Choisissez au moins un billet.', en: 'Choose at least one ticket.' },
  63: { key: 'NO_RESULT_3', status: 404, fr: 'Aucun résultat.', en: 'No result.' },
  64: { key: 'ACCOUNT_DELETED', status: 410, fr: 'Ce compte a été supprimé.', en: 'This account has been deleted.' },
  65: { key: 'USER_STATUS_INVALID', status: 403, fr: 'Le statut de l’utilisateur est invalide.', en: 'The user status is invalid.' },
  66: { key: 'UNAUTHORIZED_TICKETS', status: 403, fr: 'Billets non autorisés.', en: 'Unauthorised tickets.' },
  67: {
    key: 'TICKETS_NOT_AWAITING_APPROVAL',
    status: 409,
    fr: 'Ces billets ne sont plus en attente d’approbation.',
    en: 'These tickets are no longer awaiting approval.',
  },
  68: { key: 'APPROVER_NOT_ALLOWED', status: 403, fr: 'Approbateur non autorisé.', en: 'Approver not allowed.' },
  69: { key: 'TICKET_STATUS_FORBIDS', status: 409, fr: 'Le statut du billet interdit cette action.', en: 'The ticket status forbids this action.' },
  70: { key: 'ANALYTICS_INVALID', status: 400, fr: 'Champs analytiques manquants ou invalides.', en: 'Analytic fields missing or invalid.' },
  78: { key: 'SILENT', status: 400, fr: 'Erreur silencieuse.', en: 'Silent error.' },
  100: { key: 'NOT_FOUND', status: 404, fr: 'Ressource introuvable.', en: 'Resource not found.' },
  101: { key: 'TOKEN_INVALID', status: 400, fr: 'Ce lien n’est pas valide.', en: 'This link is not valid.' },
  102: { key: 'TOKEN_EXPIRED', status: 410, fr: 'Ce lien a expiré : demandez-en un nouveau.', en: 'This link has expired: ask for a new one.' },
  103: { key: 'TOKEN_USED', status: 410, fr: 'Ce lien a déjà été utilisé.', en: 'This link has already been used.' },
  104: {
    key: 'TOO_MANY_ATTEMPTS',
    status: 429,
    fr: 'Trop de tentatives : réessayez dans quelques minutes.',
    en: 'Too many attempts: try again in a few minutes.',
  },
  105: {
    key: 'VERSION_CONFLICT',
    status: 409,
    fr: 'Ces données ont changé entre-temps : rechargez et réessayez.',
    en: 'This data changed in the meantime: reload and try again.',
  },
  106: {
    key: 'IDEMPOTENCY_KEY_REUSED',
    status: 422,
    fr: 'Cette clé d’idempotence a déjà servi pour une autre requête.',
    en: 'This idempotency key was already used for another request.',
  },
  107: { key: 'PAYLOAD_TOO_LARGE', status: 413, fr: 'La requête est trop volumineuse.', en: 'The request is too large.' },
  108: {
    key: 'INTERNAL_ERROR',
    status: 500,
    fr: 'Le service est momentanément indisponible, contactez le support de votre agence.',
    en: 'The service is momentarily unavailable, contact your agency’s customer support.',
  },
  110: {
    key: 'SUPPLIER_TIMEOUT',
    status: 504,
    fr: 'Le fournisseur n’a pas répondu à temps : réessayez dans un instant.',
    en: 'The supplier did not answer in time: try again in a moment.',
  },
  111: {
    key: 'SUPPLIER_UNAVAILABLE',
    status: 503,
    fr: 'Le fournisseur est momentanément indisponible : réessayez plus tard.',
    en: 'The supplier is momentarily unavailable: try again later.',
  },
  112: {
    key: 'IDEMPOTENCY_IN_PROGRESS',
    status: 409,
    fr: 'Cette demande est encore en cours de traitement : réessayez dans un instant.',
    en: 'This request is still being processed: try again in a moment.',
  },
  // The database is out of reach for a moment (restarting, failing over): nothing was changed.
  113: {
    key: 'SERVICE_UNAVAILABLE',
    status: 503,
    fr: 'Le service est momentanément indisponible : rien n’a été enregistré, réessayez dans un instant.',
    en: 'The service is momentarily unavailable: nothing was saved, try again in a moment.',
  },
  109: { key: 'ALREADY_ACTIVATED', status: 409, fr: 'Ce compte est déjà activé : connectez-vous.', en: 'This account is already activated: sign in.' },
  130: {
    key: 'REFUND_PREVIEW_CHANGED',
    status: 409,
    fr: 'Le remboursement a changé depuis son aperçu : vérifiez le nouveau montant avant de confirmer.',
    en: 'The refund changed since its preview: check the new amount before confirming.',
  },
  120: {
    key: 'TOO_MANY_SEARCHES',
    status: 429,
    fr: 'Trop de recherches depuis cette adresse : connectez-vous ou réessayez dans une minute.',
    en: 'Too many searches from this address: sign in or try again in a minute.',
  },
  121: {
    key: 'JSON_TOO_DEEP',
    status: 400,
    fr: 'La requête est imbriquée trop profondément (32 niveaux au plus).',
    en: 'The request is nested too deeply (32 levels at most).',
  },
  122: { key: 'URI_TOO_LONG', status: 414, fr: 'L’adresse demandée est trop longue.', en: 'The requested address is too long.' },
  123: { key: 'HEADERS_TOO_LARGE', status: 431, fr: 'Les en-têtes de la requête sont trop volumineux.', en: 'The request headers are too large.' },
  // Hotel and car rental.
  140: {
    key: 'HOTEL_OFFER_UNAVAILABLE',
    status: 409,
    fr: 'Cette chambre n’est plus disponible pour ces dates : relancez la recherche pour voir les offres du moment.',
    en: 'This room is no longer available for these dates: search again to see the current offers.',
  },
  141: {
    key: 'CAR_OFFER_UNAVAILABLE',
    status: 409,
    fr: 'Ce véhicule n’est plus disponible : relancez la recherche pour voir les offres du moment.',
    en: 'This car is no longer available: search again to see the current offers.',
  },
  142: {
    key: 'DRIVER_LICENSE_REQUIRED',
    status: 400,
    fr: 'Cette location demande les informations complètes du conducteur et de son permis.',
    en: 'This rental needs the driver’s full details and licence.',
  },
  143: {
    key: 'HOTEL_DISABLED',
    status: 403,
    fr: 'La réservation d’hôtel n’est pas ouverte à votre entreprise.',
    en: 'Hotel booking is not open to your company.',
  },
  144: {
    key: 'CAR_RENTAL_DISABLED',
    status: 403,
    fr: 'La location de voiture n’est pas ouverte à votre entreprise.',
    en: 'Car rental is not open to your company.',
  },
  150: {
    key: 'TRAVELER_REQUIRED',
    status: 400,
    fr: 'Choisissez d’abord l’entreprise et le voyageur pour qui vous réservez.',
    en: 'First choose the company and the traveller you are booking for.',
  },
  151: {
    key: 'OTHER_CUSTOMER_TRAVEL',
    status: 409,
    fr: 'Ce voyage est réservé pour un autre voyageur : ajoutez ce produit à un nouveau voyage.',
    en: 'This travel is booked for another traveller: add this product to a new travel.',
  },
  // The travel manager's company.
  160: {
    key: 'ENTITY_IN_USE',
    status: 409,
    fr: 'Cette entité est utilisée par des voyages : renommez-la plutôt que de la supprimer.',
    en: 'This entity is used by travels: rename it rather than remove it.',
  },
  161: {
    key: 'LAST_APPROVER',
    status: 409,
    fr: 'C’est le dernier valideur de l’entreprise alors que ses voyages demandent une approbation : nommez d’abord un autre valideur.',
    en: 'This is the company’s last approver while its travels need approval: name another approver first.',
  },
  162: { key: 'OWN_ACCOUNT', status: 409, fr: 'Vous ne pouvez pas désactiver votre propre compte.', en: 'You cannot deactivate your own account.' },
  // Loyalty and discount cards (spec 3 'card number invalid').
  170: { key: 'CARD_NUMBER_INVALID', status: 400, fr: 'Numéro de carte invalide.', en: 'Card number invalid.' },
  171: { key: 'CARD_NOT_FOUND', status: 404, fr: 'Cette carte est introuvable : rechargez la liste.', en: 'This card was not found: reload the list.' },
  // Identity documents.
  175: {
    key: 'DOCUMENT_NOT_FOUND',
    status: 404,
    fr: 'Cette pièce d’identité est introuvable : rechargez la liste.',
    en: 'This identity document was not found: reload the list.',
  },
  // The dashboard's period (GET stats/travels).
  180: {
    key: 'STATS_PERIOD_INVALID',
    status: 400,
    fr: 'La période doit être donnée par deux dates ISO (AAAA-MM-JJ).',
    en: 'The period must be given as two ISO dates (YYYY-MM-DD).',
  },
  181: { key: 'STATS_PERIOD_REVERSED', status: 400, fr: 'La fin de la période précède son début.', en: 'The period ends before it begins.' },
  182: { key: 'STATS_PERIOD_TOO_LONG', status: 400, fr: 'La période ne peut pas dépasser 366 jours.', en: 'The period cannot be longer than 366 days.' },
  // The profile (features/profile): a save on a version someone else already changed (`current`: the profile as it is now).
  185: {
    key: 'PROFILE_CHANGED',
    status: 409,
    fr: 'Votre profil a été modifié entre-temps (dans un autre onglet ou par un autre appareil) : voici ses valeurs actuelles, vérifiez-les avant d’enregistrer à nouveau.',
    en: 'Your profile was changed in the meantime (in another tab or on another device): here are its current values, check them before saving again.',
  },
  186: {
    key: 'PROFILE_EMAIL_IN_USE',
    status: 409,
    fr: 'Cette adresse e-mail est déjà celle d’un autre compte.',
    en: 'This e-mail address already belongs to another account.',
  },
  187: { key: 'PROFILE_USERNAME_IN_USE', status: 409, fr: 'Ce nom d’utilisateur est déjà pris.', en: 'This username is already taken.' },
  188: {
    key: 'EMAIL_MANAGED_BY_COMPANY',
    status: 409,
    fr: 'Votre adresse e-mail est gérée par la connexion de votre entreprise : demandez à votre gestionnaire de voyages de la changer.',
    en: 'Your e-mail address is managed by your company’s sign-in: ask your travel manager to change it.',
  },
  // Data deletion (spec 3 §4 "Account deletion"): the refusals of DELETE user/data.
  190: {
    key: 'TRAVELS_IN_PROGRESS',
    status: 409,
    fr: 'Votre compte ne peut pas être supprimé tant que des voyages sont en cours (approbation en attente, option, voyage à venir ou en cours) : annulez-les ou attendez leur fin.',
    en: 'Your account cannot be deleted while travels are in progress (approval pending, option held, travel to come or under way): cancel them or wait until they are over.',
  },
  191: { key: 'WRONG_PASSWORD', status: 403, fr: 'Mauvais mot de passe.', en: 'Wrong password.' },
  192: {
    key: 'ACCOUNT_MANAGED_BY_COMPANY',
    status: 409,
    fr: 'Votre compte est géré par la connexion de votre entreprise : demandez sa suppression à votre gestionnaire de voyages.',
    en: 'Your account is managed by your company’s sign-in: ask your travel manager to delete it.',
  },
  // Card payment (spec 2 §1): the card, the bank's answer, the payment in progress.
  200: {
    key: 'PAYMENT_CARD_NOT_FOUND',
    status: 404,
    fr: 'Cette carte de paiement est introuvable : choisissez-en une autre ou saisissez une nouvelle carte.',
    en: 'This payment card was not found: choose another one or enter a new card.',
  },
  201: {
    key: 'PAYMENT_CARD_EXPIRED',
    status: 400,
    fr: 'Cette carte est expirée : choisissez une autre carte.',
    en: 'This card has expired: choose another card.',
  },
  202: {
    key: 'PAYMENT_TOKEN_INVALID',
    status: 400,
    fr: 'Les informations de la carte ne sont plus valables : saisissez la carte à nouveau.',
    en: 'The card details are no longer valid: enter the card again.',
  },
  203: {
    key: 'CARD_DECLINED',
    status: 402,
    fr: 'Votre banque a refusé le paiement : rien n’a été débité, votre voyage reste dans votre panier. Essayez une autre carte.',
    en: 'Your bank declined the payment: nothing was charged, your travel stays in your cart. Try another card.',
  },
  204: {
    key: 'CARD_AUTHENTICATION_FAILED',
    status: 402,
    fr: 'Votre banque n’a pas confirmé le paiement : rien n’a été débité, votre voyage reste dans votre panier.',
    en: 'Your bank did not confirm the payment: nothing was charged, your travel stays in your cart.',
  },
  205: {
    key: 'CARD_AUTHENTICATION_ABANDONED',
    status: 409,
    fr: 'La vérification auprès de votre banque n’a pas été terminée : rien n’a été débité, votre voyage reste dans votre panier. Vous pouvez payer à nouveau.',
    en: 'The check with your bank was not completed: nothing was charged, your travel stays in your cart. You can pay again.',
  },
  206: {
    key: 'PAYMENT_IN_PROGRESS',
    status: 409,
    fr: 'Un paiement de ce voyage est déjà en cours : attendez quelques instants avant de réessayer.',
    en: 'A payment of this travel is already in progress: wait a moment before trying again.',
  },
  207: {
    key: 'PAYMENT_UNAVAILABLE',
    status: 503,
    fr: 'Le service de paiement est momentanément indisponible : rien n’a été débité, réessayez dans un instant.',
    en: 'The payment service is momentarily unavailable: nothing was charged, try again in a moment.',
  },
  // The agency's administration (features/agency-admin).
  240: {
    key: 'AGENCY_MESSAGE_NOT_FOUND',
    status: 404,
    fr: 'Ce message est introuvable : rechargez la liste.',
    en: 'This message was not found: reload the list.',
  },
  241: {
    key: 'SSO_SEGMENT_TAKEN',
    status: 409,
    fr: 'Ce nom de connexion est déjà celui d’une autre entreprise : choisissez-en un autre.',
    en: 'This sign-in name already belongs to another company: choose another one.',
  },
} as const satisfies Record<number, ApiCodeEntry>;

export type ApiCode = keyof typeof API_CODES;
export type ApiCodeKey = (typeof API_CODES)[ApiCode]['key'];

/** api_code by key, so code reads `apiCode.WRONG_CREDENTIALS` rather than a bare 29. */
export const apiCode = Object.fromEntries(Object.entries(API_CODES).map(([code, entry]) => [entry.key, Number(code)])) as { [K in ApiCodeKey]: ApiCode };

export function describeApiCode(code: number, lang: 'fr' | 'en'): string | undefined {
  const entry = (API_CODES as Record<number, ApiCodeEntry>)[code];
  return entry?.[lang];
}

export { ACCOUNT_MIGRATED_CODE, SILENT_CODE, WARNING_CODES } from './toast-codes';
