import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Place } from '@contract/places';
import { placesQuery } from '../lib/places';

/**
 * A search form's place named by a shortcut (the cart's "add a hotel / a car", by city name): the first
 * place of that name, handed to `apply` once, so that a place the user then clears or retypes stays theirs.
 */
export function usePlaceNamed(name: string | undefined, apply: (place: Place) => void, enabled = true) {
  const named = name ?? '';
  const lookup = useQuery({ ...placesQuery(named, 'airport,station,city'), enabled: enabled && named !== '' });
  // Without a name the query is off, but its key ('' → the default suggestions) is the place fields' own: read nothing then.
  const found = enabled && named !== '' ? lookup.data?.[0] : undefined;
  const applied = useRef(false);
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    if (!found || applied.current) return;
    applied.current = true;
    latest.current(found);
  }, [found]);
}
