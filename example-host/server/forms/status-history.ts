/**
 * The status history of form instances on the server (src/service/status-history.ts): `form_instance_status_changes`
 * (migration 0024), one row per change, read oldest first with the name of the user who made it.
 */
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FormsStore, StatusChangeRecord } from '../../../src/service/forms-ports';
import type { Db } from '../db/index';
import { applicationUsers, formInstanceStatusChanges } from '../db/schema';

/** The status history part of the server's forms store over `db` (a transaction or the pool). */
export function drizzleStatusHistory(db: Db): Pick<FormsStore, 'recordStatusChange' | 'statusHistory'> {
  return {
    async recordStatusChange(change) {
      await db.insert(formInstanceStatusChanges).values({ id: crypto.randomUUID(), ...change });
    },
    async statusHistory(formInstanceId) {
      const { id, ...change } = getTableColumns(formInstanceStatusChanges);
      const rows = await db
        .select({ ...change, changedByName: applicationUsers.name })
        .from(formInstanceStatusChanges)
        .leftJoin(applicationUsers, eq(applicationUsers.id, formInstanceStatusChanges.changedBy))
        .where(eq(formInstanceStatusChanges.formInstanceId, formInstanceId))
        .orderBy(asc(formInstanceStatusChanges.changedDateTime), asc(sql`${id}`));
      return rows as (StatusChangeRecord & { changedByName: string | null })[];
    },
  };
}
