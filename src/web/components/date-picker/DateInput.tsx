import type { Ref } from 'react';
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import { FieldError } from '../Field';
import { addHours, defaultStart, formatTime, formatTypedDate, isDate, maskTypedDate, notADate, parseTypedDate, ruleEnd, ruleStart, startOfDay } from './dates';

/** How a picked value is corrected: a start in the past → now + 1 h; an end not after `start` → start + 1 h. */
export type DateRule = { kind: 'start'; now: () => Date } | { kind: 'end'; now: () => Date; start: Date | null };

export function applyRule(rule: DateRule, value: Date): Date {
  return rule.kind === 'start' ? ruleStart(value, rule.now()) : ruleEnd(value, rule.start);
}

/** The first day the rule allows: today for a start, the start's day for an end (none while the start is unknown). */
export function firstAllowedDay(rule: DateRule): Date | null {
  if (rule.kind === 'start') return startOfDay(rule.now());
  return isDate(rule.start) ? startOfDay(rule.start) : null;
}

/** The time a day gets when none is chosen yet. */
export function baseTime(rule: DateRule, value: Date | null): Date {
  if (isDate(value)) return value;
  if (rule.kind === 'end' && isDate(rule.start)) return addHours(rule.start, 1);
  return defaultStart(rule.now());
}

/**
 * A typed day, at the field's time. A day before the first allowed one stays as typed, for the form to
 * say why it cannot be searched; on an allowed day the rule corrects the time only.
 */
export function typedValue(rule: DateRule, day: Date, current: Date | null): Date {
  const base = baseTime(rule, current);
  const value = new Date(day.getFullYear(), day.getMonth(), day.getDate(), base.getHours(), base.getMinutes());
  const first = firstAllowedDay(rule);
  return first && day.getTime() < first.getTime() ? value : applyRule(rule, value);
}

export type InputProps = {
  id?: string;
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  rule: DateRule;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onFocus?: () => void;
  /** Ids of what the field opens (the calendar), for aria-controls. */
  controls?: string;
  /** Given when the calendar is elsewhere on the page: a button after the field opens it, and says whether it is. */
  onOpenCalendar?: () => void;
  calendarOpen?: boolean;
  /** A day without a time of its own (a hotel's check-in and check-out): the field shows no time. */
  dateOnly?: boolean;
};

/**
 * The typed date: DD/MM/YYYY with the slashes inserted, years 1900–2099. A text that is no real date
 * gives `notADate()`, an empty one null.
 */
export function DateInput({
  id: givenId,
  label,
  value,
  onChange,
  rule,
  error,
  inputRef,
  onFocus,
  controls,
  onOpenCalendar,
  calendarOpen,
  dateOnly = false,
}: InputProps) {
  const { t } = useLingui();
  const autoId = useId();
  const id = givenId ?? autoId;
  const [text, setText] = useState(isDate(value) ? formatTypedDate(value) : '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (isDate(value) && parseTypedDate(text)?.getTime() !== startOfDay(value).getTime()) setText(formatTypedDate(value));
    // Reset from outside (e.g. a return before the new departure): the typed date goes too.
    if (!value && shown && parseTypedDate(text)) setText('');
  }
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const timeId = `${id}-time`;
  const time = isDate(value) && !dateOnly ? formatTime(value) : null;
  const timeText = time && (
    <span id={timeId}>
      <span className="sr-only">{t`à`} </span>
      {time}
    </span>
  );
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t`JJ/MM/AAAA`}
          maxLength={10}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, time ? timeId : null, error ? errorId : null].filter(Boolean).join(' ')}
          aria-controls={controls}
          onFocus={onFocus}
          onChange={(e) => {
            const next = maskTypedDate(e.target.value, text);
            setText(next);
            const day = parseTypedDate(next);
            if (day) onChange(typedValue(rule, day, value));
            else if (next === '') onChange(null);
            else if (value === null || isDate(value)) onChange(notADate());
          }}
          className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base tabular-nums text-gray-900 placeholder:text-gray-500 ${error ? 'border-red-700' : 'border-gray-400'}`}
        />
        {onOpenCalendar ? (
          <button
            type="button"
            aria-label={dateOnly ? t`Calendrier` : time ? t`Calendrier et heure, ${time}` : t`Calendrier et heure`}
            aria-controls={controls}
            aria-expanded={calendarOpen}
            onClick={onOpenCalendar}
            className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-gray-400 bg-white px-3 font-semibold tabular-nums text-gray-900 hover:bg-gray-100"
          >
            <CalendarClock aria-hidden="true" size={20} />
            {timeText}
          </button>
        ) : (
          time && <span className="shrink-0 font-semibold tabular-nums text-gray-900">{timeText}</span>
        )}
      </div>
      <p id={hintId} className="sr-only">
        {t`Format JJ/MM/AAAA`}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
