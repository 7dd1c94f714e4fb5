import type { Travel } from '../../contract/travel';

/** A travel as the API answers it (contract/travel.ts), empty unless overridden: for msw answers in component tests. */
export function travelFixture(overrides: Partial<Travel> = {}): Travel {
  return {
    id: 't1',
    travelId: 't1',
    status: 'cart',
    version: 1,
    startDate: null,
    endDate: null,
    confirmationTimeLimit: null,
    companyId: 'c-acme',
    customer: 'c-acme',
    customerType: 'entity',
    startDateTime: null,
    endDateTime: null,
    startLocation: null,
    travelers: [],
    products: [],
    warnings: [],
    infos: [],
    treepRecaps: [],
    price: { amount: '0.00', currency: 'EUR' },
    canBeCompleted: false,
    isCompliant: true,
    travelPolicy: null,
    context: { needAllAnalytics: false, hasAllAnalyticsFilled: true, needMissionOrders: false, hasMissionOrderFilled: true, needSelectedApprover: false, hasSelectedApprover: false },
    links: {},
    ...overrides,
  };
}
