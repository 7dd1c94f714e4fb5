import { useDeferredValue, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Trash2 from 'lucide-react/icons/trash-2';
import type { Link as ApiLink } from '@contract/link';
import { Button, buttonClass } from '@web/components/Button';
import { OfflineNotice } from '@web/components/OfflineNotice';
import { openModal, returnFocusTo } from '@web/lib/modal';
import { useUser } from '@web/lib/me';
import { toast } from '@web/lib/toast';
import { useFeatures } from '@web/lib/features';
import { travelQuery, travelsQuery } from '@web/lib/travels';
import { CART_STATUSES, emptyCartMutation, liveProducts } from './api';
import { CommsBanner } from '@web/components/CommsBanner';
import { commsQuery } from '@web/lib/comms';
import { TravelCard } from './TravelCard';

/** UI.md: a list's loader is 5 rows shaped like what is coming. */
function Placeholder() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Chargement du panier`}>
      <ul aria-hidden="true" className="space-y-4">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} data-testid="travel-placeholder" className="h-32 animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none" />
        ))}
      </ul>
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-gray-200 bg-white p-8 text-center">
      <ShoppingCart aria-hidden="true" size={40} className="text-gray-500" />
      <h2 className="text-xl font-bold text-gray-900">
        <Trans>Votre panier est vide</Trans>
      </h2>
      <p className="text-gray-800">
        <Trans>Les trajets que vous ajoutez depuis la recherche apparaissent ici, jusqu’à leur réservation.</Trans>
      </p>
      <Link to="/" className={buttonClass.primary}>
        <Trans>Réserver un trajet</Trans>
      </Link>
    </div>
  );
}

/**
 * `/cart` (spec 2 §2): the travels in the cart, and those whose options or approval are pending. With
 * cartWithTravelID and a travel in the address (`?travelID=`, where an add to cart leads), that travel alone.
 */
export function CartScreen() {
  const { t } = useLingui();
  const user = useUser();
  const heading = useRef<HTMLHeadingElement>(null);
  const features = useFeatures();
  const { travelID } = useSearch({ from: '/cart/' });
  const one = features.cartWithTravelID ? travelID : undefined;
  const list = useQuery({ ...travelsQuery(CART_STATUSES), enabled: Boolean(user) && !one });
  const single = useQuery({ ...travelQuery(one ?? ''), enabled: Boolean(user) && Boolean(one) });
  const { isPending: travelsPending, dataUpdatedAt } = one ? single : list;
  // The agency's messages sit above the travels: the list waits for them so that it does not jump down.
  const comms = useQuery({ ...commsQuery('cart', user?.uid ?? null), enabled: Boolean(user) });
  const loaded = !travelsPending && !comms.isPending;
  // The travels render in the background (a deferred value that starts false): the tap that opens the cart, its
  // data already there (preloaded), paints the heading and the placeholders at once, then the cards, instead of
  // holding its frame for every card (INP at 4× CPU).
  const isPending = !useDeferredValue(loaded, false);
  // A travel booked or removed since is no longer in the cart: the empty cart says so.
  const shown = one ? (single.data && CART_STATUSES.includes(single.data.status) ? [single.data] : []) : (list.data?.travels ?? []);
  // A travel whose every option was released has nothing left to show (spec 2 §4 "Release prebooking").
  const travels = shown.filter((travel) => liveProducts(travel).length > 0);
  const emptyLink = one ? undefined : list.data?.links.emptyCart;
  const emptying = useMutation(emptyCartMutation());

  const askEmpty = (link: ApiLink) =>
    openModal('Confirm', {
      title: t`Vider le panier ?`,
      message: t`Tous les voyages du panier seront retirés. Les options posées et les demandes d’approbation en cours ne changent pas.`,
      confirmLabel: t`Vider le panier`,
      onConfirm: async () => {
        try {
          await emptying.mutateAsync({ link });
        } catch {
          return; // the http client showed the failure
        }
        toast.success(t`Panier vidé`);
        returnFocusTo(heading.current);
      },
    });

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-gray-900 focus:outline-none">
          <Trans>Panier</Trans>
        </h1>
        {!features.cartWithTravelID && emptyLink && travels.some((travel) => travel.status === 'cart') && (
          <Button variant="secondary" onClick={() => askEmpty(emptyLink)}>
            <Trash2 aria-hidden="true" size={18} />
            <Trans>Vider le panier</Trans>
          </Button>
        )}
      </div>
      {one && (
        <p>
          <Link to="/cart" className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2">
            <Trans>Voir tous les voyages du panier</Trans>
          </Link>
        </p>
      )}
      <OfflineNotice updatedAt={dataUpdatedAt} />
      <CommsBanner support="cart" />
      {isPending ? (
        <Placeholder />
      ) : travels.length === 0 ? (
        <EmptyCart />
      ) : (
        <ul aria-label={t`Voyages`} className="space-y-6">
          {travels.map((travel) => (
            <li key={travel.id}>
              <TravelCard travel={travel} mode="cart" onGone={() => returnFocusTo(heading.current)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
