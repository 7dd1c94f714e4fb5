import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { UserCards } from '@contract/loyalty-cards';
import type { Link } from '@contract/link';
import { linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { meKey } from '@web/lib/session';
import { queryClient } from '@web/lib/query';

/** The user's loyalty and discount cards: the user's `userCards` link, its card types, and the changes their links offer. */

export const cardsQuery = (link: Link) => linkQueryOptions('userCards', link);

/** The card types change with the supplier's programmes, not during a visit. */
export const cardTypesQuery = (link: Link) => queryOptions({ ...linkQueryOptions('userCardTypes', link), staleTime: Infinity });

/**
 * Every change answers the list as it is now, shown at once; the user object (its `cards`, read by
 * the search screens) is read again. Silent: the form shows field problems next to their fields and
 * the section toasts the rest.
 */
const changed = (link: Link) => (cards: UserCards) => {
  queryClient.setQueryData(cardsQuery(link).queryKey, cards);
  return queryClient.invalidateQueries({ queryKey: meKey });
};

export const cardMutations = {
  add: (link: Link) => mutationOptions({ ...linkMutationOptions('addUserCard', { silent: true }), onSuccess: changed(link) }),
  update: (link: Link) => mutationOptions({ ...linkMutationOptions('updateUserCard', { silent: true }), onSuccess: changed(link) }),
  remove: (link: Link) => mutationOptions({ ...linkMutationOptions('deleteUserCard', { silent: true }), onSuccess: changed(link) }),
};
