import type { Lang } from '@contract/account';
import type { Approval, ApprovalJourneyItem, ApprovalPerson, ApprovalStatus } from '@contract/approvals';
import { money } from '@contract/money';
import { personName } from '@contract/person-name';
import { linkTo } from '@contract/rels';
import { carries, complianceOf, isTravelCompliant, labelOf, travelersOf, type StoredProduct } from './product';
import type { TravelState } from './travel-state';

export type { ApprovalStatus };

/**
 * Approval requests (spec 2 §3–§6), as pure rules: who may see and answer a request, which answers
 * its links offer, who is next in the company's chain, and the request as the API shows it. The
 * approvals feature loads, calls these, and saves; it refuses an answer exactly when its link is missing.
 */

export type ApprovalKind = 'regular' | 'safety';
/** main: the chosen approver, or the one it was escalated to; backup: from half time; safety: the safety service; former: passed it on. */
export type RecipientRole = 'main' | 'backup' | 'safety' | 'former';
export type ChainPerson = { id: string; firstname: string; lastname: string; email: string };
export type ChainStatus = Approval['chain'][number]['response']['status'];

/** One approver asked, and their answer (the chain of spec 2 §4). */
export type StoredChainStep = {
  approver: ChainPerson;
  role: 'main' | 'backup' | 'safety';
  askedAt: string;
  status: ChainStatus;
  by: ChainPerson | null;
  answeredAt: string | null;
  message: string | null;
};

export type ApprovalState = {
  id: string;
  travelId: string;
  roundId: string;
  kind: ApprovalKind;
  status: ApprovalStatus;
  version: number;
  requesterId: string;
  approverId: string | null;
  backupApproverId: string | null;
  message: string | null;
  isRisky: boolean;
  requestedAt: Date;
  timeLimit: Date;
  backupAt: Date | null;
  chain: StoredChainStep[];
};

export type Recipient = { userId: string; role: RecipientRole; visibleFrom: Date };
export type Person = ChainPerson & { username: string };
/** What the rules need of the caller. */
export type Viewer = { id: string; companyId: string | null; perms: string[]; flags: { canApproveSafetyApproval?: boolean } };

/** Requests still awaiting an answer. */
export const OPEN_STATUSES: ApprovalStatus[] = ['pending', 'escalated'];
export const isOpen = (status: ApprovalStatus) => OPEN_STATUSES.includes(status);

/**
 * Spec 2 §6 / spec 3 §6: the approvals inbox is for users with a company and the permission approval
 * or check_approval; the safety inbox for those flagged canApproveSafetyApproval.
 */
export function approvalAccess(user: Viewer): { regular: boolean; safety: boolean } {
  const company = user.companyId !== null;
  return {
    regular: company && (user.perms.includes('approval') || user.perms.includes('check_approval')),
    safety: company && user.flags.canApproveSafetyApproval === true,
  };
}

/** Lower case without accents: "Inès Benali" and "ines BENALI" match. */
export const foldName = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** The travellers' names as the list search reads them. */
export const paxSearchOf = (products: Pick<StoredProduct, 'data'>[]) =>
  travelersOf(products)
    .map((t) => foldName(personName(t)))
    .join('|');

/** Who may not answer a travel: its booker and its travellers (approvers are never asked for their own trips). */
export const involvedIn = (travel: Pick<TravelState, 'userId'>, products: Pick<StoredProduct, 'data'>[]) =>
  new Set([travel.userId, ...travelersOf(products).flatMap((t) => (t.profileID ? [t.profileID] : []))]);

/**
 * The next approver of the company's chain for an escalation: the company's approvers in their
 * order, but never one involved in the travel nor one who already held the request as main approver.
 */
export function nextApprovers<A extends { id: string }>(companyApprovers: A[], involved: Set<string>, recipients: Recipient[]): A[] {
  const held = new Set(recipients.filter((r) => r.role === 'main' || r.role === 'former').map((r) => r.userId));
  return companyApprovers.filter((a) => !involved.has(a.id) && !held.has(a.id));
}

export type Answer = 'approve' | 'deny' | 'escalate';
/**
 * Why an answer is refused: hidden (not theirs to see: 404), closed (answered, expired, cancelled:
 * 409 api_code 67), not_allowed (their part or permission does not cover it: 66), own_trip (they are
 * involved in the travel: 68), no_escalation (nobody left in the chain, or a safety request: 69).
 */
export type Refusal = 'hidden' | 'closed' | 'not_allowed' | 'own_trip' | 'no_escalation';

export function answerRefusal(
  answer: Answer,
  p: { request: ApprovalState; recipient: Recipient | undefined; viewer: Viewer; involved: Set<string>; hasNext: boolean },
  now: Date,
): Refusal | null {
  const { request, recipient, viewer } = p;
  if (!recipient || recipient.visibleFrom > now) return 'hidden';
  if (!isOpen(request.status)) return 'closed';
  if (recipient.role === 'former') return 'not_allowed';
  const access = approvalAccess(viewer);
  if (request.kind === 'safety' ? !access.safety || recipient.role !== 'safety' : !access.regular || recipient.role === 'safety') return 'not_allowed';
  switch (answer) {
    case 'approve':
      // Spec 2 §6: accept needs the permission approval (check_approval may look, escalate, refuse).
      if (request.kind === 'regular' && !viewer.perms.includes('approval')) return 'not_allowed';
      return p.involved.has(viewer.id) ? 'own_trip' : null;
    case 'deny':
      return null;
    case 'escalate':
      return request.kind === 'safety' || !p.hasNext ? 'no_escalation' : null;
  }
}

/** An approver of the company a request may be passed to. */
export type EscalationCandidate = { id: string; firstname: string; lastname: string };

/** What the presenter needs of one request. */
export type ApprovalView = {
  request: ApprovalState;
  travel: TravelState;
  products: StoredProduct[];
  recipients: Recipient[];
  people: Map<string, Person>;
  /** Who is left in the company's chain to escalate to, in the chain's order. */
  next: EscalationCandidate[];
};

const personOf = (p: ChainPerson | undefined, viewer: Viewer): ApprovalPerson =>
  p
    ? { id: p.id, firstname: p.firstname, lastname: p.lastname, email: p.email, you: p.id === viewer.id }
    : { id: '', firstname: '', lastname: '', email: '', you: false };

/** A product as the approver reads it, by product type. */
export function journeyItem(product: StoredProduct, lang: Lang): ApprovalJourneyItem {
  const { data } = product;
  const compliance = complianceOf(product);
  const base = {
    productId: product.id,
    totalAmount: money(product.price),
    compliant: compliance.compliant,
    complianceReasons: compliance.reasons.map((r) => r[lang]),
    paxs: data.travelers.map((t) => ({ firstname: t.firstname ?? '', lastname: t.lastname ?? '' })),
    pnrs: product.pnr ? [product.pnr] : [],
  };
  switch (data.type) {
    case 'rail':
    case 'flight': {
      const { journey } = data;
      return {
        type: data.type,
        ...base,
        start: journey.departure,
        end: journey.arrival,
        routes: journey.sections.map((s) => ({
          from: s.from.name,
          to: s.to.name,
          departure: s.departure,
          arrival: s.arrival,
          carrier: s.transport.carrier.name,
          number: s.transport.number,
        })),
        fareLabel: data.offer.name,
        cabinClass: data.cabin,
        transportTicketNumber: data.booking?.tickets.map((t) => t.number) ?? [],
        transportTransits: journey.sections.slice(0, -1).map((s) => ({ place: s.to.name, durationInMinutes: s.connectionMinutes ?? 0 })),
      };
    }
    case 'hotel':
      return {
        type: 'hotel',
        ...base,
        start: data.startsAt,
        end: data.endsAt,
        hotelName: data.hotel.name,
        roomName: [...new Set(data.rooms.map((r) => r.offer.name))].join(' + '),
        hotelLocation: `${data.hotel.address}, ${data.hotel.zip} ${data.hotel.city}`,
        hotelNights: data.nights,
        hotelBreakFastIncluded: data.rooms.every((r) => r.offer.board !== 'room-only'),
      };
    case 'car_rental':
      return {
        type: 'car_rental',
        ...base,
        start: data.pickupAt,
        end: data.returnAt,
        agencyName: data.pickup.name,
        carRentalCarType: `${data.car.category} · ${data.car.model}`,
      };
  }
}

/** "Paris → Lyon", "ibis Lyon Part-Dieu, Lyon"… for each product a traveller takes. */
const legsOf = (products: StoredProduct[]) => products.map((p) => labelOf(p.data));

/** The request as `viewer` sees it at `now`, with the links of the answers they may give now. */
export function presentApproval(view: ApprovalView, viewer: Viewer, lang: Lang, now: Date): Approval {
  const { request, travel, products, recipients, people } = view;
  const recipient = recipients.find((r) => r.userId === viewer.id);
  const involved = involvedIn(travel, products);
  const refusal = (answer: Answer) => answerRefusal(answer, { request, recipient, viewer, involved, hasNext: view.next.length > 0 }, now);
  const p = { approvalID: request.id };
  const links: Approval['links'] = { getApproval: linkTo('getApproval', p) };
  if (refusal('approve') === null) links.approve = linkTo('approve', p);
  if (refusal('deny') === null) links.deny = linkTo('deny', p);
  if (refusal('escalate') === null) links.escalate = linkTo('escalate', p);

  const travellers = travelersOf(products);
  const orders = travel.missionOrders ?? [];
  const exemption =
    travel.analytics?.exemption?.trim() ||
    orders
      .map((o) => o.exemption?.trim())
      .filter(Boolean)
      .join(' ; ') ||
    null;
  return {
    approvalID: request.id,
    travelID: travel.id,
    status: request.status,
    travelStatus: travel.status,
    currentRequest: {
      requester: personOf(people.get(request.requesterId), viewer),
      message: request.message,
      requestedAt: request.requestedAt.toISOString(),
      isRisky: request.isRisky,
      isSafetyApproval: request.kind === 'safety',
    },
    journey: products.map((product) => journeyItem(product, lang)),
    totalAmount: money(products.reduce((sum, product) => sum + product.price, 0)),
    isCompliant: isTravelCompliant(products),
    exemption,
    missionOrders: orders.map((o) => {
      const t = travellers.find((x) => x.travelerId === o.travelerId);
      const theirs = t ? products.filter((product) => carries(product, t)) : [];
      return {
        id: `${travel.id}:${o.travelerId}`,
        pax: { firstname: t?.firstname ?? '', lastname: t?.lastname ?? '' },
        purpose: o.purpose,
        location: o.location,
        startLocation: o.startLocation,
        endLocation: o.endLocation,
        extraRemark: o.extraRemark,
        transports: legsOf(theirs),
      };
    }),
    timeLimit: request.timeLimit.toISOString(),
    chain: request.chain
      .filter((step) => Date.parse(step.askedAt) <= now.getTime())
      .map((step) => ({
        approver: personOf(step.approver, viewer),
        role: step.role,
        askedAt: step.askedAt,
        response: { status: step.status, by: step.by ? personOf(step.by, viewer) : null, answeredAt: step.answeredAt, message: step.message },
      })),
    escalationEnabled: request.kind === 'regular' && isOpen(request.status) && view.next.length > 0,
    escalateTo: links.escalate ? view.next.map(({ id, firstname, lastname }) => ({ id, firstname, lastname })) : [],
    approvers: recipients.flatMap((r) => {
      const person = people.get(r.userId);
      return person
        ? [{ id: person.id, firstname: person.firstname, lastname: person.lastname, email: person.email, username: person.username, role: r.role }]
        : [];
    }),
    links,
  };
}

/** Every still-pending step of the chain closed with `status` (an answer by someone else, expiry, cancellation). */
export const closeChain = (chain: StoredChainStep[], status: ChainStatus, at: Date): StoredChainStep[] =>
  chain.map((step) => (step.status === 'pending' && Date.parse(step.askedAt) <= at.getTime() ? { ...step, status, answeredAt: at.toISOString() } : step));

/**
 * The chain once `by` answered: their step (or, for someone answering in another's place, a step
 * of their own) takes the answer; the other pending steps stay pending (spec 2 §4: "an unanswered
 * approver is shown as pending"), and a backup not asked yet is dropped.
 */
export function answerChain(
  chain: StoredChainStep[],
  by: ChainPerson,
  status: ChainStatus,
  message: string | null,
  at: Date,
  role: StoredChainStep['role'],
): StoredChainStep[] {
  const answered = { status, by, answeredAt: at.toISOString(), message };
  const asked = chain.filter((step) => Date.parse(step.askedAt) <= at.getTime());
  const mine = asked.findIndex((step) => step.approver.id === by.id && step.status === 'pending');
  if (mine >= 0) return asked.map((step, i) => (i === mine ? { ...step, ...answered } : step));
  return [...asked, { approver: by, role, askedAt: at.toISOString(), ...answered }];
}

/** The chain once `by` passed the request to `to`: their answer recorded, `to` asked now (a pending step of theirs replaced). */
export function escalatedChain(
  chain: StoredChainStep[],
  by: ChainPerson,
  to: ChainPerson,
  message: string | null,
  at: Date,
  role: StoredChainStep['role'],
): StoredChainStep[] {
  const passed = answerChain(chain, by, 'escalated', message, at, role).filter((s) => !(s.approver.id === to.id && s.status === 'pending'));
  return [...passed, { approver: to, role: 'main', askedAt: at.toISOString(), status: 'pending', by: null, answeredAt: null, message: null }];
}

/** A round of requests (regular, and safety for a risky trip) is approved once every one of them said yes: the travel is booked then. */
export const roundAccepted = (round: Pick<ApprovalState, 'status'>[]) => round.length > 0 && round.every((r) => r.status === 'accepted');

/**
 * Who backs the main approver up: the backup the traveller named, else the one the travel manager
 * gave a lone main approver (`configured`), never the main approver themself nor someone the travel
 * is about; none otherwise.
 */
export function backupApprover(
  chosen: { approverId: string; emergencyApproverId: string | null } | null,
  mains: { id: string }[],
  configured: string | null,
  involved: Set<string>,
): string | null {
  if (chosen?.emergencyApproverId && chosen.emergencyApproverId !== chosen.approverId) return chosen.emergencyApproverId;
  if (mains.length === 1 && configured && configured !== mains[0]!.id && !involved.has(configured)) return configured;
  return null;
}

/** The backup is asked at half of the request's time. */
export const backupTime = (requestedAt: Date, timeLimit: Date) => new Date(requestedAt.getTime() + (timeLimit.getTime() - requestedAt.getTime()) / 2);

/** A reminder e-mail at most once an hour (counting the request itself). */
export const REMIND_EVERY_MS = 3_600_000;

/** Whether the requester may remind the approvers now (the last e-mail, the request's or a reminder, is an hour old). */
export const mayRemind = (r: { requestedAt: Date; remindedAt: Date | null }, now: Date) =>
  now.getTime() - Math.max(r.requestedAt.getTime(), r.remindedAt?.getTime() ?? 0) >= REMIND_EVERY_MS;

/**
 * The chain once `userId` can no longer answer (their account was deactivated): their step asked
 * already is closed as cancelled, a step not asked yet (a backup before half time) is dropped.
 */
export const withdrawnChain = (chain: StoredChainStep[], userId: string, at: Date): StoredChainStep[] =>
  chain.flatMap((step) => {
    if (step.approver.id !== userId || step.status !== 'pending') return [step];
    return Date.parse(step.askedAt) > at.getTime() ? [] : [{ ...step, status: 'cancelled' as const, answeredAt: at.toISOString() }];
  });

/** The chain once a backup not asked yet is asked now (the main approver they back up is gone). */
export const askedNowChain = (chain: StoredChainStep[], userId: string, at: Date): StoredChainStep[] =>
  chain.map((step) =>
    step.approver.id === userId && step.status === 'pending' && Date.parse(step.askedAt) > at.getTime() ? { ...step, askedAt: at.toISOString() } : step,
  );

/** The chain once the request passes to `to` as main approver (asked now). */
export const passedToChain = (chain: StoredChainStep[], to: ChainPerson, at: Date): StoredChainStep[] => [
  ...chain.filter((s) => !(s.approver.id === to.id && s.status === 'pending')),
  { approver: to, role: 'main', askedAt: at.toISOString(), status: 'pending', by: null, answeredAt: null, message: null },
];
