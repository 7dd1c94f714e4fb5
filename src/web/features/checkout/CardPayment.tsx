import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Link } from '@contract/link';
import { CARD_FORM_KEYS, cardFormSchema, tokenizeBodyOf, type CardForm, type CardFormKey, type CardPaymentResult, type PaymentCard } from '@contract/payment';
import type { Travel } from '@contract/travel';
import { Button } from '@web/components/Button';
import { CheckboxField, FormAlert, TextField } from '@web/components/Field';
import { cardLabel } from '@web/components/PaymentNote';
import { todayIso } from '@web/lib/dates';
import { contractResolver } from '@web/lib/form';
import { formatMoney } from '@web/lib/format';
import { ApiError, errorText } from '@web/lib/http';
import { apiCode } from '@contract/api-codes';
import { useUser } from '@web/lib/me';
import { CardRefused, cardPaymentMutation, paymentCardsQuery, reportStepFailure, tokenizeCard } from './api';

/** The card form's own messages (contract/payment.ts CARD_FORM_KEYS). */
const CARD_MESSAGES: Record<CardFormKey, MessageDescriptor> = {
  PAYMENT_CARD_NUMBER_INVALID: msg`Numéro de carte invalide`,
  PAYMENT_CARD_EXPIRED: msg`Cette carte est expirée`,
  PAYMENT_EXPIRY_INVALID: msg`Date d’expiration invalide : indiquez le mois et l’année (MM/AA)`,
  PAYMENT_CVC_INVALID: msg`Le cryptogramme compte 3 chiffres, au dos de la carte`,
};

type Values = { number: string; expiry: string; cvc: string; holder: string; save: boolean };
const EMPTY: Values = { number: '', expiry: '', cvc: '', holder: '', save: false };

/** The number as typed, in groups of four (the caret stays at the end, where one types). */
const groups = (typed: string) =>
  typed
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
/** MM/AA as typed: the slash comes by itself after the month. */
const expiryAsTyped = (typed: string) => {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * Paying the travel by card: one of the user's saved cards (not expired), or a new card
 * given to the payment service (which answers a token: the card never reaches the API), then the
 * travel's payByCard link. When the bank asks the holder to authenticate (3-D Secure) the browser goes
 * to its page, which brings it back to the checkout; then the travel's confirmCardPayment link says
 * how it went (`returnedFromBank`).
 *
 * Why a redirect rather than the bank's page in a frame: every page here, the bank's included, forbids
 * being framed (CSP frame-ancestors 'none', X-Frame-Options DENY) so that no other site can dress them
 * up; a frame would loosen that for a page that takes a code. A redirect keeps both CSPs as strict,
 * works with no script on the bank's page, and is what 3-D Secure's own redirect flow does.
 */
export function CardPayment({
  travel,
  link,
  returnedFromBank,
  onBooked,
  onReload,
  onBankHandled,
}: {
  travel: Travel;
  link: Link;
  returnedFromBank: boolean;
  onBooked: (travel: Travel) => void;
  onReload: () => void;
  onBankHandled: () => void;
}) {
  const { t, i18n } = useLingui();
  const user = useUser();
  const cardsLink = user?.links.paymentCards;
  const cards = useQuery({ ...paymentCardsQuery(cardsLink ?? link), enabled: !!cardsLink });
  const usable = (cards.data?.cards ?? []).filter((c) => !c.expired);
  const paying = useMutation(cardPaymentMutation('payByCard', travel.id));
  const confirming = useMutation(cardPaymentMutation('confirmCardPayment', travel.id));
  const [chosen, setChosen] = useState<string | null>(null);
  const choice = chosen ?? usable[0]?.id ?? 'new';
  const [failure, setFailure] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLHeadingElement>(null);
  const legendId = useId();

  const form = useForm<Values, unknown, CardForm>({
    defaultValues: EMPTY,
    resolver: contractResolver(
      () => cardFormSchema(todayIso()),
      (v: Values) => v,
      undefined,
      CARD_FORM_KEYS,
    ),
  });
  const fieldText = (message: string | undefined) => (message && message in CARD_MESSAGES ? i18n._(CARD_MESSAGES[message as CardFormKey]) : message);

  // A refusal is said where the focus goes: the user hears it and stays where they can act.
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const outcome = (result: CardPaymentResult) => {
    if (result.status === 'booked') return onBooked(result.travel);
    // To the bank's page, which brings the browser back here (the payment service knows where).
    setLeaving(true);
    window.location.assign(result.authenticationUrl!);
  };
  // Refused (declined, not authenticated, a card not found…): said above the form, whose values stay; the travel is read again (its links moved on).
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.api_code === apiCode.VERSION_CONFLICT) return void reportStepFailure(error, onReload);
    setFailure(errorText(error));
    onReload();
  };

  // Back from the bank: the API asks the payment service how it went (never the browser's word), once.
  const asked = useRef(false);
  const confirmLink = travel.links.confirmCardPayment;
  const checkBank = () => {
    if (!confirmLink) return;
    setFailure(null);
    confirming.mutate({ link: confirmLink, version: travel.version }, { onSuccess: outcome, onError: refused, onSettled: onBankHandled });
  };
  useEffect(() => {
    if (!returnedFromBank || asked.current) return;
    asked.current = true;
    if (confirmLink) {
      statusRef.current?.focus();
      checkBank();
    } else onBankHandled();
    // Once, on the way back from the bank.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returnedFromBank]);

  const payWith = (input: { cardToken: string; saveCard: boolean } | { paymentCardID: string }) => {
    setFailure(null);
    paying.mutate({ link, version: travel.version, input }, { onSuccess: outcome, onError: refused });
  };

  const submitNew = form.handleSubmit(async (values) => {
    setTokenizing(true);
    try {
      const card = await tokenizeCard(tokenizeBodyOf(values));
      payWith({ cardToken: card.token, saveCard: values.save });
    } catch (error) {
      if (!(error instanceof CardRefused)) throw error;
      if (error.field) form.setError(error.field, { message: error.message }, { shouldFocus: true });
      else setFailure(error.message);
    } finally {
      setTokenizing(false);
    }
  });

  const busy = tokenizing || paying.isPending || confirming.isPending || leaving;
  const total = formatMoney(travel.price);
  const errors = form.formState.errors;

  if (confirming.isPending || (returnedFromBank && confirmLink && !confirming.isError && !failure))
    return (
      <div className="flex flex-col gap-2" aria-live="polite">
        <h3 ref={statusRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
          <Trans>Retour de votre banque : nous vérifions votre paiement…</Trans>
        </h3>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      {failure && (
        <div ref={alertRef} tabIndex={-1} className="focus:outline-none">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
      {confirmLink && !returnedFromBank && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
          <p>
            <Trans>Un paiement par carte de ce voyage attend la réponse de votre banque.</Trans>
          </p>
          <Button variant="secondary" busy={confirming.isPending} onClick={checkBank}>
            <Trans>Vérifier le paiement</Trans>
          </Button>
        </div>
      )}
      {leaving && (
        <p role="status" className="font-medium text-gray-900">
          <Trans>Votre banque demande à confirmer ce paiement : nous vous conduisons sur sa page…</Trans>
        </p>
      )}

      {usable.length > 0 && (
        <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
          <legend id={legendId} className="mb-1 font-medium text-gray-900">
            <Trans>Carte de paiement</Trans>
          </legend>
          {usable.map((card) => (
            <SavedCard key={card.id} card={card} checked={choice === card.id} onChange={() => setChosen(card.id)} />
          ))}
          <label className="flex min-h-11 items-center gap-3 rounded-lg border border-gray-300 px-3 py-2 has-[:checked]:border-[var(--brand)]">
            <input type="radio" name="card-choice" className="size-5 accent-[var(--brand)]" checked={choice === 'new'} onChange={() => setChosen('new')} />
            <Trans>Nouvelle carte</Trans>
          </label>
        </fieldset>
      )}

      {choice === 'new' ? (
        <form onSubmit={(event) => void submitNew(event)} noValidate aria-label={t`Nouvelle carte de paiement`} className="flex flex-col gap-3">
          <TextField
            label={t`Numéro de carte`}
            autoComplete="cc-number"
            inputMode="numeric"
            error={fieldText(errors.number?.message)}
            {...form.register('number', { onChange: (e: { target: HTMLInputElement }) => form.setValue('number', groups(e.target.value)) })}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t`Date d’expiration (MM/AA)`}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder={t`MM/AA`}
              error={fieldText(errors.expiry?.message)}
              {...form.register('expiry', { onChange: (e: { target: HTMLInputElement }) => form.setValue('expiry', expiryAsTyped(e.target.value)) })}
            />
            <TextField
              label={t`Cryptogramme (CVC)`}
              hint={t`3 chiffres au dos de la carte`}
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={3}
              error={fieldText(errors.cvc?.message)}
              {...form.register('cvc')}
            />
          </div>
          <TextField label={t`Titulaire de la carte`} autoComplete="cc-name" error={fieldText(errors.holder?.message)} {...form.register('holder')} />
          <CheckboxField label={t`Enregistrer cette carte pour la prochaine fois`} {...form.register('save')} />
          <p className="text-sm text-gray-700">
            <Trans>
              Votre carte est transmise directement à notre prestataire de paiement : Escale n’en garde que les 4 derniers chiffres et la date d’expiration.
            </Trans>
          </p>
          <div className="flex justify-end">
            <Button type="submit" busy={busy}>
              <Trans>Payer {total} par carte</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <Button busy={busy} onClick={() => payWith({ paymentCardID: choice })}>
            <Trans>Payer {total} par carte</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}

function SavedCard({ card, checked, onChange }: { card: PaymentCard; checked: boolean; onChange: () => void }) {
  const label = cardLabel(card);
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
  return (
    <label className="flex min-h-11 items-center gap-3 rounded-lg border border-gray-300 px-3 py-2 has-[:checked]:border-[var(--brand)]">
      <input type="radio" name="card-choice" className="size-5 accent-[var(--brand)]" checked={checked} onChange={onChange} />
      <span>
        <span className="font-medium text-gray-900">{label}</span>{' '}
        <span className="text-gray-700">
          <Trans>
            expire fin {expiry} · {card.holder}
          </Trans>
        </span>
      </span>
    </label>
  );
}
