import { Navigate, createFileRoute } from '@tanstack/react-router';
import { CarResultsScreen } from '../features/car-rental/results/CarResultsScreen';
import { carSearchQuery } from '../features/car-rental/api';
import { carSearchOf, type CarSearchUrl } from '../features/car-rental/url';
import { uncheckedParams } from '../lib/search-params';
import { loadCatalog } from '../lib/i18n';

export const Route = createFileRoute('/search-car-rentals')({
  // An address that is not a car search parses to nothing, and the screen goes to the car form.
  validateSearch: uncheckedParams<Partial<CarSearchUrl>>(),
  loaderDeps: ({ search }) => search,
  // The search starts with the navigation, not after the screen rendered; the screen's texts
  // (locales/<lang>/car-rental.po) are not part of the first load of `/`.
  loader: ({ context, deps }) => {
    const search = carSearchOf(deps);
    if (search) void context.queryClient.prefetchQuery(carSearchQuery(search, context.user()));
    return loadCatalog({
      fr: () => import('@locales/fr/car-rental.po'),
      en: () => import('@locales/en/car-rental.po'),
    });
  },
  component: CarSearchRoute,
});

function CarSearchRoute() {
  const search = carSearchOf(Route.useSearch());
  if (!search) return <Navigate to="/" search={{ type: 'car' }} replace />;
  return <CarResultsScreen url={search} />;
}
