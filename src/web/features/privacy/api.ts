import { mutationOptions } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import { linkKeys, linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { meQuery } from '@web/lib/me';
import { queryClient } from '@web/lib/query';
import { clearSession } from '@web/lib/session';

/** Privacy and data deletion: the policy and the two deletions over the user's links. */

/** The agency's privacy policy (the user's `privacyPolicy` link). */
export const privacyPolicyQuery = (link: Link) => ({ ...linkQueryOptions('privacyPolicy', link), staleTime: 5 * 60_000 });

/** The user as the server now has it (GET /user/): the `me` query read again. */
const reloadMe = () => queryClient.fetchQuery({ ...meQuery(), staleTime: 0 });

export const privacyMutations = {
  /** DELETE user/optional_data; the screens show the user without them once it is done (profile, cards, documents, saved payment cards). */
  deleteOptionalData: () =>
    mutationOptions({
      ...linkMutationOptions('deleteOptionalData'),
      onSuccess: () => Promise.all([reloadMe(), queryClient.invalidateQueries({ queryKey: linkKeys.all })]),
    }),
  /** DELETE user/data with the password: silent, the dialog shows a wrong password next to its field and toasts the rest. */
  deleteAccount: () => mutationOptions({ ...linkMutationOptions('deleteAccount', { silent: true }), onSuccess: () => clearSession() }),
};
