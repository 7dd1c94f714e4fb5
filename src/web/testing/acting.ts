import type { FeatureFlags } from '@contract/account';
import { isAgencyStaff } from '@contract/permissions';
import type { CustomerCompany } from '@contract/travelers';
import type { ActingTraveler } from '../lib/acting';
import { DEFAULT_FEATURES } from '../lib/features';
import { startSession } from '../lib/session';
import { userFixture } from './fixtures';

/** A customer company of the agency (GET /companies/) with one entity. */
export const GLOBEX: CustomerCompany = {
  uid: 'c-globex',
  name: 'Globex',
  entities: [{ uid: 'e-globex', name: 'Globex Lyon' }],
  hotel_enabled: true,
  carrental_enabled: true,
  hasMultipaxSearchDisabled: false,
};

/** An employee of Globex whom staff book for. */
export const ZOE: ActingTraveler = { uid: 'u-zoe', firstname: 'Zoé', lastname: 'Petit', type: 'employee' };

/** The links GET /user/ gives the agency's staff: their work queue, and the customer companies they book for. */
export const STAFF_LINKS = {
  agencyQueue: { href: '/api/v1/agency/queue', method: 'GET' },
  listCustomerCompanies: { href: '/api/v1/companies/', method: 'GET' },
} as const;

/** Signs in agency staff (Tina, no company of her own) with these permissions and flags; staff carry the staff's links, as GET /user/ writes them. */
export const signInStaff = (perms: string[], features: Partial<FeatureFlags> = {}, overrides: Parameters<typeof userFixture>[0] = {}) => {
  const { links } = userFixture();
  startSession(
    't',
    userFixture({
      uid: 'u-tina',
      firstname: 'Tina',
      lastname: 'Garnier',
      perms,
      company: null,
      company_id: null,
      entities: [],
      features: { ...DEFAULT_FEATURES, ...features },
      links: isAgencyStaff(perms) ? { ...links, ...STAFF_LINKS } : links,
      ...overrides,
    }),
  );
};
