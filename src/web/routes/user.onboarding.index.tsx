import { createFileRoute } from '@tanstack/react-router';
import { uncheckedParams } from '../lib/search-params';
import { OnboardingRoute } from '../features/auth/onboarding-route';
import { loadAuthTexts } from '../features/auth/texts';
import { clearOnboarding } from '../lib/onboarding';

/** `/user/onboarding` (spec 3 §2): the e-mailed onboarding link; its params are checked by the page's chunk. */
export const Route = createFileRoute('/user/onboarding/')({
  validateSearch: uncheckedParams<Record<string, unknown>>(),
  codeSplitGroupings: [['loader', 'component']],
  loader: () => {
    // Opening it clears an onboarding the activation kept.
    clearOnboarding();
    return loadAuthTexts();
  },
  component: OnboardingScreen,
});

function OnboardingScreen() {
  return <OnboardingRoute search={Route.useSearch()} />;
}
