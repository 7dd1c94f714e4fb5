import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DenyBody } from '@contract/approvals';
import { denyBodySchema } from '@contract/approvals';
import { personName } from '@contract/person-name';
import { Button } from '@web/components/Button';
import { TextAreaField } from '@web/components/Field';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { ApiError } from '@web/lib/http';
import type { ModalProps } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { denyMutation } from './api';
import { answerFailed } from './ApprovalCard';

type Form = { reason: string };
type Body = { reason: string };

/** Refuse a request (spec 2 §6): the reason is required, at most 500 characters (the contract's denyBodySchema). */
export default function DenyModal({ approval, link, onDenied }: ModalProps['DenyApproval']) {
  const { t } = useLingui();
  const { close } = useModalFrame();
  const denying = useMutation(denyMutation());
  const form = useForm<Form, unknown, Body>({ resolver: zodResolver(denyBodySchema), defaultValues: { reason: '' } });
  const requester = personName(approval.currentRequest.requester);

  const submit = form.handleSubmit(async (body: DenyBody) => {
    try {
      await denying.mutateAsync({ link, input: body });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.reason : undefined;
      if (field) {
        form.setError('reason', { type: 'server', message: field });
        form.setFocus('reason');
        return;
      }
      close();
      await answerFailed(approval, error);
      return;
    }
    toast.success(t`Demande refusée`);
    close();
    onDenied();
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Refuser la demande de {requester}</Trans>
      </ModalTitle>
      <TextAreaField
        label={<Trans>Motif du refus *</Trans>}
        hint={<Trans>Le demandeur le recevra par e-mail (500 caractères au plus).</Trans>}
        autoFocus
        rows={4}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={denying.isPending}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={denying.isPending}>
          <Trans>Refuser la demande</Trans>
        </Button>
      </div>
    </form>
  );
}
