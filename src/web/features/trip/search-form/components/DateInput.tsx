import type { Ref } from 'react';
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FieldError } from '../../../../components/Field';
import { addHours, defaultStart, formatTime, formatTypedDate, maskTypedDate, parseTypedDate, ruleEnd, ruleStart, startOfDay } from '../dates';

/** How a picked value is corrected: a start in the past → now + 1 h; an end not after `start` → start + 1 h. */
export type DateRule = { kind: 'start'; now: () => Date } | { kind: 'end'; now: () => Date; start: Date | null };

export function applyRule(rule: DateRule, value: Date): Date {
  return rule.kind === 'start' ? ruleStart(value, rule.now()) : ruleEnd(value, rule.start);
}

/** The time a day gets when none is chosen yet. */
export function baseTime(rule: DateRule, value: Date | null): Date {
  if (value) return value;
  if (rule.kind === 'end' && rule.start) return addHours(rule.start, 1);
  return defaultStart(rule.now());
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
};

/** The typed date: DD/MM/YYYY with the slashes inserted, years 1900–2099, real dates only (else no value). */
export function DateInput({ id: givenId, label, value, onChange, rule, error, inputRef, onFocus, controls }: InputProps) {
  const { t } = useLingui();
  const autoId = useId();
  const id = givenId ?? autoId;
  const [text, setText] = useState(value ? formatTypedDate(value) : '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value && parseTypedDate(text)?.getTime() !== startOfDay(value).getTime()) setText(formatTypedDate(value));
    // Reset from outside (e.g. a return before the new departure): the typed date goes too.
    if (!value && shown && parseTypedDate(text)) setText('');
  }
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const timeId = `${id}-time`;
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
          aria-describedby={[hintId, value ? timeId : null, error ? errorId : null].filter(Boolean).join(' ')}
          aria-controls={controls}
          onFocus={onFocus}
          onChange={(e) => {
            const next = maskTypedDate(e.target.value, text);
            setText(next);
            const day = next.length === 10 ? parseTypedDate(next) : null;
            if (!day) {
              if (value) onChange(null);
              return;
            }
            const base = baseTime(rule, value);
            onChange(applyRule(rule, new Date(day.getFullYear(), day.getMonth(), day.getDate(), base.getHours(), base.getMinutes())));
          }}
          className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base tabular-nums text-gray-900 placeholder:text-gray-500 ${error ? 'border-red-700' : 'border-gray-400'}`}
        />
        {value && (
          <span id={timeId} className="shrink-0 font-semibold tabular-nums text-gray-900">
            <span className="sr-only">{t`à`} </span>
            {formatTime(value)}
          </span>
        )}
      </div>
      <p id={hintId} className="sr-only">
        {t`Format JJ/MM/AAAA`}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
