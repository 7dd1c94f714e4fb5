import type { Ref } from 'react';
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import MapPin from 'lucide-react/icons/map-pin';
import type { Place } from '@contract/places';
import { PLACE_QUERY_MAX } from '@contract/search-limits';
import { FieldError } from './Field';
import { PLACE_DEBOUNCE_MS, placesQuery, type PlaceTypes } from '../lib/places';
import { useDebounced } from '../lib/use-debounced';

/** What a field needs of the place it shows: a suggestion, or a place the caller already knew. */
type Shown = Pick<Place, 'ID' | 'name'>;

type Props = {
  id?: string;
  /** The input's name in its form. */
  name?: string;
  label: string;
  value: Shown | null;
  onChange: (place: Place | null) => void;
  /** The place chosen at the opposite end: not offered here. */
  exclude?: Shown | null;
  /** Which places it suggests (every kind by default). */
  types?: PlaceTypes;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onFocus?: () => void;
  placeholder?: string;
};

/** What is searched: blank or spaces only → '' (the default suggestions). */
export const placeSearchText = (text: string) => (text.trim() === '' ? '' : text);

/**
 * A place combobox (spec 1 §5 "Place search"): GET /places 300 ms after the last keystroke, blank
 * input shows the default suggestions, a superseded request is cancelled (the query's signal), a
 * failure falls back to the default suggestions, and the opposite end's place is left out. A text
 * longer than the API takes is not sent: the field says so instead.
 */
export function PlacePicker({
  id: givenId,
  name,
  label,
  value,
  onChange,
  exclude,
  types = 'airport,station,city',
  error,
  inputRef,
  onFocus,
  placeholder,
}: Props) {
  const { t } = useLingui();
  const autoId = useId();
  const id = givenId ?? autoId;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const [text, setText] = useState(value?.name ?? '');
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value) {
      setText(value.name);
      setTyped(false);
    }
  }

  const tooLong = text.length > PLACE_QUERY_MAX;
  const q = useDebounced(typed && !tooLong ? placeSearchText(text) : '', PLACE_DEBOUNCE_MS);
  const current = useQuery({ ...placesQuery(q, types), enabled: open && !tooLong });
  const defaults = useQuery({ ...placesQuery('', types), enabled: open && !tooLong && current.isError });
  const source = tooLong ? undefined : current.isError ? defaults.data : current.data;
  const options = (source ?? []).filter((p) => p.ID !== exclude?.ID);
  const loading = open && !tooLong && (current.isPending || (current.isError && defaults.isPending));
  const noMatch = open && !loading && source !== undefined && options.length === 0;
  const expanded = open && options.length > 0;

  const choose = (place: Place) => {
    onChange(place);
    setText(place.name);
    setTyped(false);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <div className="relative">
        <MapPin aria-hidden="true" size={20} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-600" />
        <input
          ref={inputRef}
          name={name}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error || tooLong ? true : undefined}
          aria-describedby={[statusId, error ? errorId : null].filter(Boolean).join(' ')}
          value={text}
          onFocus={() => {
            setOpen(true);
            onFocus?.();
          }}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onChange={(e) => {
            setText(e.target.value);
            setTyped(true);
            setOpen(true);
            setActive(-1);
            if (value) onChange(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              setOpen(true);
              if (!options.length) return;
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setActive((i) => (i + step + options.length) % options.length);
            } else if (e.key === 'Enter') {
              if (expanded && active >= 0 && options[active]) {
                e.preventDefault();
                choose(options[active]);
              }
            } else if (e.key === 'Escape') {
              if (open) {
                e.preventDefault();
                setOpen(false);
                setActive(-1);
              }
            }
          }}
          className={`block min-h-11 w-full rounded-lg border bg-white py-2 pr-3 pl-10 text-base text-gray-900 placeholder:text-gray-500 ${error || tooLong ? 'border-red-700' : 'border-gray-400'}`}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        // The input moves in the list (aria-activedescendant): the list, a scroller, is no Tab stop of its own.
        tabIndex={-1}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-lg border border-gray-300 bg-white py-1 text-gray-900 shadow-lg"
      >
        {expanded &&
          options.map((place, i) => (
            <li
              key={place.ID}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(place)}
              className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-gray-100 outline-2 outline-brand' : 'hover:bg-gray-50'}`}
            >
              <span className="block font-medium">{place.name}</span>
              <span className="block text-sm text-gray-600">{place.description || place.formatted_address}</span>
            </li>
          ))}
      </ul>
      <p id={statusId} role="status" className={tooLong ? 'mt-1 text-sm font-medium text-red-700' : noMatch ? 'mt-1 text-sm text-gray-700' : 'sr-only'}>
        {tooLong
          ? t`Recherche trop longue : ${PLACE_QUERY_MAX} caractères au plus`
          : noMatch
            ? t`Aucun résultat`
            : loading
              ? t`Recherche…`
              : expanded
                ? t`${options.length} suggestions`
                : ''}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
