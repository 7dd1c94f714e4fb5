import type { ComponentProps, ReactNode, Ref } from 'react';
import { Suspense, lazy, useId } from 'react';
import { Controller } from 'react-hook-form';
import { get } from 'react-hook-form';
import type { Control, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type { User } from '@contract/account';
import type { Place } from '@contract/places';
import type { Passenger } from '@web/lib/passengers';
import { Button } from '../Button';
import { FieldError, SelectField } from '../Field';
import { PlacePicker } from '../PlacePicker';
import { EntitySelect } from './parts';
import { PanelSpinner } from '../Spinner';
import type { InputProps } from '../date-picker/DateInput';
import { DateInput } from '../date-picker/DateInput';
import { PassengersPanel } from '../passengers/lazy';
import { loadCalendar } from './use-search-form';

const DateCalendar = lazy(() => loadCalendar().then((m) => ({ default: m.DateCalendar })));

/** A field of the form: its control and its path. */
type FormField<V extends FieldValues, O> = { control: Control<V, unknown, O>; name: Path<V> };

type DateFieldProps<V extends FieldValues, O> = FormField<V, O> &
  Omit<InputProps, 'value' | 'onChange' | 'inputRef'> & {
    /** What a typed date does; by default it is the field's value. */
    onChange?: (date: Date | null, set: (date: Date | null) => void) => void;
  };

/** A typed date of the form, whose calendar opens in the side panel. */
export function DateField<V extends FieldValues, O>({ control, name, onChange, ...input }: DateFieldProps<V, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateInput
          {...input}
          value={field.value as Date | null}
          inputRef={field.ref}
          onChange={(d) => (onChange ? onChange(d, field.onChange) : field.onChange(d))}
        />
      )}
    />
  );
}

type PlaceFieldProps<V extends FieldValues, O> = FormField<V, O> &
  Omit<ComponentProps<typeof PlacePicker>, 'value' | 'onChange' | 'inputRef' | 'name'> & {
    /** What a chosen place does besides being the field's value (the next field's focus). */
    onChange?: (place: Place | null) => void;
  };

/** A place of the form: its picker, whose input the form focuses (next field, first error). */
export function PlaceField<V extends FieldValues, O>({ control, name, onChange, ...picker }: PlaceFieldProps<V, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PlacePicker
          {...picker}
          value={field.value as Place | null}
          inputRef={field.ref}
          onChange={(p) => {
            field.onChange(p);
            onChange?.(p);
          }}
        />
      )}
    />
  );
}

type CalendarPanelProps<V extends FieldValues, O> = FormField<V, O> &
  Omit<ComponentProps<typeof DateCalendar>, 'value' | 'onChange'> & {
    onChange?: (date: Date, set: (date: Date | null) => void) => void;
  };

/** A date field's calendar in the side panel, a spinner while its code comes. */
export function CalendarPanel<V extends FieldValues, O>({ control, name, onChange, ...calendar }: CalendarPanelProps<V, O>) {
  return (
    <Suspense fallback={<PanelSpinner />}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateCalendar
            key={name}
            {...calendar}
            value={field.value as Date | null}
            onChange={(d) => (onChange ? onChange(d, field.onChange) : field.onChange(d))}
          />
        )}
      />
    </Suspense>
  );
}

type PanelFieldProps = {
  label: string;
  /** What is chosen, as the button says it. */
  value: ReactNode;
  icon: ReactNode;
  error?: string;
  panelId: string;
  buttonRef?: Ref<HTMLButtonElement>;
  onFocus?: () => void;
  onOpen: () => void;
  /** For a panel that opens only from this button. */
  expanded?: boolean;
  children?: ReactNode;
};

/** A field chosen in the side panel (the passengers, the driver): a button that says the choice and opens the panel. */
export function PanelField({ label, value, icon, error, panelId, buttonRef, onFocus, onOpen, expanded, children }: PanelFieldProps) {
  const id = useId();
  return (
    <div>
      <p id={`${id}-label`} className="mb-1 font-medium text-gray-900">
        {label}
      </p>
      <button
        ref={buttonRef}
        type="button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-controls={panelId}
        aria-expanded={expanded}
        aria-invalid={error ? true : undefined}
        onFocus={onFocus}
        onClick={onOpen}
        className={`flex min-h-11 w-full items-center gap-2 rounded-lg border bg-white px-3 text-left ${error ? 'border-red-700' : 'border-gray-400'}`}
      >
        {icon}
        <span id={`${id}-value`}>{value}</span>
      </button>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {children}
    </div>
  );
}

/** A `PanelField` of the form, whose button the form focuses back (after the panel, on an error). */
export function ControlledPanelField<V extends FieldValues, O>({ control, name, ...field }: FormField<V, O> & Omit<PanelFieldProps, 'buttonRef'>) {
  return <Controller control={control} name={name} render={({ field: { ref } }) => <PanelField buttonRef={ref} {...field} />} />;
}

/** The passengers as their field's button says them: none, the one by name, or how many. */
export function usePassengersText(label: (p: Passenger) => string) {
  const { t } = useLingui();
  return (pax: readonly Passenger[]) => (pax.length === 0 ? t`Aucun passager` : pax.length === 1 ? label(pax[0]!) : t`${pax.length} passagers`);
}

/** The passengers panel's own error: more than it takes (the rules' errors are the field's). */
const TOO_MANY = 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS';

type PassengersChoiceProps<V extends FieldValues, O> = {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  /** The texts of the form's errors by field path (useSearchForm). */
  message: (path: string) => string | undefined;
  user: User | null;
  /** What else a change of passengers does, once they are the field's value (the hotel's rooms). */
  onChange?: (pax: Passenger[]) => void;
  /** The panel says every error of the passengers, not only that there are too many (a form whose field is not beside the panel). */
  allErrors?: boolean;
  onConfirm: () => void;
  className?: string;
  /** What the form chooses with its passengers (the hotel's rooms). */
  children?: ReactNode;
};

/** The passengers panel of a form: who travels, their error, what goes with them, and "Valider" back to the form. */
export function PassengersChoice<V extends FieldValues, O>({
  form,
  name,
  message,
  user,
  onChange,
  allErrors = false,
  onConfirm,
  className = 'space-y-4',
  children,
}: PassengersChoiceProps<V, O>) {
  const { t } = useLingui();
  const id = useId();
  const key = (get(form.formState.errors, name) as { message?: unknown } | undefined)?.message;
  return (
    <div className={className}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <PassengersPanel
            pax={field.value as Passenger[]}
            user={user}
            onChange={(next) => {
              form.clearErrors(name);
              field.onChange(next);
              onChange?.(next);
            }}
            onTooMany={() => form.setError(name, { type: 'validate', message: TOO_MANY })}
          />
        )}
      />
      <FieldError id={id}>{allErrors || key === TOO_MANY ? message(name) : undefined}</FieldError>
      {children}
      <Button variant="secondary" className="w-full" onClick={onConfirm}>
        {t`Valider`}
      </Button>
    </div>
  );
}

/** The entity field of a form (parts.tsx), for a user whose company has entities. */
export function EntityField<V extends FieldValues, O>({
  control,
  name,
  entities,
  error,
  onFocus,
}: FormField<V, O> & { entities: readonly { uid: string; name: string }[]; error?: string; onFocus?: () => void }) {
  if (entities.length === 0) return null;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <EntitySelect entities={entities} error={error} {...field} value={field.value as string} onFocus={onFocus} />}
    />
  );
}

type SelectFormFieldProps<V extends FieldValues, O> = FormField<V, O> & {
  label: string;
  /** The field's value from the chosen option's (a number, say); by default the option's text value. */
  parse?: (value: string) => unknown;
  onFocus?: () => void;
  className?: string;
  /** The options. */
  children: ReactNode;
};

/** A select of the form (the special fare, a radius). */
export function SelectFormField<V extends FieldValues, O>({ control, name, parse, ...select }: SelectFormFieldProps<V, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SelectField
          {...select}
          ref={field.ref}
          name={field.name}
          value={field.value as string | number}
          onChange={(e) => field.onChange(parse ? parse(e.target.value) : e.target.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** Whether a journey's time is its departure or its arrival: two radios that look like a switch. */
export function TimeModeField<V extends FieldValues, O>({ control, name, legend, className }: FormField<V, O> & { legend: string; className?: string }) {
  const { t } = useLingui();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className={className}>
          <legend className="sr-only">{legend}</legend>
          <div className="inline-flex rounded-lg border border-gray-300 p-0.5">
            {(['departure', 'arrival'] as const).map((m) => (
              <label
                key={m}
                className={`flex min-h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
                  field.value === m ? 'bg-brand text-brand-contrast' : 'text-gray-800 hover:bg-gray-100'
                }`}
              >
                <input type="radio" className="sr-only" name={field.name} value={m} checked={field.value === m} onChange={() => field.onChange(m)} />
                {m === 'departure' ? t`Partir après` : t`Arriver avant`}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    />
  );
}
