import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { escalateBodySchema } from '@contract/approvals';
import { personName } from '@contract/person-name';
import { Button } from '@web/components/Button';
import { SelectField, TextAreaField } from '@web/components/Field';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { contractResolver } from '@web/lib/form';
import { ApiError } from '@web/lib/http';
import type { ModalProps } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { escalateMutation } from './api';
import { answerFailed } from './ApprovalCard';

type Form = { approver: string; message: string };

/**
 * Pass a request on (spec 2 §6 "escalate"): to an approver of the company's chain the request
 * offers (`escalateTo`, the next in line first), with an optional word for them.
 */
export default function EscalateModal({ approval, link, onEscalated }: ModalProps['EscalateApproval']) {
  const { t } = useLingui();
  const { close } = useModalFrame();
  const escalating = useMutation(escalateMutation());
  const form = useForm({
    resolver: contractResolver(
      () => escalateBodySchema,
      (values: Form) => values,
    ),
    defaultValues: { approver: approval.escalateTo[0]?.id ?? '', message: '' },
  });
  const requester = personName(approval.currentRequest.requester);

  const submit = form.handleSubmit(async (body) => {
    try {
      await escalating.mutateAsync({ link, input: body });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.approver : undefined;
      if (field) {
        form.setError('approver', { type: 'server', message: field });
        form.setFocus('approver');
        return;
      }
      close();
      await answerFailed(approval, error);
      return;
    }
    toast.success(t`Demande transmise`);
    close();
    onEscalated();
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Transmettre la demande de {requester}</Trans>
      </ModalTitle>
      <SelectField label={<Trans>Transmettre à *</Trans>} autoFocus error={form.formState.errors.approver?.message} {...form.register('approver')}>
        {approval.escalateTo.map((person) => (
          <option key={person.id} value={person.id}>
            {personName(person)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={<Trans>Message (facultatif)</Trans>}
        hint={<Trans>Envoyé au valideur avec la demande (1000 caractères au plus).</Trans>}
        rows={3}
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={escalating.isPending}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={escalating.isPending}>
          <Trans>Transmettre la demande</Trans>
        </Button>
      </div>
    </form>
  );
}
