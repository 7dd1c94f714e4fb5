import { createFileRoute } from '@tanstack/react-router';
import { ExchangeWizard } from '../features/exchange/ExchangeWizard';
import { applyExternalSourceFlags, productQuery } from '../features/exchange/api';
import { loadExchangeTexts } from '../features/exchange/texts';
import { requireUser } from '../lib/guards';

/** `?fromExternalSource=true` (spec 2 §2): the flow was opened from another application. */
const validateSearch = (search: Record<string, unknown>): { fromExternalSource?: true } =>
  search.fromExternalSource === true || search.fromExternalSource === 'true' ? { fromExternalSource: true } : {};

/** `/exchange/<productId>` (spec 2 §2 "Exchange journey screen"): the five-step rail exchange wizard of one booked product. */
export const Route = createFileRoute('/exchange/$productId')({
  validateSearch,
  beforeLoad: requireUser,
  loaderDeps: ({ search }) => ({ external: search.fromExternalSource === true }),
  loader: ({ context, params, deps }) => {
    // beforeLoad let only a signed-in user in.
    if (deps.external) applyExternalSourceFlags();
    void context.queryClient.prefetchQuery(productQuery(params.productId));
    return loadExchangeTexts();
  },
  component: ExchangeRoute,
});

function ExchangeRoute() {
  const { productId } = Route.useParams();
  const { fromExternalSource } = Route.useSearch();
  return <ExchangeWizard key={productId} productId={productId} fromExternalSource={fromExternalSource === true} />;
}
