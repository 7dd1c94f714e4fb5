import { formatDate } from './dates';

/** The number and time formats (lib/format-core.ts), and those that need date-fns. */
export * from './format-core';

/** An instant (a deadline, a time limit) on the reader's clock: `dd/MM/yyyy HH:mm`. */
export const formatDateTime = (instant: string): string => formatDate(instant, 'dd/MM/yyyy HH:mm');

/** The reader's time zone, by its IANA name (`Europe/Paris`): deadlines are shown on the reader's clock, which is said. */
// Read once per page: a DateTimeFormat costs its locale's data (tens of ms on a phone), and a device that
// changes zone shows the new one at the next page load.
let zone: string | undefined;
export const readerZone = (): string => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** A deadline on the reader's clock with the zone named: `25/11/2026 02:07 (Europe/Paris)`. */
export const formatDeadline = (instant: string): string => `${formatDateTime(instant)} (${readerZone()})`;
