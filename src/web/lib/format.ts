import { formatDate } from './dates';

/** The number and time formats (lib/format-core.ts), and those that need date-fns. */
export * from './format-core';

/** An instant (a deadline, a time limit) on the reader's clock: `dd/MM/yyyy HH:mm`. */
export const formatDateTime = (instant: string): string => formatDate(instant, 'dd/MM/yyyy HH:mm');
