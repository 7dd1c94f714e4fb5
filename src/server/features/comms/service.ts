import { and, eq } from 'drizzle-orm';
import type { CommSupport, Comms } from '@contract/comms';
import { agencies, entities } from '@server/db/schema';
import { sanitizeAgencyHtml } from '@server/platform/html';
import type { Lang } from '@contract/account';
import type { UserRow } from '@server/platform/auth';
import type { RequestContext } from '@server/platform/request-context';

/**
 * The agency's messages for its travellers (spec 2 §7 GET /comms): global ones, plus those for the
 * caller's company and, when asked, for one of its entities. Someone signed out sees global ones only.
 */
export async function communications(ctx: RequestContext, user: UserRow | null, query: { support?: CommSupport; entityId?: string }): Promise<Comms> {
  const companyId = user?.companyId ?? null;
  // An entity is honoured only when it belongs to the caller's company: its messages are not public.
  let entityId: string | null = null;
  if (companyId && query.entityId) {
    const [entity] = await ctx.services.db
      .select({ id: entities.id })
      .from(entities)
      .where(and(eq(entities.id, query.entityId), eq(entities.companyId, companyId)))
      .limit(1);
    entityId = entity?.id ?? null;
  }
  // Read now, not from the request's copy of the agency (up to 30 s old): a message the agency's administrator
  // writes (a strike, an outage) shows on the travellers' next page.
  const [agency] = await ctx.services.db.select({ communications: agencies.communications }).from(agencies).where(eq(agencies.id, ctx.agency.id)).limit(1);
  return commsFor(agency?.communications ?? [], ctx.lang, { companyId, entityId, support: query.support });
}

type Communication = RequestContext['agency']['communications'][number];

/** The messages of a company (null: global ones only) and entity, of one page or all, in `lang`. */
function commsFor(communications: Communication[], lang: Lang, to: { companyId: string | null; entityId: string | null; support?: CommSupport }): Comms {
  const answer: Comms = {};
  for (const comm of communications) {
    if (to.support && comm.support !== to.support) continue;
    if (comm.companyId !== null && comm.companyId !== to.companyId) continue;
    if (comm.entityId !== null && comm.entityId !== to.entityId) continue;
    const support = comm.support as CommSupport;
    // Written as rich text by the agency's administrator: sanitised when written, and again here for older rows.
    (answer[support] ??= []).push({ id: comm.id, level: comm.level, message: sanitizeAgencyHtml(comm.message[lang] ?? '') });
  }
  return answer;
}

/** What a signed-out visitor's GET /comms answers, for every page: a visitor's first page carries it (web.ts). */
export const publicComms = (communications: Communication[], lang: Lang): Comms => commsFor(communications, lang, { companyId: null, entityId: null });
