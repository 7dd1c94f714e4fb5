import type { FeatureFlags } from '../../contract/account';

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
