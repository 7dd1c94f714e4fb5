import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CarRental } from '@contract/car-rental';
import { LazyResultsMap, canDrawMaps } from '@web/components/map/LazyResultsMap';
import type { MapPoint } from '@web/components/map/types';
import { formatPrice } from '@web/lib/format';
import { placeNameOf } from '@web/lib/place-names';
import type { CarSearchUrl } from '../url';

/** The pick-up agencies of the cars shown, each once, labelled with its cheapest price per day. */
export function agencyPoints(cars: CarRental[], name: (agency: string, price: string) => string): MapPoint[] {
  const cheapest = new Map<string, CarRental>();
  for (const car of cars) {
    const seen = cheapest.get(car.pickup_place.id);
    if (!seen || car.price_per_day < seen.price_per_day) cheapest.set(car.pickup_place.id, car);
  }
  return [...cheapest.values()].map((car) => {
    const price = formatPrice(car.price_per_day);
    return {
      id: car.pickup_place.id,
      lat: car.pickup_place.lat,
      lon: car.pickup_place.lon,
      label: price.replace(/,00/, ''),
      name: name(car.pickup_place.name, price),
    };
  });
}

type Props = { url: CarSearchUrl; cars: CarRental[]; selectedAgency: string | null; onSelectAgency: (agencyId: string) => void };

/** The map of the pick-up agencies (loaded on its own: no other screen pays for MapLibre); a marker opens that agency's cheapest car. */
export function AgenciesMap({ url, cars, selectedAgency, onSelectAgency }: Props) {
  const { t } = useLingui();
  const points = useMemo(() => agencyPoints(cars, (agency, price) => t`${agency}, dès ${price} par jour`), [cars, t]);
  const searched = placeNameOf(url.from) ?? url.from;
  return (
    // Without WebGL the map is a note: it takes only its own height.
    <div className={canDrawMaps() ? 'h-72 overflow-hidden rounded-xl border border-gray-200 bg-white min-[992px]:h-80' : ''}>
      <LazyResultsMap
        points={points}
        center={{ lat: url.fromLat, lon: url.fromLon }}
        radiusKm={url.rFrom}
        selectedId={selectedAgency}
        onSelect={onSelectAgency}
        origin={{ lat: url.fromLat, lon: url.fromLon, name: t`Lieu recherché : ${searched}` }}
        texts={{
          region: t`Carte des agences de location`,
          cluster: (count) => t`${count} agences, zoomer`,
          noWebGl: t`La carte ne peut pas s’afficher sur cet appareil : la liste présente toutes les voitures.`,
          tilesFailed: t`Le fond de carte n’a pas pu être chargé.`,
        }}
      />
    </div>
  );
}
