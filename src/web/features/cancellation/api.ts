import { mutationOptions } from '@tanstack/react-query';
import type { RefundPreviewItem } from '@contract/cancellation';
import type { Link } from '@contract/link';
import { linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { invalidateTravels } from '@web/lib/travel-keys';

/** A product's refund preview (its previewRefund link): silent, the modal says per product that it failed. Never cached: it expires. */
export const refundPreviewQuery = (link: Link) => ({ ...linkQueryOptions('previewRefund', link, { silent: true }), staleTime: 0, gcTime: 0, retry: false });

/** Cancels products (the first one's cancelProduct link, every chosen id): every travel, list and badge is read again. */
export const cancelProductsMutation = () => mutationOptions({ ...linkMutationOptions('cancelProduct'), onSuccess: invalidateTravels });

/** The body of a cancel: the chosen ids, and every preview the user was shown (the other legs of round-trip fares included). */
export const cancelInput = (ids: string[], previews: RefundPreviewItem[]) => ({
  ticket_ids: ids,
  void: previews.some((p) => p.void),
  previews: previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit })),
});

/** Spec 2 §5 "Display rules": a refund is shown only when its total is defined and its currency is not empty. */
export const refundShown = (item: RefundPreviewItem) => item.refund.total !== null && item.refund.currency !== '';
