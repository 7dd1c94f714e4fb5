import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardMessageKey, CardType, CardValues, TransportType, UserCard } from '@contract/loyalty-cards';
import {
  CARD_MESSAGE_KEYS,
  MAX_CARDS,
  TRANSPORT_TYPES,
  cardBodySchema,
  cardProblems,
  checkedCardSchema,
  isCardMessageKey,
  numberRequired,
} from '@contract/loyalty-cards';
import { Button } from '@web/components/Button';
import { FormAlert, SelectField, TextField } from '@web/components/Field';
import { frenchDateToIso, todayIso } from '@web/lib/dates';
import { contractResolver } from '@web/lib/form';

/** The form's values as typed: the transport type narrows the card types; dates as JJ/MM/AAAA. */
export type CardFormValues = { transport: '' | TransportType; cardtype_id: string; cardnumber: string; expiration_date: string; effective_date: string };
export type CardField = Exclude<keyof CardFormValues, 'transport'>;
export const CARD_FIELDS: readonly CardField[] = ['cardtype_id', 'cardnumber', 'expiration_date', 'effective_date'];

const isoToFrench = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** A card as the form shows it: the stored one being edited, or a new one. */
export function cardFormValues(card: UserCard | null): CardFormValues {
  if (!card) return { transport: '', cardtype_id: '', cardnumber: '', expiration_date: '', effective_date: '' };
  return {
    transport: card.cardtype.type,
    cardtype_id: card.cardtype_id,
    cardnumber: card.cardnumber ?? '',
    expiration_date: isoToFrench(card.expiration_date),
    effective_date: isoToFrench(card.effective_date),
  };
}

const toBody = (v: CardFormValues) => ({
  cardtype_id: v.cardtype_id,
  cardnumber: v.cardnumber,
  expiration_date: v.expiration_date.trim() ? frenchDateToIso(v.expiration_date) : null,
  effective_date: v.effective_date.trim() ? frenchDateToIso(v.effective_date) : null,
});

/**
 * Spec 3 §5 "Loyalty/discount card form", checked on the user's today with the card types the server
 * sent. A field left blank reads "please fill", except where the spec names the missing value: the
 * card number ('card number required') and a discount card's expiry ('expiration date required').
 */
function cardResolver(types: readonly CardType[]): Resolver<CardFormValues, unknown, CardValues> {
  const base = contractResolver(() => checkedCardSchema(types, todayIso()), toBody, undefined, CARD_MESSAGE_KEYS);
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const parsed = cardBodySchema.safeParse(toBody(values));
    if (!parsed.success) return result;
    const problems = cardProblems(
      parsed.data,
      types.find((t) => t.uid === parsed.data.cardtype_id),
      todayIso(),
    );
    for (const field of ['cardnumber', 'expiration_date'] as const) {
      const problem = problems[field];
      const error = result.errors[field];
      if (error && (problem === 'CARD_NUMBER_REQUIRED' || problem === 'EXPIRATION_REQUIRED')) error.message = problem;
    }
    return result;
  };
}

/** This form's messages (spec 3 §5). */
const OWN_MESSAGES: Record<CardMessageKey, MessageDescriptor> = {
  CARD_NUMBER_REQUIRED: msg({ comment: 'card number required', message: 'Le numéro de carte est obligatoire' }),
  LETTERS_OR_DIGITS: msg({ comment: 'enter numbers or letters only', message: 'Saisissez uniquement des chiffres ou des lettres majuscules' }),
  CARD_NUMBER_INVALID: msg({ comment: 'card number invalid', message: 'Numéro de carte invalide' }),
  EXPIRATION_REQUIRED: msg({ comment: 'expiration date required', message: 'La date d’expiration est obligatoire' }),
};

/** A field's message: this form's keys here, the shared ones (and server sentences) by the field itself. */
export function useCardMessage() {
  const { i18n } = useLingui();
  return (key: string | undefined) => (isCardMessageKey(key) ? i18n._(OWN_MESSAGES[key]) : key);
}

export function useTransportName() {
  const { t } = useLingui();
  return (type: TransportType) =>
    type === 'airline' ? t`Compagnie aérienne` : type === 'rail' ? t`Train` : type === 'hotel' ? t`Hôtel` : t`Location de voiture`;
}

/** What the number must look like, from its type's rules. */
function useNumberHint() {
  const { t } = useLingui();
  return (type: CardType | undefined) => {
    if (!type) return undefined;
    const parts = [type.validationLength ? t`${type.validationLength} caractères` : t`Chiffres ou lettres majuscules`];
    if (type.validationPrefix) parts.push(t`commence par ${type.validationPrefix}`);
    return parts.join(', ');
  };
}

/**
 * One card's form: transport type, card type (at most 30 offered), number, expiry and start dates;
 * every problem next to its field. Changing the transport type clears the card type, the number and
 * the expiry (spec 3 §4). `onSave` writes the card and answers the server's field problems, or throws
 * for the section to say.
 */
export function CardForm({
  types,
  initial,
  isNew,
  onSave,
  onCancel,
}: {
  types: readonly CardType[];
  initial: CardFormValues;
  isNew: boolean;
  onSave: (card: CardValues) => Promise<Partial<Record<CardField, string>> | null>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const message = useCardMessage();
  const transportName = useTransportName();
  const numberHint = useNumberHint();
  const id = useId();
  const [alert, setAlert] = useState<string>();
  const resolver = useMemo(() => cardResolver(types), [types]);
  const { register, handleSubmit, setError, setValue, watch, formState } = useForm<CardFormValues, unknown, CardValues>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;
  const transport = watch('transport');
  const type = types.find((c) => c.uid === watch('cardtype_id'));
  const offered = types.filter((c) => c.type === transport).slice(0, MAX_CARDS);
  const numberOptional = type && !numberRequired(type, todayIso());
  const expiryOptional = !type || type.card_type !== 'discount';

  // Opened by a button: the form's heading takes the focus, so a screen reader starts there.
  useEffect(() => document.getElementById(`${id}-title`)?.focus(), [id]);

  const onSubmit = handleSubmit(async (input) => {
    setAlert(undefined);
    try {
      const problems = await onSave(input);
      if (problems)
        (Object.entries(problems) as [CardField, string][]).forEach(([field, key], i) =>
          setError(field, { type: 'server', message: key }, { shouldFocus: i === 0 }),
        );
    } catch (error) {
      setAlert(error instanceof Error ? error.message : String(error));
    }
  });

  const clear = { shouldValidate: false, shouldDirty: true } as const;
  const transportField = register('transport', {
    onChange: () => {
      setValue('cardtype_id', '', clear);
      setValue('cardnumber', '', clear);
      setValue('expiration_date', '', clear);
    },
  });
  const dateHint = t`JJ/MM/AAAA`;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
      <h3 id={`${id}-title`} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {isNew ? <Trans>Ajouter une carte</Trans> : <Trans>Modifier la carte</Trans>}
      </h3>
      <FormAlert>{alert}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t`Type de transport`} {...transportField}>
          <option value="">{t`Choisir un type de transport`}</option>
          {TRANSPORT_TYPES.map((tt) => (
            <option key={tt} value={tt}>
              {transportName(tt)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Carte`} disabled={!transport} {...register('cardtype_id')} error={message(errors.cardtype_id?.message)}>
          <option value="">{transport ? t`Choisir une carte` : t`Choisissez d’abord le type de transport`}</option>
          {offered.map((c) => (
            <option key={c.uid} value={c.uid}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={numberOptional ? t`Numéro de carte (facultatif)` : t`Numéro de carte`}
          hint={numberHint(type)}
          autoComplete="off"
          spellCheck={false}
          {...register('cardnumber')}
          error={message(errors.cardnumber?.message)}
        />
        <TextField
          label={expiryOptional ? t`Date d’expiration (facultatif)` : t`Date d’expiration`}
          hint={dateHint}
          inputMode="numeric"
          autoComplete="off"
          {...register('expiration_date')}
          error={message(errors.expiration_date?.message)}
        />
        <TextField
          label={t`Date de début de validité (facultatif)`}
          hint={dateHint}
          inputMode="numeric"
          autoComplete="off"
          {...register('effective_date')}
          error={message(errors.effective_date?.message)}
        />
      </div>
      {type?.type === 'rail' && (
        <p className="text-sm text-gray-700">
          <Trans>
            Le numéro figure sur votre carte ou dans l’application du transporteur. Une carte de réduction valide le jour du voyage baisse le prix des trains
            qui l’acceptent.
          </Trans>
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? <Trans>Enregistrement…</Trans> : <Trans>Enregistrer la carte</Trans>}
        </Button>
      </div>
    </form>
  );
}
