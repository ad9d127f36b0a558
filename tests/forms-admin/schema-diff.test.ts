import { describe, expect, it } from 'vitest';
import type { FormField, FormLayout } from '../../src/api/types';
import { publicFormUrl } from '../../src/domain/forms/access';
import { diffSchemaFields, fieldsOfLayout } from '../../src/forms-admin/FormManager/schema-diff';

const field = (id: string, path: string, label: string, extra: Partial<FormField> = {}): FormField => ({ id, path, widget: 'text', label, ...extra });
const layout = (fields: FormField[], items: FormField[] = []): FormLayout => ({
  pages: [
    {
      id: 'p',
      title: 'Page',
      sections: [
        { id: 's', title: 'Main', fields },
        { id: 'r', title: 'Items', repeatable: { path: '/items' }, fields: items },
      ],
    },
  ],
});

describe('diffSchemaFields', () => {
  it('finds the fields added, removed and changed, matched by data path (a repeatable section prefixes its path)', () => {
    const before = layout([field('a', '/name', 'Name'), field('b', '/email', 'Email')], [field('i', '/amount', 'Amount')]);
    const after = layout(
      [field('a2', '/name', 'Full name', { helpText: 'As on your ID' }), field('c', '/phone', 'Phone')],
      [field('i', '/amount', 'Amount'), field('j', '/amount2', 'Tax')],
    );
    const diff = diffSchemaFields(before, after);
    expect(diff.added.map((f) => f.key)).toEqual(['/phone', '/items/*/amount2']);
    expect(diff.removed.map((f) => f.key)).toEqual(['/email']);
    // The id is not compared: a field re-created with the same path is changed, not removed and added.
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0]).toMatchObject({ key: '/name', properties: ['label', 'helpText'] });
  });

  it('sees a change deep inside a field (an option renamed) as a change of that property', () => {
    const opts = (b: string) => ({ widget: 'select' as const, options: [{ value: 'a', label: 'A' }, { value: 'b', label: b }] });
    const diff = diffSchemaFields(layout([field('x', '/x', 'X', opts('B'))]), layout([field('x', '/x', 'X', opts('Bee'))]));
    expect(diff.changed.map((c) => c.properties)).toEqual([['options']]);
  });

  it('finds nothing between a layout and itself, and treats a missing layout as no fields', () => {
    const one = layout([field('a', '/a', 'A')]);
    expect(diffSchemaFields(one, structuredClone(one))).toEqual({ added: [], removed: [], changed: [] });
    expect(diffSchemaFields(null, one).added.map((f) => f.key)).toEqual(['/a']);
    expect(fieldsOfLayout(undefined)).toEqual([]);
  });
});

describe('publicFormUrl', () => {
  it('is /form-instance/{formSchemaId}?mode=edit on the base, without a trailing slash doubled', () => {
    expect(publicFormUrl('https://host.example/', 'abc')).toBe('https://host.example/form-instance/abc?mode=edit');
    expect(publicFormUrl('https://www.example.org/apply', 'a b', 'view')).toBe('https://www.example.org/apply/form-instance/a%20b?mode=view');
  });
});
