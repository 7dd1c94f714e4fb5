import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { calendarSubscriptionSchema, type CalendarSubscription } from '@contract/calendar';
import { linkMutationOptions } from '@web/lib/follow';
import { api } from '@web/lib/http';
import { queryClient } from '@web/lib/query';
import { entries } from '@contract/entries';

export const calendarKeys = { subscription: ['calendar', 'subscription'] as const };

/** GET /calendar/subscription (an entry point): whether a feed address works, and the links to make or end one. */
export const calendarSubscriptionQuery = () =>
  queryOptions({
    queryKey: calendarKeys.subscription,
    queryFn: ({ signal }) => api.get(entries.calendarSubscription, calendarSubscriptionSchema, { signal }),
    staleTime: 0,
  });

/** The answer is the resource as it is now (the only one that shows the new address): it replaces the query's. */
const keep = (subscription: CalendarSubscription) => queryClient.setQueryData(calendarKeys.subscription, subscription);

/** A new secret address (its `subscribeCalendar` link); the previous one stops working. */
export const subscribeCalendarMutation = () => mutationOptions({ ...linkMutationOptions('subscribeCalendar'), onSuccess: keep });

/** Ends the address (its `revokeCalendar` link): calendar apps reading it get nothing more. */
export const revokeCalendarMutation = () => mutationOptions({ ...linkMutationOptions('revokeCalendar'), onSuccess: keep });
