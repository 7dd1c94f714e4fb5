import { mutationOptions } from '@tanstack/react-query';
import type { Product, Travel, TravelStatus } from '@contract/travel';
import { linkMutationOptions } from '@web/lib/follow';
import { queryClient } from '@web/lib/query';
import { invalidateTravels, travelKeys } from '@web/lib/travel-keys';

/** What the cart screen lists: the cart, and the travels whose options or approval are still pending (with their deadline). */
export const CART_STATUSES: readonly TravelStatus[] = ['cart', 'pending_confirmation', 'pending_approval'];

/** Deletes a travel (its `delete` link, If-Match its version). */
export const deleteTravelMutation = () => mutationOptions({ ...linkMutationOptions('delete'), onSuccess: invalidateTravels });

/** Empties the cart (the list's `emptyCart` link). */
export const emptyCartMutation = () => mutationOptions({ ...linkMutationOptions('emptyCart'), onSuccess: invalidateTravels });

/** Releases a held option and the options linked to it; answers the travel as it is now, shown at once. */
export const releaseOptionMutation = () =>
  mutationOptions({
    ...linkMutationOptions('releasePrebooking'),
    onSuccess: (updated: Travel) => {
      queryClient.setQueriesData<{ travels: Travel[] }>(
        { queryKey: travelKeys.list(CART_STATUSES) },
        (list) => list && { ...list, travels: list.travels.map((item) => (item.id === updated.id ? updated : item)) },
      );
      return invalidateTravels();
    },
  });

/** The requester reminds the approvers of a pending request (its `remind` link; at most once an hour, else 429). */
export const remindApproverMutation = () => mutationOptions({ ...linkMutationOptions('remind') });

/** The requester cancels a pending request (its `cancelApproval` link): the travel goes back to the cart. */
export const cancelApprovalMutation = () => mutationOptions({ ...linkMutationOptions('cancelApproval'), onSuccess: invalidateTravels });

/** Products still in the travel: released or expired options are gone from it. */
export const liveProducts = (travel: Travel): Product[] => travel.products.filter((p) => p.status !== 'released' && p.status !== 'expired');
