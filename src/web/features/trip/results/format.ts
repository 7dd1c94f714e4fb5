import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** The choice a proposal's offer belongs to: `searchID~i~cabin~k` → `searchID~i~cabin`. */
export const choiceIdOf = (offerId: string): string => offerId.split('~').slice(0, 3).join('~');

/** The days of the week, Sunday first, and the months, January first (their names in the reader's language). */
export const WEEKDAYS = [msg`dimanche`, msg`lundi`, msg`mardi`, msg`mercredi`, msg`jeudi`, msg`vendredi`, msg`samedi`];
export const MONTHS = [
  msg`janvier`,
  msg`février`,
  msg`mars`,
  msg`avril`,
  msg`mai`,
  msg`juin`,
  msg`juillet`,
  msg`août`,
  msg`septembre`,
  msg`octobre`,
  msg`novembre`,
  msg`décembre`,
];

/** A day's label from its parts (the build calls it with slots: prerender.tsx). */
export function dayLabelOf(
  i18n: I18n,
  { weekday, day, month, year }: { weekday: string; day: number | string; month: string; year?: number | string },
): string {
  return year !== undefined ? i18n._(msg`${weekday} ${day} ${month} ${year}`) : i18n._(msg`${weekday} ${day} ${month}`);
}

/**
 * `mercredi 2 décembre` (`… 2026` with the year) from the date part of an ISO date-time: the day on the
 * station's calendar. Without Intl, whose first formatter costs ~15 ms in the results' first render.
 */
export function dayLabel(i18n: I18n, iso: string, withYear = false): string {
  const [year, monthNumber, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = i18n._(WEEKDAYS[new Date(Date.UTC(year, monthNumber - 1, day)).getUTCDay()]!);
  const month = i18n._(MONTHS[monthNumber - 1]!);
  return dayLabelOf(i18n, { weekday, day, month, year: withYear ? year : undefined });
}

/** dayLabel in the reader's language, following its changes. */
export function useDayLabel() {
  const { i18n } = useLingui();
  return (iso: string, withYear = false): string => dayLabel(i18n, iso, withYear);
}
