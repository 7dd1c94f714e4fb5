import { z } from 'zod';
import { linksOf } from './link';

/**
 * The signed-in user's calendar subscription: a private feed of their upcoming booked legs
 * at a secret address (`webcal://…/calendar/<token>.ics`) that calendar apps poll without a session.
 * The token is stored hashed: its address is shown once, in the answer that creates (or rotates) it.
 * `subscribeCalendar` creates a new address (the previous one stops working), `revokeCalendar` ends it.
 */
export const calendarSubscriptionSchema = z
  .object({
    /** Whether an address works now. */
    active: z.boolean(),
    /** When the address that works now was made; null without one. */
    createdAt: z.string().nullable(),
    /** The address for calendar apps (webcal://), only in the answer that made it. */
    url: z.string().nullable(),
    /** The same feed over https (for apps that ask for an http address), only in the answer that made it. */
    httpsUrl: z.string().nullable(),
    links: linksOf('subscribeCalendar', 'revokeCalendar'),
  })
  .meta({ id: 'CalendarSubscription' });
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;

/** The feed's path outside the API (calendar apps send no Api-Key nor session): the token names the user. */
export const CALENDAR_FEED_PREFIX = '/calendar/';
