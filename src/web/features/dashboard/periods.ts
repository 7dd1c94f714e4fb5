import { todayIso } from '@web/lib/dates';

/** The dashboard's periods (spec 3 §9 "Dashboard"), in the picker's order. */
export const PERIODS = ['currentYear', 'previousYear', 'thisMonth', 'yearToDate'] as const;
export type PeriodName = (typeof PERIODS)[number];
export const SCOPES = ['user', 'company'] as const;
export type Scope = (typeof SCOPES)[number];

export type PeriodDays = { beginPeriod: string; endPeriod: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (1–12). */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A period's ISO days, both included, from the reader's today (`YYYY-MM-DD`). */
export function periodDays(name: PeriodName, today = todayIso()): PeriodDays {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (name) {
    case 'previousYear':
      return { beginPeriod: `${year - 1}-01-01`, endPeriod: `${year - 1}-12-31` };
    case 'thisMonth':
      return { beginPeriod: `${year}-${pad(month)}-01`, endPeriod: `${year}-${pad(month)}-${pad(lastDay(year, month))}` };
    case 'yearToDate':
      return { beginPeriod: `${year}-01-01`, endPeriod: today };
    default:
      return { beginPeriod: `${year}-01-01`, endPeriod: `${year}-12-31` };
  }
}
