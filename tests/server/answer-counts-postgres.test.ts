// @vitest-environment node
/**
 * The answer counts and sort keys (migrations 0025 and 0026) under concurrent writes on PostgreSQL, as two servers
 * behind a load balancer write one database: two connection pools create, save, soft-delete, restore and delete
 * instances of the same forms at once (single statements and transactions of several), and afterwards the tables
 * equal a recount of the rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../example-host/server/db';
import { runMigrations } from '../../example-host/server/db/migrate';
import { formGroups, formInstances, forms, formSchemas } from '../../example-host/server/db/schema';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

const id = (kind: number, n: number) => `0000000${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const FORMS = [id(2, 1), id(2, 2)];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let pg: TemporaryPostgres;
let one: OpenDatabase;
let two: OpenDatabase;

beforeAll(async () => {
  pg = await startTemporaryPostgres();
  one = await openDatabase({ databaseUrl: pg.url });
  two = await openDatabase({ databaseUrl: pg.url });
  // Both "servers" migrate at start, as they do (the advisory lock lets one apply the steps).
  await Promise.all([runMigrations(one.db), runMigrations(two.db)]);
  await one.db.insert(formGroups).values([{ formGroupId: id(1, 1), name: 'G' }]);
  await one.db.insert(forms).values(FORMS.map((formId, k) => ({ formId, name: `F${k}`, formGroupId: id(1, 1), currentFormSchemaId: id(3, k) })));
  await one.db.insert(formSchemas).values(FORMS.map((formId, k) => ({ formSchemaId: id(3, k), formId, name: `F${k} v1`, version: 1, jsonSchema: {}, layout: { pages: [] } })));
}, 120_000);

afterAll(async () => {
  await one?.close();
  await two?.close();
  await pg?.stop();
});

/** Rows of the kept table that a recount of the rows does not give, and the other way round. */
async function drift(): Promise<{ counts: number; keys: number; paths: number }> {
  const [row] = rowsOf<{ counts: number; keys: number; paths: number }>(
    await one.db.execute(sql`with
      kept as (select form_id, items, path, kind, key, total from form_answer_counts where total <> 0),
      fresh as (select i.form_id, f.items, f.path, f.kind, f.key, count(*)::bigint as total from form_instances i cross join lateral form_answer_facts(i.data, i.form_schema_id) f where not i.is_deleted group by 1, 2, 3, 4, 5),
      keys as (select form_id, form_instance_id, path, key from form_answer_sort_keys),
      fresh_keys as (select i.form_id, i.form_instance_id, f.path, f.key from form_instances i cross join lateral form_answer_sort_facts(i.data) f),
      paths as (select form_id, path, total from form_answer_sort_paths where total <> 0),
      fresh_paths as (select form_id, '' as path, count(*)::bigint as total from form_instances group by 1 union all select form_id, path, count(*)::bigint from fresh_keys group by 1, 2)
      select
        (select count(*) from ((select * from kept except all select * from fresh) union all (select * from fresh except all select * from kept)) d)::int as counts,
        (select count(*) from ((select * from keys except all select * from fresh_keys) union all (select * from fresh_keys except all select * from keys)) d)::int as keys,
        (select count(*) from ((select * from paths except all select * from fresh_paths) union all (select * from fresh_paths except all select * from paths)) d)::int as paths`),
  );
  return row as { counts: number; keys: number; paths: number };
}

describe('answer counts and sort keys under concurrent writes of two servers on PostgreSQL', () => {
  it('equal a recount of the rows after concurrent creates, saves, soft deletes, restores and deletes', async () => {
    const answers = (n: number, round: number) => ({ name: `P${n % 7}`, amount: (n * round) % 13, tags: [`t${n % 3}`, `t${round % 2}`], items: [{ q: n % 4 }, { q: round }] });
    const worker = async (db: OpenDatabase['db'], w: number) => {
      for (let round = 0; round < 12; round++) {
        const n = w * 1000 + round;
        const form = FORMS[(w + round) % 2] as string;
        const schema = id(3, (w + round) % 2);
        // A transaction of several writes: create, save, and (every third round) soft delete or delete.
        await db.transaction(async (tx) => {
          await tx.insert(formInstances).values({ formInstanceId: id(4, n), formSchemaId: schema, formId: form, data: answers(n, round) as never });
          await tx.update(formInstances).set({ data: answers(n, round + 1) as never }).where(sql`${formInstances.formInstanceId} = ${id(4, n)}`);
          if (round % 3 === 2) await tx.update(formInstances).set({ isDeleted: true }).where(sql`${formInstances.formInstanceId} = ${id(4, n - 1)}`);
        });
        // Single statements: a save, a status change, a restore, a delete.
        await db.update(formInstances).set({ data: answers(n, round + 2) as never }).where(sql`${formInstances.formInstanceId} = ${id(4, n)}`);
        await db.update(formInstances).set({ status: 2 }).where(sql`${formInstances.formInstanceId} = ${id(4, n)}`);
        if (round % 4 === 3) await db.update(formInstances).set({ isDeleted: false }).where(sql`${formInstances.formInstanceId} = ${id(4, n - 1)}`);
        if (round % 5 === 4) await db.delete(formInstances).where(sql`${formInstances.formInstanceId} = ${id(4, n - 2)}`);
      }
    };
    // Eight writers, four on each pool, all at once.
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w % 2 ? two.db : one.db, w)));
    expect(await drift()).toEqual({ counts: 0, keys: 0, paths: 0 });
    const [live] = rowsOf<{ n: number }>(await one.db.execute(sql`select count(*)::int as n from form_instances where not is_deleted`));
    const [counted] = rowsOf<{ n: number }>(await one.db.execute(sql`select sum(total)::int as n from form_answer_counts where items = '' and path = '' and kind = 0`));
    expect(counted?.n).toBe(live?.n);
    expect(live?.n).toBeGreaterThan(50);
  }, 180_000);
});
