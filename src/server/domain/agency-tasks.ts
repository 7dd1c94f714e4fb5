import type { AgencyTask } from '@contract/cancellation';
import { linkTo } from '@contract/rels';

/**
 * An agency task as the API shows it: an open offline cancellation links to its
 * answer (completeAgencyTask), an open failed booking to its closing (closeAgencyTask); a done task
 * links to nothing. Cancellation and the work queue both answer with it.
 */

/** What the presenter reads of a task row with its requester (db/agency-tasks.ts TaskWithRequester). */
export type StoredTask = {
  id: string;
  kind: AgencyTask['kind'];
  status: AgencyTask['status'];
  outcome: AgencyTask['outcome'];
  travelId: string;
  productIds: string[];
  requester: AgencyTask['requester'];
  createdAt: Date;
  answeredAt: Date | null;
  refund: number | null;
  fees: number | null;
  reason: string | null;
};

export function taskLinks(task: Pick<StoredTask, 'id' | 'kind' | 'status'>): AgencyTask['links'] {
  if (task.status !== 'open') return {};
  return task.kind === 'cancellation'
    ? { completeAgencyTask: linkTo('completeAgencyTask', { taskID: task.id }) }
    : { closeAgencyTask: linkTo('closeAgencyTask', { taskID: task.id }) };
}

export function presentTask(task: StoredTask): AgencyTask {
  return {
    id: task.id,
    kind: task.kind,
    status: task.status,
    outcome: task.outcome ?? null,
    travelId: task.travelId,
    productIds: task.productIds,
    requester: task.requester,
    createdAt: task.createdAt.toISOString(),
    answeredAt: task.answeredAt?.toISOString() ?? null,
    refund: task.refund ?? null,
    fees: task.fees ?? null,
    reason: task.reason ?? null,
    links: taskLinks(task),
  };
}
