import type { Approval, ApprovalPerson } from '@contract/approvals';

export const alice: ApprovalPerson = { id: 'u-alice', firstname: 'Alice', lastname: 'Martin', email: 'alice@acme.example', you: false };
export const bob: ApprovalPerson = { id: 'u-bob', firstname: 'Bob', lastname: 'Durand', email: 'bob@acme.example', you: true };
export const carol: ApprovalPerson = { id: 'u-carol', firstname: 'Carol', lastname: 'Petit', email: 'carol@acme.example', you: false };

const base = (id: string) => `/api/v1/approvals/${id}`;

/** A pending request of Alice's Paris → Lyon TGV, to Bob (the reader), with the answers he may give. */
export function approvalFixture(overrides: Partial<Approval> = {}): Approval {
  const id = overrides.approvalID ?? 'ap1';
  return {
    approvalID: id,
    travelID: 't1',
    status: 'pending',
    travelStatus: 'pending_approval',
    currentRequest: { requester: alice, message: 'Réunion client à Lyon', requestedAt: '2026-11-20T09:00:00.000Z', isRisky: false, isSafetyApproval: false },
    journey: [
      {
        type: 'rail',
        productId: 'p1',
        start: '2026-12-01T07:04:00+01:00',
        end: '2026-12-01T09:02:00+01:00',
        totalAmount: { amount: '89.00', currency: 'EUR' },
        compliant: false,
        complianceReasons: ['Prix au-delà de 80 €'],
        paxs: [{ firstname: 'Alice', lastname: 'Martin' }],
        pnrs: [],
        routes: [
          {
            from: 'Paris Gare de Lyon',
            to: 'Lyon Part-Dieu',
            departure: '2026-12-01T07:04:00+01:00',
            arrival: '2026-12-01T09:02:00+01:00',
            carrier: 'SNCF',
            number: '6601',
          },
        ],
        fareLabel: 'Business Première',
        cabinClass: 'second',
        transportTicketNumber: [],
        transportTransits: [],
      },
      {
        type: 'hotel',
        productId: 'p2',
        start: '2026-12-01T15:00:00+01:00',
        end: '2026-12-03T11:00:00+01:00',
        totalAmount: { amount: '240.00', currency: 'EUR' },
        compliant: true,
        complianceReasons: [],
        paxs: [{ firstname: 'Alice', lastname: 'Martin' }],
        pnrs: [],
        hotelName: 'Hôtel des Célestins',
        roomName: 'Chambre double',
        hotelLocation: 'Lyon 2e',
        hotelNights: 2,
        hotelBreakFastIncluded: true,
      },
    ],
    totalAmount: { amount: '329.00', currency: 'EUR' },
    isCompliant: false,
    exemption: 'Seul train avant la réunion',
    missionOrders: [],
    timeLimit: '2026-11-25T17:00:00.000Z',
    chain: [{ approver: bob, role: 'main', askedAt: '2026-11-20T09:00:00.000Z', response: { status: 'pending', by: null, answeredAt: null, message: null } }],
    escalationEnabled: true,
    approvers: [],
    escalateTo: [
      { id: 'u-carol', firstname: 'Carol', lastname: 'Petit' },
      { id: 'u-dan', firstname: 'Dan', lastname: 'Moreau' },
    ],
    links: {
      getApproval: { href: base(id), method: 'GET' },
      approve: { href: `${base(id)}/approve`, method: 'POST' },
      deny: { href: `${base(id)}/deny`, method: 'POST' },
      escalate: { href: `${base(id)}/escalate`, method: 'POST' },
    },
    ...overrides,
  };
}

/** The request once answered: its status, the chain's answer, no more answer links. */
export function answered(approval: Approval, status: 'accepted' | 'denied' | 'escalated', by: ApprovalPerson = bob, message: string | null = null): Approval {
  return {
    ...approval,
    status,
    chain: approval.chain.map((step, i) => (i === 0 ? { ...step, response: { status, by, answeredAt: '2026-11-21T10:00:00.000Z', message } } : step)),
    escalateTo: [],
    links: { getApproval: approval.links.getApproval! },
  };
}
