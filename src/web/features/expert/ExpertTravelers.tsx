import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Link } from '@contract/link';
import type { FormField } from '@contract/trip';
import { Button } from '@web/components/Button';
import { FormAlert, useFieldText } from '@web/components/Field';
import { Spinner } from '@web/components/Spinner';
import { StepEntitySelect } from '@web/components/results/StepEntitySelect';
import { TravellerCard, TravellerField, TravellerFieldGroup, travellerFieldValue } from '@web/components/results/TravellerField';
import { frenchDateToIso } from '@web/lib/dates';
import { ApiError, errorText } from '@web/lib/http';
import { useUser } from '@web/lib/me';
import { bookingFor, useActing } from '@web/lib/acting';
import { addExpertToCartMutation, expertTravelerStepQuery, type ExpertCartResult } from './api';

type Values = { travelers: Record<string, string>[]; entity_id: string };

/** A follower field (a traveller after the first, linked to the leader): it shows and sends the leader's value. */
const isFollower = (i: number, f: FormField) => i > 0 && !!f.linkedWith && !f.linkedWith.isLeader;

/**
 * Spec 1 §5 "Expert travellers form": every required field says 'Ce champ est requis' when empty, a
 * field with a regex says its own description when it does not match; nothing is posted until all pass.
 */
function problemOf(f: FormField, raw: string): string | null {
  const value = f.type === 'date' ? frenchDateToIso(raw) : raw.trim();
  if (!value) return f.required ? 'FIELD_REQUIRED' : null;
  if (f.regex && !new RegExp(f.regex, 'u').test(value)) return f.regexDesc ?? 'FORMAT_INVALID';
  return null;
}

/** The travellers form of the itinerary (its expertTravelerForm link), posted to its addExpertToCart link, one intent per try. */
export function ExpertTravelers({
  link,
  offerIDs,
  entity,
  customer,
  onAdded,
}: {
  link: Link;
  offerIDs: string[];
  entity: string | undefined;
  /** The customer company agency staff book for (the search's `customer`). */
  customer?: string;
  onAdded: (result: ExpertCartResult) => void;
}) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const user = useUser();
  const idBase = useId();
  const step = useQuery(expertTravelerStepQuery(link, offerIDs));
  const adding = useMutation(addExpertToCartMutation());
  const [formError, setFormError] = useState<string | null>(null);
  // Agency staff choose among their customer's entities, anyone else among their own.
  const acting = useActing((s) => s.acting);
  const entities = useMemo(() => bookingFor(user, acting).entities, [user, acting]);
  const forms = useMemo(() => (step.data?.travelerForms ?? []).map((f) => ({ ...f, fields: f.fieldsGroups.flatMap((g) => g.fields) })), [step.data]);

  const initial = useMemo<Values>(
    () => ({
      travelers: forms.map((f) => Object.fromEntries(f.fields.map((x) => [x.name, travellerFieldValue(x)]))),
      entity_id: entity ?? (entities.length === 1 ? entities[0]!.uid : ''),
    }),
    [forms, entity, entities],
  );
  const resolver: Resolver<Values> = async (values) => {
    const errors: { travelers?: Record<string, { type: string; message: string }>[]; entity_id?: { type: string; message: string } } = {};
    forms.forEach((form, i) =>
      form.fields.forEach((f) => {
        const problem = isFollower(i, f) ? null : problemOf(f, values.travelers[i]?.[f.name] ?? '');
        if (!problem) return;
        errors.travelers ??= forms.map(() => ({}));
        errors.travelers[i]![f.name] = { type: 'validate', message: problem };
      }),
    );
    if (entities.length > 0 && !values.entity_id) errors.entity_id = { type: 'validate', message: 'CHOOSE_ENTITY' };
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<Values> } : { values, errors: {} };
  };
  const form = useForm<Values>({ values: initial, resetOptions: { keepDirtyValues: true }, resolver });
  const values = form.watch();
  const errors = form.formState.errors;
  const valueOf = (i: number, f: FormField) => (isFollower(i, f) ? (values.travelers[0]?.[f.name] ?? '') : (values.travelers[i]?.[f.name] ?? ''));

  const submit = form.handleSubmit(
    async ({ entity_id: entityId }) => {
      const addLink = step.data?.links.addExpertToCart;
      if (!addLink) return;
      setFormError(null);
      const body = {
        offerIDs,
        customer_id: customer ?? null,
        entity_id: entityId || null,
        travelers: forms.map((f, i) => ({
          travelerID: f.travelerID,
          profile_id: f.profileID,
          guest_id: f.guestID,
          fields: Object.fromEntries(
            f.fields.map((x) => {
              const v = valueOf(i, x).trim();
              return [x.name, v ? (x.type === 'date' ? frenchDateToIso(v) : v) : null];
            }),
          ),
        })),
      };
      try {
        const answer = await adding.mutateAsync({ link: addLink, input: body });
        if (answer.offer_errors.length) return setFormError(answer.offer_errors.map((e) => e.message).join(' '));
        onAdded(answer);
      } catch (error) {
        // The server's field errors land on the same fields (their paths are the form's).
        if (error instanceof ApiError && error.fields)
          for (const [path, key] of Object.entries(error.fields)) form.setError(path as 'entity_id', { type: 'server', message: key });
        setFormError(errorText(error));
      }
    },
    () => setFormError(t`Certains champs sont à compléter ou à corriger.`),
  );

  if (step.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-gray-700">
        <Spinner /> <Trans>Chargement des informations voyageurs…</Trans>
      </p>
    );
  if (step.isError)
    return (
      <FormAlert>
        <Trans>Les informations voyageurs n’ont pas pu être chargées.</Trans>{' '}
        <Button variant="link" onClick={() => void step.refetch()}>
          <Trans>Réessayer</Trans>
        </Button>
      </FormAlert>
    );

  const entityError = errors.entity_id?.message === 'CHOOSE_ENTITY' ? t`Veuillez choisir une entité` : fieldText(errors.entity_id?.message);
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${idBase}-title`} className="flex flex-col gap-4">
      <h2 id={`${idBase}-title`} className="text-xl font-bold text-gray-900">
        <Trans>Informations voyageurs</Trans>
      </h2>
      <ul className="flex flex-col gap-4" aria-label={t`Voyageurs`}>
        {forms.map((f, i) => (
          <TravellerCard key={f.travelerID} n={i + 1} warnings={f.documentWarnings} isUser={!!user && f.profileID === user.uid}>
            {f.fieldsGroups.map((group) => (
              <TravellerFieldGroup key={group.group} label={group.label}>
                {group.fields.map((field) => (
                  <TravellerField
                    key={field.name}
                    id={`${idBase}-${i}-${field.name}`}
                    field={field}
                    follower={isFollower(i, field)}
                    value={valueOf(i, field)}
                    error={fieldText(errors.travelers?.[i]?.[field.name]?.message)}
                    onChange={(v) => form.setValue(`travelers.${i}.${field.name}`, v, { shouldValidate: form.formState.isSubmitted })}
                  />
                ))}
              </TravellerFieldGroup>
            ))}
          </TravellerCard>
        ))}
      </ul>
      {entities.length > 0 && <StepEntitySelect id={`${idBase}-entity`} entities={entities} registration={form.register('entity_id')} error={entityError} />}
      <FormAlert>{formError}</FormAlert>
      <Button type="submit" busy={adding.isPending} disabled={!step.data.links.addExpertToCart} className="self-end">
        <Trans>Ajouter l’itinéraire au panier</Trans>
      </Button>
    </form>
  );
}
