import type { TravelStatus } from '@contract/travel';

/** What a travel is between two changes: its owner, status and version, and its checkout answers. */

/** Analytics answers as a travel keeps them: per field name, for the travel and per traveller id. */
export type TravelAnalytics = {
  fields: Record<string, string | null>;
  travelers: Record<string, Record<string, string | null>>;
  exemption: string | null;
};

/** One traveller's mission order. */
export type TravelMissionOrder = {
  travelerId: number;
  purpose: string;
  location: string;
  startLocation: string;
  endLocation: string;
  extraRemark: string | null;
  exemption: string | null;
};

/** The approver chosen at checkout, a backup, and a word for them. */
export type TravelApprovers = { approverId: string; emergencyApproverId: string | null; message: string | null };

/** What the rules need of a stored travel (the db row has more). */
export type TravelState = {
  id: string;
  userId: string;
  companyId: string | null;
  customerId: string | null;
  entityId: string | null;
  status: TravelStatus;
  /** Moves on with every change: a change made on an older version is refused (If-Match). */
  version: number;
  /** Options held or approval pending: guaranteed until then. */
  confirmationTimeLimit: Date | null;
  analytics: TravelAnalytics | null;
  missionOrders: TravelMissionOrder[] | null;
  approvers: TravelApprovers | null;
};

/** Statuses in which the travel's products are still only in the cart or held. */
export const OPEN: TravelStatus[] = ['cart', 'pending_confirmation'];

/** Statuses of a travel booked with the supplier. */
export const BOOKED: TravelStatus[] = ['booked', 'pending_ticketing', 'issued', 'modified'];
