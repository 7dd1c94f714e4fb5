import { describe, expect, it } from 'vitest';
import { PRODUCT_STATUSES, TRAVEL_STATUSES, type ProductStatus, type TravelStatus } from '@contract/travel';
import type { Rel } from '@contract/rels';
import { rulesOf, type CompanyRules } from './company';
import type { StoredProduct } from './product';
import { offers, productLinks, type TravelView } from './travel';
import { allows, LINK_EVENTS, transition, TRAVEL_EVENTS, type TravelEvent } from './travel-lifecycle';

type P = { id: string; status: ProductStatus; type?: 'rail' | 'hotel' };
const products = (...statuses: ProductStatus[]): P[] => statuses.map((status, i) => ({ id: `p${i}`, status, type: 'rail' }));
/** The products whose status changes: p0, p1… as listed. */
const movesOf = (before: ProductStatus[], after: ProductStatus[]) => new Map(after.flatMap((s, i) => (s === before[i] ? [] : [[`p${i}`, s] as const])));

/** Each row: an event on a travel in a status, its products before and after, and the travel's status after (or refused). */
const LEGAL: [TravelEvent, TravelStatus, ProductStatus[], ProductStatus[], TravelStatus][] = [
  ['hold', 'cart', ['cart', 'cart'], ['prebooked', 'prebooked'], 'pending_confirmation'],
  ['requestApproval', 'cart', ['cart'], ['pending_approval'], 'pending_approval'],
  ['approveRound', 'pending_approval', ['pending_approval'], ['booked'], 'booked'],
  ['deny', 'pending_approval', ['pending_approval'], ['released'], 'denied'],
  ['returnToCart', 'pending_approval', ['pending_approval', 'pending_approval'], ['cart', 'released'], 'cart'],
  ['failRound', 'pending_approval', ['pending_approval'], ['cart'], 'cart'],
  ['expire', 'pending_confirmation', ['prebooked'], ['expired'], 'expired'],
  ['expire', 'pending_approval', ['pending_approval'], ['expired'], 'expired'],
  ['book', 'cart', ['cart'], ['booked'], 'booked'],
  ['book', 'pending_confirmation', ['prebooked'], ['booked'], 'booked'],
  ['release', 'pending_confirmation', ['prebooked', 'prebooked'], ['released', 'prebooked'], 'pending_confirmation'],
  ['release', 'pending_confirmation', ['prebooked'], ['released'], 'removed'],
  ['startTicketing', 'booked', ['booked'], ['pending_ticketing'], 'pending_ticketing'],
  ['startTicketing', 'partially_cancelled', ['booked', 'cancelled'], ['pending_ticketing', 'cancelled'], 'partially_cancelled'],
  ['issue', 'pending_ticketing', ['pending_ticketing'], ['issued'], 'issued'],
  ['issue', 'pending_cancel', ['pending_ticketing', 'pending_cancel'], ['issued', 'pending_cancel'], 'pending_cancel'],
  ['cancelProducts', 'issued', ['issued', 'issued'], ['cancelled', 'issued'], 'partially_cancelled'],
  ['cancelProducts', 'issued', ['issued'], ['cancelled'], 'cancelled'],
  ['cancelProducts', 'booked', ['booked'], ['pending_cancel'], 'pending_cancel'],
  ['cancelProducts', 'pending_cancel', ['pending_cancel'], ['issued'], 'issued'],
  ['supplierCancels', 'issued', ['issued', 'issued'], ['cancelled', 'issued'], 'partially_cancelled'],
  ['supplierCancels', 'booked', ['booked'], ['cancelled'], 'cancelled'],
  ['supplierCancels', 'pending_cancel', ['pending_cancel', 'issued'], ['pending_cancel', 'cancelled'], 'pending_cancel'],
  ['exchange', 'issued', ['issued'], ['exchanged'], 'modified'],
  ['remove', 'cart', [], [], 'removed'],
  ['remove', 'expired', ['expired'], ['expired'], 'removed'],
  ['remove', 'denied', ['released'], ['released'], 'removed'],
];

/** Moves no event allows from these statuses (what a feature must not write). */
const ILLEGAL: [TravelEvent, TravelStatus, ProductStatus[], ProductStatus[]][] = [
  ['hold', 'pending_confirmation', ['prebooked'], ['prebooked']],
  ['book', 'pending_approval', ['pending_approval'], ['booked']],
  ['book', 'booked', ['booked'], ['booked']],
  ['approveRound', 'cart', ['cart'], ['booked']],
  ['deny', 'cart', ['cart'], ['released']],
  ['returnToCart', 'booked', ['booked'], ['cart']],
  ['expire', 'booked', ['booked'], ['expired']],
  ['release', 'cart', ['cart'], ['released']],
  ['release', 'pending_confirmation', ['booked'], ['released']],
  ['startTicketing', 'cart', ['cart'], ['pending_ticketing']],
  ['issue', 'booked', ['booked'], ['issued']],
  ['cancelProducts', 'cart', ['cart'], ['cancelled']],
  ['cancelProducts', 'issued', ['released'], ['cancelled']],
  ['exchange', 'issued', ['booked'], ['exchanged']],
  ['remove', 'booked', [], []],
  ['remove', 'pending_confirmation', ['prebooked'], ['prebooked']],
  ['remove', 'removed', [], []],
];

describe('the travel lifecycle', () => {
  it.each(LEGAL)('%s on a travel %s (%j → %j) leaves it %s', (event, from, before, after, status) => {
    expect(transition(event, from, products(...before), movesOf(before, after))).toEqual({ ok: true, status });
  });

  it.each(ILLEGAL)('refuses %s on a travel %s (%j → %j)', (event, from, before, after) => {
    expect(transition(event, from, products(...before), movesOf(before, after))).toMatchObject({ ok: false, why: expect.stringContaining(event) });
  });

  it('refuses a move of a product the travel does not have', () => {
    expect(transition('book', 'cart', products('cart'), new Map([['other', 'booked']]))).toMatchObject({ ok: false });
  });

  it('lets nothing happen to a removed travel, and every event happen somewhere', () => {
    for (const event of TRAVEL_EVENTS) expect(allows(event, 'removed')).toBe(false);
    for (const event of TRAVEL_EVENTS) expect(TRAVEL_STATUSES.some((s) => allows(event, s))).toBe(true);
  });

  it('moves no product into the cart or a hold but from the cart or a hold', () => {
    const entering: ProductStatus[] = ['cart', 'prebooked', 'pending_approval'];
    for (const event of TRAVEL_EVENTS)
      for (const from of TRAVEL_STATUSES)
        for (const before of PRODUCT_STATUSES)
          for (const after of entering) {
            const result = transition(event, from, products(before), new Map([['p0', after]]));
            if (result.ok) expect(['cart', 'pending_approval']).toContain(before);
          }
  });
});

describe('the travel presenter', () => {
  const now = new Date('2026-03-01T08:00:00Z');
  const later = new Date('2026-03-10T08:00:00Z');
  const product = (status: ProductStatus) =>
    ({
      id: 'p1',
      type: 'rail',
      status,
      price: 10_000,
      startsAt: later,
      endsAt: later,
      pnr: null,
      notices: [],
      data: { type: 'rail', travelers: [], offer: { exchangeable: true } },
    }) as unknown as StoredProduct;
  const approval: CompanyRules = { checkoutRules: { ...rulesOf(null), approval: 'always' }, travelPolicy: null };
  const card: CompanyRules = { checkoutRules: { ...rulesOf(null), payment: { card: true } }, travelPolicy: null };
  const viewOf = (status: TravelStatus, productStatus: ProductStatus, company: CompanyRules | null): TravelView => ({
    travel: {
      id: 't1',
      userId: 'u1',
      companyId: null,
      customerId: null,
      entityId: null,
      status,
      version: 1,
      confirmationTimeLimit: null,
      analytics: null,
      missionOrders: null,
      approvers: null,
    },
    products: [product(productStatus)],
    company,
    approval: { id: 'a1', open: true },
  });
  /** The action links a travel and its product carry now. */
  const linksOf = (view: TravelView) =>
    [
      ...Object.keys(LINK_EVENTS).filter((rel) => offers(view, rel as Rel, now)),
      ...Object.keys(productLinks(view.travel, view.products[0]!, now)).filter((rel) => rel in LINK_EVENTS),
    ] as (keyof typeof LINK_EVENTS)[];

  it.each(TRAVEL_STATUSES)('offers on a travel %s the links of exactly the events its status allows', (status) => {
    const offered = new Set<TravelEvent>();
    for (const productStatus of PRODUCT_STATUSES)
      for (const company of [null, approval, card])
        for (const rel of linksOf(viewOf(status, productStatus, company))) {
          // Each link offered ⇒ its event may happen…
          expect(allows(LINK_EVENTS[rel], status), `${rel} on a travel ${status}`).toBe(true);
          offered.add(LINK_EVENTS[rel]);
        }
    // …and each event that may happen has its link, for some product and company.
    for (const event of new Set(Object.values(LINK_EVENTS))) expect(offered.has(event), `${event} on a travel ${status}`).toBe(allows(event, status));
  });
});
