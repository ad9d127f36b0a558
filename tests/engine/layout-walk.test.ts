import { describe, expect, it } from 'vitest';
import type { FormLayout, FormSection } from '../../src/api/types';
import { allFields, layoutSectionEntries, repeatBasePath, sectionDepthOf } from '../../src/engine';

const field = (id: string) => ({ id, path: `/${id}`, widget: 'text' as const, label: id });

const layout: FormLayout = {
  pages: [
    {
      id: 'p1',
      title: 'One',
      sections: [
        {
          id: 'a',
          title: 'A',
          fields: [field('a1')],
          sections: [
            { id: 'a-x', title: 'AX', fields: [field('ax1')], sections: [{ id: 'a-x-y', title: 'AXY', fields: [field('axy1')] }] },
            { id: 'a-z', title: 'AZ', fields: [field('az1')] },
          ],
        },
        {
          id: 'jobs',
          title: 'Jobs',
          repeatable: { path: '/jobs' },
          fields: [field('employer')],
          sections: [{ id: 'jobs-dates', title: 'Dates', fields: [field('from')] }],
        },
      ],
    },
    { id: 'p2', title: 'Two', sections: [{ id: 'b', title: 'B', fields: [field('b1')] }] },
  ],
};

describe('layout walk', () => {
  it('visits sections in document order, depth first, with depth, parent and page', () => {
    const entries = Array.from(layoutSectionEntries(layout));
    expect(entries.map((e) => [e.section.id, e.depth, e.parent?.id ?? null, e.pageIndex])).toEqual([
      ['a', 1, null, 0],
      ['a-x', 2, 'a', 0],
      ['a-x-y', 3, 'a-x', 0],
      ['a-z', 2, 'a', 0],
      ['jobs', 1, null, 0],
      ['jobs-dates', 2, 'jobs', 0],
      ['b', 1, null, 1],
    ]);
    expect(allFields(layout).map((f) => f.id)).toEqual(['a1', 'ax1', 'axy1', 'az1', 'employer', 'from', 'b1']);
    expect(sectionDepthOf(layout)).toBe(3);
  });

  it('gives a section inside a repeatable section the items of that section', () => {
    const entries = Array.from(layoutSectionEntries(layout));
    const dates = entries.find((e) => e.section.id === 'jobs-dates')!;
    expect(dates.repeatOwner?.id).toBe('jobs');
    expect(repeatBasePath(dates)).toBe('/jobs');
    expect(repeatBasePath(entries.find((e) => e.section.id === 'a-x-y')!)).toBe('');
  });

  it('reads a malformed layout as empty where it is malformed, and a deep one without recursion', () => {
    const broken = { pages: [null, { id: 'p', title: 'P', sections: 'no' }, { id: 'q', title: 'Q', sections: [{ id: 's', title: 'S', fields: 3 }] }] } as unknown as FormLayout;
    expect(Array.from(layoutSectionEntries(broken), (e) => e.section.id)).toEqual(['s']);
    expect(allFields(broken)).toEqual([]);
    let deep: FormSection = { id: 'leaf', title: 'leaf', fields: [] };
    for (let i = 0; i < 50_000; i++) deep = { id: `s${i}`, title: '', fields: [], sections: [deep] };
    expect(sectionDepthOf({ pages: [{ id: 'p', title: '', sections: [deep] }] })).toBe(50_001);
  });
});
