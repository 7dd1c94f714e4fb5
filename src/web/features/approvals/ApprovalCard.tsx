import { forwardRef, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Check from 'lucide-react/icons/check';
import Forward from 'lucide-react/icons/forward';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import X from 'lucide-react/icons/x';
import type { Approval } from '@contract/approvals';
import { personName } from '@contract/person-name';
import { Button } from '@web/components/Button';
import { TotalPrice } from '@web/components/TotalPrice';
import { formatDateTime } from '@web/lib/format';
import { toastFailure } from '@web/lib/http';
import { openModal } from '@web/lib/modal';
import { queryClient } from '@web/lib/query';
import { toast } from '@web/lib/toast';
import { approvalQuery, approveMutation, currentOf, showApproval } from './api';
import { ApprovalStatusTag, Chain, JourneySummary, TimeLimit, firstAnswerer } from './parts';

/**
 * What the card does with a failed answer: a 409 means another answer won — the card shows the
 * request as it is now (the answer's `current`, else read again) and a warning names who answered;
 * anything else is the one error → toast rule.
 */
export async function answerFailed(approval: Approval, error: unknown) {
  const conflict = error instanceof Error && 'status' in error && error.status === 409;
  if (!conflict) return toastFailure(error);
  let now = currentOf(error);
  if (!now) now = await queryClient.fetchQuery({ ...approvalQuery(approval.approvalID), staleTime: 0 }).catch(() => null);
  if (now) void showApproval(now);
  const who = now ? firstAnswerer(now) : null;
  const name = who?.name ?? '';
  toast.warning(
    who?.you ? msg`Vous avez déjà répondu à cette demande.` : who ? msg`Demande déjà traitée par ${name}.` : msg`Cette demande a déjà reçu une réponse.`,
  );
}

type Props = { approval: Approval; highlighted?: boolean };

/** One approval request (spec 2 §3, §4, §6): the journey, its price and compliance, the chain, and the answers the reader may give now. */
export const ApprovalCard = forwardRef<HTMLHeadingElement, Props>(function ApprovalCard({ approval, highlighted = false }, headingRef) {
  const { t } = useLingui();
  const own = useRef<HTMLHeadingElement | null>(null);
  const approving = useMutation(approveMutation());
  const { currentRequest: request, links } = approval;
  const requester = personName(request.requester);
  const requestedAt = formatDateTime(request.requestedAt);
  const titleId = `approval-${approval.approvalID}`;
  const travellers = [...new Set(approval.journey.flatMap((item) => item.paxs.map(personName)))];
  const open = approval.status === 'pending' || approval.status === 'escalated';
  const busy = approving.isPending;
  const title = request.isSafetyApproval ? t`Validation sécurité demandée par ${requester}` : t`Demande de ${requester}`;
  const focusHeading = () => requestAnimationFrame(() => own.current?.focus());

  const accept = () => {
    if (!links.approve) return;
    approving.mutate(
      { link: links.approve, input: {} },
      {
        onSuccess: () => {
          toast.success(t`Demande acceptée`);
          focusHeading();
        },
        onError: (error) => void answerFailed(approval, error),
      },
    );
  };
  const escalate = () => {
    if (links.escalate) openModal('EscalateApproval', { approval, link: links.escalate, onEscalated: focusHeading });
  };
  const deny = () => {
    if (!links.deny) return;
    openModal('DenyApproval', { approval, link: links.deny, onDenied: focusHeading });
  };

  return (
    <article
      aria-labelledby={titleId}
      className={`space-y-4 rounded-xl border bg-white p-5 shadow-sm ${highlighted ? 'border-brand ring-2 ring-brand' : 'border-gray-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2
            id={titleId}
            tabIndex={-1}
            ref={(el) => {
              own.current = el;
              if (typeof headingRef === 'function') headingRef(el);
              else if (headingRef) headingRef.current = el;
            }}
            className="text-lg font-bold text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
          >
            {title}
          </h2>
          <ApprovalStatusTag status={approval.status} />
          <p className="text-sm text-gray-700">
            <Trans>Demandée le {requestedAt}</Trans>
          </p>
        </div>
        <TotalPrice label={<Trans>Total</Trans>} price={approval.totalAmount} />
      </div>

      {request.isRisky && (
        <p className="flex items-center gap-2 rounded-lg bg-amber-100 p-3 text-sm font-medium text-amber-950">
          <ShieldAlert aria-hidden="true" size={18} />
          <Trans>Destination à risque : le service sécurité doit aussi confirmer ce voyage.</Trans>
        </p>
      )}
      {request.message && (
        <blockquote className="border-l-4 border-gray-300 pl-3 text-gray-900">
          <span className="sr-only">
            <Trans>Message du demandeur :</Trans>{' '}
          </span>
          {request.message}
        </blockquote>
      )}
      {travellers.length > 0 && (
        <p className="text-sm">
          <Trans>Voyageurs :</Trans> {travellers.join(', ')}
        </p>
      )}

      <JourneySummary approval={approval} />
      {approval.missionOrders.length > 0 && (
        <div className="text-sm">
          <h3 className="font-semibold">
            <Trans>Ordres de mission</Trans>
          </h3>
          <ul className="ml-5 list-disc">
            {approval.missionOrders.map((order) => (
              <li key={order.id}>
                {personName(order.pax)} · {order.purpose} · {order.location}
                {order.transports.length > 0 && ` (${order.transports.join(', ')})`}
                {order.extraRemark && ` — ${order.extraRemark}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <TimeLimit iso={approval.timeLimit} open={open} />
      <div>
        <h3 className="text-sm font-semibold">
          <Trans>Réponses</Trans>
        </h3>
        <Chain chain={approval.chain} />
      </div>

      {(links.deny || links.escalate || links.approve) && (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-gray-100 pt-4">
          {links.deny && (
            <Button variant="secondary" onClick={deny} disabled={busy} aria-describedby={titleId}>
              <X aria-hidden="true" size={18} />
              <Trans>Refuser</Trans>
            </Button>
          )}
          {links.escalate && (
            <Button variant="secondary" onClick={escalate} disabled={busy} aria-describedby={titleId}>
              <Forward aria-hidden="true" size={18} />
              <Trans>Transmettre</Trans>
            </Button>
          )}
          {links.approve && (
            <Button onClick={accept} busy={approving.isPending} disabled={busy} aria-describedby={titleId}>
              <Check aria-hidden="true" size={18} />
              <Trans>Accepter</Trans>
            </Button>
          )}
        </div>
      )}
    </article>
  );
});
