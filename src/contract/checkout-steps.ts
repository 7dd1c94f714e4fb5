import { z } from 'zod';
import { linkSchema } from './link';

/** The checkout's steps (spec 2 §3–§5): the analytics form, the mission orders, the approvers, the confirm body. */

// ── Analytics (spec 2 §3 "Analytics field", §5 "Analytics form") ──────────────────────────────

export const analyticFieldSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    required: z.boolean(),
    values: z.array(z.string()).nullable(),
    valueCodes: z.array(z.string()).nullable(),
    regex: z.string().nullable(),
    /** What the user should type when a regex refuses the value. */
    regexDesc: z.string().nullable(),
    value: z.string().nullable(),
  })
  .meta({ id: 'AnalyticField' });
export type AnalyticField = z.infer<typeof analyticFieldSchema>;

export const analyticsFormSchema = z
  .object({
    fields: z.array(analyticFieldSchema),
    travelers: z.array(z.object({ travelerId: z.number().int(), firstname: z.string(), lastname: z.string(), analytics: z.array(analyticFieldSchema) })),
    isCompliant: z.boolean(),
    complianceReasons: z.array(z.string()),
    travelPolicy: z.string().nullable(),
    travel_policy_exemption: z.string().nullable(),
    links: z.object({ fillAnalytics: linkSchema }),
  })
  .meta({ id: 'AnalyticsForm' });
export type AnalyticsForm = z.infer<typeof analyticsFormSchema>;

const fieldValue = z.object({ name: z.string().max(60), label: z.string().max(200).optional(), value: z.string().max(500).nullable() }).strict();
export const fillAnalyticsBodySchema = z
  .object({
    fields: z.array(fieldValue).max(50),
    /** travelerId → that traveller's values. */
    travelersFields: z.record(z.string().regex(/^\d$/), z.array(fieldValue).max(50)).optional(),
    travel_policy_exemption: z.string().max(1000).nullish(),
  })
  .strict()
  .meta({ id: 'FillAnalyticsBody' });
export type FillAnalyticsBody = z.input<typeof fillAnalyticsBodySchema>;

// ── Mission orders (spec 2 §3 "Mission order", §5) ────────────────────────────────────────────

export const missionOrderFormSchema = z
  .object({
    travelerId: z.number().int(),
    pax: z.object({ firstname: z.string(), lastname: z.string() }),
    travelData: z.array(
      z.object({
        transport: z.string(),
        travel: z.object({
          start: z.string(),
          end: z.string(),
          type: z.string(),
          routes: z.array(z.string()),
          amount: z.number().int(),
          compliant: z.boolean(),
        }),
      }),
    ),
    purpose: z.string().nullable(),
    location: z.string().nullable(),
    startLocation: z.string().nullable(),
    endLocation: z.string().nullable(),
    extraRemark: z.string().nullable(),
    travel_policy_exemption: z.string().nullable(),
  })
  .meta({ id: 'MissionOrderForm' });
export type MissionOrderForm = z.infer<typeof missionOrderFormSchema>;

export const missionOrdersSchema = z
  .object({
    missionOrders: z.array(missionOrderFormSchema),
    isCompliant: z.boolean(),
    links: z.object({ patchMissionOrders: linkSchema }),
  })
  .meta({ id: 'MissionOrders' });

export const patchMissionOrdersBodySchema = z
  .array(
    z
      .object({
        travelerId: z.number().int().min(1).max(9),
        purpose: z.string().max(500),
        location: z.string().max(200),
        startLocation: z.string().max(200),
        endLocation: z.string().max(200),
        extraRemark: z.string().max(1000).nullish(),
        travel_policy_exemption: z.string().max(1000).nullish(),
      })
      .strict(),
  )
  .min(1)
  .max(9)
  .meta({ id: 'PatchMissionOrdersBody' });
export type PatchMissionOrdersBody = z.input<typeof patchMissionOrdersBodySchema>;

// ── Approvers (spec 2 §3 "Approver", §5 "Approver form") ──────────────────────────────────────

export const approverSchema = z
  .object({ id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string(), username: z.string() })
  .meta({ id: 'Approver' });
export type Approver = z.infer<typeof approverSchema>;

export const approversSchema = z
  .object({
    approvers: z.array(approverSchema),
    backupApprovers: z.array(approverSchema),
    links: z.object({ fillApprovers: linkSchema }),
  })
  .meta({ id: 'Approvers' });
export type Approvers = z.infer<typeof approversSchema>;

export const fillApproversBodySchema = z
  .object({
    approver: z.string({ error: 'PLEASE_CHOOSE_APPROVER' }).max(64),
    emergencyApprover: z.string().max(64).nullish(),
    message: z.string().max(1000).nullish(),
  })
  .strict()
  .meta({ id: 'FillApproversBody' });
export type FillApproversBody = z.input<typeof fillApproversBodySchema>;

// ── Confirm (spec 2 §1: company payment or option hold) ──────────────────────────────────────

export const confirmBodySchema = z.object({ hold: z.boolean().optional() }).strict().meta({ id: 'ConfirmBody' });
export type ConfirmBody = z.input<typeof confirmBodySchema>;
