import { linkTo, type Rel } from '@contract/rels';
import type {
  AnalyticField,
  AnalyticsForm,
  Approvers,
  FillAnalyticsBody,
  FillApproversBody,
  MissionOrderForm,
  PatchMissionOrdersBody,
} from '@contract/checkout-steps';
import type { Db } from '@server/db/client';
import { companyApprovers } from '@server/db/companies';
import { travelToChange, updateTravel, type ProductRow, type TravelRecord } from '@server/db/travels';
import { analyticsProblems, eligibleApprovers, missionOrderProblems } from '@server/domain/checkout';
import { rulesOf, type AnalyticRule, type CheckoutRules } from '@server/domain/company';
import { carries, complianceOf, isTravelCompliant, labelOf, spanOf, travelersOf } from '@server/domain/product';
import { offers } from '@server/domain/travel';
import type { TravelAnalytics, TravelMissionOrder } from '@server/domain/travel-state';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';

/**
 * The checkout steps before booking (spec 2 §4–§5): analytics, mission orders and the approver.
 * Each step answers only while the travel carries its link, so a step the company does not ask
 * for, or one already done, is refused exactly as the travel resource says.
 */

const trimmed = (value: string | null | undefined) => value?.trim() || null;
const saved = (travelID: string) => ({ links: { getTravel: linkTo('getTravel', { travelID }) } });

/** The caller's travel while it carries `rel`: not theirs → 38, changed since `expected` → 105, step not open → 69. */
async function atStep(db: Db, ctx: Ctx, travelId: string, rel: Rel, expected: number | null = null): Promise<TravelRecord> {
  const rec = await travelToChange(db, ctx.user.id, travelId, expected);
  if (!offers(rec, rel, ctx.services.clock.now())) fail('TICKET_STATUS_FORBIDS');
  return rec;
}

const reasonsOf = (products: ProductRow[], lang: Ctx['lang']) => [...new Set(products.flatMap((p) => complianceOf(p).reasons.map((r) => r[lang])))];

// ── Analytics ───────────────────────────────────────────────────────────────────────────────

function analyticField(rule: AnalyticRule, value: string | null | undefined, lang: Ctx['lang']): AnalyticField {
  return {
    name: rule.name,
    label: rule.label[lang],
    required: rule.required,
    values: rule.values ?? null,
    valueCodes: rule.valueCodes ?? null,
    regex: rule.regex ?? null,
    regexDesc: rule.regexDesc?.[lang] ?? null,
    value: value ?? null,
  };
}

export async function analyticsForm(ctx: Ctx, travelId: string): Promise<AnalyticsForm> {
  const rec = await atStep(ctx.services.db, ctx, travelId, 'getAllAnalytics');
  const rules = rulesOf(rec.company);
  const answers = rec.travel.analytics;
  const travelerRules = rules.analytics.filter((r) => r.level === 'traveler');
  return {
    fields: rules.analytics.filter((r) => r.level === 'travel').map((r) => analyticField(r, answers?.fields[r.name], ctx.lang)),
    // Only companies with traveller-level fields get a section per traveller.
    travelers: travelerRules.length
      ? travelersOf(rec.products).map((t) => ({
          travelerId: t.travelerId,
          firstname: t.firstname ?? '',
          lastname: t.lastname ?? '',
          analytics: travelerRules.map((r) => analyticField(r, answers?.travelers[String(t.travelerId)]?.[r.name], ctx.lang)),
        }))
      : [],
    isCompliant: isTravelCompliant(rec.products),
    complianceReasons: reasonsOf(rec.products, ctx.lang),
    travelPolicy: rules.policy ? (rec.company?.travelPolicy ?? null) : null,
    travel_policy_exemption: answers?.exemption ?? null,
    links: { fillAnalytics: linkTo('fillAnalytics', { travelID: rec.travel.id }) },
  };
}

/** The answers as stored, refusing names the company does not ask for (17) rather than dropping them silently. */
function analyticsAnswers(rules: CheckoutRules, body: FillAnalyticsBody, travelerIds: number[]): TravelAnalytics {
  const unknown: Record<string, string> = {};
  const named = (level: AnalyticRule['level']) => new Set(rules.analytics.filter((r) => r.level === level).map((r) => r.name));
  const travelNames = named('travel');
  const travelerNames = named('traveler');
  const fields: TravelAnalytics['fields'] = {};
  for (const f of body.fields) {
    if (travelNames.has(f.name)) fields[f.name] = trimmed(f.value);
    else unknown[`fields.${f.name}`] = 'FORMAT_INVALID';
  }
  const travelers: TravelAnalytics['travelers'] = {};
  for (const [id, values] of Object.entries(body.travelersFields ?? {})) {
    if (!travelerIds.includes(Number(id))) {
      unknown[`travelersFields.${id}`] = 'FORMAT_INVALID';
      continue;
    }
    travelers[id] = {};
    for (const f of values) {
      if (travelerNames.has(f.name)) travelers[id][f.name] = trimmed(f.value);
      else unknown[`travelersFields.${id}.${f.name}`] = 'FORMAT_INVALID';
    }
  }
  if (Object.keys(unknown).length) fail('REQUEST_FORMAT_INVALID', unknown);
  return { fields, travelers, exemption: trimmed(body.travel_policy_exemption) };
}

export async function fillAnalytics(ctx: Ctx, travelId: string, body: FillAnalyticsBody, expected: number | null) {
  const { db, clock } = ctx.services;
  await db.transaction(async (tx) => {
    const rec = await atStep(tx, ctx, travelId, 'fillAnalytics', expected);
    const rules = rulesOf(rec.company);
    const ids = travelersOf(rec.products).map((t) => t.travelerId);
    const answers = analyticsAnswers(rules, body, ids);
    const problems = analyticsProblems(rules, answers, ids, isTravelCompliant(rec.products));
    if (Object.keys(problems).length) fail('ANALYTICS_INVALID', problems);
    await updateTravel(tx, rec.travel, { analytics: answers }, clock.now());
    await recordAnswer(tx, () => saved(travelId));
  });
  return saved(travelId);
}

// ── Mission orders ──────────────────────────────────────────────────────────────────────────

/** What a traveller's mission order covers: each product they travel on, as the approver will read it. */
function travelDataOf(product: ProductRow): MissionOrderForm['travelData'][number] {
  const { data } = product;
  const span = spanOf(data);
  // A stay's "type" is its rooms, a rental's its car; its "route" the hotel or the agencies.
  const [type, routes] =
    data.type === 'hotel'
      ? [data.rooms.map((r) => r.offer.name).join(' + '), [labelOf(data)]]
      : data.type === 'car_rental'
        ? [`${data.car.category} · ${data.car.model}`, [`${data.pickup.name} → ${data.dropoff.name}`]]
        : [data.cabin, data.journey.sections.map((s) => `${s.from.name} → ${s.to.name}`)];
  return {
    transport: product.type,
    travel: {
      start: span.departure,
      end: span.arrival,
      type,
      routes,
      amount: Math.round(product.price / Math.max(data.travelers.length, 1)),
      compliant: complianceOf(product).compliant,
    },
  };
}

export async function missionOrders(ctx: Ctx, travelId: string) {
  const rec = await atStep(ctx.services.db, ctx, travelId, 'getMissionOrders');
  const stored = rec.travel.missionOrders ?? [];
  return {
    missionOrders: travelersOf(rec.products).map((t): MissionOrderForm => {
      const order = stored.find((o) => o.travelerId === t.travelerId);
      return {
        travelerId: t.travelerId,
        pax: { firstname: t.firstname ?? '', lastname: t.lastname ?? '' },
        travelData: rec.products.filter((p) => carries(p, t)).map(travelDataOf),
        purpose: order?.purpose ?? null,
        location: order?.location ?? null,
        startLocation: order?.startLocation ?? null,
        endLocation: order?.endLocation ?? null,
        extraRemark: order?.extraRemark ?? null,
        travel_policy_exemption: order?.exemption ?? null,
      };
    }),
    isCompliant: isTravelCompliant(rec.products),
    links: { patchMissionOrders: linkTo('patchMissionOrders', { travelID: rec.travel.id }) },
  };
}

export async function patchMissionOrders(ctx: Ctx, travelId: string, body: PatchMissionOrdersBody, expected: number | null) {
  const { db, clock } = ctx.services;
  await db.transaction(async (tx) => {
    const rec = await atStep(tx, ctx, travelId, 'patchMissionOrders', expected);
    const ids = travelersOf(rec.products).map((t) => t.travelerId);
    // One order per traveller of this travel: another id, or the same one twice, is a malformed request.
    const unknown = Object.fromEntries(
      body.flatMap((o, i) =>
        !ids.includes(o.travelerId) || body.findIndex((x) => x.travelerId === o.travelerId) !== i ? [[`${i}.travelerId`, 'FORMAT_INVALID']] : [],
      ),
    );
    if (Object.keys(unknown).length) fail('REQUEST_FORMAT_INVALID', unknown);
    const orders: TravelMissionOrder[] = body.map((o) => ({
      travelerId: o.travelerId,
      purpose: o.purpose.trim(),
      location: o.location.trim(),
      startLocation: o.startLocation.trim(),
      endLocation: o.endLocation.trim(),
      extraRemark: trimmed(o.extraRemark),
      exemption: trimmed(o.travel_policy_exemption),
    }));
    const problems = missionOrderProblems(orders, ids, isTravelCompliant(rec.products), rulesOf(rec.company));
    if (Object.keys(problems).length) fail('REQUEST_FORMAT_INVALID', problems);
    await updateTravel(tx, rec.travel, { missionOrders: orders }, clock.now());
    await recordAnswer(tx, () => saved(travelId));
  });
  return saved(travelId);
}

// ── Approvers ───────────────────────────────────────────────────────────────────────────────

/**
 * Who may approve this travel: the company's active approvers, never one of its travellers.
 * Spec 2 §5: with more than one approver and no backup list, the backups are the approvers.
 */
async function approversOf(db: Db, rec: TravelRecord): Promise<Approvers['approvers']> {
  const list = rec.travel.companyId ? eligibleApprovers(await companyApprovers(db, rec.travel.companyId), rec.travel, rec.products) : [];
  // Without anyone to ask, the web shows CONFIG_ERROR_NO_APPROVERS.
  if (list.length === 0) fail('TICKET_WITHOUT_APPROVER');
  return list;
}
const backupsOf = (approvers: Approvers['approvers']) => (approvers.length > 1 ? approvers : []);

export async function availableApprovers(ctx: Ctx, travelId: string): Promise<Approvers> {
  const { db } = ctx.services;
  const rec = await atStep(db, ctx, travelId, 'getAvailableApprovers');
  const approvers = await approversOf(db, rec);
  return { approvers, backupApprovers: backupsOf(approvers), links: { fillApprovers: linkTo('fillApprovers', { travelID: rec.travel.id }) } };
}

export async function fillApprovers(ctx: Ctx, travelId: string, body: FillApproversBody, expected: number | null) {
  const { db, clock } = ctx.services;
  const approverId = body.approver.trim();
  const emergencyId = trimmed(body.emergencyApprover);
  if (!approverId) fail('REQUEST_FORMAT_INVALID', { approver: 'PLEASE_CHOOSE_APPROVER' });
  if (emergencyId === approverId) fail('REQUEST_FORMAT_INVALID', { emergencyApprover: 'SELECT_VALID_VALUE' });
  await db.transaction(async (tx) => {
    const rec = await atStep(tx, ctx, travelId, 'fillApprovers', expected);
    const approvers = await approversOf(tx, rec);
    if (!approvers.some((a) => a.id === approverId)) fail('APPROVER_NOT_ALLOWED', { approver: 'SELECT_VALID_VALUE' });
    if (emergencyId && !backupsOf(approvers).some((a) => a.id === emergencyId)) fail('APPROVER_NOT_ALLOWED', { emergencyApprover: 'SELECT_VALID_VALUE' });
    await updateTravel(tx, rec.travel, { approvers: { approverId, emergencyApproverId: emergencyId, message: trimmed(body.message) } }, clock.now());
    await recordAnswer(tx, () => saved(travelId));
  });
  return saved(travelId);
}
