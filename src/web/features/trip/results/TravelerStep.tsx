import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/Button';
import { FormAlert, useFieldText } from '@web/components/Field';
import { Spinner } from '@web/components/Spinner';
import type { Link } from '@contract/link';
import type { FormField, PlacementOption, TripSearchBody } from '@contract/trip';
import { ApiError, errorText } from '@web/lib/http';
import { openModal, preloadModal } from '@web/lib/modal';
import { SignInToContinue } from '@web/components/results/states';
import { StepEntitySelect } from '@web/components/results/StepEntitySelect';
import { TravellerCard, TravellerField, TravellerFieldGroup, travellerFieldValue } from '@web/components/results/TravellerField';
import { useUser } from '@web/lib/me';
import { bookingFor, useActing } from '@web/lib/acting';
import { addToCartMutation, travelerStepQuery } from './api';
import type { CartAddResult } from './api';
import { formatPrice } from '@web/lib/format-core';
import type { Chosen } from './LegResults';
import type { DocumentWarning } from '@contract/trip';

/** The step as a form: each traveller's answers by field name, the entity, seat wishes and options (offerID|type → quantity). */
type StepValues = { travelers: Record<string, string>[]; entity_id: string; placementWishes: Record<string, string>; options: Record<string, number> };

const frToIso = (v: string) => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : v.trim();
};

type Form = {
  travelerID: number;
  profileID: string | null;
  guestID: string | null;
  fields: FormField[];
  groups: { label: string; fields: FormField[] }[];
  warnings: DocumentWarning[];
  cards: { cardtype: { name: string }; cardnumber: string }[];
};

/** The leader's linked fields: follower name → leader field name. */
function followersOf(forms: Form[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const f of forms[0]?.fields ?? []) if (f.linkedWith?.isLeader) for (const n of f.linkedWith.followerNames) map[n] = f.name;
  return map;
}

/** One field's problem (spec 2 §5): required → FIELD_REQUIRED; a regex → its regexDesc, else FORMAT_INVALID. */
function fieldProblem(f: FormField, raw: string): string | null {
  const value = f.type === 'date' ? frToIso(raw) : raw.trim();
  if (f.required && !value) return 'FIELD_REQUIRED';
  // The server's own patterns (never a company's), Unicode-aware: the name rule's letters are of any script.
  if (value && f.regex && !new RegExp(f.regex, 'u').test(value)) return f.regexDesc ?? 'FORMAT_INVALID';
  return null;
}

/** The step's rules, from the server's forms: each traveller's own fields (followers copy their leader), and the entity when the user has some. */
const stepSchema = (forms: Form[], isFollower: (i: number, f: FormField) => boolean, needsEntity: boolean) =>
  z.object({
    travelers: z.array(z.record(z.string(), z.string())).superRefine((rows, ctx) =>
      forms.forEach((form, i) =>
        form.fields.forEach((f) => {
          const problem = isFollower(i, f) ? null : fieldProblem(f, rows[i]?.[f.name] ?? '');
          if (problem) ctx.addIssue({ code: 'custom', path: [i, f.name], message: problem });
        }),
      ),
    ),
    entity_id: needsEntity ? z.string().min(1, 'CHOOSE_ENTITY') : z.string(),
    placementWishes: z.record(z.string(), z.string()),
    options: z.record(z.string(), z.number()),
  });

/** What the seat wishes say, e.g. 'Placement : Fenêtre, Salle : Haute'; null without any wish. */
function usePlacementSummary() {
  const { t } = useLingui();
  return (placement: PlacementOption[], wishes: Record<string, string>) => {
    const parts = placement.flatMap((p) => {
      const option = p.options.find((o) => o.value === wishes[p.name]);
      const [label, value] = [p.label, option?.label];
      return option ? [t`${label} : ${value}`] : [];
    });
    return parts.length ? parts.join(', ') : null;
  };
}

/** Spec 2 §9: ouigo-flex, then additional luggage, then the others alphabetically. */
const FIRST_ANCILLARIES = ['ouigo-flex', 'additional-luggage'];
const ancillaryRank = (type: string) => (FIRST_ANCILLARIES.includes(type) ? FIRST_ANCILLARIES.indexOf(type) : FIRST_ANCILLARIES.length);

function useAncillaryLabels(): Record<string, string> {
  const { t } = useLingui();
  return {
    'additional-luggage': t`Bagage supplémentaire`,
    bike: t`Vélo`,
    'disassembled-bike': t`Vélo démonté`,
    'ouigo-flex': t`Option flexibilité`,
    pmr: t`Assistance PMR`,
  };
}

/**
 * Spec 2 "Traveller-information step": one card per traveller from the server's forms, placement
 * wishes, options, the entity, sign-in prompt, then add to cart (the step's addToCart link, one intent per try).
 */
export function TravelerStep({
  link,
  chosen,
  travelers,
  travelID,
  entity,
  customer,
  onAdded,
}: {
  /** The results' travelerForm link. */
  link: Link;
  chosen: Chosen[];
  travelers: TripSearchBody['travelers'];
  travelID: string | null;
  entity: string | undefined;
  /** The customer company agency staff book for (the search's `customer`). */
  customer?: string;
  /** The trip is in the cart: the screen goes back to the results and says so. */
  onAdded: (result: CartAddResult) => void;
}) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const labels = useAncillaryLabels();
  const placementSummary = usePlacementSummary();
  const user = useUser();
  const offerIDs = chosen.map((c) => c.offer.id);
  const step = useQuery(travelerStepQuery(link, offerIDs, travelers, travelID));
  const adding = useMutation(addToCartMutation());
  const forms: Form[] = useMemo(
    () =>
      (step.data?.travelerForms ?? []).map((f) => ({
        travelerID: f.travelerID,
        profileID: f.profileID,
        guestID: f.guestID,
        groups: f.fieldsGroups.map((g) => ({ label: g.label, fields: g.fields })),
        fields: f.fieldsGroups.flatMap((g) => g.fields),
        warnings: f.documentWarnings,
        cards: f.cards,
      })),
    [step.data],
  );
  // Agency staff choose among their customer's entities, anyone else among their own.
  const acting = useActing((s) => s.acting);
  const entities = useMemo(() => bookingFor(user, acting).entities, [user, acting]);
  const followers = followersOf(forms);
  const isFollower = (i: number, f: FormField) => i > 0 && f.name in followers && Boolean(f.linkedWith && !f.linkedWith.isLeader);
  // The forms' values once they arrive (dates as typed, DD/MM/YYYY).
  const initial = useMemo<StepValues>(
    () => ({
      travelers: forms.map((f) => Object.fromEntries(f.fields.map((x) => [x.name, travellerFieldValue(x)]))),
      entity_id: entity ?? (entities.length === 1 ? entities[0]!.uid : ''),
      placementWishes: {},
      options: {},
    }),
    [forms, entity, entities],
  );
  const stepForm = useForm<StepValues>({
    values: initial,
    resetOptions: { keepDirtyValues: true },
    resolver: (values, context, options) => zodResolver(stepSchema(forms, isFollower, Boolean(user) && entities.length > 0))(values, context, options),
  });
  const errors = stepForm.formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const [offerErrors, setOfferErrors] = useState<CartAddResult['offer_errors']>([]);
  const idBase = useId();

  const values = stepForm.watch();
  const wishes = values.placementWishes;
  const options = values.options;
  /** A follower shows (and sends) its leader's value, the first traveller's. */
  const valueOf = (i: number, f: FormField) => (isFollower(i, f) ? (values.travelers[0]?.[followers[f.name]!] ?? '') : (values.travelers[i]?.[f.name] ?? ''));
  const messageOf = (i: number, name: string) => errors.travelers?.[i]?.[name]?.message;

  const invalid = () => setFormError(t`Certains champs sont à compléter ou à corriger.`);
  const submit = stepForm.handleSubmit(async ({ entity_id: entityId }) => {
    const addLink = step.data?.links.addToCart;
    if (!addLink) return; // signed out: the step asks to sign in first
    setFormError(null);
    setOfferErrors([]);
    const body = {
      travelers: forms.map((form, i) => ({
        travelerID: form.travelerID,
        profile_id: form.profileID,
        guest_id: form.guestID,
        fields: Object.fromEntries(
          form.fields.map((f) => {
            const v = valueOf(i, f).trim();
            return [f.name, v ? (f.type === 'date' ? frToIso(v) : v) : null];
          }),
        ),
      })),
      choiceIDs: offerIDs,
      travelID,
      customer_id: customer ?? null,
      entity_id: entityId || null,
      placementWishes: wishes,
      ancillaries: Object.entries(options)
        .filter(([, q]) => q > 0)
        .map(([key, quantity]) => {
          const [offerID, type] = key.split('|') as [string, string];
          return { offerID, type, quantity };
        }),
    };
    try {
      const answer = await adding.mutateAsync({ link: addLink, input: body });
      if (answer.offer_errors.length) {
        setOfferErrors(answer.offer_errors);
        return;
      }
      onAdded(answer);
    } catch (error) {
      // The server's field errors land on the same fields (their paths are the form's).
      if (error instanceof ApiError && error.fields)
        for (const [path, key] of Object.entries(error.fields)) stepForm.setError(path as 'entity_id', { type: 'server', message: key });
      setFormError(errorText(error));
    }
  }, invalid);

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

  const entityKey = errors.entity_id?.message;
  const entityError = entityKey === 'CHOOSE_ENTITY' ? t`Veuillez choisir une entité` : fieldText(entityKey);
  const placement = step.data.placement;
  const roundTrip = chosen.length > 1;
  const allAncillaries = chosen.flatMap((c, leg) =>
    c.offer.ancillaries
      .map((a) => {
        const name = labels[a.type] ?? a.type;
        // A fare sold for a disabled traveller (their profile's needs) comes with its assistance: the server books it.
        const included = a.type === 'pmr' && c.offer.tags.includes('disabled-pax');
        return { ...a, included, offerID: c.offer.id, label: roundTrip ? (leg === 0 ? t`${name} (aller)` : t`${name} (retour)`) : name };
      })
      .sort((a, b) => ancillaryRank(a.type) - ancillaryRank(b.type) || a.label.localeCompare(b.label)),
  );

  return (
    <section aria-labelledby="travelers-title" className="flex flex-col gap-4">
      <h2 id="travelers-title" className="text-xl font-bold text-gray-900">
        <Trans>Informations voyageurs</Trans>
      </h2>
      {!user && <SignInToContinue />}
      {placement.length > 0 && (
        <section
          aria-labelledby={`${idBase}-placement`}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4"
        >
          <div>
            <h3 id={`${idBase}-placement`} className="font-semibold text-gray-900">
              <Trans>Préférences de placement</Trans>
            </h3>
            <p className="text-gray-700">{placementSummary(placement, wishes) ?? <Trans>Aucune préférence</Trans>}</p>
          </div>
          <Button
            variant="secondary"
            aria-label={t`Modifier les préférences de placement`}
            onPointerEnter={() => preloadModal('PlacementWishes')}
            onClick={() => openModal('PlacementWishes', { placement, wishes, onConfirm: (next) => stepForm.setValue('placementWishes', next) })}
          >
            <Trans>Modifier</Trans>
          </Button>
        </section>
      )}

      {allAncillaries.length > 0 && (
        <fieldset className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4">
          <legend className="px-1 font-semibold text-gray-900">
            <Trans>Options</Trans>
          </legend>
          {allAncillaries.map((a) => {
            const key = `${a.offerID}|${a.type}`;
            const quantity = options[key] ?? 0;
            const { label } = a;
            const price = a.price.amount > 0 ? ` (${formatPrice(a.price.amount)})` : '';
            const setQ = (q: number) => stepForm.setValue('options', { ...options, [key]: Math.max(0, Math.min(a.maxQuantity, q)) });
            return a.maxQuantity <= 1 ? (
              <div key={key} className="flex min-h-11 items-center gap-3">
                <input
                  id={`${idBase}-option-${key}`}
                  type="checkbox"
                  role="switch"
                  checked={a.included || quantity > 0}
                  disabled={a.included}
                  onChange={(e) => setQ(e.target.checked ? 1 : 0)}
                  className="size-5 accent-[var(--brand)]"
                />
                <label htmlFor={`${idBase}-option-${key}`}>
                  {label}
                  {price}
                  {a.included && <span className="block text-sm text-gray-700">{t`Réservée d’office : votre profil indique un besoin d’accessibilité.`}</span>}
                </label>
              </div>
            ) : (
              <div key={key} role="group" aria-label={label} className="flex items-center gap-3">
                <span className="flex-1">
                  {label}
                  {price}
                </span>
                <Button variant="secondary" aria-label={t`Retirer : ${label}`} disabled={quantity === 0} onClick={() => setQ(quantity - 1)}>
                  −
                </Button>
                <output aria-live="polite" className="w-6 text-center tabular-nums">
                  {quantity}
                </output>
                <Button variant="secondary" aria-label={t`Ajouter : ${label}`} disabled={quantity >= a.maxQuantity} onClick={() => setQ(quantity + 1)}>
                  +
                </Button>
              </div>
            );
          })}
        </fieldset>
      )}

      <ul className="flex flex-col gap-4" aria-label={t`Voyageurs`}>
        {forms.map((form, i) => {
          const n = i + 1;
          return (
            <TravellerCard key={form.travelerID} n={n} warnings={form.warnings} isUser={!!user && form.profileID === user.uid}>
              {form.cards.length > 0 && (
                <div className="mb-3 rounded-lg bg-gray-50 p-3 text-sm text-gray-800">
                  <p className="font-semibold">
                    <Trans>Cartes de fidélité et de réduction</Trans>
                  </p>
                  <ul aria-label={t`Cartes du voyageur ${n}`}>
                    {form.cards.map((card) => {
                      const name = card.cardtype.name;
                      const number = card.cardnumber;
                      return (
                        <li key={`${name}-${number}`}>
                          {number ? (
                            <Trans>
                              {name} · N° {number}
                            </Trans>
                          ) : (
                            name
                          )}
                        </li>
                      );
                    })}
                  </ul>
                  <p className="text-gray-700">
                    <Trans>Une carte de réduction valide est déjà appliquée aux prix affichés.</Trans>
                  </p>
                </div>
              )}
              {form.groups.map((group) => (
                <TravellerFieldGroup key={group.label} label={group.label}>
                  {group.fields.map((f) => {
                    const message = messageOf(i, f.name);
                    return (
                      <TravellerField
                        key={f.name}
                        id={`${idBase}-${i}-${f.name}`}
                        field={f}
                        follower={isFollower(i, f)}
                        value={valueOf(i, f)}
                        error={message ? fieldText(message) : undefined}
                        onChange={(v) => stepForm.setValue(`travelers.${i}.${f.name}`, v, { shouldValidate: stepForm.formState.isSubmitted })}
                        // A follower is not a field of its own: it shows its leader's value.
                        registration={isFollower(i, f) ? undefined : stepForm.register(`travelers.${i}.${f.name}`)}
                      />
                    );
                  })}
                </TravellerFieldGroup>
              ))}
            </TravellerCard>
          );
        })}
      </ul>

      {user && entities.length > 0 && (
        <StepEntitySelect id={`${idBase}-entity`} entities={entities} registration={stepForm.register('entity_id')} error={entityError} />
      )}

      {offerErrors.length > 0 && (
        <FormAlert>
          <ul>
            {offerErrors.map((e) => {
              const leg = chosen.findIndex((c) => c.offer.id === e.offerID);
              return <li key={e.offerID}>{leg === 1 ? t`Retour : ${e.message}` : t`Aller : ${e.message}`}</li>;
            })}
          </ul>
        </FormAlert>
      )}
      <FormAlert>{formError}</FormAlert>
      <Button onClick={(e) => void submit(e)} busy={adding.isPending} disabled={!step.data.links.addToCart} className="self-end">
        {adding.isPending ? <Trans>Mise en option…</Trans> : <Trans>Ajouter au panier</Trans>}
      </Button>
    </section>
  );
}
