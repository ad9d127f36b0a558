// @vitest-environment node
/**
 * A page of one form sorted by an answer reads the answer sort keys (migration 0026, example-host/server/odata/
 * answer-sort.ts) when every instance of the form has a key at that path: it must give the rows and order the plain
 * ORDER BY gives (jsonb's order, then the id), in both directions, paged, with other filters, after saves, soft
 * deletes, restores, hard deletes and a form change; and a form where some instance lacks the answer keeps the plain
 * ORDER BY.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../example-host/server/db';
import { runMigrations } from '../../example-host/server/db/migrate';
import { formGroups, formInstances, forms, formSchemas } from '../../example-host/server/db/schema';
import { FORMS_SQL_MODEL, ODataSqlCompiler, runODataQuery, type ODataDb } from '../../example-host/server/odata';
import { answerSortOf } from '../../example-host/server/odata/answer-sort';
import { bindQuery, parseODataQuery } from '../../src/domain/odata';
import { pgliteTemplate } from './helpers';

const id = (kind: number, n: number) => `0000000${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const FORM = id(2, 1);
const OTHER = id(2, 2);
/** Names that sort differently by code point and by a language's collation, ties, numbers, booleans, null. */
const NAMES: unknown[] = ['Zoë', 'zoe', 'Émile', 'emile', 'Anna', 'anna', 'Bob', 'bob', 'Ärger', 'Oskar', '', ' ', 42, 7.5, true, false, null, 'Anna'];

let seed = 11;
const random = (below: number) => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return (seed >>> 8) % below;
};
const answers = () => ({ person: { last: NAMES[random(NAMES.length)] }, amount: random(50) - 10, ...(random(5) ? { optional: 'x' } : {}) });

describe('a page of one form sorted by an answer, from the sort keys', () => {
  let open: OpenDatabase;
  let db: ODataDb;

  beforeAll(async () => {
    open = await openDatabase({ dataDir: null, memoryTemplate: await pgliteTemplate() });
    await runMigrations(open.db);
    db = open.db as unknown as ODataDb;
    await open.db.insert(formGroups).values([{ formGroupId: id(1, 1), name: 'G' }]);
    await open.db.insert(forms).values([
      { formId: FORM, name: 'F', formGroupId: id(1, 1), currentFormSchemaId: id(3, 1) },
      { formId: OTHER, name: 'O', formGroupId: id(1, 1), currentFormSchemaId: id(3, 2) },
    ]);
    await open.db.insert(formSchemas).values([
      { formSchemaId: id(3, 1), formId: FORM, name: 'F v1', version: 1, jsonSchema: {}, layout: { pages: [] } },
      { formSchemaId: id(3, 2), formId: OTHER, name: 'O v1', version: 1, jsonSchema: {}, layout: { pages: [] } },
    ]);
    const at = new Date('2026-03-01T10:00:00Z');
    await open.db.insert(formInstances).values(
      Array.from({ length: 90 }, (_, n) => ({
        formInstanceId: id(4, n),
        formSchemaId: n % 9 === 0 ? id(3, 2) : id(3, 1),
        formId: n % 9 === 0 ? OTHER : FORM,
        data: answers() as never,
        status: n % 3,
        isDeleted: n % 11 === 0,
        createdDateTime: at,
        lastUpdatedDateTime: at,
      })),
    );
  }, 60_000);

  afterAll(async () => {
    await open.close();
  });

  const QUERIES: Record<string, string>[] = [
    { $filter: `formId eq ${FORM}`, $orderby: 'data/person/last asc', $top: '20' },
    { $filter: `formId eq ${FORM}`, $orderby: 'data/person/last desc', $top: '20', $skip: '20', $count: 'true' },
    { $filter: `isDeleted eq false and formId eq ${FORM} and status in (1, 2)`, $orderby: 'data/person/last desc', $top: '100' },
    { $filter: `formId eq ${FORM} and isDeleted eq true`, $orderby: 'data/amount asc', $top: '100' },
    { $filter: `formId eq ${FORM}`, $orderby: 'data/amount desc', $top: '7', $skip: '3' },
  ];
  const read = (query: Record<string, string>) => runODataQuery(db, FORMS_SQL_MODEL, 'FormInstance', parseODataQuery({ ...query, $select: 'formInstanceId,data' }));
  const keyed = async (query: Record<string, string>) => {
    const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL, undefined);
    return (await answerSortOf(db, compiler.ref('FormInstance'), bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', parseODataQuery(query)))) !== null;
  };
  /** Each query read through the keys, and the plain way (the form's count of instances made to disagree). */
  const bothWays = async () => {
    for (const query of QUERIES) expect(await keyed(query)).toBe(true);
    const throughKeys = await Promise.all(QUERIES.map(read));
    await open.db.execute(sql`update form_answer_sort_paths set total = total + 1 where form_id = ${FORM} and path = ''`);
    for (const query of QUERIES) expect(await keyed(query)).toBe(false);
    const plain = await Promise.all(QUERIES.map(read));
    await open.db.execute(sql`update form_answer_sort_paths set total = total - 1 where form_id = ${FORM} and path = ''`);
    expect(throughKeys).toEqual(plain);
    expect(throughKeys[0]?.value.length).toBe(20);
    return throughKeys;
  };

  it('gives the plain order in both directions, paged and filtered, after saves, soft deletes, restores, hard deletes and a move', async () => {
    await bothWays();
    for (let round = 0; round < 4; round++) {
      for (let k = 0; k < 6; k++) {
        const row = eq(formInstances.formInstanceId, id(4, random(90)));
        const change = random(5);
        if (change === 0) await open.db.update(formInstances).set({ data: answers() as never }).where(row);
        else if (change === 1) await open.db.update(formInstances).set({ isDeleted: sql`not ${formInstances.isDeleted}` }).where(row);
        else if (change === 2) await open.db.update(formInstances).set({ status: random(3) }).where(row);
        else if (change === 3) await open.db.update(formInstances).set({ formId: random(2) ? FORM : OTHER }).where(row);
        else await open.db.delete(formInstances).where(row);
      }
      await bothWays();
    }
  }, 120_000);

  it('is what answers: a key changed by hand shows', async () => {
    const [before] = await bothWays();
    const first = before?.value[0]?.formInstanceId as string;
    await open.db.execute(sql`update form_answer_sort_keys set key = '"~~~"'::jsonb where form_instance_id = ${first}::uuid and path = '/person/last'`);
    const after = await read(QUERIES[0] as Record<string, string>);
    expect(after.value[0]?.formInstanceId).not.toBe(first);
  });

  it('keeps the plain ORDER BY where an instance has no key at the path, for a second sort item, or without a form', async () => {
    expect(await keyed({ $filter: `formId eq ${FORM}`, $orderby: 'data/optional asc' })).toBe(false);
    expect(await keyed({ $filter: `formId eq ${FORM}`, $orderby: 'data/person/last asc,status desc' })).toBe(false);
    expect(await keyed({ $filter: 'isDeleted eq false', $orderby: 'data/person/last asc' })).toBe(false);
    expect(await keyed({ $filter: `formId eq ${FORM} or status eq 1`, $orderby: 'data/person/last asc' })).toBe(false);
    expect(await keyed({ $filter: `formId eq ${FORM}`, $orderby: 'lastUpdatedDateTime desc' })).toBe(false);
  });
});
