import type { ComponentType, LazyExoticComponent } from 'react';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { SearchType } from '../features/search/SearchHome';
import { SEARCH_TYPES, SearchHome, searchTypesOf } from '../features/search/SearchHome';
import { TripSearchSkeleton } from '../features/search/TripSearchSkeleton';
import { loadTripSearchForm } from '../features/trip/search-form/load';
import { useUser } from '../lib/me';
import { loadActingTexts } from '../features/acting/texts';
import { useBookingFor } from '../lib/acting';
import { optionalChoice, optionalTexts } from '../lib/search-params';
import { pageData } from '../lib/page-data';

/** `prefill`: the cart's shortcut searches around its trip (its destination's name, arrival and way back, local `YYYY-MM-DDTHH:mm`). */
type FormProps = { travelID?: string; onCancelTravel?: () => void; prefill?: { place?: string; start?: string; end?: string } };

/**
 * The form of each search, each in its own chunk with its texts (the first screen, prerendered, shows
 * the skeleton meanwhile): the hotel's and the car's load only when their tab is chosen — their loaders
 * too, so that the first visit does not carry the list of what their forms import. A search shows in the
 * switch only with its form here and its company flag.
 */
const FORMS: Partial<Record<SearchType, LazyExoticComponent<ComponentType<FormProps>>>> = {
  trip: lazy(loadTripSearchForm),
  hotel: lazy(async (): Promise<{ default: ComponentType<FormProps> }> => (await import('../features/hotel/search-form/load')).loadHotelSearchForm()),
  car: lazy(async (): Promise<{ default: ComponentType<FormProps> }> => (await import('../features/car-rental/search-form/load')).loadCarSearchForm()),
};
const AVAILABLE = SEARCH_TYPES.filter((type) => FORMS[type]);

// Agency staff choose for whom they book first (features/acting): no one else's first visit loads it.
const ActingPicker = lazy(() => Promise.all([import('../features/acting/ActingPicker'), loadActingTexts()]).then(([m]) => ({ default: m.ActingPicker })));

// The agency's messages: their code loads only when there may be some (a signed-in user's company may
// have its own; a visitor's page says whether the agency has any for this page).
const CommsBanner = lazy(() => import('../components/CommsBanner').then((m) => ({ default: m.CommsBanner })));

const noChange = () => () => undefined;

function HomeComms() {
  const user = useUser();
  // The prerendered first screen has none: they show once the app has taken it over (no hydration mismatch).
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const given = pageData().comms;
  if (!hydrated || (!user && given && !given.search?.length)) return null;
  return (
    <Suspense fallback={null}>
      <CommsBanner support="search" className="mb-4" />
    </Suspense>
  );
}

export const Route = createFileRoute('/')({
  // `?travelID=`: the trip searched is added to that travel (spec 1 §2, the travel-id banner);
  // `?type=`: the chosen search (Travel / Hotel / Car rental); `?place=&start=&end=`: the cart's shortcut.
  validateSearch: (search: Record<string, unknown>) => {
    const type = optionalChoice(search, 'type', SEARCH_TYPES);
    return {
      ...optionalTexts(search, {
        travelID: { min: 1, max: 64, coerce: true },
        place: { min: 1, max: 80 },
        start: { min: 16, max: 16 },
        end: { min: 16, max: 16 },
      }),
      ...(type ? { type } : {}),
    };
  },
  component: Home,
});

function Home() {
  const { travelID, type, place, start, end } = Route.useSearch();
  const navigate = useNavigate();
  const user = useUser();
  const bookingFor = useBookingFor(user);
  const types = searchTypesOf(bookingFor.company, AVAILABLE);
  const current = type && types.includes(type) ? type : 'trip';
  const Form = FORMS[current]!;
  return (
    <SearchHome
      types={types}
      current={current}
      expertMode={!!user?.canUseExpertMode}
      onType={(next) => void navigate({ to: '/', search: (prev) => ({ ...prev, type: next === 'trip' ? undefined : next }), replace: true })}
    >
      <HomeComms />
      {bookingFor.staff && !bookingFor.traveler && (
        <Suspense fallback={<div className="mb-4 min-h-40 rounded-xl bg-white" />}>
          <ActingPicker />
        </Suspense>
      )}
      <Suspense fallback={<TripSearchSkeleton />}>
        <Form
          travelID={travelID}
          prefill={place || start ? { place, start, end } : undefined}
          onCancelTravel={() => void navigate({ to: '/', search: type ? { type } : {} })}
        />
      </Suspense>
    </SearchHome>
  );
}
