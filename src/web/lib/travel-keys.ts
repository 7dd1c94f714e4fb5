import type { TravelStatus } from '@contract/travel';
import { queryClient } from './query';

/**
 * Query keys of the user's travels, for every screen that shows them (cart, checkout, travel view,
 * recap, the header's badge): one prefix, so a change to any travel reads them all again.
 */
export const travelKeys = {
  all: ['travels'] as const,
  lists: () => ['travels', 'list'] as const,
  list: (statuses: readonly TravelStatus[]) => ['travels', 'list', statuses] as const,
  cartCount: () => ['travels', 'cart-count'] as const,
  one: (id: string) => ['travels', 'one', id] as const,
};

/** A travel changed (added to, checked out, deleted, released): every list, travel and badge is read again. */
export const invalidateTravels = () => queryClient.invalidateQueries({ queryKey: travelKeys.all });
