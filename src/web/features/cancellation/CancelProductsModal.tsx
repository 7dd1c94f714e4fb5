import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueries } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import type { RefundPreviewItem } from '@contract/cancellation';
import { refundPreviewSchema } from '@contract/cancellation';
import { apiCode } from '@contract/api-codes';
import { Button } from '@web/components/Button';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { Spinner } from '@web/components/Spinner';
import { formatDeadline, formatPrice } from '@web/lib/format';
import { ApiError } from '@web/lib/http';
import { useUser } from '@web/lib/me';
import type { ModalProps } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { cancelInput, cancelProductsMutation, refundPreviewQuery, refundShown } from './api';

type Step = 'preview' | 'confirm' | 'done';

/** One preview item: what comes back, what is kept, until when; or that the agency handles it. */
function PreviewLine({ item }: { item: RefundPreviewItem }) {
  const refund = item.refund.total !== null ? formatPrice(item.refund.total) : '';
  const fees = item.fixed_fees !== null || item.variable_fees !== null ? formatPrice((item.fixed_fees ?? 0) + (item.variable_fees ?? 0)) : null;
  const until = formatDeadline(item.confirm_refund_date_limit);
  return (
    <div className="space-y-1 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {refundShown(item) && (
          <>
            <dt className="text-gray-700">
              <Trans>Remboursement</Trans>
            </dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{refund}</dd>
          </>
        )}
        {fees !== null && (
          <>
            <dt className="text-gray-700">
              <Trans>Frais retenus</Trans>
            </dt>
            <dd className="text-gray-900 tabular-nums">{fees}</dd>
          </>
        )}
      </dl>
      {item.void && (
        <p className="text-green-900">
          <Trans>Billet émis il y a moins de 24 h : il est annulé sans frais et remboursé en totalité.</Trans>
        </p>
      )}
      {item.offline ? (
        <p className="flex items-start gap-2 text-gray-800">
          <Info aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-brand" />
          <Trans>
            Cette annulation ne peut pas se faire en ligne : votre agence la traite pendant ses heures d’ouverture et vous confirme le remboursement par e-mail.
          </Trans>
        </p>
      ) : (
        <p className="text-gray-700">
          <Trans>Montant garanti jusqu’au {until}</Trans>
        </p>
      )}
    </div>
  );
}

/**
 * The cancellation modal (spec 2 §4 "Cancel product modal"), one product or several: loading (each
 * product's refund preview) → preview → confirm → processing → "we are handling your request", with
 * a toast (PRODUCT_DELETED, TICKETS_DELETED, or DELETE_REQUEST_SENT for the agency's), then onDone.
 * A preview that changed meanwhile (409, 130) comes back fresh in the preview step.
 */
export default function CancelProductsModal({ products, onDone }: ModalProps['CancelProducts']) {
  const { t } = useLingui();
  const { close } = useModalFrame();
  const user = useUser();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<Step>('preview');
  const [fresh, setFresh] = useState<RefundPreviewItem[] | null>(null);
  const [changed, setChanged] = useState(false);
  const cancellable = products.filter((p) => p.links.previewRefund && p.links.cancelProduct);
  const previews = useQueries({ queries: cancellable.map((p) => refundPreviewQuery(p.links.previewRefund!)) });
  const cancelling = useMutation(cancelProductsMutation());

  const loading = previews.some((q) => q.isPending);
  const ready = cancellable.filter((_, i) => previews[i]!.data);
  const shown = fresh ?? [...new Map(previews.flatMap((q) => q.data ?? []).map((item) => [item.product_id, item])).values()];
  const nameOf = (id: string) => products.find((p) => p.id === id)?.name;
  const email = user?.email ?? '';
  const count = cancellable.length;
  const single = products.length === 1 ? products[0]!.name : null;

  useEffect(() => {
    if (!loading) stepHeading.current?.focus();
  }, [step, loading]);

  const confirm = async () => {
    const link = ready[0]!.links.cancelProduct!;
    try {
      const result = await cancelling.mutateAsync({
        link,
        input: cancelInput(
          ready.map((p) => p.id),
          shown,
        ),
      });
      if (result.cancelled.length > 1) toast.success(t({ comment: 'TICKETS_DELETED', message: 'Les billets ont été annulés' }));
      else if (result.cancelled.length === 1) toast.success(t({ comment: 'PRODUCT_DELETED', message: 'La prestation a été annulée' }));
      if (result.requested.length > 0) toast.info(t({ comment: 'DELETE_REQUEST_SENT', message: 'Votre demande d’annulation a été envoyée à votre agence' }));
      setStep('done');
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.api_code === apiCode.REFUND_PREVIEW_CHANGED) {
        const current = refundPreviewSchema.safeParse(error.current?.previews);
        if (current.success) {
          setFresh(current.data);
          setChanged(true);
          setStep('preview');
          return;
        }
      }
      close(); // spec 2 §8: the failure was shown (toast), the modal closes
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>{single ? <Trans>Annuler « {single} »</Trans> : <Trans>Annuler {count} prestations</Trans>}</ModalTitle>

      <div aria-live="polite" className="sr-only">
        {loading ? t`Calcul du remboursement en cours` : cancelling.isPending ? t`Annulation de vos prestations en cours` : ''}
      </div>

      {loading ? (
        <div role="status" className="flex items-center gap-3 py-6 text-gray-800">
          <Spinner size={24} />
          <Trans>Calcul du remboursement…</Trans>
        </div>
      ) : step === 'preview' ? (
        <>
          <h3 ref={stepHeading} tabIndex={-1} className="font-semibold text-gray-900 focus:outline-none">
            <Trans>Votre remboursement</Trans>
          </h3>
          {changed && (
            <p role="alert" className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
              <CircleAlert aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
              <Trans>Le remboursement a changé depuis son aperçu : vérifiez le nouveau montant avant de confirmer.</Trans>
            </p>
          )}
          <ul className="space-y-3">
            {shown.map((item) => (
              <li key={item.product_id} className="space-y-1 rounded-lg border border-gray-200 p-3">
                <p className="font-semibold text-gray-900">{nameOf(item.product_id) ?? item.name}</p>
                {!nameOf(item.product_id) && (
                  <p className="text-sm text-gray-700">
                    <Trans>Annulé avec l’autre trajet de son tarif aller-retour.</Trans>
                  </p>
                )}
                <PreviewLine item={item} />
              </li>
            ))}
            {!fresh &&
              cancellable.map((p, i) =>
                previews[i]!.isError ? (
                  <li key={p.id} className="space-y-1 rounded-lg border border-red-200 p-3">
                    <p className="font-semibold text-gray-900">{p.name}</p>
                    <p className="flex items-start gap-2 text-sm text-red-900">
                      <CircleAlert aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
                      <Trans comment="Error fetching refund details">
                        Impossible de récupérer le détail du remboursement : cette prestation ne sera pas annulée.
                      </Trans>
                    </p>
                  </li>
                ) : null,
              )}
            {products
              .filter((p) => !cancellable.includes(p))
              .map((p) => (
                <li key={p.id} className="space-y-1 rounded-lg border border-gray-200 p-3">
                  <p className="font-semibold text-gray-900">{p.name}</p>
                  <p className="text-sm text-gray-800">
                    <Trans comment="TICKETS_NOT_CANCELABLE">Ce billet ne peut pas être annulé.</Trans>
                  </p>
                </li>
              ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              <Trans>Ne pas annuler</Trans>
            </Button>
            <Button disabled={ready.length === 0} onClick={() => setStep('confirm')}>
              <Trans>Continuer</Trans>
            </Button>
          </div>
        </>
      ) : step === 'confirm' ? (
        <>
          <h3 ref={stepHeading} tabIndex={-1} className="font-semibold text-gray-900 focus:outline-none">
            <Trans>Confirmer l’annulation ?</Trans>
          </h3>
          <p className="text-gray-800">
            <Trans>Les prestations annulées ne peuvent pas être rétablies. Cette action est définitive.</Trans>
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep('preview')} disabled={cancelling.isPending}>
              <Trans>Revoir le remboursement</Trans>
            </Button>
            <Button busy={cancelling.isPending} onClick={() => void confirm()}>
              <Trans>Confirmer l’annulation</Trans>
            </Button>
          </div>
        </>
      ) : (
        <>
          <h3 ref={stepHeading} tabIndex={-1} className="flex items-center gap-2 font-semibold text-gray-900 focus:outline-none">
            <CircleCheck aria-hidden="true" size={20} className="text-green-800" />
            <Trans>Nous traitons votre demande</Trans>
          </h3>
          <p className="text-gray-800">
            <Trans>Vous recevrez la confirmation par e-mail à l’adresse {email}.</Trans>
          </p>
          <div className="flex justify-end">
            <Button onClick={close}>
              <Trans>Retour au voyage</Trans>
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
