import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import type { CompanyAdmin, UpdateApproversBody } from '@contract/company-admin';
import { updateApproversBodySchema } from '@contract/company-admin';
import { Button } from '@web/components/Button';
import { CheckboxField, FieldError, FormAlert, SelectField, useFieldText } from '@web/components/Field';
import { contractResolver } from '@web/lib/form';
import { useListField } from '@web/lib/list-field';
import { toast } from '@web/lib/toast';
import { companyMutations } from './api';
import { showRefusal } from './form-helpers';
import { Panel } from '@web/components/Panel';

type ApproversForm = {
  mode: 'always' | 'non_compliant' | 'never';
  chooseApprover: boolean;
  approvers: { uid: string; backup: string }[];
};

const resolver = contractResolver(
  () => updateApproversBodySchema,
  (v: ApproversForm) => ({ mode: v.mode, chooseApprover: v.chooseApprover, approvers: v.approvers.map((a) => ({ uid: a.uid, backup: a.backup || null })) }),
);

/**
 * When travels need approval, whether the traveller picks the approver, and who approves — each with
 * a backup, asked at half time when the traveller named none (updateApprovers).
 */
export function ApproversSection({ company }: { company: CompanyAdmin }) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const modeErrorId = useId();
  const listErrorId = useId();
  const [alert, setAlert] = useState<string>();
  const saving = useMutation(companyMutations.updateApprovers());
  const { approvals } = company;
  const form = useForm<ApproversForm, unknown, UpdateApproversBody>({
    resolver,
    values: {
      mode: approvals.mode,
      chooseApprover: approvals.chooseApprover,
      approvers: approvals.approvers.map((a) => ({ uid: a.uid, backup: a.backup ?? '' })),
    },
  });
  const { register, handleSubmit, setError, watch, formState } = form;
  const { fields, append, remove } = useListField(form, 'approvers');
  const chosen = watch('approvers');
  const nameOf = (uid: string) => {
    const person = approvals.candidates.find((c) => c.uid === uid) ?? approvals.approvers.find((a) => a.uid === uid);
    return person ? `${person.firstname} ${person.lastname}` : '';
  };
  const listError = fieldText(formState.errors.approvers?.message ?? formState.errors.approvers?.root?.message);

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      await saving.mutateAsync({ link: company.links.updateApprovers!, input });
      toast.success(t`Valideurs enregistrés`);
    } catch (error) {
      setAlert(showRefusal(error, setError));
    }
  });

  return (
    <Panel
      id="approvers-title"
      title={<Trans>Valideurs</Trans>}
      intro={<Trans>Qui approuve les voyages, et qui le remplace s’il n’a pas répondu à mi-délai.</Trans>}
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="approvers-title" className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <fieldset aria-describedby={formState.errors.mode ? modeErrorId : undefined}>
          <legend className="mb-1 font-medium text-gray-900">
            <Trans>Les voyages demandent une approbation</Trans>
          </legend>
          {(
            [
              ['always', t`Toujours`],
              ['non_compliant', t`Seulement hors politique de voyage`],
              ['never', t`Jamais`],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" value={value} className="size-5 accent-[var(--brand)]" {...register('mode')} />
              {label}
            </label>
          ))}
          <FieldError id={modeErrorId}>{fieldText(formState.errors.mode?.message)}</FieldError>
        </fieldset>
        <CheckboxField label={t`Le voyageur choisit son valideur (sinon, tous les valideurs sont sollicités)`} {...register('chooseApprover')} />

        <fieldset aria-describedby={listError ? listErrorId : undefined} className="flex flex-col gap-3">
          <legend className="mb-1 font-medium text-gray-900">
            <Trans>Valideurs et suppléants</Trans>
          </legend>
          {fields.length === 0 && (
            <p className="text-gray-700">
              <Trans>Aucun valideur : ajoutez-en un si des voyages demandent une approbation.</Trans>
            </p>
          )}
          <ul className="flex flex-col gap-3">
            {fields.map((field, index) => {
              const name = nameOf(chosen[index]?.uid ?? '') || t`valideur ${index + 1}`;
              const errors = formState.errors.approvers?.[index];
              return (
                <li key={field.id} className="grid items-end gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_1fr_auto]">
                  <SelectField label={t`Valideur ${index + 1}`} {...register(`approvers.${index}.uid`)} error={errors?.uid?.message}>
                    <option value="">{t`Choisir un collaborateur`}</option>
                    {approvals.candidates.map((c) => (
                      <option key={c.uid} value={c.uid}>
                        {c.firstname} {c.lastname} ({c.email})
                      </option>
                    ))}
                  </SelectField>
                  <SelectField label={t`Suppléant de ${name}`} {...register(`approvers.${index}.backup`)} error={errors?.backup?.message}>
                    <option value="">{t`Aucun suppléant`}</option>
                    {chosen
                      .filter((other, i) => i !== index && other.uid)
                      .map((other) => (
                        <option key={other.uid} value={other.uid}>
                          {nameOf(other.uid)}
                        </option>
                      ))}
                  </SelectField>
                  <Button variant="ghost" aria-label={t`Retirer ${name} des valideurs`} onClick={() => remove(index)}>
                    <Trash2 aria-hidden="true" size={18} />
                  </Button>
                </li>
              );
            })}
          </ul>
          <FieldError id={listErrorId}>{listError}</FieldError>
        </fieldset>
        <p className="text-sm text-gray-700">
          <Trans>Un suppléant doit lui-même être valideur. Les collaborateurs retirés de la liste perdent le droit d’approuver.</Trans>
        </p>
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={() => append({ uid: '', backup: '' }, 'uid')}>
            <Plus aria-hidden="true" size={18} />
            <Trans>Ajouter un valideur</Trans>
          </Button>
          <Button type="submit" busy={saving.isPending}>
            <Trans>Enregistrer les valideurs</Trans>
          </Button>
        </div>
      </form>
    </Panel>
  );
}
