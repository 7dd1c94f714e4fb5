import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The named messages of spec 2 §8 that the checkout shows (toasts and alerts), by their spec names. */
export const CHECKOUT_TEXTS = {
  WE_VERIFY_YOUR_INFOS: msg({ comment: 'WE_VERIFY_YOUR_INFOS', message: 'Nous vérifions vos informations…' }),
  BOOKING_ERROR: msg({ comment: 'BOOKING_ERROR', message: 'Une erreur est survenue lors de la réservation : contactez votre agence.' }),
  BOOKING_CONFIRMED: msg({ comment: 'BOOKING_CONFIRMED', message: 'Réservation confirmée' }),
  YOUR_BOOKING_IS_CONFIRMED: msg({ comment: 'YOUR_BOOKING_IS_CONFIRMED', message: 'Votre réservation est confirmée' }),
  YOUR_APPROVAL_SENT: msg({ comment: 'YOUR_APPROVAL_SENT', message: 'Votre demande de validation a été envoyée' }),
  SEE_TICKETS: msg({ comment: 'SEE_TICKETS', message: 'Voir mes billets' }),
  CONFIG_ERROR_NO_APPROVERS: msg({
    comment: 'CONFIG_ERROR_NO_APPROVERS',
    message: 'Aucun valideur n’est configuré pour votre compte : contactez votre gestionnaire de voyages ou votre agence.',
  }),
  ERROR_OCCURED_TRY_AGAIN: msg({ comment: 'ERROR_OCCURED_TRY_AGAIN', message: 'Une erreur est survenue, veuillez réessayer.' }),
  VERSION_CHANGED: msg({
    comment: 'Version conflict (105) at checkout',
    message: 'Ce voyage a été modifié entre-temps : nous avons rechargé ses informations, vérifiez-les puis réessayez.',
  }),
  PAYMENT_SERVICE_UNREACHABLE: msg`Le service de paiement ne répond pas : vérifiez votre connexion puis réessayez. Rien n’a été débité.`,
} satisfies Record<string, MessageDescriptor>;
