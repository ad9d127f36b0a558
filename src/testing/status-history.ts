/**
 * The status history of the fake's form instances (src/service/status-history.ts): kept in its db, oldest first, with
 * the name of the user who made each change read from its users.
 */
import type { FormInstanceStatusChange } from '../api/types';
import type { FormsStore } from '../service/forms-ports';
import type { FakeDb } from './db';

/** The status history part of the fake's forms store. */
export function memoryStatusHistory(db: FakeDb): Pick<FormsStore, 'recordStatusChange' | 'statusHistory'> {
  return {
    async recordStatusChange(change) {
      db.instanceStatusChanges.push({ ...change, formInstanceId: change.formInstanceId.toLowerCase() });
    },
    async statusHistory(formInstanceId) {
      const id = formInstanceId.toLowerCase();
      return db.instanceStatusChanges
        .filter((c) => c.formInstanceId === id)
        .map((c): FormInstanceStatusChange => {
          const user = c.changedBy === null ? undefined : db.applicationUsers.find((u) => u.id === c.changedBy);
          return {
            changedDateTime: c.changedDateTime,
            changedBy: c.changedBy === null ? null : { id: c.changedBy, name: user?.name ?? '' },
            fromStatus: c.fromStatus,
            toStatus: c.toStatus,
          };
        });
    },
  };
}
