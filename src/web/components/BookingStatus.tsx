import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import type { AnyStatus } from '@contract/statuses';
import { STATUS_FAMILIES } from '@contract/statuses';
import { StatusBadge } from './StatusBadge';

/** Spec 2 §4: the words of every status, the issued family all read "issued", the ticketing ones "pending ticketing". */
const STATUS_LABELS: Record<AnyStatus, MessageDescriptor> = {
  error: msg`En erreur`,
  cancelled: msg`Annulé`,
  not_found: msg`Annulé`,
  pending_cancel: msg`Annulation en cours`,
  partially_cancelled: msg`Partiellement annulé`,
  pending_confirmation: msg`Options à confirmer`,
  pending_approval: msg`En attente d’approbation`,
  in_approval: msg`En cours d’approbation`,
  denied: msg`Refusé`,
  cart: msg`Dans le panier`,
  prebooked: msg`Option posée`,
  partially_booked: msg`Partiellement réservé`,
  booked: msg`Émis`,
  confirmed: msg`Émis`,
  ticketed: msg`Émis`,
  done: msg`Émis`,
  issued: msg`Émis`,
  partially_confirmed: msg`Partiellement confirmé`,
  pending_issuing: msg`Émission en cours`,
  pending_ticketing: msg`Émission en cours`,
  partially_issued: msg`Partiellement émis`,
  partially_ticketed: msg`Partiellement émis`,
  pending_payment: msg`Paiement en attente`,
  paid: msg`Payé`,
  pending_refund: msg`Remboursement en cours`,
  partially_refunded: msg`Partiellement remboursé`,
  refunded: msg`Remboursé`,
  released: msg`Option libérée`,
  removed: msg`Supprimé`,
  modified: msg`Modifié`,
  exchanged: msg`Échangé`,
  archived: msg`Archivé`,
  expired: msg`Expiré`,
  ticket_expired: msg`Billet expiré`,
  unknown: msg`Statut inconnu`,
};

const known = (status: string): status is AnyStatus => status in STATUS_FAMILIES;

/** The words of a status (any list's). */
export function useStatusLabel() {
  const { i18n } = useLingui();
  return (status: string) => i18n._(STATUS_LABELS[known(status) ? status : 'unknown']);
}

/** A travel, product or ticket status as a coloured tag with an icon and its words (UI.md: never by colour only). */
export function BookingStatus({ status }: { status: string }) {
  const label = useStatusLabel();
  const family = STATUS_FAMILIES[known(status) ? status : 'unknown'];
  return <StatusBadge tone={family} label={label(status)} neutralIcon={<ShoppingCart aria-hidden="true" size={16} />} />;
}
