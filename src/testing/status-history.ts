/**
 * The status history of the fake's form instances (src/service/status-history.ts): kept in its db, oldest first, with
 * the name of the user who made each change read from its users.
 */
import { FormInstanceStatus } from '../api/enums';
import type { FormInstance } from '../api/types';
import type { FormsStore } from '../service/forms-ports';
import type { FakeDb, StoredStatusChange } from './db';

/** The status history part of the fake's forms store. */
export function memoryStatusHistory(db: FakeDb): Pick<FormsStore, 'recordStatusChange' | 'statusHistory'> {
  return {
    async recordStatusChange(change) {
      db.instanceStatusChanges.push({ ...change, formInstanceId: change.formInstanceId.toLowerCase() });
    },
    async statusHistory(formInstanceId) {
      const id = formInstanceId.toLowerCase();
      const nameOf = (userId: string | null) => db.applicationUsers.find((u) => u.id === userId)?.name ?? null;
      return db.instanceStatusChanges.filter((c) => c.formInstanceId === id).map((c) => ({ ...c, changedByName: nameOf(c.changedBy) }));
    },
  };
}

/**
 * The seed's status histories: each seeded instance created by `staffId`, filled in and sent by a visitor (In progress,
 * then Submitted), and completed by `staffId`, as far as its status goes; the changes between its creation and its
 * last change.
 */
export function seedStatusChanges(instances: readonly FormInstance[], staffId: string): StoredStatusChange[] {
  return instances.flatMap((instance) => {
    const start = new Date(instance.createdDateTime).getTime();
    const end = Math.max(start, new Date(instance.lastUpdatedDateTime).getTime());
    const all: [FormInstanceStatus, string | null][] = [
      [FormInstanceStatus.InProgress, null],
      [FormInstanceStatus.Submitted, null],
      [FormInstanceStatus.Completed, staffId],
    ];
    const steps = all.filter(([to]) => to <= instance.status);
    const at = (index: number) => new Date(steps.length === 0 ? start : start + ((end - start) * (index + 1)) / steps.length);
    const id = instance.formInstanceId.toLowerCase();
    return [
      { formInstanceId: id, fromStatus: null, toStatus: FormInstanceStatus.Created, changedBy: staffId, changedDateTime: new Date(start) },
      ...steps.map(([to, by], index) => ({ formInstanceId: id, fromStatus: index === 0 ? FormInstanceStatus.Created : steps[index - 1]![0], toStatus: to, changedBy: by, changedDateTime: at(index) })),
    ];
  });
}
