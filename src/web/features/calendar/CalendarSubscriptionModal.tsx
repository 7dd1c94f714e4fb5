import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Copy from 'lucide-react/icons/copy';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Trash2 from 'lucide-react/icons/trash-2';
import type { CalendarSubscription } from '@contract/calendar';
import { Button, buttonClass } from '@web/components/Button';
import { ModalTitle } from '@web/components/Modal';
import { formatDeadline } from '@web/lib/format';
import type { ModalProps } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { calendarSubscriptionQuery, revokeCalendarMutation, subscribeCalendarMutation } from './api';

/** An address works, but only the answer that made it showed it. */
function ActiveNotice({ since }: { since: string }) {
  return (
    <p className="text-gray-800">
      <Trans>
        Un lien d’abonnement fonctionne depuis le {since}. Par sécurité, il n’est montré qu’à sa création : pour l’afficher à nouveau, créez-en un nouveau
        (l’ancien cessera de fonctionner).
      </Trans>
    </p>
  );
}

/**
 * The user's private calendar feed: make an address for their calendar app, copy or open
 * it, make a new one (the old one stops working) or end it. The address is shown only in the answer
 * that made it (the server keeps its hash): later, the modal says one works and offers a new one.
 */
export default function CalendarSubscriptionModal(_props: ModalProps['CalendarSubscription']) {
  const { t } = useLingui();
  const { data: subscription, isPending, isError, refetch } = useQuery(calendarSubscriptionQuery());
  const subscribing = useMutation(subscribeCalendarMutation());
  const revoking = useMutation(revokeCalendarMutation());
  const [status, setStatus] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const url = subscription?.url ?? null;

  // A new address takes focus: it is what the user came for.
  useEffect(() => {
    if (url) field.current?.select();
  }, [url]);

  const subscribe = (current: CalendarSubscription) => {
    const link = current.links.subscribeCalendar;
    if (!link) return;
    subscribing.mutate(
      { link },
      { onSuccess: () => setStatus(current.active ? t`Nouveau lien créé : l’ancien ne fonctionne plus.` : t`Lien d’abonnement créé.`) },
    );
  };
  const revoke = (current: CalendarSubscription) => {
    const link = current.links.revokeCalendar;
    if (!link) return;
    revoking.mutate({ link }, { onSuccess: () => setStatus(t`Lien désactivé : votre agenda ne reçoit plus vos trajets.`) });
  };
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t`Lien copié`);
    } catch {
      field.current?.select();
      toast.info(t`Copiez le lien sélectionné (Ctrl+C ou ⌘+C).`);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Mes voyages dans mon agenda</Trans>
      </ModalTitle>
      <p className="text-gray-800">
        <Trans>
          Abonnez votre agenda (Outlook, Google Agenda, Calendrier Apple…) à vos trajets réservés : ceux à venir s’y ajoutent, avec leurs horaires locaux, leurs
          références et vos places, et se mettent à jour tout seuls.
        </Trans>
      </p>
      <p className="text-sm text-gray-700">
        <Trans>Ce lien est personnel : quiconque le connaît voit vos trajets. Ne le partagez pas ; en cas de doute, créez-en un nouveau.</Trans>
      </p>
      <p role="status" aria-live="polite" className="text-sm font-medium text-green-900 empty:hidden">
        {status}
      </p>

      {isPending ? (
        <div role="status" className="h-24 animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none">
          <span className="sr-only">
            <Trans>Chargement de votre abonnement</Trans>
          </span>
        </div>
      ) : isError || !subscription ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-gray-800">
            <Trans>Votre abonnement n’a pas pu être chargé.</Trans>
          </p>
          <Button variant="secondary" onClick={() => void refetch()}>
            <Trans>Réessayer</Trans>
          </Button>
        </div>
      ) : url ? (
        <div className="flex flex-col gap-3">
          <label htmlFor="calendar-url" className="font-semibold text-gray-900">
            <Trans>Lien d’abonnement</Trans>
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id="calendar-url"
              ref={field}
              readOnly
              value={url}
              aria-describedby="calendar-url-help"
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-gray-400 px-3 font-mono text-sm text-gray-900"
            />
            <Button variant="secondary" onClick={() => void copy(url)}>
              <Copy aria-hidden="true" size={18} />
              <Trans>Copier</Trans>
            </Button>
          </div>
          <p id="calendar-url-help" className="text-sm text-gray-700">
            <Trans>Collez-le dans votre agenda, rubrique « S’abonner à un calendrier » ou « Ajouter depuis une URL ».</Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={url} className={buttonClass.primary}>
              <CalendarPlus aria-hidden="true" size={18} />
              <Trans>Ouvrir dans mon agenda</Trans>
            </a>
            {subscription.httpsUrl && (
              <Button variant="ghost" onClick={() => void copy(subscription.httpsUrl!)}>
                <Copy aria-hidden="true" size={18} />
                <Trans>Copier le lien https (Google Agenda)</Trans>
              </Button>
            )}
          </div>
        </div>
      ) : subscription.active ? (
        <ActiveNotice since={formatDeadline(subscription.createdAt!)} />
      ) : (
        <p className="text-gray-800">
          <Trans>Vous n’avez pas encore de lien d’abonnement.</Trans>
        </p>
      )}

      {subscription && !isPending && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-gray-100 pt-4">
          {subscription.links.revokeCalendar && (
            <Button variant="ghost" busy={revoking.isPending} disabled={subscribing.isPending} onClick={() => revoke(subscription)}>
              <Trash2 aria-hidden="true" size={18} />
              <Trans>Désactiver le lien</Trans>
            </Button>
          )}
          {subscription.links.subscribeCalendar && (
            <Button
              variant={subscription.active ? 'secondary' : 'primary'}
              busy={subscribing.isPending}
              disabled={revoking.isPending}
              onClick={() => subscribe(subscription)}
            >
              {subscription.active ? <RefreshCw aria-hidden="true" size={18} /> : <CalendarPlus aria-hidden="true" size={18} />}
              {subscription.active ? <Trans>Créer un nouveau lien</Trans> : <Trans>Créer mon lien d’abonnement</Trans>}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
