import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import type { Approval, OneClick } from '@contract/approvals';
import { denyBodySchema } from '@contract/approvals';
import { apiCode } from '@contract/api-codes';
import { personName } from '@contract/person-name';
import { Button, buttonClass } from '@web/components/Button';
import { TotalPrice } from '@web/components/TotalPrice';
import { FormAlert, TextAreaField } from '@web/components/Field';
import { ApiError, errorText } from '@web/lib/http';
import { answerOneClickMutation, currentOf, oneClickQuery } from './api';
import { ApprovalStatusTag, JourneySummary, TimeLimit, firstAnswerer } from './parts';

type Outcome = { kind: 'answered'; approval: Approval } | { kind: 'conflict'; approval: Approval | null };

/**
 * The e-mail's one-click answer (`/approvals/one-click?token=`): the request's summary and one
 * confirmation (deny asks for the reason), no password; the link is spent by the answer.
 */
export function OneClickPage({ token }: { token: string }) {
  const { t } = useLingui();
  const grant = useQuery(oneClickQuery(token));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const done = (next: Outcome) => {
    setOutcome(next);
    requestAnimationFrame(() => heading.current?.focus());
  };

  let content;
  if (grant.isPending)
    content = <div role="status" aria-label={t`Chargement de la demande`} className="h-64 animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none" />;
  else if (grant.isError) content = <LinkProblem error={grant.error} />;
  else if (outcome) content = <Done outcome={outcome} action={grant.data.action} />;
  else content = <Confirm grant={grant.data} onDone={done} />;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-gray-900 focus:outline-none">
        <Trans>Réponse à une demande d’approbation</Trans>
      </h1>
      {content}
    </div>
  );
}

function LinkProblem({ error }: { error: unknown }) {
  const code = error instanceof ApiError ? error.api_code : null;
  const text =
    code === apiCode.TOKEN_USED ? (
      <Trans>Ce lien a déjà servi : une réponse a déjà été donnée à cette demande.</Trans>
    ) : code === apiCode.TOKEN_EXPIRED ? (
      <Trans>Ce lien a expiré. Ouvrez la demande depuis votre espace pour y répondre.</Trans>
    ) : error instanceof ApiError && error.status < 500 && error.status > 0 ? (
      <Trans>Ce lien n’est pas valide.</Trans>
    ) : (
      errorText(error)
    );
  return (
    <div className="space-y-4">
      <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-100 p-4 font-medium text-amber-950">
        <CircleAlert aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
        <span>{text}</span>
      </p>
      <Link to="/account/approvals" className={buttonClass.secondary}>
        <Trans>Voir mes demandes d’approbation</Trans>
      </Link>
    </div>
  );
}

function Summary({ approval }: { approval: Approval }) {
  const { t } = useLingui();
  const requester = personName(approval.currentRequest.requester);
  return (
    <section aria-label={t`Demande de ${requester}`} className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <h2 className="text-xl font-bold text-gray-900">{t`Demande de ${requester}`}</h2>
          <ApprovalStatusTag status={approval.status} />
        </div>
        <TotalPrice label={<Trans>Total</Trans>} price={approval.totalAmount} />
      </div>
      {approval.currentRequest.message && <blockquote className="border-l-4 border-gray-300 pl-3">{approval.currentRequest.message}</blockquote>}
      <JourneySummary approval={approval} />
      <TimeLimit iso={approval.timeLimit} open={approval.status === 'pending' || approval.status === 'escalated'} />
    </section>
  );
}

type Form = { reason: string };

function Confirm({ grant, onDone }: { grant: OneClick; onDone: (outcome: Outcome) => void }) {
  const { t } = useLingui();
  const answering = useMutation(answerOneClickMutation());
  const form = useForm<Form, unknown, { reason: string }>({ resolver: zodResolver(denyBodySchema), defaultValues: { reason: '' } });
  const link = grant.links.answerOneClick;

  const send = async (input: { reason?: string }) => {
    if (!link) return;
    try {
      onDone({ kind: 'answered', approval: await answering.mutateAsync({ link, input }) });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.reason : undefined;
      if (field) return form.setError('reason', { type: 'server', message: field });
      if (error instanceof ApiError && error.status === 409) return onDone({ kind: 'conflict', approval: currentOf(error) });
      form.setError('root', { type: 'server', message: errorText(error) });
    }
  };

  return (
    <div className="space-y-6">
      <Summary approval={grant.approval} />
      {!link ? (
        <p role="alert" className="rounded-lg bg-amber-100 p-4 font-medium text-amber-950">
          <Trans>Cette demande n’attend plus de réponse de votre part.</Trans>
        </p>
      ) : grant.action === 'approve' ? (
        <div className="space-y-3">
          <FormAlert>{form.formState.errors.root?.message}</FormAlert>
          <Button busy={answering.isPending} onClick={() => void send({})}>
            <Trans>Confirmer l’acceptation</Trans>
          </Button>
        </div>
      ) : (
        <form noValidate className="space-y-3" onSubmit={form.handleSubmit((body) => send(body))} aria-label={t`Refuser la demande`}>
          <TextAreaField
            label={<Trans>Motif du refus *</Trans>}
            hint={<Trans>Le demandeur le recevra par e-mail (500 caractères au plus).</Trans>}
            rows={4}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <FormAlert>{form.formState.errors.root?.message}</FormAlert>
          <Button type="submit" busy={answering.isPending}>
            <Trans>Confirmer le refus</Trans>
          </Button>
        </form>
      )}
    </div>
  );
}

function Done({ outcome, action }: { outcome: Outcome; action: OneClick['action'] }) {
  const { t } = useLingui();
  if (outcome.kind === 'conflict') {
    const who = outcome.approval ? firstAnswerer(outcome.approval) : null;
    const name = who?.name ?? '';
    return (
      <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-100 p-4 font-medium text-amber-950">
        <CircleAlert aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
        {who && !who.you ? t`Cette demande a déjà été traitée par ${name}.` : t`Cette demande a déjà reçu une réponse.`}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p role="status" className="flex items-start gap-2 rounded-lg bg-green-100 p-4 font-medium text-green-950">
        <CircleCheck aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
        {action === 'approve'
          ? t`Demande acceptée. Le voyage est en cours de réservation et le demandeur est prévenu.`
          : t`Demande refusée. Le demandeur est prévenu.`}
      </p>
      <Summary approval={outcome.approval} />
    </div>
  );
}
