import { useRef, useState } from 'react';
import { BookingStatus } from '@web/components/BookingStatus';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import BellRing from 'lucide-react/icons/bell-ring';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import FileText from 'lucide-react/icons/file-text';
import BedDouble from 'lucide-react/icons/bed-double';
import Car from 'lucide-react/icons/car';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import Undo2 from 'lucide-react/icons/undo-2';
import type { Product, Travel } from '@contract/travel';
import { nextCheckoutStep } from '@contract/travel';
import { Button, buttonClass } from '@web/components/Button';
import { OnBehalfNote } from '@web/components/OnBehalfNote';
import { TotalPrice } from '@web/components/TotalPrice';
import { PaymentNote } from '@web/components/PaymentNote';
import { openModal, returnFocusTo } from '@web/lib/modal';
import { useUser } from '@web/lib/me';
import { toast } from '@web/lib/toast';
import { downloadLink } from '@web/lib/download';
import { DEFAULT_FEATURES } from '@contract/account';
import { cancelApprovalMutation, deleteTravelMutation, liveProducts, releaseOptionMutation, remindApproverMutation } from './api';
import { formatDay, formatDeadline, formatMoney } from '@web/lib/format';
import { Notices, ProductCard } from './ProductCard';
import { aroundTrip } from './shortcuts';

/** Spec 2 §2: the first three checkout steps continue the travel, the last three confirm it. */
const CONTINUE_STEPS = new Set(['getAllAnalytics', 'getMissionOrders', 'getAvailableApprovers']);

type Props = {
  travel: Travel;
  /** `view` (/travel-view): the travel alone, without actions on the cart. */
  mode: 'cart' | 'view';
  /** Called once the travel left the list (deleted, or its last option released), while the confirm modal closes: the screen says where focus goes. */
  onGone?: () => void;
};

export function TravelCard({ travel, mode, onGone }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useUser();
  const heading = useRef<HTMLHeadingElement>(null);
  const features = user?.features ?? DEFAULT_FEATURES;
  const company = user?.company ?? null;
  const products = liveProducts(travel);
  const withPolicy = Boolean(company?.travel_policy ?? travel.travelPolicy);
  const step = nextCheckoutStep(travel.links);
  const titleId = `travel-${travel.id}`;
  const date = travel.startDate ? formatDay(travel.startDate) : null;
  const title = date ? t`Voyage du ${date}` : t`Voyage`;
  const deadline = travel.confirmationTimeLimit ? formatDeadline(travel.confirmationTimeLimit) : null;
  const refunded = travel.refunded ? formatMoney(travel.refunded) : null;
  const showDeadline = deadline && (travel.status === 'pending_approval' || travel.status === 'pending_confirmation');
  const checkoutShown = mode === 'cart' && (travel.status === 'cart' || (travel.status === 'pending_confirmation' && 'confirm' in travel.links));
  const canAdd = mode === 'cart' && 'addTrip' in travel.links;
  // Spec 2 §2: the hotel and car shortcuts only where the company offers them (the server writes their links then).
  const canAddHotel = mode === 'cart' && 'addHotelToCart' in travel.links && Boolean(company?.hotel_enabled);
  const canAddCar = mode === 'cart' && 'addCarToCart' in travel.links && Boolean(company?.carrental_enabled);
  const around = aroundTrip(travel);
  const deleting = useMutation(deleteTravelMutation());
  const releasing = useMutation(releaseOptionMutation());
  const reminding = useMutation(remindApproverMutation());
  const cancellingApproval = useMutation(cancelApprovalMutation());
  const remindLink = mode === 'cart' ? travel.links.remind : undefined;
  const cancelApprovalLink = mode === 'cart' ? travel.links.cancelApproval : undefined;

  const [downloading, setDownloading] = useState(false);
  const calendarLink = travel.links.calendar;
  /** The booked legs as an .ics file for the user's calendar (a read of the travel's `calendar` link). */
  const addToCalendar = async (link: NonNullable<Travel['links']['calendar']>) => {
    setDownloading(true);
    try {
      await downloadLink(link, t`voyage.ics`);
    } catch {
      // The http client's rules showed the failure.
    } finally {
      setDownloading(false);
    }
  };

  const remind = (link: NonNullable<Travel['links']['remind']>) => reminding.mutate({ link }, { onSuccess: () => toast.success(t`Le valideur a été relancé`) });

  const askCancelApproval = (link: NonNullable<Travel['links']['cancelApproval']>) =>
    openModal('Confirm', {
      title: t`Annuler la demande d’approbation ?`,
      message: t`Le valideur ne pourra plus y répondre. Le voyage revient dans votre panier, avec ses prix mis à jour.`,
      confirmLabel: t`Annuler la demande`,
      onConfirm: async () => {
        try {
          await cancellingApproval.mutateAsync({ link });
        } catch {
          return; // the http client showed the failure; the request stays
        }
        toast.success(t`Demande d’approbation annulée`);
        returnFocusTo(heading.current);
      },
    });

  const askDelete = (link: NonNullable<Travel['links']['delete']>) =>
    openModal('Confirm', {
      title: t`Supprimer ce voyage ?`,
      message: t`Le voyage et tous ses trajets seront retirés. Cette action est définitive.`,
      confirmLabel: t`Supprimer le voyage`,
      onConfirm: async () => {
        try {
          await deleting.mutateAsync({ link, version: travel.version });
        } catch {
          return; // the http client showed the failure; the travel stays
        }
        toast.success(t`Voyage supprimé`);
        onGone?.();
      },
    });

  /** The cancellation modal for one product (spec 2 §4); focus comes back to the travel's heading. */
  const askCancel = (product: Product) =>
    openModal('CancelProducts', { products: [{ id: product.id, name: product.name, links: product.links }], onDone: () => returnFocusTo(heading.current) });

  const askRelease = (product: Product, link: NonNullable<Product['links']['releasePrebooking']>) => {
    const name = product.name;
    openModal('Confirm', {
      title: t`Libérer l’option ?`,
      message: t`Les places de « ${name} » ne seront plus réservées pour vous. Les options liées (le retour d’un aller, par exemple) sont libérées aussi. Cette action est définitive.`,
      confirmLabel: t`Libérer l’option`,
      onConfirm: async () => {
        let updated: Travel;
        try {
          updated = await releasing.mutateAsync({ link, version: travel.version });
        } catch {
          return;
        }
        toast.success(t`Option libérée`);
        if (liveProducts(updated).length === 0) onGone?.();
        else returnFocusTo(heading.current);
      },
    });
  };

  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-bold text-gray-900 focus:outline-none">
            {title}
          </h2>
          <OnBehalfNote onBehalf={travel.onBehalf} />
          <BookingStatus status={travel.status} />
          {showDeadline && (
            <p className="text-sm font-medium text-amber-950">
              <Trans>Garanti jusqu’au {deadline}</Trans>
            </p>
          )}
        </div>
        <div>
          <TotalPrice label={travel.refunded ? <Trans>Total après remboursement</Trans> : <Trans>Total</Trans>} price={travel.price} />
          {travel.refunded && (
            <p className="text-right text-sm text-gray-700 tabular-nums">
              <Trans>{refunded} remboursés</Trans>
            </p>
          )}
        </div>
      </div>

      {/* Paid by card: which card, and what went back to it (the company's account is the default, said nowhere). */}
      {travel.payment?.method === 'card' && <PaymentNote payment={travel.payment} className="text-sm" />}

      <Notices warnings={travel.warnings} infos={travel.infos} />

      <ul aria-label={t`Prestations de ${title}`} className="space-y-3">
        {products.map((product) => {
          const release = mode === 'cart' ? product.links.releasePrebooking : undefined;
          return (
            <li key={product.id}>
              <ProductCard
                product={product}
                withPolicy={withPolicy}
                onRelease={release && (() => askRelease(product, release))}
                onCancel={product.links.cancelProduct ? () => askCancel(product) : undefined}
              />
            </li>
          );
        })}
      </ul>

      {/* The hotel and car searches open around the trip in the cart: its destination, arrival and way back. */}
      {(canAdd || canAddHotel || canAddCar) && features.enableAddNewTripFromCart && (
        <nav aria-label={t`Ajouter une prestation à ${title}`}>
          <ul className="flex flex-wrap gap-2">
            {canAdd && (
              <li>
                <Link to="/" search={{ travelID: travel.id }} className={buttonClass.ghost}>
                  <Plus aria-hidden="true" size={18} />
                  <Trans>Ajouter un trajet</Trans>
                </Link>
              </li>
            )}
            {canAddHotel && (
              <li>
                <Link to="/" search={{ travelID: travel.id, type: 'hotel', ...around }} className={buttonClass.ghost}>
                  <BedDouble aria-hidden="true" size={18} />
                  <Trans>Ajouter un hôtel</Trans>
                </Link>
              </li>
            )}
            {canAddCar && (
              <li>
                <Link to="/" search={{ travelID: travel.id, type: 'car', ...around }} className={buttonClass.ghost}>
                  <Car aria-hidden="true" size={18} />
                  <Trans>Ajouter une voiture</Trans>
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}

      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-gray-100 pt-4">
        {calendarLink && (
          <Button variant="secondary" busy={downloading} onClick={() => void addToCalendar(calendarLink)} aria-describedby={titleId}>
            <CalendarPlus aria-hidden="true" size={18} />
            <Trans>Ajouter à mon agenda</Trans>
          </Button>
        )}
        {travel.treepRecaps.length > 0 && (
          <Button variant="secondary" onClick={() => openModal('Recap', { recaps: travel.treepRecaps })}>
            <FileText aria-hidden="true" size={18} />
            <Trans>Récapitulatif</Trans>
          </Button>
        )}
        {cancelApprovalLink && (
          <Button variant="ghost" onClick={() => askCancelApproval(cancelApprovalLink)} aria-describedby={titleId}>
            <Undo2 aria-hidden="true" size={18} />
            <Trans>Annuler la demande</Trans>
          </Button>
        )}
        {remindLink && (
          <Button variant="secondary" busy={reminding.isPending} onClick={() => remind(remindLink)} aria-describedby={titleId}>
            <BellRing aria-hidden="true" size={18} />
            <Trans>Relancer le valideur</Trans>
          </Button>
        )}
        {mode === 'cart' && travel.status !== 'cancelled' && travel.links.delete && (
          <Button variant="ghost" onClick={() => askDelete(travel.links.delete!)} aria-describedby={titleId}>
            <Trash2 aria-hidden="true" size={18} />
            <Trans>Supprimer</Trans>
          </Button>
        )}
        {checkoutShown && (
          <Button disabled={!step} onClick={() => void navigate({ to: '/cart/checkout', search: { travel: travel.id } })}>
            {step && CONTINUE_STEPS.has(step) ? <Trans>Continuer ce voyage</Trans> : <Trans>Confirmer ce voyage</Trans>}
          </Button>
        )}
      </div>
    </article>
  );
}
