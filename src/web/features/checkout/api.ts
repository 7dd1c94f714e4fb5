import type { Link } from '../../../contract/link';
import type { Rel, RelInput, RelOutput } from '../../../contract/rels';
import type { Travel } from '../../../contract/travel';
import { apiCode } from '../../../contract/api-codes';
import { follow } from '../../lib/follow';
import { ApiError, errorText } from '../../lib/http';
import { toast } from '../../lib/toast';
import { CHECKOUT_TEXTS } from './messages';

/**
 * Follows a link that changes the travel: `If-Match` carries the version the user looked at (a
 * stale one is refused with 105 and nothing changes) and `Idempotency-Key` makes a retry safe.
 * Silent: the step shows the failure itself (`reportStepFailure`), next to the fields when it can.
 */
export function change<R extends Rel>(rel: R, link: Link, travel: Pick<Travel, 'version'>, input: RelInput<R>, idempotencyKey: string): Promise<RelOutput<R>> {
  return follow(rel, link, input, { silent: true, headers: { 'If-Match': String(travel.version), 'Idempotency-Key': idempotencyKey } });
}

/**
 * What the user sees when saving a step fails: a version conflict reloads the travel and says
 * so; field errors are returned for the form to show next to its fields; anything else is a toast.
 */
export function reportStepFailure(error: unknown, reloadTravel: () => void): Record<string, string> | null {
  if (error instanceof ApiError && error.api_code === apiCode.VERSION_CONFLICT) {
    toast.warning(CHECKOUT_TEXTS.VERSION_CHANGED);
    reloadTravel();
    return null;
  }
  if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) return error.fields;
  toast.error(errorText(error));
  return null;
}
