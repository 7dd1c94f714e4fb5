import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { heldBy, travelerIds, type SearchCard } from '@server/db/user-cards';
import type { TravelPolicyRules } from '@server/domain/company';

/**
 * What a trip search (or one of its pages) reads before asking the supplier: the travel policy of the
 * company it is for (none without one, db/companies.ts companyPolicy) and the discount cards its
 * travellers hold (db/user-cards.ts cardsOfTravelers' rule), in one round trip — each query costs
 * the embedded database a fixed ~0.3 ms whatever it reads. Nothing to read: no query. (`sql.param`: an
 * array written as is is a list of parameters to drizzle.)
 */
export type SearchReads = { policy: TravelPolicyRules | null; cards: Map<string, SearchCard[]> };

type Row = { policy: TravelPolicyRules | null; cards: ({ userId: string; holderCompanyId: string | null } & SearchCard)[] | null };

export async function searchReads(
  db: Db,
  scope: { agencyId: string; callerId: string | null; companyId: string | null; userIds: string[] },
): Promise<SearchReads> {
  const ids = scope.callerId ? travelerIds(scope.userIds) : [];
  if (!scope.companyId && ids.length === 0) return { policy: null, cards: new Map() };
  const result = (await db.execute(sql`
    select
      (select checkout_rules -> 'policy' from companies where id = ${scope.companyId}) as policy,
      (select json_agg(json_build_object('userId', c.user_id, 'holderCompanyId', u.company_id, 'cardTypeId', c.card_type_id, 'effectiveDate', c.effective_date, 'expirationDate', c.expiration_date) order by c.created_at, c.id)
        from user_cards c join users u on u.id = c.user_id
        where c.user_id = any(${sql.param(ids)}::uuid[]) and u.agency_id = ${scope.agencyId}) as cards`)) as unknown as { rows: Row[] };
  const row = result.rows[0]!;
  const cards = (row.cards ?? []).map(({ holderCompanyId, ...card }) => ({ card, holderCompanyId }));
  return { policy: row.policy ?? null, cards: heldBy(cards, scope.callerId ?? '', scope.companyId) };
}
