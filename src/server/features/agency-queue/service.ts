import {
  AGENCY_QUEUE_DEFAULT_LIMIT,
  AGENCY_QUEUE_HORIZON_HOURS,
  type AgencyQueue,
  type ExpiringOption,
  type FailedBooking,
  type PendingCancellation,
  type QueueProduct,
} from '@contract/agency-queue';
import type { AgencyTask } from '@contract/cancellation';
import { linkTo, type RelBody } from '@contract/rels';
import { lockTask, tasksOf, updateTask } from '@server/db/agency-tasks';
import { presentTask } from '@server/domain/agency-tasks';
import { isAgencyStaff } from '@contract/permissions';
import { labelOf, spanOf, travelersOf } from '@server/domain/product';
import { ApiError, fail } from '@server/platform/errors';
import { apiCode } from '@contract/api-codes';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import * as repo from './repository';

/**
 * The agency work queue (contract/agency-queue.ts): `GET /agency/queue` reads, for the
 * caller's agency only, its open offline cancellations and failed bookings (agency_tasks) and its
 * travellers' options whose deadline is near, each with the links of what its staff may do now. The
 * actions live where their logic is: completeAgencyTask in cancellation, confirmHeldOption and
 * releaseHeldOptions in booking; closing a failed booking (closeAgencyTask) is this feature's own.
 */

const HOUR = 3_600_000;

function presentProduct(p: repo.QueueProductRow): QueueProduct {
  return { id: p.id, type: p.type, name: labelOf(p.data), startsAt: spanOf(p.data).departure, status: p.status, price: p.price };
}

const travelersIn = (products: repo.QueueProductRow[]) => travelersOf(products).map((t) => ({ firstname: t.firstname ?? '', lastname: t.lastname ?? '' }));

/** GET /agency/queue: the three sections, each sorted by urgency and bounded by `limit`, for agency staff only (34 for anyone else). */
export async function queue(ctx: Ctx, limit = AGENCY_QUEUE_DEFAULT_LIMIT): Promise<AgencyQueue> {
  if (!isAgencyStaff(ctx.user.perms)) fail('NO_PERMISSION');
  const { db, clock } = ctx.services;
  const agencyId = ctx.user.agencyId;
  const now = clock.now();
  const [cancellations, failures, options] = await Promise.all([
    repo.openTasks(db, agencyId, 'cancellation', limit),
    repo.openTasks(db, agencyId, 'failed_booking', limit),
    repo.heldUntil(db, agencyId, now, new Date(now.getTime() + AGENCY_QUEUE_HORIZON_HOURS * HOUR), limit),
  ]);
  const [taskProducts, held] = await Promise.all([
    repo.productsById(db, [...new Set([...cancellations.rows, ...failures.rows].flatMap((t) => t.productIds))]),
    repo.heldProducts(
      db,
      options.rows.map((o) => o.travelId),
    ),
  ]);
  const ofTask = (t: repo.QueueTask) => taskProducts.filter((p) => t.productIds.includes(p.id));
  const base = (travelId: string, companyName: string | null, products: repo.QueueProductRow[]) => ({
    travelId,
    travellers: travelersIn(products),
    company: companyName === null ? null : { name: companyName },
    products: products.map(presentProduct),
  });

  const pendingCancellations: PendingCancellation[] = cancellations.rows.map((t) => {
    const products = ofTask(t);
    return {
      ...base(t.travelId, t.companyName, products),
      taskId: t.id,
      requester: t.requester,
      since: t.createdAt.toISOString(),
      // What is still with the agency (completeAgencyTask refunds at most that).
      maxRefund: products.filter((p) => p.status === 'pending_cancel').reduce((sum, p) => sum + p.price, 0),
      links: { completeAgencyTask: linkTo('completeAgencyTask', { taskID: t.id }) },
    };
  });
  const failedBookings: FailedBooking[] = failures.rows.map((t) => ({
    ...base(t.travelId, t.companyName, ofTask(t)),
    taskId: t.id,
    requester: t.requester,
    since: t.createdAt.toISOString(),
    travelStatus: t.travelStatus,
    links: { closeAgencyTask: linkTo('closeAgencyTask', { taskID: t.id }) },
  }));
  const expiringOptions: ExpiringOption[] = options.rows.map((o) => ({
    ...base(
      o.travelId,
      o.companyName,
      held.filter((p) => p.travelId === o.travelId),
    ),
    version: o.version,
    deadline: o.deadline.toISOString(),
    links: {
      confirmHeldOption: linkTo('confirmHeldOption', { travelID: o.travelId }),
      releaseHeldOptions: linkTo('releaseHeldOptions', { travelID: o.travelId }),
    },
  }));

  return {
    horizonHours: AGENCY_QUEUE_HORIZON_HOURS,
    pendingCancellations: { total: cancellations.total, items: pendingCancellations },
    failedBookings: { total: failures.total, items: failedBookings },
    expiringOptions: { total: options.total, items: expiringOptions },
  };
}

/**
 * POST closeAgencyTask: a failed booking followed up — closed with the agent's note, who and when
 * (on the task; the staff audit hook, features/staff-audit, writes it in the travel's history). Staff of the task's agency only (34
 * for anyone else, 404 for another agency's task or an offline cancellation, which is answered
 * through completeAgencyTask); a closed task answers 69 with the task as it is.
 */
export async function close(ctx: Ctx, taskId: string, body: RelBody<'closeAgencyTask'>): Promise<AgencyTask> {
  const { services } = ctx;
  if (!isAgencyStaff(ctx.user.perms)) fail('NO_PERMISSION');
  const answered = async (db: Services['db']) => presentTask((await tasksOf(db, ctx.user.agencyId, { id: taskId }))[0]!);
  await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    const task = await lockTask(tx, ctx.user.agencyId, taskId);
    if (!task || task.kind !== 'failed_booking') return fail('NOT_FOUND');
    if (task.status !== 'open') throw new ApiError(apiCode.TICKET_STATUS_FORBIDS, undefined, undefined, await answered(tx));
    await updateTask(tx, task.id, { status: 'done', outcome: 'closed', reason: body.note, answeredAt: now, answeredBy: ctx.user.id });
    await recordAnswer(tx, () => answered(tx));
  });
  return answered(services.db);
}
