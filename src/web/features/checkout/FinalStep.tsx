import { lazy, Suspense, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { Link } from '@contract/link';
import type { Travel } from '@contract/travel';
import { apiCode } from '@contract/api-codes';
import { Button } from '@web/components/Button';
import { ApiError } from '@web/lib/http';
import { finalMutation, reportStepFailure } from './api';
import { formatDeadline } from '@web/lib/format';
import { FormSkeleton } from './parts';

// The card form (and its payment service's client) loads when card payment is chosen.
const CardPayment = lazy(() => import('./CardPayment').then((m) => ({ default: m.CardPayment })));

export type Outcome = 'approval' | 'booked' | 'held';

/** The time an option is guaranteed until: the travel's, else the earliest of its products'. */
export function holdDeadline(travel: Travel): string | null {
  if (travel.confirmationTimeLimit) return travel.confirmationTimeLimit;
  const limits = travel.products.flatMap((p) => (p.confirmationTimeLimit ? [p.confirmationTimeLimit] : [])).sort();
  return limits[0] ?? null;
}

/**
 * The last step (spec 2 §4): ask approval, or book — company payment, card payment where the travel
 * offers it (its payByCard link), or an option held until its time limit. A travel already
 * held only offers to confirm it.
 */
export function FinalStep({
  travel,
  step,
  link,
  onDone,
  onReload,
  onFailed,
  returnedFromBank = false,
  onBankHandled = () => undefined,
}: {
  travel: Travel;
  step: 'requestApproval' | 'confirm';
  link: Link;
  onDone: (outcome: Outcome, travel: Travel) => void;
  onReload: () => void;
  /** Spec 2 §2: a failed booking or approval request goes back to the cart with BOOKING_ERROR. */
  onFailed: () => void;
  /** The browser is back from the bank's authentication page (a card payment's 3-D Secure). */
  returnedFromBank?: boolean;
  onBankHandled?: () => void;
}) {
  const payByCard = travel.links.payByCard;
  const [method, setMethod] = useState<'company' | 'card'>(returnedFromBank || travel.links.confirmCardPayment ? 'card' : 'company');
  const methodLegend = useId();
  const confirming = useMutation(finalMutation('confirm', travel.id));
  const requesting = useMutation(finalMutation('requestApproval', travel.id));
  // The same click again (or a retry after a lost answer) is the same intent: the server books once (lib/follow followOnce).
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.api_code === apiCode.VERSION_CONFLICT) reportStepFailure(error, onReload);
    else onFailed();
  };
  const run = (outcome: Outcome) => {
    const done = { onSuccess: (result: Travel) => onDone(outcome, result), onError: failed };
    if (step === 'requestApproval') requesting.mutate({ link, version: travel.version }, done);
    else confirming.mutate({ link, version: travel.version, input: outcome === 'held' ? { hold: true } : {} }, done);
  };
  const busy: Outcome | null = requesting.isPending ? 'approval' : confirming.isPending ? (confirming.variables.input.hold ? 'held' : 'booked') : null;

  const held = travel.status === 'pending_confirmation';
  const deadline = holdDeadline(travel);
  const until = deadline ? formatDeadline(deadline) : null;

  if (step === 'requestApproval')
    return (
      <section aria-labelledby="final-title" className="flex flex-col gap-4">
        <h2 id="final-title" className="text-xl font-bold text-gray-900">
          <Trans>Demande de validation</Trans>
        </h2>
        <p className="text-gray-800">
          <Trans>Ce voyage doit être validé avant d’être réservé. Votre valideur recevra votre demande par e-mail.</Trans>
        </p>
        <div className="flex justify-end">
          <Button busy={busy !== null} onClick={() => run('approval')}>
            <Trans>Envoyer la demande de validation</Trans>
          </Button>
        </div>
      </section>
    );

  return (
    <section aria-labelledby="final-title" className="flex flex-col gap-4">
      <h2 id="final-title" className="text-xl font-bold text-gray-900">
        {held ? <Trans>Confirmer votre option</Trans> : <Trans>Confirmer votre réservation</Trans>}
      </h2>
      {held ? (
        <p className="text-gray-800">
          {until ? (
            <Trans>Option posée jusqu’au {until}. Confirmez-la avant cette date, sinon elle sera libérée.</Trans>
          ) : (
            <Trans>Une option est posée sur ce voyage : confirmez-la pour le réserver.</Trans>
          )}
        </p>
      ) : (
        <p id="hold-explained" className="text-gray-800">
          {until ? (
            <Trans>Poser une option garde vos places sans les payer jusqu’au {until} ; sans confirmation d’ici là, elle est libérée.</Trans>
          ) : (
            <Trans>
              Poser une option garde vos places sans les payer jusqu’à la date limite du transporteur ; sans confirmation d’ici là, elle est libérée.
            </Trans>
          )}
        </p>
      )}
      {payByCard && (
        <fieldset aria-labelledby={methodLegend} className="flex flex-col gap-2">
          <legend id={methodLegend} className="mb-1 font-medium text-gray-900">
            <Trans>Moyen de paiement</Trans>
          </legend>
          <div className="flex flex-wrap gap-2">
            {(['company', 'card'] as const).map((m) => (
              <label
                key={m}
                className="flex min-h-11 flex-1 items-center gap-3 rounded-lg border border-gray-300 px-3 py-2 has-[:checked]:border-[var(--brand)]"
              >
                <input type="radio" name="payment-method" className="size-5 accent-[var(--brand)]" checked={method === m} onChange={() => setMethod(m)} />
                {m === 'company' ? <Trans>Compte de l’entreprise</Trans> : <Trans>Payer par carte</Trans>}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {payByCard && method === 'card' && (
        <Suspense fallback={<FormSkeleton rows={3} />}>
          <CardPayment
            travel={travel}
            link={payByCard}
            returnedFromBank={returnedFromBank}
            onBooked={(booked) => onDone('booked', booked)}
            onReload={onReload}
            onBankHandled={onBankHandled}
          />
        </Suspense>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {!held && (
          <Button variant="secondary" aria-describedby="hold-explained" busy={busy === 'held'} disabled={busy !== null} onClick={() => run('held')}>
            <Trans>Poser une option</Trans>
          </Button>
        )}
        {(!payByCard || method === 'company') && (
          <Button busy={busy === 'booked'} disabled={busy !== null} onClick={() => run('booked')}>
            <Trans>Confirmer et payer (paiement entreprise)</Trans>
          </Button>
        )}
      </div>
    </section>
  );
}
