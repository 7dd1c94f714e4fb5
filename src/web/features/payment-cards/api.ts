import { mutationOptions } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import type { PaymentCards } from '@contract/payment';
import { linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { queryClient } from '@web/lib/query';

/** The user's saved payment cards: the user's `paymentCards` link, and each card's deletePaymentCard. */

export const paymentCardsQuery = (link: Link) => linkQueryOptions('paymentCards', link);

/** A deletion answers the list as it is now: shown at once (the checkout reads the same query). Silent: the section says what failed. */
export const deletePaymentCardMutation = (link: Link) =>
  mutationOptions({
    ...linkMutationOptions('deletePaymentCard', { silent: true }),
    onSuccess: (cards: PaymentCards) => queryClient.setQueryData(paymentCardsQuery(link).queryKey, cards),
  });
