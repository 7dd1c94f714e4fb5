import type { SearchDayProblem } from '../../../../contract/search-limits';
import { searchDayProblem } from '../../../../contract/search-limits';
import type { SearchUrl } from '../../../../contract/search-url';
import { lastBookableDate, localDay } from './dates';

/** The first date of a /search address that cannot be searched, and why. */
export type UnsearchableDate = { field: 'date' | 'ret'; problem: SearchDayProblem; lastBookable: Date };

/**
 * Why a /search address cannot be searched, before asking the server: a link kept from an earlier day,
 * a date edited by hand. The form never makes such an address; the results page says why instead of
 * searching. Days are compared as the form does, in the device's zone (the server judges again in each
 * origin's zone).
 */
export function unsearchableDate(url: Pick<SearchUrl, 'date' | 'ret'>, now: Date): UnsearchableDate | null {
  const today = localDay(now);
  for (const field of ['date', 'ret'] as const) {
    const value = url[field];
    const problem = value ? searchDayProblem(value.slice(0, 10), today) : null;
    if (problem) return { field, problem, lastBookable: lastBookableDate(now) };
  }
  return null;
}
