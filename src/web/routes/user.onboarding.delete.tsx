import { createFileRoute } from '@tanstack/react-router';
import { uncheckedParams } from '../lib/search-params';
import { OnboardingDeleteRoute } from '../features/auth/onboarding-route';
import { loadAuthTexts } from '../features/auth/texts';
import { clearOnboarding } from '../lib/onboarding';

/** `/user/onboarding/delete?token=&username=` (spec 3 §2): the person refuses the account; its data is deleted, then home. */
export const Route = createFileRoute('/user/onboarding/delete')({
  validateSearch: uncheckedParams<Record<string, unknown>>(),
  codeSplitGroupings: [['loader', 'component']],
  loader: () => {
    // Opening it clears an onboarding the activation kept.
    clearOnboarding();
    return loadAuthTexts();
  },
  component: OnboardingDeleteScreen,
});

function OnboardingDeleteScreen() {
  return <OnboardingDeleteRoute search={Route.useSearch()} />;
}
