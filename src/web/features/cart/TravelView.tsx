import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { buttonClass } from '@web/components/Button';
import { OfflineNotice } from '@web/components/OfflineNotice';
import { travelQuery } from '@web/lib/travels';
import { TravelCard } from './TravelCard';

/** `/travel-view` (spec 2 §2): one travel with its status, price and products; no menu, no delete. */
export function TravelView({ travelId }: { travelId: string }) {
  const { data: travel, isPending, dataUpdatedAt } = useQuery(travelQuery(travelId));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-gray-900">
        <Trans>Votre voyage</Trans>
      </h1>
      <OfflineNotice updatedAt={dataUpdatedAt} />
      {isPending ? (
        <div role="status" className="h-64 animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none">
          <span className="sr-only">
            <Trans>Chargement du voyage</Trans>
          </span>
        </div>
      ) : travel ? (
        <TravelCard travel={travel} mode="view" />
      ) : (
        <div className="space-y-4 rounded-xl border border-gray-200 bg-white p-6">
          <p className="text-gray-800">
            <Trans>Ce voyage n’existe pas ou n’est plus disponible.</Trans>
          </p>
          <Link to="/cart" className={buttonClass.primary}>
            <Trans>Voir le panier</Trans>
          </Link>
        </div>
      )}
    </div>
  );
}
