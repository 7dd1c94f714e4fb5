import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HotelCartAddBody } from '@contract/hotel';
import type { Link } from '@contract/link';
import { fields } from '@contract/validation';
import { Button } from '@web/components/Button';
import { FieldError, FormAlert, TextField, useFieldText } from '@web/components/Field';
import { errorText } from '@web/lib/http';
import { openModal } from '@web/lib/modal';
import { SignInToContinue } from '@web/components/results/states';
import { useUser } from '@web/lib/me';
import type { HotelCartAddResult } from '../api';
import { addHotelToCartMutation, isOfferUnavailable } from '../api';

export type HotelTravelerValues = { gender: string; firstname: string; lastname: string; email: string; phone: string };
/** A traveller of the search: its ids (profile or guest) and what is known of them. */
export type SearchedTraveler = { profile_id?: string | null; guest_id?: string | null; values: HotelTravelerValues };

/** Spec 1 §5 "Hotel traveller": gender, names, an e-mail and a phone in their formats. */
const travelerSchema = z.object({
  gender: z.string().refine((g) => g === 'MR' || g === 'MS', { error: 'FIELD_REQUIRED' }),
  firstname: fields.requiredText(100),
  lastname: fields.requiredText(100),
  email: fields.email(),
  phone: fields.phone(),
});
const formSchema = z.object({ travelers: z.array(travelerSchema) });
type FormValues = { travelers: HotelTravelerValues[] };

/**
 * The travellers of the stay (prefilled from the searched profiles), then add to cart through the
 * details' addHotelToCart link (one Idempotency-Key per intent). A room sold out since the results
 * (HOTEL_OFFER_UNAVAILABLE) asks to search again; nothing is added.
 */
export function HotelTravelerForm({
  link,
  travelers,
  body,
  onBack,
  onAdded,
  onUnavailable,
}: {
  link: Link | undefined;
  travelers: SearchedTraveler[];
  /** The body without the travellers' details. */
  body: Omit<HotelCartAddBody, 'travelers'>;
  onBack: () => void;
  onAdded: (result: HotelCartAddResult) => void;
  onUnavailable: () => void;
}) {
  const { t } = useLingui();
  const user = useUser();
  const fieldText = useFieldText();
  const id = useId();
  const adding = useMutation(addHotelToCartMutation());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    defaultValues: { travelers: travelers.map((tr) => tr.values) },
    resolver: zodResolver(formSchema),
  });
  const errors = form.formState.errors.travelers;

  const unavailable = () =>
    openModal('Confirm', {
      title: t`Cette chambre n’est plus disponible`,
      message: t`La chambre choisie a été réservée entre-temps. Relancez la recherche pour voir les chambres disponibles.`,
      confirmLabel: t`Relancer la recherche`,
      onConfirm: onUnavailable,
    });

  const submit = form.handleSubmit(async (values) => {
    if (!link) return;
    setFormError(null);
    const input: HotelCartAddBody = {
      ...body,
      travelers: values.travelers.map((v, i) => ({
        travelerID: i + 1,
        profile_id: travelers[i]?.profile_id ?? null,
        guest_id: travelers[i]?.guest_id ?? null,
        gender: v.gender as 'MR' | 'MS',
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        email: v.email.trim(),
        phone: v.phone.replace(/\s+/g, ''),
      })),
    };
    try {
      const answer = await adding.mutateAsync({ link, input });
      if (answer.offer_errors.length) return unavailable();
      onAdded(answer);
    } catch (error) {
      if (isOfferUnavailable(error)) return unavailable();
      setFormError(errorText(error));
    }
  });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} className="text-lg font-bold text-gray-900">
        <Trans>Informations voyageurs</Trans>
      </h3>
      {!user && <SignInToContinue />}
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby={`${id}-title`}>
        <ul className="space-y-4">
          {travelers.map((_, i) => {
            const n = i + 1;
            const e = errors?.[i];
            const genderError = fieldText(e?.gender?.message);
            return (
              <li key={i} className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
                <h4 className="font-semibold text-gray-900">
                  <Trans>Voyageur {n}</Trans>
                </h4>
                <fieldset aria-describedby={genderError ? `${id}-${i}-gender-error` : undefined}>
                  <legend className="mb-1 font-medium text-gray-900">{t`Civilité *`}</legend>
                  <div className="flex gap-4">
                    {(
                      [
                        ['MS', t`Madame`],
                        ['MR', t`Monsieur`],
                      ] as const
                    ).map(([value, label]) => (
                      <label key={value} className="flex min-h-11 items-center gap-2">
                        <input type="radio" value={value} {...form.register(`travelers.${i}.gender`)} className="size-5 accent-[var(--brand)]" />
                        {label}
                      </label>
                    ))}
                  </div>
                  <FieldError id={`${id}-${i}-gender-error`}>{genderError}</FieldError>
                </fieldset>
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField label={t`Prénom *`} autoComplete="given-name" error={e?.firstname?.message} {...form.register(`travelers.${i}.firstname`)} />
                  <TextField label={t`Nom *`} autoComplete="family-name" error={e?.lastname?.message} {...form.register(`travelers.${i}.lastname`)} />
                  <TextField label={t`E-mail *`} type="email" autoComplete="email" error={e?.email?.message} {...form.register(`travelers.${i}.email`)} />
                  <TextField label={t`Téléphone *`} type="tel" autoComplete="tel" error={e?.phone?.message} {...form.register(`travelers.${i}.phone`)} />
                </div>
              </li>
            );
          })}
        </ul>
        <FormAlert>{formError}</FormAlert>
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={onBack}>
            <Trans context="previous step">Retour</Trans>
          </Button>
          <Button type="submit" busy={adding.isPending} disabled={!link}>
            <Trans>Ajouter au panier</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
