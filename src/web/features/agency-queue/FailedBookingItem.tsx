import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CloseTaskBody, FailedBooking, QueueProduct } from '@contract/agency-queue';
import { closeTaskBodySchema } from '@contract/agency-queue';
import { personName } from '@contract/person-name';
import { Button } from '@web/components/Button';
import { TextAreaField } from '@web/components/Field';
import { ApiError, toastFailure } from '@web/lib/http';
import { toast } from '@web/lib/toast';
import { closeTaskMutation } from './api';
import { ItemHeading, ProductList } from './parts';
import { formatDeadline } from '@web/lib/format';

type Props = { item: FailedBooking; onDone: () => void };

/**
 * An approved travel the supplier would not book: it went back to the traveller's cart (each product
 * re-priced, or released when no longer sold). No safe retry exists from here (the price may have
 * moved since the approval): the agent reaches the traveller, then closes it with a note of what was
 * done (its closeAgencyTask link), kept with the task and in the travel's history.
 */
export function FailedBookingItem({ item, onDone }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const titleId = `failure-${item.taskId}`;
  const buttonId = `${titleId}-close`;
  const requester = personName(item.requester);
  const since = formatDeadline(item.since);
  const note = (p: QueueProduct) =>
    p.status === 'cart' ? t`De retour dans le panier du voyageur, au prix du jour` : p.status === 'released' ? t`Plus en vente : retiré du voyage` : null;

  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <ItemHeading id={titleId} travellers={item.travellers} company={item.company} />
      <p className="text-sm text-gray-800">
        <Trans>
          Approuvé, mais le fournisseur a refusé la réservation le {since}. Demandé par {requester} (
          <a className="text-brand underline" href={`mailto:${item.requester.email}`}>
            {item.requester.email}
          </a>
          ).
        </Trans>
      </p>
      <ProductList products={item.products} note={note} />
      {item.links.closeAgencyTask && (
        <Button id={buttonId} variant="secondary" aria-expanded={open} aria-controls={`${titleId}-form`} onClick={() => setOpen((o) => !o)}>
          <Trans>Clore avec une note</Trans>
        </Button>
      )}
      <div id={`${titleId}-form`}>
        {open && item.links.closeAgencyTask && (
          <CloseForm
            item={item}
            onCancel={() => {
              setOpen(false);
              requestAnimationFrame(() => document.getElementById(buttonId)?.focus());
            }}
            onDone={onDone}
          />
        )}
      </div>
    </article>
  );
}

function CloseForm({ item, onCancel, onDone }: { item: FailedBooking; onCancel: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const formId = useId();
  const closing = useMutation(closeTaskMutation());
  const form = useForm<CloseTaskBody, unknown, CloseTaskBody>({ resolver: zodResolver(closeTaskBodySchema), defaultValues: { note: '' } });

  const submit = form.handleSubmit(async (body) => {
    try {
      await closing.mutateAsync({ link: item.links.closeAgencyTask!, input: body });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.note : undefined;
      if (field) form.setError('note', { type: 'server', message: field });
      else toastFailure(error);
      return;
    }
    toast.success(t`Dossier clos.`);
    onDone();
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${formId}-title`} className="space-y-3 rounded-lg bg-gray-50 p-4">
      <h4 id={`${formId}-title`} className="font-semibold text-gray-900">
        <Trans>Clore le dossier</Trans>
      </h4>
      <TextAreaField
        label={<Trans>Ce qui a été fait *</Trans>}
        hint={<Trans>Par exemple : voyageur appelé, il réserve un autre train. La note reste avec le dossier.</Trans>}
        rows={3}
        autoFocus
        error={form.formState.errors.note?.message}
        {...form.register('note')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={closing.isPending}>
          <Trans>Clore le dossier</Trans>
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={closing.isPending}>
          <Trans>Fermer</Trans>
        </Button>
      </div>
    </form>
  );
}
