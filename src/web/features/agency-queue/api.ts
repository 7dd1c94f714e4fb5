import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import { follow, linkMutationOptions } from '@web/lib/follow';
import { queryClient } from '@web/lib/query';

/** The agency work queue: the user's `agencyQueue` link (the agency's staff have it), read as is; every action follows a link of an item. */
export const agencyQueueKey = ['agency-queue'] as const;

export const agencyQueueQuery = (link: Link) =>
  queryOptions({
    queryKey: agencyQueueKey,
    // Silent: the screen says itself that the queue could not be read, with a way to ask again.
    queryFn: ({ signal }) => follow('agencyQueue', link, undefined, { signal, silent: true }),
    // Another agent may have handled an item meanwhile: read again when the agent comes back to the tab.
    refetchOnWindowFocus: true,
  });

/** After an action, done or refused (another agent was first, 409), the queue is read again. */
const readAgain = () => queryClient.invalidateQueries({ queryKey: agencyQueueKey });

// The forms show their fields' errors themselves (silent); the buttons' failures are toasted by the http client.
export const completeTaskMutation = () => mutationOptions({ ...linkMutationOptions('completeAgencyTask', { silent: true }), onSettled: readAgain });
export const closeTaskMutation = () => mutationOptions({ ...linkMutationOptions('closeAgencyTask', { silent: true }), onSettled: readAgain });
export const confirmOptionMutation = () => mutationOptions({ ...linkMutationOptions('confirmHeldOption'), onSettled: readAgain });
export const releaseOptionsMutation = () => mutationOptions({ ...linkMutationOptions('releaseHeldOptions'), onSettled: readAgain });
