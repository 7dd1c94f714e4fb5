import { mutationOptions, useIsMutating } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import type { Travel } from '@contract/travel';
import { apiCode } from '@contract/api-codes';
import { follow, linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { SANDBOX_PAY_BASE, cardTokenSchema, tokenizeErrorSchema, type CardPaymentResult, type CardToken, type TokenizeBody } from '@contract/payment';
import { currentLang, i18n } from '@web/lib/i18n';
import { ApiError, toastFailure } from '@web/lib/http';
import { queryClient } from '@web/lib/query';
import { travelKeys } from '@web/lib/travel-keys';
import { toast } from '@web/lib/toast';
import { CHECKOUT_TEXTS } from './messages';

/** Every checkout change shares this key: the screen says WE_VERIFY_YOUR_INFOS while one runs (spec 2 §2). */
const CHECKOUT = 'checkout';
export const useCheckoutBusy = () => useIsMutating({ mutationKey: [CHECKOUT] }) > 0;

/** The travel changed: the lists and the header's badge read it again (the checkout holds the travel itself). */
const refreshLists = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: travelKeys.lists() }), queryClient.invalidateQueries({ queryKey: travelKeys.cartCount() })]);

/** A step was saved: the travel is read again at the link the server gave, and the screen shows its next step. */
async function readTravelAgain(travelId: string, getTravel: Link) {
  try {
    queryClient.setQueryData(travelKeys.one(travelId), await follow('getTravel', getTravel, undefined, { silent: true }));
  } catch {
    await queryClient.invalidateQueries({ queryKey: travelKeys.one(travelId) });
  }
  void refreshLists();
}

type StepRel = 'fillAnalytics' | 'patchMissionOrders' | 'fillApprovers';

/**
 * Saving a form step (analytics, mission orders, approver). Silent: the step shows field errors
 * next to its fields and the rest through `reportStepFailure`. The mutation ends once the travel
 * was read again, so the screen stays busy until the next step is known.
 */
export const stepMutation = <R extends StepRel>(rel: R, travelId: string) =>
  mutationOptions({
    ...linkMutationOptions(rel, { silent: true }),
    mutationKey: [CHECKOUT, rel],
    onSuccess: (saved: { links: { getTravel: Link } }) => readTravelAgain(travelId, saved.links.getTravel),
  });

/** The last step: book (company payment or option hold) or ask approval; the answer is the travel as it is now. */
export const finalMutation = <R extends 'confirm' | 'requestApproval'>(rel: R, travelId: string) =>
  mutationOptions({
    ...linkMutationOptions(rel, { silent: true }),
    mutationKey: [CHECKOUT, rel],
    onSuccess: (travel: Travel) => {
      queryClient.setQueryData(travelKeys.one(travelId), travel);
      // Spec 2 "Success view": the travel leaves the cart (the header's badge and the cart screen's lists).
      void refreshLists();
    },
  });

/**
 * What the user sees when saving a step fails: a version conflict reloads the travel and says
 * so; field errors are returned for the form to show next to its fields; anything else is a toast.
 */
export function reportStepFailure(error: unknown, reloadTravel: () => void): Record<string, string> | null {
  if (error instanceof ApiError && error.api_code === apiCode.VERSION_CONFLICT) {
    toast.warning(CHECKOUT_TEXTS.VERSION_CHANGED);
    reloadTravel();
    return null;
  }
  if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) return error.fields;
  toastFailure(error);
  return null;
}

/**
 * Card payment: payByCard and, back from the bank's authentication page, confirmCardPayment.
 * Both answer the travel as it is now, which the screen keeps; booked, the lists are read again.
 */
export const cardPaymentMutation = <R extends 'payByCard' | 'confirmCardPayment'>(rel: R, travelId: string) =>
  mutationOptions({
    ...linkMutationOptions(rel, { silent: true }),
    mutationKey: [CHECKOUT, rel],
    onSuccess: (result: CardPaymentResult) => {
      queryClient.setQueryData(travelKeys.one(travelId), result.travel);
      if (result.status === 'booked') void refreshLists();
    },
  });

/** The user's saved payment cards, from their `paymentCards` link. */
export const paymentCardsQuery = (link: Link) => linkQueryOptions('paymentCards', link);

/** The payment service refused the card: the field it names and why, in the user's language. */
export class CardRefused extends Error {
  constructor(
    readonly field: 'number' | 'expiry' | 'cvc' | 'holder' | null,
    message: string,
  ) {
    super(message);
    this.name = 'CardRefused';
  }
}

/**
 * Gives the card to the payment service, which answers a token standing for it: the card's number and
 * code go there and nowhere else (never to the API). This is the payment service's entry point, not an
 * API link: in production a real service's address, here the sandbox's, served beside the API.
 */
export async function tokenizeCard(body: TokenizeBody): Promise<CardToken> {
  let response: Response;
  try {
    response = await fetch(`${SANDBOX_PAY_BASE}/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': currentLang() },
      body: JSON.stringify(body),
    });
  } catch {
    throw new CardRefused(null, i18n._(CHECKOUT_TEXTS.PAYMENT_SERVICE_UNREACHABLE));
  }
  const json: unknown = await response.json().catch(() => null);
  const card = cardTokenSchema.safeParse(json);
  if (response.ok && card.success) return card.data;
  const refusal = tokenizeErrorSchema.safeParse(json);
  if (!refusal.success) throw new CardRefused(null, i18n._(CHECKOUT_TEXTS.PAYMENT_SERVICE_UNREACHABLE));
  const { field, message } = refusal.data.error;
  throw new CardRefused(field === 'exp_month' ? 'expiry' : field, message);
}
