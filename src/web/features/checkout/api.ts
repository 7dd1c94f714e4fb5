import { mutationOptions, useIsMutating } from '@tanstack/react-query';
import type { Link } from '../../../contract/link';
import type { Travel } from '../../../contract/travel';
import { apiCode } from '../../../contract/api-codes';
import { follow, linkMutationOptions } from '../../lib/follow';
import { ApiError, toastFailure } from '../../lib/http';
import { queryClient } from '../../lib/query';
import { travelKeys } from '../../lib/travel-keys';
import { toast } from '../../lib/toast';
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
