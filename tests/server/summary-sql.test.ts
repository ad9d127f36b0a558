// @vitest-environment node
/**
 * The reference server's summary store (example-host/server/forms/summary.ts) takes two shortcuts at scale: the first
 * pass hands back each choice, list, number and day question's values (up to a limit) so that the choices and the
 * histograms are counted without reading the rows again, and the latest texts of a repeatable section are read from
 * the items of the latest instances first. Each must give the summary the long way gives: here both ways run over the
 * same rows (the limits made small or zero) and must agree, and a few figures are checked against the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../example-host/server/db';
import { runMigrations } from '../../example-host/server/db/migrate';
import { formGroups, formInstances, forms, formSchemas } from '../../example-host/server/db/schema';
import { signedInScope } from '../../example-host/server/forms/odata-routes';
import { sqlSummaryStore, type SummaryStoreLimits } from '../../example-host/server/forms/summary';
import type { ODataDb } from '../../example-host/server/odata';
import type { FormLayout } from '../../src/api/types';
import { parseODataQuery } from '../../src/domain/odata';
import { summarizeInstances } from '../../src/service/routes-summary';

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
    open = await openDatabase({ dataDir: null });
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
