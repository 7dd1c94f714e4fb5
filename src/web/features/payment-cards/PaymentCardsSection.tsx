import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Link } from '@contract/link';
import type { PaymentCard } from '@contract/payment';
import { Button } from '@web/components/Button';
import { ConfirmRemoval } from '@web/components/ConfirmRemoval';
import { FormAlert } from '@web/components/Field';
import { cardLabel } from '@web/components/PaymentNote';
import { errorText } from '@web/lib/http';
import { useUser } from '@web/lib/me';
import { toast } from '@web/lib/toast';
import { deletePaymentCardMutation, paymentCardsQuery } from './api';

/**
 * "Cartes de paiement" of the personal data page: the cards the user saved while paying a
 * travel by card (never their number: the brand, the last 4 digits, the expiry, the holder), each
 * deleted through its own link. Expired cards are listed as such; the checkout does not offer them.
 */
export function PaymentCardsSection() {
  const link = useUser()?.links.paymentCards;
  if (!link) return null;
  return <PaymentCards link={link} />;
}

const expiryOf = (card: PaymentCard) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;

function PaymentCards({ link }: { link: Link }) {
  const { t } = useLingui();
  const cards = useQuery(paymentCardsQuery(link));
  const removing = useMutation(deletePaymentCardMutation(link));
  const [confirming, setConfirming] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = (card: PaymentCard) => {
    if (!card.links.deletePaymentCard) return;
    removing.mutate(
      { link: card.links.deletePaymentCard },
      {
        onSuccess: () => {
          toast.success(t`La carte de paiement a été supprimée`);
          setConfirming(null);
          // The card is gone from the list: the focus goes back to the section.
          headingRef.current?.focus();
        },
        onError: (error) => toast.error(t`La carte n’a pas pu être supprimée : ${errorText(error)}`),
      },
    );
  };

  const list = cards.data?.cards ?? [];
  return (
    <section id="payment-cards" aria-labelledby="payment-cards-title" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <div>
        <h2 id="payment-cards-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
          <Trans>Cartes de paiement</Trans>
        </h2>
        <p className="text-sm text-gray-700">
          <Trans>
            Les cartes enregistrées lors d’un paiement par carte, proposées à vos prochaines réservations. Nous n’en gardons ni le numéro ni le cryptogramme.
          </Trans>
        </p>
      </div>
      {cards.isPending && (
        <ul aria-hidden="true" className="flex flex-col gap-2">
          {[0, 1].map((i) => (
            <li key={i} className="h-16 animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />
          ))}
        </ul>
      )}
      {cards.isError && (
        <FormAlert>
          <Trans>Vos cartes de paiement n’ont pas pu être chargées.</Trans>{' '}
          <Button variant="link" onClick={() => void cards.refetch()}>
            <Trans>Réessayer</Trans>
          </Button>
        </FormAlert>
      )}
      {cards.isSuccess && list.length === 0 && (
        <p className="text-gray-700">
          <Trans>Aucune carte enregistrée. Au moment de payer un voyage par carte, cochez « Enregistrer cette carte pour la prochaine fois ».</Trans>
        </p>
      )}
      {list.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={t`Vos cartes de paiement`}>
          {list.map((card) => {
            const label = cardLabel(card);
            const expiry = expiryOf(card);
            return (
              <li key={card.id} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-gray-200 p-4">
                <div className="flex flex-col gap-1">
                  <p className="font-semibold text-gray-900">{label}</p>
                  <p className="text-gray-700">{card.holder}</p>
                  <p className={card.expired ? 'font-medium text-red-700' : 'text-gray-700'}>
                    {card.expired ? <Trans>Expirée depuis fin {expiry}</Trans> : <Trans>Expire fin {expiry}</Trans>}
                  </p>
                </div>
                {confirming === card.id ? (
                  <ConfirmRemoval
                    label={t`Supprimer : ${label}`}
                    question={<Trans>Supprimer cette carte ?</Trans>}
                    busy={removing.isPending}
                    onCancel={() => setConfirming(null)}
                    onConfirm={() => remove(card)}
                  />
                ) : (
                  card.links.deletePaymentCard && (
                    <Button variant="secondary" aria-label={t`Supprimer : ${label}`} onClick={() => setConfirming(card.id)}>
                      <Trans>Supprimer</Trans>
                    </Button>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
