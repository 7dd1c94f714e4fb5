import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { addDays, addMonths, format, startOfMonth, startOfWeek } from 'date-fns';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { dateLocale } from '../../../../lib/dates';
import { TIME_BUTTON_HOURS, TRIP_QUICK_HOURS, sameDay, startOfDay, withHour } from '../dates';
import type { DateRule, InputProps } from './DateInput';
import { DateInput, applyRule, baseTime } from './DateInput';

export type { DateRule } from './DateInput';
export { DateInput } from './DateInput';

/*
 * The calendar, with date-fns and its locales: the trip form loads it when it is first used
 * (TripSearchForm), not with the home page.
 */

/** First selectable day: today, or the start's day for an end, or `min`. */
function firstDay(rule: DateRule, min?: Date): Date {
  const today = startOfDay(rule.now());
  const candidates = [today, min ? startOfDay(min) : today, rule.kind === 'end' && rule.start ? startOfDay(rule.start) : today];
  return new Date(Math.max(...candidates.map((d) => d.getTime())));
}

type CalendarProps = {
  id?: string;
  /** What the calendar picks, for its accessible name (e.g. "Date de départ"). */
  label: string;
  value: Date | null;
  onChange: (value: Date) => void;
  rule: DateRule;
  min?: Date;
  quickHours?: { morning: number; afternoon: number };
  /** 'Valider' pressed: the time is confirmed, focus goes back to the date field. */
  onConfirm?: () => void;
};

/** The calendar (days before today or `min` disabled), the quick buttons and the hourly times with 'Valider'. */
export function DateCalendar({ id, label, value, onChange, rule, min, quickHours = TRIP_QUICK_HOURS, onConfirm }: CalendarProps) {
  const { t } = useLingui();
  const locale = dateLocale();
  const first = firstDay(rule, min);
  const [focusDay, setFocusDay] = useState(() => startOfDay(value ?? first));
  const [month, setMonth] = useState(() => startOfMonth(focusDay));
  const [pendingHour, setPendingHour] = useState<number | null>(null);
  const [moved, setMoved] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (!moved) return;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focusDay, moved]);

  const pick = (day: Date) => {
    const base = baseTime(rule, value);
    onChange(applyRule(rule, new Date(day.getFullYear(), day.getMonth(), day.getDate(), base.getHours(), base.getMinutes())));
    setFocusDay(day);
  };
  const setHour = (hour: number) => onChange(applyRule(rule, withHour(value ?? baseTime(rule, value), hour)));

  const moveFocus = (day: Date) => {
    setFocusDay(day);
    setMonth(startOfMonth(day));
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
          onClick={() => setMonth(addMonths(month, 1))}
          className="flex size-11 items-center justify-center rounded-lg hover:bg-gray-100"
        >
          <ChevronRight aria-hidden="true" size={20} />
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-label={`${label}, ${format(month, 'LLLL yyyy', { locale })}`} className="w-full table-fixed text-center" onKeyDown={onKeyDown}>
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
                const disabled = day.getTime() < first.getTime();
                const selected = value ? sameDay(value, day) : false;
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
      <div role="group" aria-label={t`Moment de la journée`} className="flex gap-2">
        <button type="button" className="min-h-11 flex-1 rounded-lg border border-gray-400 px-3 font-medium hover:bg-gray-100" onClick={() => setHour(quickHours.morning)}>
          {t`Matin`}
        </button>
        <button type="button" className="min-h-11 flex-1 rounded-lg border border-gray-400 px-3 font-medium hover:bg-gray-100" onClick={() => setHour(quickHours.afternoon)}>
          {t`Après-midi`}
        </button>
      </div>
      <fieldset>
        <legend className="mb-2 font-medium text-gray-900">{t`Heure`}</legend>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {TIME_BUTTON_HOURS.map((hour) => {
            const pressed = pendingHour === null ? value?.getHours() === hour && value.getMinutes() === 0 : pendingHour === hour;
            return (
              <button
                key={hour}
                type="button"
                aria-pressed={pressed}
                onClick={() => setPendingHour(hour)}
                className={`min-h-11 rounded-lg border tabular-nums ${pressed ? 'border-brand bg-brand text-brand-contrast' : 'border-gray-300 text-gray-900 hover:bg-gray-100'}`}
              >
                {`${String(hour).padStart(2, '0')}:00`}
              </button>
            );
          })}
        </div>
      </fieldset>
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

type PickerProps = Omit<InputProps, 'controls'> & Pick<CalendarProps, 'min' | 'quickHours'> & { onConfirm?: () => void };

/** A date-time field and its calendar together (the trip form places the calendar in its side panel). */
export function DatePicker({ min, quickHours, onConfirm, ...input }: PickerProps) {
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
        quickHours={quickHours}
        onConfirm={() => {
          ref.current?.focus();
          onConfirm?.();
        }}
      />
    </div>
  );
}
