import type { HeldOptionResult } from '@contract/agency-queue';
import { isAgencyStaff } from '@contract/permissions';
import { offers } from '@server/domain/travel';
import { fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import type { TravelRecord } from '@server/db/travels';
import { bookHeld } from '@server/booking/book';
import { releaseHeld } from '@server/booking/release';
import { travelById } from '@server/booking/repository';

/**
 * The agency's hand on its travellers' held options (the work queue): its staff book them
 * (confirmHeldOption) or give them back (releaseHeldOptions) for the traveller, through the same
 * paths as the traveller's own confirm and release (bookHeld, releaseHeld: supplier first, then one
 * version-guarded transaction, the traveller's e-mail, the call's answer); the staff audit hook
 * (features/staff-audit) writes each in the travel's history. Staff of the travel's agency only:
 * anyone else is refused (34), another agency's travel is not found (38), a stale version is refused
 * (105), a travel that holds no option any more answers 69.
 */

/** The agency's travel to change, holding options now (the traveller's `confirm` link says so). */
async function heldTravel(ctx: Ctx, travelId: string, expected: number | null): Promise<TravelRecord> {
  if (!isAgencyStaff(ctx.user.perms)) fail('NO_PERMISSION');
  const rec = await travelById(ctx.services.db, travelId);
  if (!rec || rec.travel.agencyId !== ctx.user.agencyId) return fail('NO_TRAVEL');
  if (expected !== null && rec.travel.version !== expected) fail('VERSION_CONFLICT');
  if (rec.travel.status !== 'pending_confirmation' || !offers(rec, 'confirm', ctx.services.clock.now())) fail('TICKET_STATUS_FORBIDS');
  return rec;
}

/** The travel's status and version now, the answer of both actions. */
async function result(db: Services['db'], travelId: string): Promise<HeldOptionResult> {
  const rec = (await travelById(db, travelId))!;
  return { travelId, status: rec.travel.status, version: rec.travel.version };
}

/** In the change's transaction: the call's answer. */
const answered = (travelId: string) => (tx: Services['db']) => recordAnswer(tx, () => result(tx, travelId));

/** POST confirmHeldOption: books every option the travel holds, as the traveller's confirm would. */
export async function confirmForAgency(ctx: Ctx, travelId: string, expected: number | null): Promise<HeldOptionResult> {
  const rec = await heldTravel(ctx, travelId, expected);
  await bookHeld(
    ctx.services,
    rec,
    rec.products.filter((p) => p.status === 'prebooked'),
    answered(travelId),
  );
  return result(ctx.services.db, travelId);
}

/** POST releaseHeldOptions: gives every option the travel holds back to the supplier (the travel is removed). */
export async function releaseForAgency(ctx: Ctx, travelId: string, expected: number | null): Promise<HeldOptionResult> {
  const rec = await heldTravel(ctx, travelId, expected);
  await releaseHeld(
    ctx.services,
    rec,
    rec.products.filter((p) => p.status === 'prebooked'),
    answered(travelId),
  );
  return result(ctx.services.db, travelId);
}
