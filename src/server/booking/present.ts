import type { Rel } from '@contract/rels';
import type { Travel } from '@contract/travel';
import { travelToChange, type TravelRecord } from '../db/travels';
import { offers, presentTravel } from '../domain/travel';
import { fail } from '../platform/errors';
import type { UserContext } from '../platform/request-context';
import type { Services } from '../platform/services';
import * as repo from './repository';

/** The travel a booking call changes, and the travel it answers. */

/** The travel as the caller sees it after a change (read in the change's transaction, to record it with it). */
export async function answer(ctx: UserContext, travelId: string, db: Services['db'] = ctx.services.db): Promise<Travel> {
  const rec = await repo.travelById(db, travelId);
  return presentTravel(rec!, ctx.lang, ctx.services.clock.now());
}

/** The travel to change (not theirs → 38, changed since `expected` → 105), refused (69) unless its links offer `rel` now. */
export async function travelWithLink(ctx: UserContext, travelId: string, expected: number | null, rel: Rel): Promise<TravelRecord> {
  const rec = await travelToChange(ctx.services.db, ctx.user.id, travelId, expected);
  if (!offers(rec, rel, ctx.services.clock.now())) fail('TICKET_STATUS_FORBIDS');
  return rec;
}
