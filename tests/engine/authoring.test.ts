import { describe, expect, it } from 'vitest';
import type { FormLayout, JsonObject } from '../../src/api/types';
import {
  brokenRuleReferences,
  checkDataPath,
  freeDataPath,
  labelToPath,
  pathReferences,
  renamePathEverywhere,
  ruleTargets,
} from '../../src/engine/authoring';
import { checkFormSchema } from '../../src/engine';
import { f, onePage, section } from './fixtures';

/** A form with a top-level name, an address object, a repeatable job list and a total computed over it. */
function draft(): { jsonSchema: JsonObject; layout: FormLayout } {
  return {
    jsonSchema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        employed: { type: 'boolean' },
        address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } }, required: ['street'] },
        jobs: { type: 'array', items: { type: 'object', properties: { employer: { type: 'string' }, salary: { type: 'number' }, current: { type: 'boolean' } } } },
        total: { type: 'number' },
      },
      required: ['name'],
    },
    layout: onePage(
      section('main', [
        f('name', '/name', { label: 'Name' }),
        f('employed', '/employed', { widget: 'checkbox', label: 'Employed', visibleWhen: [{ path: '/name', op: 'notEmpty' }] }),
        f('street', '/address/street', {
          label: 'Street',
          visibleWhen: [{ any: [{ path: '/name', op: 'eq', value: 'x' }, { all: [{ path: '/employed', op: 'eq', value: true }] }] }],
        }),
        f('city', '/address/city', { label: 'City', visibleWhen: [{ path: '/address/street', op: 'notEmpty' }] }),
        f('intro', '', { widget: 'static', label: 'About your jobs' }),
      ]),
      section(
        'jobs',
        [
          f('employer', '/employer', { label: 'Employer' }),
          f('current', '/current', { widget: 'checkbox', label: 'Current job' }),
          f('salary', '/salary', { widget: 'number', label: 'Salary', requiredWhen: [{ path: '/current', op: 'eq', value: true }] }),
        ],
        { repeatable: { path: '/jobs' } },
      ),
      section('end', [f('total', '/total', { widget: 'number', label: 'Total', computed: { op: 'sum', paths: ['/jobs/*/salary'] } })]),
    ),
  };
}

describe('labelToPath', () => {
  it('derives a readable camelCase segment from the label, accents dropped', () => {
    expect(labelToPath('First name', [])).toBe('/firstName');
    expect(labelToPath("Prénom de l'élève", [])).toBe('/prenomDeLEleve');
    expect(labelToPath('  ', [])).toBe('/field');
    expect(labelToPath('E-mail address (work)', [])).toBe('/emailAddressWork');
    expect(labelToPath('Work e-mail', [])).toBe('/workEmail');
    expect(labelToPath('T-shirt size', [])).toBe('/tshirtSize');
    expect(labelToPath('Follow-up date', [])).toBe('/followUpDate');
    expect(labelToPath('A-1 code', [])).toBe('/a1Code');
  });

  it('numbers the path until it is unique, counting paths inside or around it as taken', () => {
    expect(labelToPath('Name', ['/name'])).toBe('/name2');
    expect(labelToPath('Name', ['/name', '/name2'])).toBe('/name3');
    expect(labelToPath('Address', ['/address/street'])).toBe('/address2');
    expect(labelToPath('Address', ['/addressLine'])).toBe('/address');
  });

  it('never produces a reserved segment and goes inside a parent when given', () => {
    expect(labelToPath('constructor', [])).toBe('/constructor2');
    expect(labelToPath('Prototype', [])).toBe('/prototype2');
    expect(labelToPath('Street', ['/address/street'], '/address')).toBe('/address/street2');
  });

  it('caps long labels', () => {
    expect(labelToPath('a'.repeat(100), []).length).toBe(41);
  });
});

describe('checkDataPath', () => {
  const { layout } = draft();

  it('accepts a free path, and the field keeping its own path', () => {
    expect(checkDataPath('/phone', { layout })).toBeNull();
    expect(checkDataPath('/name', { layout, fieldId: 'name' })).toBeNull();
    expect(checkDataPath('/address/zip', { layout })).toBeNull();
  });

  it('names the syntax problem', () => {
    expect(checkDataPath('', { layout })?.code).toBe('empty');
    expect(checkDataPath('name', { layout })?.code).toBe('syntax');
    expect(checkDataPath('/a~2', { layout })?.code).toBe('syntax');
    expect(checkDataPath('/a//b', { layout })?.code).toBe('empty-segment');
    expect(checkDataPath('/a/', { layout })?.code).toBe('empty-segment');
    expect(checkDataPath('/a/*/b', { layout })).toMatchObject({ code: 'wildcard', segment: '*' });
  });

  it('refuses __proto__, constructor and prototype at any depth', () => {
    for (const segment of ['__proto__', 'constructor', 'prototype']) {
      expect(checkDataPath(`/a/${segment}`, { layout })).toMatchObject({ code: 'forbidden-segment', segment });
    }
  });

  it('refuses a duplicate and names the other field', () => {
    expect(checkDataPath('/name', { layout, fieldId: 'city' })).toMatchObject({ code: 'duplicate', other: { id: 'name', label: 'Name' } });
  });

  it('refuses object/field collisions both ways', () => {
    expect(checkDataPath('/name/first', { layout })).toMatchObject({ code: 'inside-field', other: { id: 'name' } });
    expect(checkDataPath('/address', { layout })).toMatchObject({ code: 'contains-field', other: { id: 'street' } });
  });

  it('compares paths in a repeatable section relative to its item', () => {
    // Another item-relative path is free; the same one is a duplicate within the section only.
    expect(checkDataPath('/name', { layout, sectionId: 'jobs' })).toBeNull();
    expect(checkDataPath('/employer', { layout, sectionId: 'jobs' })?.code).toBe('duplicate');
    expect(checkDataPath('/employer', { layout, fieldId: 'employer' })).toBeNull();
    expect(checkDataPath('/employer', { layout })).toBeNull();
  });

  it('refuses a top-level path on or inside a repeatable section list', () => {
    expect(checkDataPath('/jobs', { layout })).toMatchObject({ code: 'repeat-collision', other: { kind: 'section', id: 'jobs' } });
    expect(checkDataPath('/jobs/0/employer', { layout })?.code).toBe('repeat-collision');
  });

  it('suggests a free path from a label in the field scope', () => {
    expect(freeDataPath('Name', { layout })).toBe('/name2');
    expect(freeDataPath('Name', { layout, sectionId: 'jobs' })).toBe('/name');
    expect(freeDataPath('Employer', { layout, sectionId: 'jobs' })).toBe('/employer2');
    expect(freeDataPath('Jobs', { layout })).toBe('/jobs2');
  });
});

describe('pathReferences', () => {
  it('lists the rules and computations naming a path or a path inside it', () => {
    const { layout } = draft();
    expect(pathReferences(layout, '/name').map((r) => [r.fieldId, r.kind, r.at])).toEqual([
      ['employed', 'visibleWhen', [0]],
      ['street', 'visibleWhen', [0, 0]],
    ]);
    expect(pathReferences(layout, '/employed').map((r) => [r.fieldId, r.at])).toEqual([['street', [0, 1, 0]]]);
    expect(pathReferences(layout, '/address')).toEqual([
      { fieldId: 'city', label: 'City', kind: 'visibleWhen', path: '/address/street', fullPath: '/address/street', at: [0] },
    ]);
    expect(pathReferences(layout, '/jobs/*/salary').map((r) => r.fieldId)).toEqual(['total']);
    expect(pathReferences(layout, '/jobs/*/current').map((r) => [r.fieldId, r.path])).toEqual([['salary', '/current']]);
    expect(pathReferences(layout, '/jobs').map((r) => r.fieldId)).toEqual(['salary', 'total']);
    expect(pathReferences(layout, '/city')).toEqual([]);
  });
});

describe('renamePathEverywhere', () => {
  it('moves the schema node and rewrites every rule that names it, without changing the input', () => {
    const before = draft();
    const snapshot = structuredClone(before);
    const after = renamePathEverywhere(before, '/name', '/fullName');
    expect(before).toEqual(snapshot);
    const props = after.jsonSchema.properties as Record<string, unknown>;
    expect(props.fullName).toEqual({ type: 'string' });
    expect(props.name).toBeUndefined();
    expect(after.jsonSchema.required).toEqual(['fullName']);
    const fields = after.layout.pages[0]!.sections[0]!.fields;
    expect(fields[0]!.path).toBe('/fullName');
    expect(fields[1]!.visibleWhen).toEqual([{ path: '/fullName', op: 'notEmpty' }]);
    expect(fields[2]!.visibleWhen).toEqual([{ any: [{ path: '/fullName', op: 'eq', value: 'x' }, { all: [{ path: '/employed', op: 'eq', value: true }] }] }]);
    expect(() => checkFormSchema(after)).not.toThrow();
    expect(brokenRuleReferences(after.layout, after.jsonSchema)).toEqual([]);
  });

  it('moves a field into a new object, creating it, and prunes the object left empty', () => {
    const once = renamePathEverywhere(draft(), '/address/street', '/place/street');
    const props = once.jsonSchema.properties as Record<string, JsonObject>;
    expect(props.place).toEqual({ type: 'object', properties: { street: { type: 'string' } }, required: ['street'] });
    expect(once.layout.pages[0]!.sections[0]!.fields[3]!.visibleWhen).toEqual([{ path: '/place/street', op: 'notEmpty' }]);
    const twice = renamePathEverywhere(once, '/address/city', '/place/city');
    const after = twice.jsonSchema.properties as Record<string, JsonObject>;
    expect(after.address).toBeUndefined();
    expect(after.place!.required).toEqual(['street']);
  });

  it('renames an object and every field inside it', () => {
    const after = renamePathEverywhere(draft(), '/address', '/home');
    const fields = after.layout.pages[0]!.sections[0]!.fields;
    expect(fields.map((x) => x.path)).toEqual(['/name', '/employed', '/home/street', '/home/city', '']);
    expect(fields[3]!.visibleWhen).toEqual([{ path: '/home/street', op: 'notEmpty' }]);
  });

  it('renames a field inside a repeatable section: item-relative rules and the total over the list follow', () => {
    const after = renamePathEverywhere(draft(), '/jobs/*/salary', '/jobs/*/pay');
    const jobs = after.layout.pages[0]!.sections[1]!;
    expect(jobs.fields[2]!.path).toBe('/pay');
    expect(after.layout.pages[0]!.sections[2]!.fields[0]!.computed?.paths).toEqual(['/jobs/*/pay']);
    const items = ((after.jsonSchema.properties as Record<string, JsonObject>).jobs!.items as JsonObject).properties as Record<string, unknown>;
    expect(items.pay).toEqual({ type: 'number' });
    expect(items.salary).toBeUndefined();
  });

  it('renames the list of a repeatable section: its fields keep their item paths, the total follows', () => {
    const after = renamePathEverywhere(draft(), '/jobs', '/employment');
    const jobs = after.layout.pages[0]!.sections[1]!;
    expect(jobs.repeatable?.path).toBe('/employment');
    expect(jobs.fields.map((x) => x.path)).toEqual(['/employer', '/current', '/salary']);
    expect(jobs.fields[2]!.requiredWhen).toEqual([{ path: '/current', op: 'eq', value: true }]);
    expect(after.layout.pages[0]!.sections[2]!.fields[0]!.computed?.paths).toEqual(['/employment/*/salary']);
    expect(() => checkFormSchema(after)).not.toThrow();
    expect(brokenRuleReferences(after.layout, after.jsonSchema)).toEqual([]);
  });

  it('refuses a rename into itself or of the root', () => {
    const before = draft();
    expect(renamePathEverywhere(before, '/address', '/address/inner')).toBe(before);
    expect(renamePathEverywhere(before, '', '/x')).toBe(before);
    expect(renamePathEverywhere(before, '/a', '/__proto__')).toBe(before);
  });
});

describe('brokenRuleReferences', () => {
  it('finds none in a sound form', () => {
    const { layout, jsonSchema } = draft();
    expect(brokenRuleReferences(layout, jsonSchema)).toEqual([]);
  });

  it('flags a rule pointing at a deleted field, one pointing at a later field and a self reference', () => {
    const { layout, jsonSchema } = draft();
    const main = layout.pages[0]!.sections[0]!;
    main.fields[0]!.visibleWhen = [{ path: '/employed', op: 'eq', value: true }];
    main.fields[3]!.requiredWhen = [{ all: [{ path: '/city', op: 'empty' }, { path: '/address/city', op: 'notEmpty' }] }];
    main.fields[1]!.visibleWhen = [{ path: '/gone', op: 'notEmpty' }];
    const broken = brokenRuleReferences(layout, jsonSchema);
    expect(broken.map((b) => [b.fieldId, b.problem, b.path, b.at])).toEqual([
      ['name', 'later', '/employed', [0]],
      ['employed', 'missing', '/gone', [0]],
      ['city', 'missing', '/city', [0, 0]],
      ['city', 'self', '/address/city', [0, 1]],
    ]);
    expect(broken[0]!.target).toEqual({ id: 'employed', label: 'Employed' });
  });

  it('tells a path kept in the schema without a field from a missing one, and checks computations', () => {
    const { layout, jsonSchema } = draft();
    layout.pages[0]!.sections[0]!.fields.splice(1, 1);
    layout.pages[0]!.sections[0]!.fields[0]!.visibleWhen = [{ path: '/employed', op: 'eq', value: true }];
    layout.pages[0]!.sections[2]!.fields[0]!.computed = { op: 'sum', paths: ['/jobs/*/bonus', '/jobs/*/salary'] };
    expect(brokenRuleReferences(layout, jsonSchema).map((b) => [b.fieldId, b.kind, b.problem])).toEqual([
      ['name', 'visibleWhen', 'unbound'],
      ['street', 'visibleWhen', 'unbound'],
      ['total', 'computed', 'missing'],
    ]);
  });

  it('accepts a rule on an object whose parts are earlier fields', () => {
    const { layout, jsonSchema } = draft();
    layout.pages[0]!.sections[2]!.fields[0]!.visibleWhen = [{ path: '/address', op: 'notEmpty' }];
    expect(brokenRuleReferences(layout, jsonSchema)).toEqual([]);
  });
});

describe('ruleTargets', () => {
  it('offers the fields of the same scope, later ones marked, static text left out', () => {
    const { layout } = draft();
    expect(ruleTargets(layout, 'employed').map((t) => [t.id, t.path, t.later])).toEqual([
      ['name', '/name', false],
      ['street', '/address/street', true],
      ['city', '/address/city', true],
      ['total', '/total', true],
    ]);
    expect(ruleTargets(layout, 'salary').map((t) => [t.id, t.path, t.later])).toEqual([
      ['employer', '/employer', false],
      ['current', '/current', false],
    ]);
  });
});
