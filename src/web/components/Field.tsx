import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { forwardRef, useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { FIELD_MESSAGES, isMessageKey } from '../lib/messages';

/** A field error as the user reads it: a contract message key translated, or a server sentence. */
export function useFieldText() {
  const { i18n } = useLingui();
  return (message: string | undefined): string | undefined =>
    message === undefined ? undefined : isMessageKey(message) ? i18n._(FIELD_MESSAGES[message]) : message;
}

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** A message key or a sentence; tied to the input with aria-describedby and announced. */
  error?: string;
  hint?: ReactNode;
  /** Content after the input, inside its frame (e.g. the show-password button). */
  trailing?: ReactNode;
};

const inputClass =
  'block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 aria-[invalid=true]:border-red-700';

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, className = '', id: givenId, ...input },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const text = useFieldText()(error);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, text ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={text ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${text ? 'border-red-700' : 'border-gray-400'} ${trailing ? 'pr-14' : ''}`}
          {...input}
        />
        {trailing}
      </div>
      <FieldError id={errorId}>{text}</FieldError>
    </div>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(function PasswordField(props, ref) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      type={visible ? 'text' : 'password'}
      {...props}
      trailing={
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-gray-700 hover:text-gray-900"
          aria-pressed={visible}
          aria-label={t`Afficher le mot de passe`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
        </button>
      }
    />
  );
});

/** Label, hint and error around one control, tied to it by id and aria-describedby. */
function useControlIds(givenId: string | undefined, error: string | undefined, hint: ReactNode) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const text = useFieldText()(error);
  const describedBy = [hint ? `${id}-hint` : null, text ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return { id, text, control: { id, 'aria-invalid': text ? true : undefined, 'aria-describedby': describedBy } as const };
}

function ControlFrame({
  id,
  label,
  hint,
  text,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  text?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {children}
      <FieldError id={`${id}-error`}>{text}</FieldError>
    </div>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string; hint?: ReactNode };

/** A native select with its label and error (options are the children). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, className = '', id: givenId, children, ...select },
  ref,
) {
  const { id, text, control } = useControlIds(givenId, error, hint);
  return (
    <ControlFrame id={id} label={label} hint={hint} text={text} className={className}>
      <select ref={ref} {...control} className={`${inputClass} ${text ? 'border-red-700' : 'border-gray-400'}`} {...select}>
        {children}
      </select>
    </ControlFrame>
  );
});

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, className = '', id: givenId, rows = 3, ...textarea },
  ref,
) {
  const { id, text, control } = useControlIds(givenId, error, hint);
  return (
    <ControlFrame id={id} label={label} hint={hint} text={text} className={className}>
      <textarea ref={ref} rows={rows} {...control} className={`${inputClass} ${text ? 'border-red-700' : 'border-gray-400'}`} {...textarea} />
    </ControlFrame>
  );
});

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; error?: string };

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxProps>(function CheckboxField({ label, error, id: givenId, className = '', ...input }, ref) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const text = useFieldText()(error);
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={text ? true : undefined}
          aria-describedby={text ? errorId : undefined}
          className="mt-0.5 size-6 shrink-0 accent-[var(--brand)]"
          {...input}
        />
        <label htmlFor={id} className="text-gray-900">
          {label}
        </label>
      </div>
      <FieldError id={errorId}>{text}</FieldError>
    </div>
  );
});

/** A message about the whole form (e.g. the server's errorMessage), announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children?: ReactNode; tone?: 'error' | 'success' }) {
  if (!children) return null;
  const colors = tone === 'error' ? 'border-red-700 bg-red-50 text-red-800' : 'border-green-700 bg-green-50 text-green-800';
  return (
    <div role="alert" className={`rounded-lg border-l-4 px-3 py-2 ${colors}`}>
      {children}
    </div>
  );
}
