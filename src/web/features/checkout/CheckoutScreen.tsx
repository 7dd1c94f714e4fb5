import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Link } from '@contract/link';
import type { Travel } from '@contract/travel';
import { nextCheckoutStep } from '@contract/travel';
import { Button } from '@web/components/Button';
import { Spinner } from '@web/components/Spinner';
import { openModal } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { travelQuery } from '@web/lib/travels';
import { useCheckoutBusy } from './api';
import { AnalyticsStep } from './AnalyticsStep';
import { FinalStep } from './FinalStep';
import type { Outcome } from './FinalStep';
import { MissionOrdersStep } from './MissionOrdersStep';
import { CHECKOUT_TEXTS } from './messages';
import { FormSkeleton } from './parts';
import { SuccessView } from './SuccessView';
import { TravelRecap } from './TravelRecap';
import { CommsBanner } from '@web/components/CommsBanner';

/** What a travel with nothing left to do shows again on a reload of the checkout (getTravel is its only step). */
const SETTLED: Partial<Record<Travel['status'], Outcome>> = { pending_approval: 'approval', booked: 'booked', pending_ticketing: 'booked', issued: 'booked' };

/** Approver selection: the modal opens by itself once per travel version; the button reopens it. */
function ApproverStep({ travel, link, onReload }: { travel: Travel; link: Link; onReload: () => void }) {
  const open = useCallback(
    () => openModal('Approvers', { link, travel: { id: travel.id, version: travel.version }, onReload }),
    [link, travel.id, travel.version, onReload],
  );
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const id = `${link.href}@${travel.version}`;
    if (opened.current === id) return;
    opened.current = id;
    open();
  }, [link.href, travel.version, open]);
  return (
    <section aria-labelledby="approver-title" className="flex flex-col gap-4">
      <h2 id="approver-title" className="text-xl font-bold text-gray-900">
        <Trans>Choix du valideur</Trans>
      </h2>
      <p className="text-gray-800">
        <Trans>Votre entreprise demande de choisir la personne qui validera ce voyage.</Trans>
      </p>
      <div>
        <Button onClick={open}>
          <Trans>Choisir un valideur</Trans>
        </Button>
      </div>
    </section>
  );
}

/**
 * Spec 2 §2 "Checkout screen": reads the travel, takes its next step from the links the server
 * wrote (spec 2 §4) and shows it; each saved step reads the travel again (features/checkout/api
 * stepMutation) and the screen moves on, until the booking or the approval request ends in the
 * success view.
 */
export function CheckoutScreen({ travelId, returnedFromBank = false }: { travelId: string; returnedFromBank?: boolean }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(travelQuery(travelId));
  const saving = useCheckoutBusy();
  const [done, setDone] = useState<{ outcome: Outcome; travel: Travel } | null>(null);

  const toCart = useCallback(
    (bookingError = false) => {
      if (bookingError) toast.error(CHECKOUT_TEXTS.BOOKING_ERROR);
      void navigate({ to: '/cart', replace: true });
    },
    [navigate],
  );
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: travelQuery(travelId).queryKey }), [queryClient, travelId]);
  const onUnavailable = useCallback(() => toCart(), [toCart]);
  const finish = (outcome: Outcome, travel: Travel) => {
    setDone({ outcome, travel });
    if (outcome === 'booked') toast.success(CHECKOUT_TEXTS.BOOKING_CONFIRMED);
  };

  const travel = query.data;
  const step = travel ? nextCheckoutStep(travel.links) : null;
  const settled = travel && step === 'getTravel' ? SETTLED[travel.status] : undefined;
  const leave = query.isError || (travel !== undefined && !done && (step === null || (step === 'getTravel' && !settled)));
  useEffect(() => {
    if (leave) toCart();
  }, [leave, toCart]);

  const busy = saving || (query.isFetching && !query.isPending);
  const content = () => {
    if (done) return <SuccessView outcome={done.outcome} travel={done.travel} />;
    if (!travel) return <FormSkeleton rows={4} />;
    if (settled) return <SuccessView outcome={settled} travel={travel} />;
    const link = step ? travel.links[step] : undefined;
    if (!link || leave) return <FormSkeleton rows={4} />;
    const common = { travel, link, onReload: reload };
    const form =
      step === 'getAllAnalytics' ? (
        <AnalyticsStep {...common} onUnavailable={onUnavailable} />
      ) : step === 'getMissionOrders' ? (
        <MissionOrdersStep {...common} onUnavailable={onUnavailable} />
      ) : step === 'getAvailableApprovers' ? (
        <ApproverStep {...common} />
      ) : step === 'requestApproval' || step === 'confirm' ? (
        <FinalStep
          {...common}
          step={step}
          onDone={finish}
          onFailed={() => toCart(true)}
          returnedFromBank={returnedFromBank}
          // Handled: a reload of the page does not ask the bank's answer again.
          onBankHandled={() => void navigate({ to: '/cart/checkout', search: { travel: travelId }, replace: true })}
        />
      ) : null;
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">{form}</div>
        <aside>
          <TravelRecap travel={travel} />
        </aside>
      </div>
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">
        <Trans>Réservation et paiement</Trans>
      </h1>
      <CommsBanner support="checkout" />
      <p role="status" aria-live="polite" className={busy ? 'flex items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 font-medium text-gray-900' : 'sr-only'}>
        {busy && (
          <>
            <Spinner /> {i18n._(CHECKOUT_TEXTS.WE_VERIFY_YOUR_INFOS)}
          </>
        )}
      </p>
      {content()}
    </div>
  );
}
