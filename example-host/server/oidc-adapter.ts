/**
 * A storage adapter for oidc-provider over the server's database (table `oidc_payloads`), so the
 * identity provider's sessions, grants and refresh tokens survive restarts and can be shared by
 * several servers behind a load balancer.
 */
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { JsonObject } from '../../src/api/types';
import type { Db } from './db/index';
import { oidcPayloads } from './db/schema';

const PURGE_EVERY_MS = 10 * 60 * 1000;

/** Creates adapters (one per oidc-provider model name) sharing one database. */
export function createDbAdapterFactory(db: Db): (model: string) => Adapter {
  let lastPurge = 0;
  const purgeExpired = async () => {
    const now = Date.now();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date(now)));
  };

  return (model: string): Adapter => {
    const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));
    const findWhere = async (condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> => {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, model), condition, notExpired()))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          model,
          id,
          payload: payload as unknown as JsonObject,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oidcPayloads)
          .values(values)
          .onConflictDoUpdate({
            target: [oidcPayloads.model, oidcPayloads.id],
            set: {
              payload: values.payload,
              grantId: values.grantId,
              userCode: values.userCode,
              uid: values.uid,
              expiresAt: values.expiresAt,
            },
          });
        await purgeExpired();
      },
      find: (id) => findWhere(eq(oidcPayloads.id, id)),
      findByUid: (uid) => findWhere(eq(oidcPayloads.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(oidcPayloads.userCode, userCode)),
      async consume(id) {
        await db
          .update(oidcPayloads)
          .set({ consumedAt: new Date() })
          .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
      },
      async revokeByGrantId(grantId) {
        await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
      },
    };
  };
}
