import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { apiCode } from '@contract/api-codes';
import { personName } from '@contract/person-name';
import type { Approvers } from '@contract/checkout-steps';
import { Button } from '@web/components/Button';
import { FormAlert, SelectField, TextAreaField } from '@web/components/Field';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { linkQueryOptions } from '@web/lib/follow';
import { ApiError } from '@web/lib/http';
import type { ModalProps } from '@web/lib/modal';
import { reportStepFailure, stepMutation } from './api';
import { CHECKOUT_TEXTS } from './messages';
import { FormSkeleton } from './parts';

type Values = { approver: string; emergencyApprover: string; message: string };

/**
 * Spec 2 "Approver modal" and §5 "Approver form" (getAvailableApprovers → fillApprovers): the
 * approver is required (pre-selected when alone), the spare one optional, each list leaving out
 * the other's choice; no approver at all is a configuration error the user cannot fix.
 */
export default function ApproverModal({ link, travel, onReload }: ModalProps['Approvers']) {
  const { i18n } = useLingui();
  // Silent: the modal says the list could not be loaded (spec 2 §8 "Approvers fetch failure").
  const query = useQuery({ ...linkQueryOptions('getAvailableApprovers', link, { silent: true }), staleTime: 0 });

  const body = () => {
    if (query.isPending) return <FormSkeleton rows={2} />;
    if (query.isError)
      return (
        <div className="flex flex-col gap-4">
          <FormAlert>{i18n._(CHECKOUT_TEXTS.ERROR_OCCURED_TRY_AGAIN)}</FormAlert>
          <div className="flex justify-end">
            <Button onClick={() => void query.refetch()}>
              <Trans>Réessayer</Trans>
            </Button>
          </div>
        </div>
      );
    if (query.data.approvers.length === 0) return <NoApprover />;
    return <ApproverForm data={query.data} travel={travel} onReload={onReload} />;
  };

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Choix du valideur</Trans>
      </ModalTitle>
      {body()}
    </div>
  );
}

function NoApprover() {
  const { i18n } = useLingui();
  const { close } = useModalFrame();
  return (
    <div className="flex flex-col gap-4">
      <FormAlert>{i18n._(CHECKOUT_TEXTS.CONFIG_ERROR_NO_APPROVERS)}</FormAlert>
      <div className="flex justify-end">
        <Button variant="secondary" autoFocus onClick={close}>
          <Trans>J’ai compris</Trans>
        </Button>
      </div>
    </div>
  );
}

function ApproverForm({ data, travel, onReload }: { data: Approvers } & Pick<ModalProps['Approvers'], 'travel' | 'onReload'>) {
  const { t, i18n } = useLingui();
  const { close, shake } = useModalFrame();
  const { approvers } = data;
  // Spec 2 §5: with several approvers and no backup list, any other approver can be the spare one.
  const backups = data.backupApprovers.length ? data.backupApprovers : approvers.length > 1 ? approvers : [];
  const form = useForm<Values>({
    defaultValues: { approver: approvers.length === 1 ? approvers[0]!.id : '', emergencyApprover: '', message: '' },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useMutation(stepMutation('fillApprovers', travel.id));
  const chosen = form.watch('approver');
  const spare = form.watch('emergencyApprover');

  const submit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        await saving.mutateAsync({
          link: data.links.fillApprovers,
          version: travel.version,
          input: { approver: values.approver, emergencyApprover: values.emergencyApprover || null, message: values.message.trim() || null },
        });
        close();
      } catch (error) {
        if (error instanceof ApiError && (error.api_code === apiCode.TICKET_WITHOUT_APPROVER || error.api_code === apiCode.TICKET_WITHOUT_APPROVER_2)) {
          setProblem(i18n._(CHECKOUT_TEXTS.CONFIG_ERROR_NO_APPROVERS));
          return;
        }
        const fields = reportStepFailure(error, () => {
          close();
          onReload();
        });
        if (fields)
          Object.entries(fields).forEach(([path, key]) => form.setError(path as keyof Values, { type: 'server', message: key }, { shouldFocus: true }));
      }
    },
    () => shake(),
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <p className="text-gray-800">
        {approvers.length === 1 ? <Trans>Votre demande sera envoyée à ce valideur.</Trans> : <Trans>Choisissez la personne qui validera ce voyage.</Trans>}
      </p>
      <FormAlert>{problem}</FormAlert>
      <SelectField
        label={t`Valideur *`}
        aria-required
        autoFocus
        error={form.formState.errors.approver?.message}
        {...form.register('approver', { validate: (v) => (v ? true : 'PLEASE_CHOOSE_APPROVER') })}
      >
        {approvers.length > 1 && <option value="">{t`Choisir un valideur`}</option>}
        {approvers
          .filter((a) => a.id !== spare)
          .map((a) => (
            <option key={a.id} value={a.id}>
              {personName(a)}
            </option>
          ))}
      </SelectField>
      {(approvers.length > 1 || data.backupApprovers.length > 0) && (
        <SelectField
          label={t`Valideur suppléant (facultatif)`}
          hint={t`Sollicité si le valideur ne répond pas à temps.`}
          {...form.register('emergencyApprover')}
        >
          <option value="">{t`Aucun valideur suppléant`}</option>
          {backups
            .filter((a) => a.id !== chosen)
            .map((a) => (
              <option key={a.id} value={a.id}>
                {personName(a)}
              </option>
            ))}
        </SelectField>
      )}
      <TextAreaField label={t`Message au valideur (facultatif)`} maxLength={1000} {...form.register('message')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={form.formState.isSubmitting}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={saving.isPending}>
          <Trans>Valider</Trans>
        </Button>
      </div>
    </form>
  );
}
