import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { addDays, addMonths, format, startOfMonth, startOfWeek } from 'date-fns';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { dateLocale } from '@web/lib/dates';
import { TIME_BUTTON_HOURS, TRIP_QUICK_HOURS, isDate, sameDay, startOfDay, withHour } from './dates';
import type { DateRule, InputProps } from './DateInput';
import { DateInput, applyRule, baseTime, firstAllowedDay } from './DateInput';

export type { DateRule } from './DateInput';
export { DateInput } from './DateInput';

/*
 * The calendar, with date-fns and its locales: the trip form loads it when it is first used
 * (TripSearchForm), not with the home page.
 */

/** First selectable day: today, or the start's day for an end, or `min`. */
function firstDay(rule: DateRule, min?: Date): Date {
  const today = startOfDay(rule.now());
  const candidates = [today, min ? startOfDay(min) : today, firstAllowedDay(rule) ?? today];
  return new Date(Math.max(...candidates.map((d) => d.getTime())));
}

const focusTabbableDay = (grid: HTMLTableElement | null) => grid?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();

const clamp = (day: Date, first: Date, last?: Date) => (day.getTime() < first.getTime() ? first : last && day.getTime() > last.getTime() ? last : day);

type CalendarProps = {
  id?: string;
  /** What the calendar picks, for its accessible name (e.g. "Date de départ"). */
  label: string;
  value: Date | null;
  onChange: (value: Date) => void;
  rule: DateRule;
  min?: Date;
  /** Last selectable day (the trip search's booking horizon). */
  max?: Date;
  quickHours?: { morning: number; afternoon: number };
  /** 'Valider' pressed: the time is confirmed, focus goes back to the date field. */
  onConfirm?: () => void;
  /** A new object each time the calendar is to take the focus (its field's calendar button was pressed). */
  takeFocus?: object;
  /** Days only (a hotel's stay): no quick buttons nor hours, the value keeps its time. */
  dateOnly?: boolean;
};

/**
 * The calendar (days before today or `min` and after `max` disabled), the quick buttons and the hourly
 * times (one radio group: Tab reaches it, the arrow keys move in it) with 'Valider'.
 */
export function DateCalendar({
  id,
  label,
  value,
  onChange,
  rule,
  min,
  max,
  quickHours = TRIP_QUICK_HOURS,
  onConfirm,
  takeFocus,
  dateOnly = false,
}: CalendarProps) {
  const { t } = useLingui();
  const locale = dateLocale();
  const first = firstDay(rule, min);
  const last = max && startOfDay(max);
  const [focusDay, setFocusDay] = useState(() => clamp(startOfDay(isDate(value) ? value : first), first, last));
  const [month, setMonth] = useState(() => startOfMonth(focusDay));
  const [pendingHour, setPendingHour] = useState<number | null>(null);
  const [moved, setMoved] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const headingId = useId();
  const hourName = useId();

  useEffect(() => {
    if (moved) focusTabbableDay(gridRef.current);
  }, [focusDay, moved]);
  useEffect(() => {
    if (takeFocus) focusTabbableDay(gridRef.current);
  }, [takeFocus]);

  const pick = (day: Date) => {
    const base = baseTime(rule, value);
    onChange(applyRule(rule, new Date(day.getFullYear(), day.getMonth(), day.getDate(), base.getHours(), base.getMinutes())));
    setFocusDay(day);
  };
  const setHour = (hour: number) => onChange(applyRule(rule, withHour(baseTime(rule, value), hour)));

  const moveFocus = (day: Date) => {
    const allowed = clamp(day, first, last);
    setFocusDay(allowed);
    setMonth(startOfMonth(allowed));
    setMoved(true);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      moveFocus(addDays(focusDay, step));
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      moveFocus(addMonths(focusDay, e.key === 'PageUp' ? -1 : 1));
    }
  };

  const gridStart = startOfWeek(month, { weekStartsOn: 1 });
  const weeks = Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(gridStart, w * 7 + d)));
  const focusInMonth = focusDay.getMonth() === month.getMonth() && focusDay.getFullYear() === month.getFullYear();
  const tabbable = focusInMonth ? focusDay : month;
  const prevDisabled = month.getTime() <= startOfMonth(first).getTime();
  const nextDisabled = last !== undefined && month.getTime() >= startOfMonth(last).getTime();

  return (
    <div id={id} className="space-y-4">
      <div className="flex items-center justify-between">
        <button
          type="button"
          aria-label={t`Mois précédent`}
          disabled={prevDisabled}
          onClick={() => setMonth(addMonths(month, -1))}
          className="flex size-11 items-center justify-center rounded-lg hover:bg-gray-100 disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" size={20} />
        </button>
        <p id={headingId} className="font-semibold capitalize text-gray-900" aria-live="polite">
          {format(month, 'LLLL yyyy', { locale })}
        </p>
        <button
          type="button"
          aria-label={t`Mois suivant`}
          disabled={nextDisabled}
          onClick={() => setMonth(addMonths(month, 1))}
          className="flex size-11 items-center justify-center rounded-lg hover:bg-gray-100 disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" size={20} />
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-label={`${label}, ${format(month, 'LLLL yyyy', { locale })}`}
        className="w-full table-fixed text-center"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weeks[0]!.map((d) => (
              <th key={d.getDay()} scope="col" abbr={format(d, 'EEEE', { locale })} className="pb-1 text-sm font-medium text-gray-600">
                {format(d, 'EEEEEE', { locale })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.getTime()}>
              {week.map((day) => {
                const inMonth = day.getMonth() === month.getMonth();
                if (!inMonth) return <td key={day.getTime()} role="gridcell" />;
                const disabled = day.getTime() < first.getTime() || (last !== undefined && day.getTime() > last.getTime());
                const selected = isDate(value) && sameDay(value, day);
                return (
                  <td key={day.getTime()} role="gridcell" aria-selected={selected}>
                    <button
                      type="button"
                      tabIndex={sameDay(day, tabbable) ? 0 : -1}
                      disabled={disabled}
                      aria-label={format(day, 'EEEE d MMMM yyyy', { locale })}
                      onClick={() => pick(day)}
                      className={`mx-auto flex size-10 items-center justify-center rounded-full tabular-nums disabled:text-gray-400 disabled:line-through ${
                        selected ? 'bg-brand font-semibold text-brand-contrast' : 'text-gray-900 hover:bg-gray-100'
                      }`}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {!dateOnly && (
        <>
          <div role="group" aria-label={t`Moment de la journée`} className="flex gap-2">
            <button
              type="button"
              className="min-h-11 flex-1 rounded-lg border border-gray-400 px-3 font-medium hover:bg-gray-100"
              onClick={() => setHour(quickHours.morning)}
            >
              {t`Matin`}
            </button>
            <button
              type="button"
              className="min-h-11 flex-1 rounded-lg border border-gray-400 px-3 font-medium hover:bg-gray-100"
              onClick={() => setHour(quickHours.afternoon)}
            >
              {t`Après-midi`}
            </button>
          </div>
          <fieldset>
            <legend className="mb-2 font-medium text-gray-900">{t`Heure`}</legend>
            <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
              {TIME_BUTTON_HOURS.map((hour) => {
                const checked = pendingHour === null ? isDate(value) && value.getHours() === hour && value.getMinutes() === 0 : pendingHour === hour;
                return (
                  <label
                    key={hour}
                    className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border tabular-nums has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
                      checked ? 'border-brand bg-brand text-brand-contrast' : 'border-gray-300 text-gray-900 hover:bg-gray-100'
                    }`}
                  >
                    <input type="radio" className="sr-only" name={hourName} value={hour} checked={checked} onChange={() => setPendingHour(hour)} />
                    {`${String(hour).padStart(2, '0')}:00`}
                  </label>
                );
              })}
            </div>
          </fieldset>
        </>
      )}
      <button
        type="button"
        className="min-h-11 w-full rounded-lg bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong"
        onClick={() => {
          if (pendingHour !== null) setHour(pendingHour);
          setPendingHour(null);
          onConfirm?.();
        }}
      >
        {t`Valider`}
      </button>
    </div>
  );
}

type PickerProps = Omit<InputProps, 'controls' | 'onOpenCalendar' | 'calendarOpen'> &
  Pick<CalendarProps, 'min' | 'max' | 'quickHours'> & { onConfirm?: () => void };

/** A date-time field and its calendar together (the trip form places the calendar in its side panel). */
export function DatePicker({ min, max, quickHours, onConfirm, ...input }: PickerProps) {
  const calendarId = useId();
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-3">
      <DateInput {...input} inputRef={ref} controls={calendarId} />
      <DateCalendar
        id={calendarId}
        label={input.label}
        value={input.value}
        onChange={input.onChange}
        rule={input.rule}
        min={min}
        max={max}
        quickHours={quickHours}
        onConfirm={() => {
          ref.current?.focus();
          onConfirm?.();
        }}
      />
    </div>
  );
}
