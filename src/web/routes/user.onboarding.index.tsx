import { createFileRoute } from '@tanstack/react-router';
import { uncheckedParams } from '../lib/search-params';
import { OnboardingRoute } from '../features/privacy/onboarding-route';
import { loadPrivacyTexts } from '../features/privacy/texts';
import { clearOnboarding } from '../lib/onboarding';
import { loadAccountTexts } from '../features/account/texts';

/** `/user/onboarding` (spec 3 §2): the e-mailed onboarding link; its params are checked by the page's chunk. */
export const Route = createFileRoute('/user/onboarding/')({
  validateSearch: uncheckedParams<Record<string, unknown>>(),
  codeSplitGroupings: [['loader', 'component']],
  loader: () => {
    // Opening it clears an onboarding the activation kept.
    clearOnboarding();
    return Promise.all([loadPrivacyTexts(), loadAccountTexts()]);
  },
  component: OnboardingScreen,
});

function OnboardingScreen() {
  return <OnboardingRoute search={Route.useSearch()} />;
}
