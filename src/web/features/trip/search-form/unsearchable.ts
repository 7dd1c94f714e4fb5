import type { SearchDayProblem } from '@contract/search-limits';
import { searchDayProblem } from '@contract/search-limits';
import type { SearchUrl } from '@contract/search-url';
import { lastBookableDate, localDay } from '@web/components/date-picker/dates';

/** The first date of a /search address that cannot be searched, and why. */
export type UnsearchableDate = { field: 'date' | 'ret'; problem: Exclude<SearchDayProblem, 'ENTER_DATE_NOT_PASSED'>; lastBookable: Date };

/**
 * Why a /search address cannot be searched, before asking the server: a date edited by hand, no such
 * day or beyond the booking horizon. The form never makes such an address; the results page says why
 * instead of searching. A past day is left to the server, which judges it in the origin's zone (a device
 * ahead of it, in Tokyo, would call today's Paris date past) and says so.
 */
export function unsearchableDate(url: Pick<SearchUrl, 'date' | 'ret'>, now: Date): UnsearchableDate | null {
  const today = localDay(now);
  for (const field of ['date', 'ret'] as const) {
    const value = url[field];
    const problem = value ? searchDayProblem(value.slice(0, 10), today) : null;
    if (problem && problem !== 'ENTER_DATE_NOT_PASSED') return { field, problem, lastBookable: lastBookableDate(now) };
  }
  return null;
}
