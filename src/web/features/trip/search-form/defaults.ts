import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@contract/account';
import type { SearchUrl } from '@contract/search-url';
import { defaultStart } from '@web/components/date-picker/dates';
import { firstEntity } from '@web/components/search-form/frame';
import type { BookingFor } from '@web/lib/acting';
import { firstPassengers } from '@web/lib/passengers';
import { placesQuery } from '@web/lib/places';
import type { TripValues } from './validation';

/** A new search: one way from the default start, the first passengers and entity. */
export function tripDefaults(user: User | null, booking: BookingFor, now: Date): TripValues {
  return {
    from: null,
    to: null,
    date: defaultStart(now),
    mode: 'departure',
    hasReturn: false,
    ret: null,
    retMode: 'departure',
    openJaw: false,
    retFrom: null,
    retTo: null,
    pax: firstPassengers(user, booking),
    fare: '',
    entity: firstEntity(booking),
  };
}

/** locationPrefilledSearch: the trip leaves from the company's address (its first), found once the form is there, unless the user chose a place first. */
export function useOfficeDeparture(enabled: boolean, user: User | null, { getValues, setValue }: UseFormReturn<TripValues, unknown, SearchUrl>) {
  const office = useQuery({
    queryKey: ['places', 'company-address', user?.uid] as const,
    queryFn: placesQuery('', 'airport,station,city').queryFn,
    select: (places) => places.find((place) => place.src === 'company') ?? null,
    enabled,
    staleTime: 60_000,
  }).data;
  useEffect(() => {
    if (office && !getValues('from')) setValue('from', office);
  }, [office, getValues, setValue]);
}
