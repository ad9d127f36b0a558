/**
 * The status history of a form instance: every write that creates an instance or changes its status records who made
 * the change, when, from which status and to which, in the same transaction (a refused write records nothing); the
 * instance page reads it through `GET /api/Forms/StatusHistory`. React-, HTTP- and storage-free: the backends keep the
 * records (the server in `form_instance_status_changes`, the fake in its db).
 */
import type { FormInstanceStatus } from '../contract/enums';
import type { FormInstanceStatusChange } from '../contract/types';
import { rowNotFound } from '../domain/forms';
import type { FormsStore } from './forms-ports';

/**
 * Records a status change of `formInstanceId` when there is one: `from` null for a new instance, `to` undefined (a
 * write that left the status alone) or equal to `from` records nothing.
 */
export async function recordStatus(
  store: Pick<FormsStore, 'recordStatusChange'>,
  formInstanceId: string,
  from: FormInstanceStatus | null,
  to: FormInstanceStatus | undefined,
  changedBy: string | null,
  changedDateTime: Date,
): Promise<void> {
  if (to === undefined || to === from) return;
  await store.recordStatusChange({ formInstanceId, fromStatus: from, toStatus: to, changedBy, changedDateTime });
}

/** The status history of the instance `id`, oldest first; 404 when there is no such instance (deleted ones have one). */
export async function instanceStatusHistory(store: Pick<FormsStore, 'find' | 'statusHistory'>, id: string): Promise<FormInstanceStatusChange[]> {
  if (!(await store.find('forminstance', id))) throw rowNotFound('form instance', id);
  return (await store.statusHistory(id)).map(({ changedDateTime, changedBy, changedByName, fromStatus, toStatus }) => ({
    changedDateTime,
    changedBy: changedBy === null ? null : { id: changedBy, name: changedByName ?? '' },
    fromStatus,
    toStatus,
  }));
}
