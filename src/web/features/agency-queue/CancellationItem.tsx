import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { AGENCY_NOTE_MAX, type PendingCancellation } from '@contract/agency-queue';
import { personName } from '@contract/person-name';
import { Button } from '@web/components/Button';
import { TextAreaField, TextField } from '@web/components/Field';
import { formatPrice, formatDeadline } from '@web/lib/format';
import { ApiError, toastFailure } from '@web/lib/http';
import { openModal } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { completeTaskMutation } from './api';
import { EUROS, ItemHeading, ProductList, toCents } from './parts';

type Props = { item: PendingCancellation; onDone: () => void };
type Mode = 'closed' | 'refund' | 'refuse';

/**
 * An offline cancellation to answer (an agency task): the refund and fees the agency obtained
 * (at most what the products cost; the tickets are cancelled, for good, after a confirmation), or a
 * refusal with its reason. Both follow the item's completeAgencyTask link; the traveller is e-mailed.
 */
export function CancellationItem({ item, onDone }: Props) {
  const { t } = useLingui();
  const [mode, setMode] = useState<Mode>('closed');
  const titleId = `cancellation-${item.taskId}`;
  const refundButton = `${titleId}-refund`;
  const refuseButton = `${titleId}-refuse`;
  /** The form closed: focus goes back to the button that opened it. */
  const back = (button: string) => {
    setMode('closed');
    requestAnimationFrame(() => document.getElementById(button)?.focus());
  };
  const requester = personName(item.requester);
  const since = formatDeadline(item.since);
  const max = formatPrice(item.maxRefund);
  const link = item.links.completeAgencyTask;

  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <ItemHeading id={titleId} travellers={item.travellers} company={item.company} />
      <p className="text-sm text-gray-800">
        <Trans>
          Demandée par {requester} (
          <a className="text-brand underline" href={`mailto:${item.requester.email}`}>
            {item.requester.email}
          </a>
          ) le {since}
        </Trans>
      </p>
      <ProductList products={item.products} />
      <p className="text-sm text-gray-800">
        <Trans>
          Remboursement maximum : <strong className="tabular-nums">{max}</strong>
        </Trans>
      </p>
      {link && (
        <div className="flex flex-wrap gap-2">
          <Button
            id={refundButton}
            variant={mode === 'refund' ? 'secondary' : 'primary'}
            aria-expanded={mode === 'refund'}
            aria-controls={`${titleId}-form`}
            onClick={() => setMode(mode === 'refund' ? 'closed' : 'refund')}
          >
            <Trans>Saisir le remboursement</Trans>
          </Button>
          <Button
            id={refuseButton}
            variant="secondary"
            aria-expanded={mode === 'refuse'}
            aria-controls={`${titleId}-form`}
            onClick={() => setMode(mode === 'refuse' ? 'closed' : 'refuse')}
          >
            <Trans>Refuser l’annulation</Trans>
          </Button>
        </div>
      )}
      <div id={`${titleId}-form`}>
        {link && mode === 'refund' && <RefundForm item={item} onCancel={() => back(refundButton)} onDone={onDone} />}
        {link && mode === 'refuse' && <RefuseForm item={item} onCancel={() => back(refuseButton)} onDone={onDone} />}
      </div>
      {!link && <p className="text-sm text-gray-700">{t`Cette annulation ne peut plus être traitée d’ici.`}</p>}
    </article>
  );
}

type RefundValues = { refund: string; fees: string };
type RefundBody = { refund: number; fees: number };

function RefundForm({ item, onCancel, onDone }: { item: PendingCancellation; onCancel: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const formId = useId();
  const completing = useMutation(completeTaskMutation());
  const max = formatPrice(item.maxRefund);
  const amount = z
    .string()
    .trim()
    .min(1, { error: 'PLEASE_FILL' })
    .regex(EUROS, { error: t`Saisissez un montant en euros, par exemple 40,50` })
    .transform(toCents);
  const schema = z.object({
    refund: amount.refine((cents) => cents <= item.maxRefund, { error: t`Le remboursement ne peut pas dépasser ${max}` }),
    fees: amount,
  });
  const form = useForm<RefundValues, unknown, RefundBody>({ resolver: zodResolver(schema), defaultValues: { refund: '', fees: '' } });

  const submit = form.handleSubmit((body) => {
    const refund = formatPrice(body.refund);
    const travellers = item.travellers.map(personName).join(', ');
    openModal('Confirm', {
      title: t`Annuler les billets ?`,
      message: t`Les billets de ${travellers} seront annulés et ${refund} remboursés. Le voyageur est prévenu par e-mail. C’est définitif.`,
      confirmLabel: t`Annuler les billets`,
      onConfirm: async () => {
        try {
          await completing.mutateAsync({ link: item.links.completeAgencyTask!, input: body });
        } catch (error) {
          const fields = error instanceof ApiError ? error.fields : undefined;
          if (fields?.refund || fields?.fees) {
            for (const name of ['refund', 'fees'] as const) if (fields[name]) form.setError(name, { type: 'server', message: fields[name] });
          } else toastFailure(error);
          return;
        }
        toast.success(t`Annulation traitée : ${travellers} est prévenu par e-mail.`);
        onDone();
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${formId}-title`} className="space-y-3 rounded-lg bg-gray-50 p-4">
      <h4 id={`${formId}-title`} className="font-semibold text-gray-900">
        <Trans>Remboursement obtenu</Trans>
      </h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={<Trans>Montant remboursé (€) *</Trans>}
          hint={<Trans>Au plus {max}</Trans>}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          error={form.formState.errors.refund?.message}
          {...form.register('refund')}
        />
        <TextField
          label={<Trans>Frais retenus (€) *</Trans>}
          hint={<Trans>0 s’il n’y en a pas</Trans>}
          inputMode="decimal"
          autoComplete="off"
          error={form.formState.errors.fees?.message}
          {...form.register('fees')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={completing.isPending}>
          <Trans>Annuler les billets et rembourser</Trans>
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={completing.isPending}>
          <Trans>Fermer</Trans>
        </Button>
      </div>
    </form>
  );
}

type RefuseValues = { refused: string };

function RefuseForm({ item, onCancel, onDone }: { item: PendingCancellation; onCancel: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const formId = useId();
  const completing = useMutation(completeTaskMutation());
  const schema = z.object({ refused: z.string().trim().min(1, { error: 'PLEASE_FILL' }).max(AGENCY_NOTE_MAX, { error: 'TOO_LONG' }) });
  const form = useForm<RefuseValues, unknown, RefuseValues>({ resolver: zodResolver(schema), defaultValues: { refused: '' } });
  const travellers = item.travellers.map(personName).join(', ');

  const submit = form.handleSubmit(async (body) => {
    try {
      await completing.mutateAsync({ link: item.links.completeAgencyTask!, input: body });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.refused : undefined;
      if (field) form.setError('refused', { type: 'server', message: field });
      else toastFailure(error);
      return;
    }
    toast.success(t`Annulation refusée : ${travellers} est prévenu par e-mail.`);
    onDone();
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${formId}-title`} className="space-y-3 rounded-lg bg-gray-50 p-4">
      <h4 id={`${formId}-title`} className="font-semibold text-gray-900">
        <Trans>Refuser l’annulation</Trans>
      </h4>
      <TextAreaField
        label={<Trans>Motif du refus *</Trans>}
        hint={<Trans>Le voyageur le reçoit par e-mail ; ses billets restent valables.</Trans>}
        rows={3}
        autoFocus
        error={form.formState.errors.refused?.message}
        {...form.register('refused')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={completing.isPending}>
          <Trans>Refuser l’annulation</Trans>
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={completing.isPending}>
          <Trans>Fermer</Trans>
        </Button>
      </div>
    </form>
  );
}
