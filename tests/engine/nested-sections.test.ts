// @vitest-environment node
import type { FormLayout, FormSection, JsonObject } from '../../src/api/types';
import { checkFormDraft, checkFormSchema, WIDGET_KINDS, compileFormSchema, createFormEngine, FORM_LIMITS, FormLimitError } from '../../src/engine';
import { checkDataPath, findSection, layoutFields, renamePathEverywhere, ruleTargets } from '../../src/engine/authoring';
import { f, makeSchema, section } from './fixtures';

function refusal(run: () => unknown): FormLimitError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormLimitError) return error;
    throw error;
  }
  throw new Error('expected a FormLimitError');
}

/** A chain of `levels` sections, each holding one field and the next section. */
function chain(levels: number): FormSection {
  let inner: FormSection = section(`s${levels}`, [f(`f${levels}`, `/f${levels}`)]);
  for (let level = levels - 1; level >= 1; level--) inner = section(`s${level}`, [f(`f${level}`, `/f${level}`)], { sections: [inner] });
  return inner;
}

const oneLayout = (...sections: FormSection[]): FormLayout => ({ pages: [{ id: 'p1', title: 'One', sections }] });

/**
 * Two pages. Page 1: 'about' holds 'contact' (which holds 'phone-details'); the phone is asked when the contact
 * preference is 'phone'. Page 2: a repeatable 'jobs' section (at least 2) holding a plain 'dates' section, whose
 * 'to' date is required, and a total computed over the items' hours (a field of the nested section).
 */
function nestedSchema() {
  return makeSchema(
    {
      type: 'object',
      properties: {
        name: { type: 'string' },
        preference: { type: 'string', enum: ['email', 'phone'] },
        phone: { type: 'string' },
        extension: { type: 'string', maxLength: 4 },
        jobs: {
          type: 'array',
          items: {
            type: 'object',
            properties: { employer: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, hours: { type: 'number' } },
            required: ['to'],
          },
        },
        totalHours: { type: 'number' },
      },
    },
    {
      pages: [
        {
          id: 'p1',
          title: 'About',
          sections: [
            section('about', [f('name', '/name')], {
              sections: [
                section('contact', [f('preference', '/preference', { widget: 'radio', options: [{ value: 'email', label: 'Email' }, { value: 'phone', label: 'Phone' }] })], {
                  sections: [
                    section('phone-details', [
                      f('phone', '/phone', { visibleWhen: [{ path: '/preference', op: 'eq', value: 'phone' }], requiredWhen: [{ path: '/preference', op: 'eq', value: 'phone' }] }),
                      f('extension', '/extension'),
                    ]),
                  ],
                }),
              ],
            }),
          ],
        },
        {
          id: 'p2',
          title: 'Work',
          sections: [
            section('jobs', [f('employer', '/employer')], {
              repeatable: { path: '/jobs', minItems: 2 },
              sections: [section('dates', [f('from', '/from'), f('to', '/to'), f('hours', '/hours', { widget: 'number' })])],
            }),
            section('totals', [f('total', '/totalHours', { widget: 'number', computed: { op: 'sum', paths: ['/jobs/*/hours'] } })]),
          ],
        },
      ],
    },
  );
}

describe('compiling sections inside sections', () => {
  it('accepts 4 levels and refuses a 5th, at the section too deep', () => {
    expect(() => checkFormSchema({ jsonSchema: { type: 'object' }, layout: oneLayout(chain(FORM_LIMITS.maxSectionDepth)) })).not.toThrow();
    const layout = oneLayout(chain(5));
    const error = refusal(() => checkFormSchema({ jsonSchema: { type: 'object' }, layout }));
    expect(error.kind).toBe('schema-layout');
    expect(error.status).toBe(400);
    expect(error.message).toBe("The section 's5' is nested 5 levels deep: at most 4 levels are allowed.");
    const problems = checkFormDraft({ jsonSchema: { type: 'object' }, layout: oneLayout(chain(6)) }, WIDGET_KINDS);
    // Once, at the first section too deep.
    expect(problems.filter((p) => p.message.includes('levels deep'))).toEqual([
      expect.objectContaining({ sectionId: 's5', pageId: 'p1', fieldId: null, kind: 'schema-layout' }),
    ]);
  });

  it('refuses a repeatable section inside a repeatable section, also two levels down', () => {
    const inner = section('dates', [f('from', '/from')], { repeatable: { path: '/dates' } });
    const direct = oneLayout(section('jobs', [f('employer', '/employer')], { repeatable: { path: '/jobs' }, sections: [inner] }));
    expect(refusal(() => checkFormSchema({ jsonSchema: { type: 'object' }, layout: direct })).message).toBe(
      "The repeatable section 'dates' sits inside the repeatable section 'jobs': a repeatable section cannot hold another one.",
    );
    const deeper = oneLayout(
      section('jobs', [], { repeatable: { path: '/jobs' }, sections: [section('plain', [], { sections: [inner] })] }),
    );
    const problems = checkFormDraft({ jsonSchema: { type: 'object' }, layout: deeper }, WIDGET_KINDS);
    expect(problems).toEqual([expect.objectContaining({ sectionId: 'dates', message: expect.stringContaining("inside the repeatable section 'jobs'") })]);
    // A repeatable section inside a plain one is fine.
    const fine = oneLayout(section('plain', [], { sections: [section('jobs', [f('employer', '/employer')], { repeatable: { path: '/jobs' } })] }));
    expect(checkFormDraft({ jsonSchema: { type: 'object' }, layout: fine }, WIDGET_KINDS)).toEqual([]);
  });

  it("refuses 'sections' that is not a list of sections", () => {
    const notList = oneLayout({ ...section('a', [f('x', '/x')]), sections: 'b' } as unknown as FormSection);
    const error = refusal(() => checkFormSchema({ jsonSchema: { type: 'object' }, layout: notList }));
    expect(error.message).toBe("'sections' of section 'a' must be a list of sections.");
    const withNull = oneLayout({ ...section('a', [f('x', '/x')]), sections: [null] } as unknown as FormSection);
    expect(checkFormDraft({ jsonSchema: { type: 'object' }, layout: withNull }, WIDGET_KINDS)).toEqual([
      expect.objectContaining({ sectionId: 'a', message: "Every layout section needs 'fields'." }),
    ]);
    const noFields = oneLayout({ ...section('a', []), sections: [{ id: 'b', title: 'B' }] } as unknown as FormSection);
    expect(checkFormDraft({ jsonSchema: { type: 'object' }, layout: noFields }, WIDGET_KINDS)).toEqual([
      expect.objectContaining({ sectionId: 'b', message: "Every layout section needs 'fields'." }),
    ]);
  });

  it('refuses the same section id, field id or data path twice across levels, paths inside a repeatable section read under its list', () => {
    const sectionIds = oneLayout(section('a', [f('x', '/x')], { sections: [section('b', [], { sections: [section('a', [f('y', '/y')])] })] }));
    expect(checkFormDraft({ jsonSchema: { type: 'object' }, layout: sectionIds }, WIDGET_KINDS)).toEqual([
      expect.objectContaining({ sectionId: 'a', message: "Two sections have the id 'a'." }),
    ]);
    const ids = oneLayout(section('a', [f('x', '/x')], { sections: [section('b', [f('x', '/y')])] }));
    expect(refusal(() => checkFormSchema({ jsonSchema: { type: 'object' }, layout: ids })).message).toBe("Two fields have the id 'x'.");
    const paths = oneLayout(section('jobs', [f('a', '/employer')], { repeatable: { path: '/jobs' }, sections: [section('b', [f('b', '/employer')])] }));
    expect(refusal(() => checkFormSchema({ jsonSchema: { type: 'object' }, layout: paths })).message).toBe(
      "Two fields are bound to the data path '/jobs/employer'.",
    );
    // The same relative path outside the repeatable section is another data path.
    const apart = oneLayout(section('jobs', [f('a', '/employer')], { repeatable: { path: '/jobs' } }), section('c', [], { sections: [section('d', [f('b', '/employer')])] }));
    expect(() => checkFormSchema({ jsonSchema: { type: 'object' }, layout: apart })).not.toThrow();
  });

  it('checks the widget of a field inside a plain section inside a repeatable one against the item schema', () => {
    const schema = nestedSchema();
    const broken = structuredClone(schema.jsonSchema) as JsonObject;
    ((((broken.properties as JsonObject).jobs as JsonObject).items as JsonObject).properties as JsonObject).hours = { type: 'string' };
    const problems = checkFormDraft({ jsonSchema: broken, layout: schema.layout }, WIDGET_KINDS);
    expect(problems).toEqual([expect.objectContaining({ fieldId: 'hours', sectionId: 'dates', kind: 'schema-binding' })]);
    expect(problems[0]?.message).toContain('/jobs/*/hours');
    expect(checkFormDraft(schema, WIDGET_KINDS)).toEqual([]);
  });

  it('compiles depth, parent and children; a plain section inside a repeatable one shares its repeat', () => {
    const compiled = compileFormSchema(nestedSchema());
    const [p1, p2] = compiled.pages;
    expect(p1?.sections.map((s) => [s.section.id, s.depth, s.parent?.section.id ?? null])).toEqual([
      ['about', 1, null],
      ['contact', 2, 'about'],
      ['phone-details', 3, 'contact'],
    ]);
    expect(p1?.sections[0]?.children.map((c) => c.section.id)).toEqual(['contact']);
    const [jobs, dates, totals] = p2?.sections ?? [];
    expect(dates?.repeat).toBe(jobs?.repeat);
    expect(dates?.repeatOwner).toBe(jobs);
    expect(jobs?.repeatOwner).toBe(jobs);
    expect(totals?.repeat).toBeNull();
    expect(compiled.fields.map((cf) => cf.field.id)).toEqual(['name', 'preference', 'phone', 'extension', 'employer', 'from', 'to', 'hours', 'total']);
    expect(compiled.fieldById.get('to')?.schemaRequired).toBe(true);
  });
});

describe('the engine over sections inside sections', () => {
  it('runs rules across levels and validates nested fields', () => {
    const engine = createFormEngine(nestedSchema(), { applyDefaults: true });
    expect(engine.getFieldState('/phone').visible).toBe(false);
    engine.setValue('/preference', 'phone');
    expect(engine.getFieldState('/phone')).toMatchObject({ visible: true, required: true });
    engine.setValue('/extension', '123456');
    const errors = engine.validatePage(0);
    expect(errors.map((e) => [e.fieldId, e.sectionId, e.pageIndex])).toEqual([
      ['phone', 'phone-details', 0],
      ['extension', 'phone-details', 0],
    ]);
  });

  it('a required field in a nested section blocks the submit, reported on its page and item', () => {
    const engine = createFormEngine(nestedSchema(), { applyDefaults: true });
    expect(engine.validatePage(0)).toEqual([]);
    const result = engine.submit();
    expect(result.valid).toBe(false);
    // Item by item: each item's nested fields with the item.
    expect(result.errors.map((e) => [e.fieldId, e.sectionId, e.itemIndex, e.pageIndex, e.path])).toEqual([
      ['to', 'dates', 0, 1, '/jobs/0/to'],
      ['to', 'dates', 1, 1, '/jobs/1/to'],
    ]);
    expect(engine.validatePage(1)).toHaveLength(2);
    engine.setValue('/jobs/0/to', '2020');
    engine.setValue('/jobs/1/to', '2021');
    expect(engine.submit().valid).toBe(true);
  });

  it('starts a new form with the repeatable section’s minimum of items, nested fields in each', () => {
    const engine = createFormEngine(nestedSchema(), { applyDefaults: true });
    expect(engine.getArrayState('/jobs')).toMatchObject({ length: 2, minItems: 2, canRemove: false });
    expect(engine.getFieldState('/jobs/1/from')).toMatchObject({ visible: true });
  });

  it('puts the nested section’s values in each item and follows items added, moved and removed', () => {
    const engine = createFormEngine(nestedSchema(), { data: { jobs: [{ employer: 'A', hours: 10 }, { employer: 'B', hours: 5 }] } });
    engine.setValue('/jobs/1/from', '2019');
    expect(engine.getData().jobs).toEqual([
      { employer: 'A', hours: 10 },
      { employer: 'B', hours: 5, from: '2019' },
    ]);
    expect(engine.getValue('/totalHours')).toBe(15);
    engine.addItem('/jobs', { employer: 'C', hours: 1 });
    expect(engine.getValue('/totalHours')).toBe(16);
    engine.setValue('/jobs/2/to', '2024');
    expect(engine.getFieldState('/jobs/2/to').value).toBe('2024');
    engine.moveItem('/jobs', 2, 0);
    expect(engine.getFieldState('/jobs/0/to').value).toBe('2024');
    engine.removeItem('/jobs', 0);
    expect(engine.getFieldState('/jobs/2/to')).toMatchObject({ visible: false, value: undefined });
    expect(engine.getValue('/totalHours')).toBe(15);
    // The nested section adds no item limits of its own: one array state, the owner's.
    expect(engine.getArrayState('/jobs')).toMatchObject({ length: 2, minItems: 2 });
  });
});

describe('authoring helpers over sections inside sections', () => {
  it('gives a field of a plain section inside a repeatable one its full path under the list', () => {
    const { layout } = nestedSchema();
    const byId = new Map(layoutFields(layout).map((e) => [e.field.id, e]));
    expect(byId.get('from')).toMatchObject({ base: '/jobs', fullPath: '/jobs/*/from' });
    expect(byId.get('extension')).toMatchObject({ base: '', fullPath: '/extension' });
    expect(layoutFields(layout).map((e) => e.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(findSection(layout, 'dates')).toMatchObject({ section: { id: 'dates' }, page: { id: 'p2' }, base: '/jobs' });
    expect(findSection(layout, 'phone-details')).toMatchObject({ base: '' });
    // Rules of a nested field in an item read the same item's answers.
    expect(ruleTargets(layout, 'to').map((t) => t.id)).toEqual(['employer', 'from', 'hours']);
  });

  it('checks a path typed in a nested section in the scope of its items', () => {
    const { layout } = nestedSchema();
    expect(checkDataPath('/employer', { layout, fieldId: 'new', sectionId: 'dates' })).toMatchObject({ code: 'duplicate', other: { id: 'employer' } });
    expect(checkDataPath('/employer', { layout, fieldId: 'new', sectionId: 'phone-details' })).toBeNull();
  });

  it('renames a list: the nested section’s fields stay relative to the item, its rules and computations follow', () => {
    const schema = nestedSchema();
    const renamed = renamePathEverywhere({ jsonSchema: schema.jsonSchema, layout: schema.layout }, '/jobs', '/work');
    const sections = renamed.layout.pages[1]?.sections ?? [];
    expect(sections[0]?.repeatable?.path).toBe('/work');
    expect(sections[0]?.sections?.[0]?.fields.map((x) => x.path)).toEqual(['/from', '/to', '/hours']);
    expect(sections[1]?.fields[0]?.computed?.paths).toEqual(['/work/*/hours']);
    // A field inside the item renamed through its full path.
    const field = renamePathEverywhere({ jsonSchema: schema.jsonSchema, layout: schema.layout }, '/jobs/*/hours', '/jobs/*/time');
    expect(field.layout.pages[1]?.sections[0]?.sections?.[0]?.fields[2]?.path).toBe('/time');
    expect(field.layout.pages[1]?.sections[1]?.fields[0]?.computed?.paths).toEqual(['/jobs/*/time']);
  });
});
