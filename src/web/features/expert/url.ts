/**
 * The expert search as it lives in the `/search-expert` URL (reload, Back and shared links work), read
 * without zod: the route tree is part of every first load. `edit` shows the form filled with the
 * search (the entry Back returns to) instead of its results.
 */
export type ExpertUrlJourney = { from: string; to: string; date: string; mode: 'departure' | 'arrival' };
/** `customer`: the customer company agency staff book for (spec 1 §3 `customer_id`). */
export type ExpertUrl = { journeys: ExpertUrlJourney[]; pax: string[]; entity?: string; customer?: string; travelID?: string };
export type ExpertParams = Partial<ExpertUrl> & { edit?: boolean };

/** Spec 1 §9: expert journeys max 3 (contract/expert.ts EXPERT_MAX_JOURNEYS, which brings zod). */
export const MAX_JOURNEYS = 3;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const TRAVELLER_REF = /^(me|profile:[\w-]{1,64}|guest:[\w-]{1,64}|age:(0-3|4-29|30-59|60\+))$/;
const placeId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 80;

function journeyOf(v: unknown): ExpertUrlJourney | null {
  if (!v || typeof v !== 'object') return null;
  const { from, to, date, mode } = v as Record<string, unknown>;
  if (!placeId(from) || !placeId(to) || typeof date !== 'string' || !LOCAL_DATE_TIME.test(date)) return null;
  if (mode !== undefined && mode !== 'departure' && mode !== 'arrival') return null;
  return { from, to, date, mode: mode ?? 'departure' };
}

/** validateSearch: a search that breaks a rule is dropped whole (the page then shows an empty form). */
export function parseExpertParams(raw: Record<string, unknown>): ExpertParams {
  const journeys = Array.isArray(raw.journeys) ? raw.journeys.map(journeyOf) : [];
  const pax = raw.pax === undefined ? ['me'] : Array.isArray(raw.pax) ? raw.pax : [raw.pax];
  const text = (v: unknown) => (typeof v === 'number' ? String(v) : v);
  const entity = text(raw.entity);
  const customer = text(raw.customer);
  const travelID = text(raw.travelID);
  const valid =
    journeys.length >= 1 &&
    journeys.length <= MAX_JOURNEYS &&
    journeys.every((j) => j !== null) &&
    pax.length >= 1 &&
    pax.length <= 9 &&
    pax.every((p) => typeof p === 'string' && TRAVELLER_REF.test(p)) &&
    (entity === undefined || (typeof entity === 'string' && entity.length <= 64)) &&
    (customer === undefined || (typeof customer === 'string' && customer.length <= 64)) &&
    (travelID === undefined || (typeof travelID === 'string' && travelID.length <= 64));
  if (!valid) return {};
  return {
    journeys: journeys as ExpertUrlJourney[],
    pax: pax as string[],
    ...(entity ? { entity: entity as string } : {}),
    ...(customer ? { customer: customer as string } : {}),
    ...(travelID ? { travelID: travelID as string } : {}),
    ...(raw.edit === true || raw.edit === 'true' ? { edit: true } : {}),
  };
}

export const isExpertUrl = (p: ExpertParams): p is ExpertUrl & { edit?: boolean } => !!p.journeys && !!p.pax;
