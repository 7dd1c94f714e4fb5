import type { User } from '@contract/account';
import { DEFAULT_FEATURES } from '@contract/account';
import type { Branding } from '@contract/agency';

/** A signed-in user as GET /user/ answers it (Acme employee); `overrides` replace fields. */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    uid: 'u-alice',
    username: 'alice',
    gender: 'MS',
    firstname: 'Alice',
    lastname: 'Martin',
    email: 'alice@acme.example',
    phone: '0611223344',
    birthdate: '1988-04-12',
    perms: [],
    company: {
      uid: 'c-acme',
      name: 'Acme Industries',
      config: { test: true, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
      hotel_enabled: true,
      carrental_enabled: true,
      travel_policy: null,
      entities: [{ uid: 'e-paris', name: 'Paris HQ' }],
      agency: { uid: 'a-escale', name: 'Escale Voyages' },
    },
    company_id: 'c-acme',
    entities: [{ uid: 'e-paris', name: 'Paris HQ' }],
    cards: [],
    travel_documents: [],
    last_travelers: [],
    special_fares: [],
    hasOpenJawSearchEnabled: false,
    canUseExpertMode: false,
    canApproveSafetyApproval: false,
    isPwdChangeDisabled: false,
    isUsernameChangeDisabled: false,
    features: DEFAULT_FEATURES,
    address: null,
    city_of_birth: null,
    birth_country: null,
    hasHandicap: false,
    handicap: null,
    wheelchair: null,
    wheelchair_dimensions: null,
    wheelchair_weight: null,
    wheelchair_wheel_thickness: null,
    need_accompanying: false,
    accompanying: false,
    disability_card: null,
    lang: null,
    version: 1,
    links: {
      self: { href: '/api/v1/user/', method: 'GET' },
      logout: { href: '/api/v1/user/logout', method: 'POST' },
    },
    ...overrides,
  };
}

export const brandingFixture: Branding = {
  uid: 'a-escale',
  name: 'Escale Voyages',
  logo: null,
  colors: { brand: '#1d4ed8', brandContrast: '#ffffff', accent: '#0f766e' },
  info: { title: 'Votre agence', html: '<p>Du lundi au vendredi, <strong>9 h – 18 h</strong>.</p>' },
  supportEmail: 'support@escale.example',
  features: DEFAULT_FEATURES,
};

/** A failure body as the API writes it. */
export const apiError = (api_code: number, errorMessage: string, fields?: Record<string, string>) => ({
  api_code,
  msg: `code ${api_code}`,
  errorMessage,
  ...(fields ? { fields } : {}),
});
