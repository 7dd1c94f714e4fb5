import { Suspense, lazy } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SearchHome } from '../features/search/SearchHome';
import { TripSearchSkeleton } from '../features/search/TripSearchSkeleton';
import { loadTripSearchForm } from '../features/trip/search-form/load';
import { optionalTexts } from '../lib/search-params';

// The form comes in its own chunk with its texts: the first screen (prerendered) shows its skeleton meanwhile.
const TripSearchForm = lazy(loadTripSearchForm);

export const Route = createFileRoute('/')({
  // `?travelID=`: the trip searched is added to that travel (spec 1 §2, the travel-id banner).
  validateSearch: (search: Record<string, unknown>) => optionalTexts(search, { travelID: { min: 1, max: 64, coerce: true } }),
  component: Home,
});

function Home() {
  const { travelID } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <SearchHome>
      <Suspense fallback={<TripSearchSkeleton />}>
        <TripSearchForm travelID={travelID} onCancelTravel={() => void navigate({ to: '/', search: {} })} />
      </Suspense>
    </SearchHome>
  );
}
