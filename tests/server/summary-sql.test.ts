// @vitest-environment node
/**
 * The reference server's summary store (example-host/server/forms/summary.ts) takes two shortcuts at scale: the first
 * pass hands back each choice, list, number and day question's values (up to a limit) so that the choices and the
 * histograms are counted without reading the rows again, and the latest texts of a repeatable section are read from
 * the items of the latest instances first. Each must give the summary the long way gives: here both ways run over the
 * same rows (the limits made small or zero) and must agree, and a few figures are checked against the rows.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../example-host/server/db';
import { runMigrations } from '../../example-host/server/db/migrate';
import { formGroups, formInstances, forms, formSchemas } from '../../example-host/server/db/schema';
import { signedInScope } from '../../example-host/server/forms/odata-routes';
import { sqlSummaryStore, wholeFormOf, type SummaryStoreLimits } from '../../example-host/server/forms/summary';
import type { ODataDb } from '../../example-host/server/odata';
import type { FormLayout } from '../../src/api/types';
import { parseODataQuery } from '../../src/domain/odata';
import { summarizeInstances } from '../../src/service/routes-summary';
import { pgliteTemplate } from './helpers';

const id = (kind: number, n: number) => `0000000${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const INSTANCES = 150;

const layout: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'P',
      sections: [
        {
          id: 's',
          title: 'S',
          fields: [
            { id: 'name', path: '/name', widget: 'text', label: 'Name' },
            { id: 'color', path: '/color', widget: 'select', label: 'Colour', options: [{ value: 'r', label: 'Red' }, { value: 'b', label: 'Blue' }] },
            { id: 'pets', path: '/pets', widget: 'multiselect', label: 'Pets', options: [{ value: 'cat', label: 'Cat' }, { value: 'dog', label: 'Dog' }] },
            { id: 'amount', path: '/amount', widget: 'number', label: 'Amount' },
            { id: 'share', path: '/share', widget: 'number', label: 'Share' },
            { id: 'count', path: '/count', widget: 'integer', label: 'Count' },
            { id: 'day', path: '/day', widget: 'date', label: 'Day' },
            { id: 'ok', path: '/ok', widget: 'checkbox', label: 'OK' },
          ],
        },
        {
          id: 'items',
          title: 'Items',
          repeatable: { path: '/items' },
          fields: [
            { id: 'item', path: '/item', widget: 'text', label: 'Item' },
            { id: 'qty', path: '/qty', widget: 'integer', label: 'Quantity' },
          ],
        },
      ],
    },
  ],
};

/** Instance n's answers: some missing, blank, of another type, decimals, whole numbers, days, 0–2 items. */
function answers(n: number): Record<string, unknown> {
  return {
    name: n % 7 === 0 ? '  \t' : `Person ${n}`,
    color: n % 5 === 0 ? 'g' : n % 2 ? 'r' : 'b',
    pets: n % 3 === 0 ? ['cat', 'dog'] : n % 3 === 1 ? ['dog', 'dog'] : [],
    amount: n % 11 === 0 ? 'many' : n * 1.25 - 40,
    // Tenths: bins 0.1 wide from 0, most of whose edges floating point divides a hair short ((0.3 - 0) / 0.1 < 3).
    share: (n % 10) / 10,
    count: n % 9,
    day: n % 13 === 0 ? '2026-02-30' : `2026-0${1 + (n % 9)}-1${n % 10}`,
    ok: n % 4 !== 0,
    items: Array.from({ length: n % 3 === 0 ? 0 : (n % 2) + 1 }, (_, k) => ({ item: k ? ` item ${n}.${k}` : `first of ${n}`, qty: (n + k) % 4 })),
  };
}

describe('the summary store on the server: its shortcuts give what the long way gives', () => {
  let open: OpenDatabase;
  let db: ODataDb;

  beforeAll(async () => {
    open = await openDatabase({ dataDir: null, memoryTemplate: await pgliteTemplate() });
    await runMigrations(open.db);
    const at = new Date('2026-03-01T10:00:00Z');
    await open.db.insert(formGroups).values([{ formGroupId: id(1, 1), name: 'G' }]);
    await open.db.insert(forms).values([{ formId: id(2, 1), name: 'F', formGroupId: id(1, 1), currentFormSchemaId: id(3, 1) }]);
    await open.db.insert(formSchemas).values([{ formSchemaId: id(3, 1), formId: id(2, 1), name: 'F v1', version: 1, jsonSchema: {}, layout }]);
    await open.db.insert(formInstances).values(
      Array.from({ length: INSTANCES }, (_, n) => ({
        formInstanceId: id(4, n),
        formSchemaId: id(3, 1),
        formId: id(2, 1),
        data: answers(n) as never,
        status: 1,
        isDeleted: n % 17 === 0,
        createdDateTime: at,
        // Ties in the last change (three instances a minute): the id orders them.
        lastUpdatedDateTime: new Date(at.getTime() + Math.floor(n / 3) * 60_000),
      })),
    );
    db = open.db as unknown as ODataDb;
  }, 60_000);

  afterAll(async () => {
    await open.close();
  });

  const summary = (limits: SummaryStoreLimits, filter = 'isDeleted eq false') => summarizeInstances(sqlSummaryStore(db, signedInScope(new Set()), limits), parseODataQuery({ $filter: filter }));

  it('counts and bins the values the first pass handed back as a pass of their own does', async () => {
    const shortcut = await summary({});
    expect(await summary({ valuesKept: 0 })).toEqual(shortcut);
    // Some questions within the limit, others over it.
    expect(await summary({ valuesKept: 3 })).toEqual(shortcut);
    const live = Array.from({ length: INSTANCES }, (_, n) => n).filter((n) => n % 17 !== 0);
    expect(shortcut.instances).toBe(live.length);
    const byPath = new Map(shortcut.questions.map((q) => [`${q.section?.path ?? ''}${q.path}`, q]));
    const amount = byPath.get('/amount');
    expect(amount?.kind === 'number' && amount.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(live.filter((n) => n % 11 !== 0).length);
    // Each tenth in the bin it opens, on the first pass's values and in SQL alike.
    const share = byPath.get('/share');
    expect(share?.kind === 'number' && share.bins.map((bin) => [bin.from, bin.to, bin.count])).toEqual(
      Array.from({ length: 10 }, (_, k) => [k / 10, k === 9 ? 0.9 : (k + 1) / 10, live.filter((n) => n % 10 === k).length]),
    );
    const color = byPath.get('/color');
    expect(color?.kind === 'choice' && color.counts.map((c) => [c.value, c.count])).toEqual([
      ['r', live.filter((n) => n % 5 !== 0 && n % 2 === 1).length],
      ['b', live.filter((n) => n % 5 !== 0 && n % 2 === 0).length],
      ['g', live.filter((n) => n % 5 === 0).length],
    ]);
    // A list's value is counted once per instance that holds it.
    const pets = byPath.get('/pets');
    expect(pets?.kind === 'choices' && pets.counts.map((c) => [c.value, c.count])).toEqual([
      ['cat', live.filter((n) => n % 3 === 0).length],
      ['dog', live.filter((n) => n % 3 !== 2).length],
    ]);
    const day = byPath.get('/day');
    expect(day?.kind === 'date' && day.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(live.filter((n) => n % 13 !== 0).length);
    const qty = byPath.get('/items/qty');
    expect(qty?.kind === 'number' && qty.bins.map((bin) => bin.count).reduce((a, b) => a + b, 0)).toBe(qty?.answered);
  });

  it("reads a repeatable section's latest texts from the latest instances' items as from every item", async () => {
    // 120 latest instances hold more than the 100 latest rows the texts pass reads; 1 instance holds fewer (the long way).
    const shortcut = await summary({ latestInstances: 120 });
    expect(await summary({ latestInstances: 1 })).toEqual(shortcut);
    expect(await summary({})).toEqual(shortcut);
    const item = shortcut.questions.find((q) => q.section && q.path === '/item');
    const expected = Array.from({ length: INSTANCES }, (_, n) => n)
      .filter((n) => n % 17 !== 0)
      .sort((a, b) => Math.floor(b / 3) - Math.floor(a / 3) || b - a)
      .flatMap((n) => (answers(n).items as { item: string }[]).map((entry) => entry.item))
      .slice(0, 5);
    expect(item?.kind === 'text' && item.latest.map((entry) => entry.text)).toEqual(expected);
    // Within a filter too.
    expect(await summary({ latestInstances: 1 }, 'isDeleted eq false and status eq 1')).toEqual(await summary({ latestInstances: 120 }, 'isDeleted eq false and status eq 1'));
  });
});

describe("the summary of a whole form from its answer counts (kept by the writes) gives what the rows give", () => {
  let open: OpenDatabase;
  let db: ODataDb;
  const FORM = id(2, 7);
  const OTHER = id(2, 8);
  /** A second schema of the form: another layout version, with a question of its own. */
  const layout2: FormLayout = {
    pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'extra', path: '/extra~1x', widget: 'select', label: 'Extra' }] }] }],
  };
  /** Deterministic pseudo-random numbers (the same run every time). */
  let seed = 7;
  const random = (below: number) => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return (seed >>> 8) % below;
  };
  const data = (n: number) => ({ ...answers(n), 'extra/x': random(4) === 0 ? 'x'.repeat(600) + String(random(2)) : random(3) });

  beforeAll(async () => {
    open = await openDatabase({ dataDir: null, memoryTemplate: await pgliteTemplate() });
    await runMigrations(open.db);
    db = open.db as unknown as ODataDb;
    await open.db.insert(formGroups).values([{ formGroupId: id(1, 7), name: 'G' }]);
    await open.db.insert(forms).values([
      { formId: FORM, name: 'F', formGroupId: id(1, 7), currentFormSchemaId: id(3, 7) },
      { formId: OTHER, name: 'O', formGroupId: id(1, 7), currentFormSchemaId: id(3, 9) },
    ]);
    await open.db.insert(formSchemas).values([
      { formSchemaId: id(3, 7), formId: FORM, name: 'F v1', version: 1, jsonSchema: {}, layout },
      { formSchemaId: id(3, 8), formId: FORM, name: 'F v2', version: 2, jsonSchema: {}, layout: layout2 },
      { formSchemaId: id(3, 9), formId: OTHER, name: 'O v1', version: 1, jsonSchema: {}, layout },
    ]);
  }, 60_000);

  afterAll(async () => {
    await open.close();
  });

  const summaryOf = (counts: boolean, filter: string) => summarizeInstances(sqlSummaryStore(db, signedInScope(new Set()), { counts }), parseODataQuery({ $filter: filter }));
  const live = async () => Number(((await open.db.execute(sql`select count(*)::int as n from form_instances where form_id = ${FORM} and not is_deleted`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
  /** The counts table against the counts of the rows stored now (what the migration writes for rows stored before it). */
  const drift = async () =>
    (
      (await open.db.execute(sql`with kept as (select form_id, items, path, kind, key, total from form_answer_counts where total <> 0),
        fresh as (select i.form_id, f.items, f.path, f.kind, f.key, count(*)::bigint as total from form_instances i cross join lateral form_answer_facts(i.data, i.form_schema_id) f where not i.is_deleted group by 1, 2, 3, 4, 5)
        select count(*)::int as n from ((select * from kept except all select * from fresh) union all (select * from fresh except all select * from kept)) d`)) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;

  it('after random creates, saves, soft deletes, restores, hard deletes and schema changes, in batches and one by one', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    let next = 0;
    const stored: number[] = [];
    const create = async (count: number, form = FORM) => {
      const rows = Array.from({ length: count }, () => next++);
      await open.db.insert(formInstances).values(
        rows.map((n) => ({
          formInstanceId: id(5, n),
          formSchemaId: form === FORM ? id(3, 7 + random(2)) : id(3, 9),
          formId: form,
          data: data(n) as never,
          status: 1,
          createdDateTime: at,
          lastUpdatedDateTime: new Date(at.getTime() + n * 60_000),
        })),
      );
      if (form === FORM) stored.push(...rows);
    };
    const some = () => stored[random(stored.length)] as number;
    await create(60);
    await create(20, OTHER);
    for (let round = 0; round < 6; round++) {
      await create(1 + random(5));
      for (let k = 0; k < 8; k++) {
        const n = some();
        const change = random(6);
        const row = eq(formInstances.formInstanceId, id(5, n));
        if (change === 0) await open.db.update(formInstances).set({ data: data(n + 1000 * (round + 1)) as never, lastUpdatedDateTime: new Date(at.getTime() + (n + round) * 60_000) }).where(row);
        else if (change === 1) await open.db.update(formInstances).set({ isDeleted: true }).where(row);
        else if (change === 2) await open.db.update(formInstances).set({ isDeleted: false }).where(row);
        else if (change === 3) await open.db.update(formInstances).set({ status: 2 + random(3) }).where(row);
        else if (change === 4) await open.db.update(formInstances).set({ formSchemaId: id(3, 7 + random(2)) }).where(row);
        else {
          await open.db.delete(formInstances).where(row);
          stored.splice(stored.indexOf(n), 1);
        }
      }
      // A statement over many rows: a soft delete and a save of several at once.
      await open.db.update(formInstances).set({ isDeleted: sql`not ${formInstances.isDeleted}` }).where(sql`${formInstances.formInstanceId} in (${id(5, some())}, ${id(5, some())})`);
      expect(await drift()).toBe(0);
      for (const filter of [`formId eq ${FORM} and isDeleted eq false`, `formId eq ${FORM}`]) {
        const counted = await summaryOf(true, filter);
        expect(counted).toEqual(await summaryOf(false, filter));
        expect(counted.instances).toBe(await live());
      }
    }
    const whole = await summaryOf(true, `formId eq ${FORM}`);
    // Both schemas' questions, the long text values counted apart from each other.
    const extra = whole.questions.find((q) => q.path === '/extra~1x');
    expect(extra?.kind === 'choice' && extra.counts.reduce((sum, c) => sum + c.count, 0)).toBe(extra?.answered);
    expect(whole.questions.some((q) => q.section?.path === '/items')).toBe(true);
    // The counts are what answers: one changed by hand shows.
    await open.db.execute(sql`update form_answer_counts set total = total + 1 where form_id = ${FORM} and items = '' and path = '' and kind = 0`);
    expect((await summaryOf(true, `formId eq ${FORM}`)).instances).toBe((await live()) + 1);
    await open.db.execute(sql`update form_answer_counts set total = total - 1 where form_id = ${FORM} and items = '' and path = '' and kind = 0`);
    // Hard deletes of a whole form (its instances with it) leave no counts behind.
    await open.db.delete(forms).where(eq(forms.formId, OTHER));
    expect(await drift()).toBe(0);
    expect((await summaryOf(true, `formId eq ${OTHER}`)).instances).toBe(0);
  }, 120_000);

  it('serves only a whole form: other filters and a search take the rows', () => {
    expect(wholeFormOf(parseODataQuery({ $filter: `formId eq ${FORM}` }))).toBe(FORM);
    expect(wholeFormOf(parseODataQuery({ $filter: `isDeleted eq false and formId eq ${FORM}` }))).toBe(FORM);
    expect(wholeFormOf(parseODataQuery({ $filter: `formId eq ${FORM} and isDeleted eq true` }))).toBe(null);
    expect(wholeFormOf(parseODataQuery({ $filter: `formId eq ${FORM} and status eq 1` }))).toBe(null);
    expect(wholeFormOf(parseODataQuery({ $filter: `formId eq ${FORM}`, $search: 'x' }))).toBe(null);
    expect(wholeFormOf(parseODataQuery({ $filter: `formId eq ${FORM} or formId eq ${OTHER}` }))).toBe(null);
    expect(wholeFormOf(parseODataQuery({ $filter: 'isDeleted eq false' }))).toBe(null);
  });
});
