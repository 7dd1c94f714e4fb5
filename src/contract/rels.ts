import { z } from 'zod';
import type { HttpMethod } from './link';
import { okSchema } from './envelope';
import { logoutResultSchema, userSchema } from './account';
import { cartAddBodySchema, cartAddResultSchema } from './cart';
import {
  analyticsFormSchema,
  approversSchema,
  confirmBodySchema,
  fillAnalyticsBodySchema,
  fillApproversBodySchema,
  missionOrdersSchema,
  patchMissionOrdersBodySchema,
  stepSavedSchema,
  travelSchema,
} from './travel';

type RelSpec = { method: HttpMethod; input: z.ZodType; output: z.ZodType };
const rel = <M extends HttpMethod, I extends z.ZodType, O extends z.ZodType>(method: M, input: I, output: O) => ({
  method,
  input,
  output,
});

/**
 * The rel table: what each link name means — its method, the body it takes and the `result` it
 * answers with. Following a link is typed end to end from this table; later features add theirs.
 */
export const rels = {
  self: rel('GET', z.void(), userSchema),
  logout: rel('POST', z.void(), logoutResultSchema),
  deleteOptionalData: rel('DELETE', z.void(), okSchema),
  // The travel and its checkout (spec 2 §3–§4); changes send If-Match: version and an Idempotency-Key.
  getTravel: rel('GET', z.void(), travelSchema),
  delete: rel('DELETE', z.void(), okSchema),
  emptyCart: rel('DELETE', z.void(), okSchema),
  addTrip: rel('POST', cartAddBodySchema, cartAddResultSchema),
  getAllAnalytics: rel('GET', z.void(), analyticsFormSchema),
  fillAnalytics: rel('PATCH', fillAnalyticsBodySchema, stepSavedSchema),
  getMissionOrders: rel('GET', z.void(), missionOrdersSchema),
  patchMissionOrders: rel('PATCH', patchMissionOrdersBodySchema, stepSavedSchema),
  getAvailableApprovers: rel('GET', z.void(), approversSchema),
  fillApprovers: rel('PATCH', fillApproversBodySchema, stepSavedSchema),
  requestApproval: rel('POST', z.void(), travelSchema),
  confirm: rel('POST', confirmBodySchema, travelSchema),
  releasePrebooking: rel('POST', z.void(), travelSchema),
} as const satisfies Record<string, RelSpec>;

export type Rel = keyof typeof rels;
export type RelInput<R extends Rel> = z.input<(typeof rels)[R]['input']>;
export type RelOutput<R extends Rel> = z.output<(typeof rels)[R]['output']>;
