import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import type { CompanyAdmin, UpdateEntitiesBody } from '@contract/company-admin';
import { updateEntitiesBodySchema } from '@contract/company-admin';
import { Button } from '@web/components/Button';
import { FormAlert, TextField } from '@web/components/Field';
import { contractResolver } from '@web/lib/form';
import { useListField } from '@web/lib/list-field';
import { toast } from '@web/lib/toast';
import { companyMutations } from './api';
import { showRefusal } from './form-helpers';
import { Panel } from '@web/components/Panel';

type EntitiesForm = { entities: { uid: string | null; name: string; travels: number }[] };

const resolver = contractResolver(
  () => updateEntitiesBodySchema,
  (v: EntitiesForm) => ({ entities: v.entities.map(({ uid, name }) => ({ uid, name })) }),
);

/** The company's entities (updateEntities): rename, add, remove — one used by travels can only be renamed. */
export function EntitiesSection({ company }: { company: CompanyAdmin }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const saving = useMutation(companyMutations.updateEntities());
  // `values`: the form shows the company as the server last answered it (after a save too).
  const form = useForm<EntitiesForm, unknown, UpdateEntitiesBody>({ resolver, values: { entities: company.entities } });
  const { register, handleSubmit, setError, formState } = form;
  const { fields, append, remove } = useListField(form, 'entities');
  const typed = form.watch('entities');

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      await saving.mutateAsync({ link: company.links.updateEntities!, input });
      toast.success(t`Entités enregistrées`);
    } catch (error) {
      setAlert(showRefusal(error, setError));
    }
  });

  return (
    <Panel
      id="entities-title"
      title={<Trans>Entités</Trans>}
      intro={<Trans>Les entités que les collaborateurs choisissent quand ils réservent (sites, filiales, services).</Trans>}
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="entities-title" className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        {fields.length === 0 && (
          <p className="text-gray-700">
            <Trans>Aucune entité : les réservations ne demanderont pas d’en choisir une.</Trans>
          </p>
        )}
        <ul className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const name = typed[index]?.name.trim() || t`nouvelle entité`;
            return (
              <li key={field.id} className="flex items-end gap-2">
                <TextField
                  className="flex-1"
                  label={t`Entité ${index + 1}`}
                  hint={
                    field.travels > 0 ? (
                      <Plural
                        value={field.travels}
                        one="Utilisée par # voyage : elle peut être renommée, pas supprimée."
                        other="Utilisée par # voyages : elle peut être renommée, pas supprimée."
                      />
                    ) : undefined
                  }
                  {...register(`entities.${index}.name`)}
                  error={formState.errors.entities?.[index]?.name?.message ?? formState.errors.entities?.[index]?.uid?.message}
                />
                {field.travels === 0 && (
                  <Button variant="ghost" aria-label={t`Supprimer l’entité ${name}`} onClick={() => remove(index)}>
                    <Trash2 aria-hidden="true" size={18} />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={() => append({ uid: null, name: '', travels: 0 }, 'name')}>
            <Plus aria-hidden="true" size={18} />
            <Trans>Ajouter une entité</Trans>
          </Button>
          <Button type="submit" busy={saving.isPending}>
            <Trans>Enregistrer les entités</Trans>
          </Button>
        </div>
      </form>
    </Panel>
  );
}
