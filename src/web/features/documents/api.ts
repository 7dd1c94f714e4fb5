import { mutationOptions } from '@tanstack/react-query';
import type { Documents } from '@contract/documents';
import type { Link } from '@contract/link';
import { linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { queryClient } from '@web/lib/query';

/** The user's identity documents: the user's `documents` link, and the whole list written through its `updateDocuments`. */

export const documentsQuery = (link: Link) => linkQueryOptions('documents', link);

/**
 * Writes the list (add, edit and remove are all this one change): the answer is the list as it is
 * now, shown at once. Silent: the form shows field problems next to their fields and toasts the rest.
 */
export const updateDocumentsMutation = (link: Link) =>
  mutationOptions({
    ...linkMutationOptions('updateDocuments', { silent: true }),
    onSuccess: (documents: Documents) => queryClient.setQueryData(documentsQuery(link).queryKey, documents),
  });
