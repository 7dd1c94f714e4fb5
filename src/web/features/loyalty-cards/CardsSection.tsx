import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardValues, UserCard, UserCards } from '@contract/loyalty-cards';
import { MAX_CARDS } from '@contract/loyalty-cards';
import type { Link } from '@contract/link';
import { Button } from '@web/components/Button';
import { ConfirmRemoval } from '@web/components/ConfirmRemoval';
import { FormAlert } from '@web/components/Field';
import { formatDate, todayIso } from '@web/lib/dates';
import { ApiError, errorText } from '@web/lib/http';
import { useUser } from '@web/lib/me';
import { toast } from '@web/lib/toast';
import { cardMutations, cardTypesQuery, cardsQuery } from './api';
import { CARD_FIELDS, CardForm, cardFormValues, useTransportName, type CardField } from './CardForm';

/** Editing is none, a new card, or the one with a uid (spec 3 §4 "Documents and cards"). */
type Editing = null | 'new' | string;

/**
 * "Cartes de fidélité et de réduction" of the personal data page: the user's cards, added
 * through the list's `addUserCard` link, changed and deleted through each card's own.
 */
export function CardsSection() {
  const user = useUser();
  const link = user?.links.userCards;
  if (!user || !link) return null;
  return <Cards link={link} />;
}

function Cards({ link }: { link: Link }) {
  const { t } = useLingui();
  const transportName = useTransportName();
  const cards = useQuery(cardsQuery(link));
  const typesLink = cards.data?.links.userCardTypes;
  const types = useQuery({ ...cardTypesQuery(typesLink ?? link), enabled: !!typesLink });
  const adding = useMutation(cardMutations.add(link));
  const updating = useMutation(cardMutations.update(link));
  const removing = useMutation(cardMutations.remove(link));
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const close = () => {
    setEditing(null);
    setConfirming(null);
    headingRef.current?.focus();
  };

  /** Writes a card (new, or the one being edited): its field problems if the server finds some; anything else is thrown for the form to say. */
  const save = async (card: UserCard | null, input: CardValues) => {
    const list: UserCards | undefined = cards.data;
    try {
      if (card) {
        if (!card.links.updateUserCard) throw new Error(t`Cette carte ne peut pas être modifiée.`);
        await updating.mutateAsync({ link: card.links.updateUserCard, input });
      } else {
        if (!list?.links.addUserCard) throw new Error(t`Vous ne pouvez pas ajouter de carte pour le moment.`);
        await adding.mutateAsync({ link: list.links.addUserCard, input });
      }
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      const mine = fields.filter(([path]) => CARD_FIELDS.includes(path as CardField));
      if (mine.length > 0 && mine.length === fields.length) return Object.fromEntries(mine) as Partial<Record<CardField, string>>;
      throw new Error(t`Erreur lors de l’enregistrement : ${errorText(error)}`);
    }
    toast.success(card ? t`Votre carte a été mise à jour` : t`Votre carte a été ajoutée`);
    close();
    return null;
  };

  const remove = async (card: UserCard) => {
    if (!card.links.deleteUserCard) return;
    try {
      await removing.mutateAsync({ link: card.links.deleteUserCard });
      toast.success(t`La carte a été supprimée`);
      close();
    } catch (error) {
      toast.error(t`Erreur lors de l’enregistrement : ${errorText(error)}`);
    }
  };

  const list = cards.data?.cards ?? [];
  const today = todayIso();
  const ready = cards.isSuccess && types.isSuccess;

  return (
    <section id="cards" aria-labelledby="cards-title" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <div>
        <h2 id="cards-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
          <Trans>Cartes de fidélité et de réduction</Trans>
        </h2>
        <p className="text-sm text-gray-700">
          <Trans>
            Vos cartes de transporteurs, d’hôtels et de loueurs : elles sont proposées quand vous réservez, et une carte de réduction ferroviaire valide baisse
            le prix de vos billets de train.
          </Trans>
        </p>
      </div>

      {(cards.isPending || (typesLink && types.isPending)) && (
        <ul aria-hidden="true" className="flex flex-col gap-2">
          {[0, 1].map((i) => (
            <li key={i} className="h-16 animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />
          ))}
        </ul>
      )}
      {(cards.isError || types.isError) && (
        <FormAlert>
          <Trans>Vos cartes n’ont pas pu être chargées.</Trans>{' '}
          <Button variant="link" onClick={() => void (cards.isError ? cards.refetch() : types.refetch())}>
            <Trans>Réessayer</Trans>
          </Button>
        </FormAlert>
      )}

      {ready && list.length === 0 && editing !== 'new' && (
        <p className="text-gray-700">
          <Trans>Aucune carte enregistrée.</Trans>
        </p>
      )}

      {ready && list.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={t`Vos cartes`}>
          {list.map((card) => {
            const name = card.cardtype.name;
            const number = card.cardnumber;
            const expiry = card.expiration_date ? formatDate(card.expiration_date) : '';
            const expired = card.expiration_date !== null && card.expiration_date < today;
            if (editing === card.uid)
              return (
                <li key={card.uid}>
                  <CardForm types={types.data.types} initial={cardFormValues(card)} isNew={false} onSave={(input) => save(card, input)} onCancel={close} />
                </li>
              );
            return (
              <li key={card.uid} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-gray-200 p-4">
                <div className="flex flex-col gap-1">
                  <p className="font-semibold text-gray-900">{name}</p>
                  <p className="text-gray-700">
                    {transportName(card.cardtype.type)} ·{' '}
                    {card.cardtype.card_type === 'discount' ? <Trans>Carte de réduction</Trans> : <Trans>Carte de fidélité</Trans>}
                    {number ? (
                      <>
                        {' · '}
                        <Trans>N° {number}</Trans>
                      </>
                    ) : null}
                  </p>
                  <p className={expired ? 'font-medium text-red-700' : 'text-gray-700'}>
                    {card.expiration_date === null ? (
                      <Trans>Sans date d’expiration</Trans>
                    ) : expired ? (
                      <Trans>Expirée le {expiry}</Trans>
                    ) : (
                      <Trans>Expire le {expiry}</Trans>
                    )}
                  </p>
                </div>
                {confirming === card.uid ? (
                  <ConfirmRemoval
                    label={t`Supprimer : ${name}`}
                    question={<Trans>Supprimer cette carte ?</Trans>}
                    busy={removing.isPending}
                    onCancel={() => setConfirming(null)}
                    onConfirm={() => void remove(card)}
                  />
                ) : (
                  editing === null && (
                    <div className="flex flex-wrap gap-2">
                      {card.links.updateUserCard && (
                        <Button variant="secondary" aria-label={t`Modifier : ${name}`} onClick={() => setEditing(card.uid)}>
                          <Trans>Modifier</Trans>
                        </Button>
                      )}
                      {card.links.deleteUserCard && (
                        <Button variant="secondary" aria-label={t`Supprimer : ${name}`} onClick={() => setConfirming(card.uid)}>
                          <Trans>Supprimer</Trans>
                        </Button>
                      )}
                    </div>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}

      {ready && editing === 'new' && (
        <CardForm types={types.data.types} initial={cardFormValues(null)} isNew onSave={(input) => save(null, input)} onCancel={close} />
      )}
      {ready && editing === null && confirming === null && (
        <div>
          {cards.data.links.addUserCard ? (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              <Trans>Ajouter une carte</Trans>
            </Button>
          ) : (
            list.length >= MAX_CARDS && (
              <p className="text-gray-700">
                <Trans>Vous avez enregistré le nombre maximal de cartes ({MAX_CARDS}).</Trans>
              </p>
            )
          )}
        </div>
      )}
    </section>
  );
}
