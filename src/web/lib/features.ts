import { useQuery } from '@tanstack/react-query';
import type { FeatureFlags } from '@contract/account';
import { brandingQuery } from './branding';
import { useUser } from './me';

/**
 * The feature flags of a signed-out visitor: contract/account's defaults (featureFlagsSchema.parse({}),
 * checked equal by features.test.ts), written out so that the header and the home page's form need not
 * load zod and the contract's schemas to read them.
 */
export const DEFAULT_FEATURES: FeatureFlags = {
  allBirthdateRequired: false,
  autoSelectPassengerOnSearch: false,
  cartWithTravelID: false,
  customUrlPostReservation: null,
  disableHomeRedirectionOnLogo: false,
  enableAccountAccess: true,
  enableEditSearchButton: false,
  enablePassengerSearchTrip: true,
  enableAddNewTripFromCart: true,
  enableAddPassengerByAgent: true,
  enableReverseLocation: true,
  locationPrefilledSearch: false,
  noTabMode: false,
  redirectToCart: false,
  seeTicketButtonOnSuccess: true,
  hideExistingTravelMessage: false,
};

/**
 * The flags in force: a signed-in user's (their agency's, under their company's: GET /user/), else the
 * agency's for a visitor (its branding, which the server writes into the page), else the defaults (a
 * branding kept offline from before agencies had flags).
 */
export function useFeatures(): FeatureFlags {
  const user = useUser();
  // The start-up loads the branding (lib/branding.ts loadBranding); a signed-in user's flags need none of it.
  const branding = useQuery({ ...brandingQuery(), enabled: !user }).data;
  return user?.features ?? branding?.features ?? DEFAULT_FEATURES;
}
