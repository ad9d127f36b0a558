/**
 * The schema diff between two versions with sections inside sections: fields are matched by where their answers are
 * stored, so a field moved into a nested plain section (same data path) is the same field, and a field inside a
 * section of a repeatable section is keyed under the repeatable section's list.
 */
import { describe, expect, it } from 'vitest';
import type { FormField, FormLayout, FormSection } from '../../src/api/types';
import { diffSchemaFields, fieldsOfLayout } from '../../src/forms-admin/FormManager/schema-diff';

const field = (id: string, path: string, label = id): FormField => ({ id, path, widget: 'text', label });
const page = (sections: FormSection[]): FormLayout => ({ pages: [{ id: 'p', title: 'Page', sections }] });

const flat = page([
  { id: 'a', title: 'Applicant', fields: [field('name', '/name'), field('street', '/street')] },
  { id: 'jobs', title: 'Jobs', repeatable: { path: '/jobs' }, fields: [field('employer', '/employer'), field('from', '/from')] },
]);
const nested = page([
  {
    id: 'a',
    title: 'Applicant',
    fields: [field('name', '/name')],
    sections: [{ id: 'addr', title: 'Address', fields: [field('street', '/street', 'Street and number')] }],
  },
  {
    id: 'jobs',
    title: 'Jobs',
    repeatable: { path: '/jobs' },
    fields: [field('employer', '/employer')],
    sections: [{ id: 'dates', title: 'Dates', fields: [field('from', '/from'), field('to', '/to')] }],
  },
]);

describe('diffSchemaFields with nested sections', () => {
  it('keys nested fields by their data path (under the repeatable list for a section inside one) and names their place', () => {
    expect(fieldsOfLayout(nested).map((f) => [f.key, f.sectionTitle])).toEqual([
      ['/name', 'Applicant'],
      ['/street', 'Applicant / Address'],
      ['/jobs/*/employer', 'Jobs'],
      ['/jobs/*/from', 'Jobs / Dates'],
      ['/jobs/*/to', 'Jobs / Dates'],
    ]);
  });

  it('sees a field moved into a nested section as the same field (changed when its definition changed), not removed and added', () => {
    const diff = diffSchemaFields(flat, nested);
    expect(diff.removed).toEqual([]);
    expect(diff.added.map((f) => f.key)).toEqual(['/jobs/*/to']);
    expect(diff.changed.map((c) => [c.key, c.properties, c.before.sectionTitle, c.after.sectionTitle])).toEqual([
      ['/street', ['label'], 'Applicant', 'Applicant / Address'],
    ]);
    // Back again: the nested field that is gone is removed, by the same key.
    expect(diffSchemaFields(nested, flat).removed.map((f) => f.key)).toEqual(['/jobs/*/to']);
  });
});
