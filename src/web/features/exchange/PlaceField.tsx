import { useEffect, useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import MapPin from 'lucide-react/icons/map-pin';
import { PLACE_QUERY_MAX } from '../../../contract/search-limits';
import { FieldError } from '../../components/Field';
import { PLACE_DEBOUNCE_MS, placesQuery } from './api';

/** A place of the exchange search: its name for the field, its point for the API (spec 2 §3 "Exchange search payload"). */
export type PlaceChoice = { id: string; name: string; lat: number; lon: number };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type Props = {
  label: string;
  value: PlaceChoice | null;
  onChange: (place: PlaceChoice | null) => void;
  error?: string;
  name: string;
};

/**
 * A place combobox chosen from the suggestions of GET /places (spec 2 §5 "Exchange form"): 300 ms
 * after the last keystroke, blank shows the default suggestions, a superseded request is cancelled
 * (the query's signal), a failure falls back to the default suggestions, no match says so (NO_RESULT).
 * Typing over a chosen place un-chooses it: only a suggestion is a place.
 */
export function PlaceField({ label, value, onChange, error, name }: Props) {
  const { t } = useLingui();
  const id = `${useId()}-${name}`;
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(value?.name ?? '');
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const tooLong = text.length > PLACE_QUERY_MAX;
  const q = useDebounced(typed && !tooLong && text.trim() ? text : '', PLACE_DEBOUNCE_MS);
  const current = useQuery({ ...placesQuery(q), enabled: open && !tooLong });
  const defaults = useQuery({ ...placesQuery(''), enabled: open && !tooLong && current.isError });
  const source = tooLong ? undefined : current.isError ? defaults.data : current.data;
  const options = source ?? [];
  const loading = open && !tooLong && (current.isPending || (current.isError && defaults.isPending));
  const noMatch = open && !loading && source !== undefined && options.length === 0;
  const expanded = open && options.length > 0;

  const choose = (index: number) => {
    const place = options[index];
    if (!place) return;
    onChange({ id: place.ID, name: place.name, lat: place.lat, lon: place.lon });
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
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error || tooLong ? true : undefined}
          aria-describedby={[statusId, error ? errorId : null].filter(Boolean).join(' ')}
          value={text}
          onFocus={() => setOpen(true)}
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
            } else if (e.key === 'Enter' && expanded && active >= 0) {
              e.preventDefault();
              choose(active);
            } else if (e.key === 'Escape' && open) {
              e.preventDefault();
              setOpen(false);
              setActive(-1);
            }
          }}
          className={`block min-h-11 w-full rounded-lg border bg-white py-2 pr-3 pl-10 text-base text-gray-900 ${error || tooLong ? 'border-red-700' : 'border-gray-400'}`}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
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
              onClick={() => choose(i)}
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
