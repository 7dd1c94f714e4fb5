import { Navigate, createFileRoute } from '@tanstack/react-router';
import { HotelResultsScreen } from '../features/hotel/results/HotelResultsScreen';
import { hotelSearchQuery } from '../features/hotel/api';
import { loadHotelTexts } from '../features/hotel/search-form/load';
import { hotelSearchOf, parseHotelParams, type HotelSearchUrl } from '../features/hotel/url';
import { uncheckedParams } from '../lib/search-params';

export const Route = createFileRoute('/search-hotels')({
  validateSearch: uncheckedParams<Partial<HotelSearchUrl>>(),
  loaderDeps: ({ search }) => search,
  // The search starts with the navigation, not after the screen rendered; the results' texts
  // (locales/<lang>/hotel.po) are not part of the first load of `/`.
  loader: ({ context, deps }) => {
    const url = hotelSearchOf(parseHotelParams(deps));
    if (url) void context.queryClient.prefetchQuery(hotelSearchQuery(url, context.user()));
    return loadHotelTexts();
  },
  component: SearchHotelsRoute,
});

function SearchHotelsRoute() {
  const url = hotelSearchOf(parseHotelParams(Route.useSearch()));
  // An address that is no whole search goes to the hotel form.
  if (!url) return <Navigate to="/" search={{ type: 'hotel' }} replace />;
  return <HotelResultsScreen url={url} />;
}
