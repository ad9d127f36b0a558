// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FormField, FormLayout, JsonObject } from '../../src/api/types';
import { DomainError } from '../../src/domain/errors';
import { checkSchemaForSave, MAX_LISTED_SCHEMA_PROBLEMS } from '../../src/domain/forms/entities';
import { checkFormDraft, draftProblemTarget, FORM_LIMITS, WIDGET_KINDS } from '../../src/engine';
import { dataPathOfSchemaLocation } from '../../src/engine/compile';

const f = (id: string, path: string, widget: FormField['widget'] = 'text'): FormField => ({ id, path, widget, label: id });

function draft(properties: JsonObject, fields: FormField[], repeat?: { path: string; fields: FormField[] }): { jsonSchema: JsonObject; layout: FormLayout } {
  const sections: FormLayout['pages'][number]['sections'] = [{ id: 's1', title: 'One', fields }];
  if (repeat) sections.push({ id: 'jobs', title: 'Jobs', repeatable: { path: repeat.path }, fields: repeat.fields });
  return { jsonSchema: { type: 'object', properties }, layout: { pages: [{ id: 'p1', title: 'Page', sections }] } };
}

describe('checkFormDraft', () => {
  it('answers no problem for a draft that can be saved', () => {
    const ok = draft({ name: { type: 'string' }, jobs: { type: 'array', items: { type: 'object', properties: { employer: { type: 'string' } } } } }, [f('name', '/name')], {
      path: '/jobs',
      fields: [f('employer', '/employer')],
    });
    expect(checkFormDraft(ok, WIDGET_KINDS)).toEqual([]);
  });

  it('lists every problem, each with the field it concerns, not just the first', () => {
    const bad = draft({ age: { type: 'string' }, tags: { type: 'string' } }, [
      f('a', '/name'),
      f('a', '/other'),
      f('b', '/name'),
      f('c', '/__proto__/x'),
      f('age', '/age', 'number'),
      f('tags', '/tags', 'multiselect'),
    ]);
    const problems = checkFormDraft(bad, WIDGET_KINDS);
    expect(problems.map((p) => [p.kind, p.fieldId])).toEqual([
      ['schema-layout', 'a'], // two fields with the id 'a'
      ['schema-layout', 'b'], // bound to '/name' twice
      ['schema-layout', 'c'], // __proto__
    ]);
    expect(problems[0]?.message).toBe("Two fields have the id 'a'.");
    expect(problems[2]?.message).toMatch(/__proto__/);
    // Shape problems stop the widget check (it would read the layout wrongly); with the shape fixed it speaks.
    const shaped = draft({ age: { type: 'string' }, tags: { type: 'string' } }, [f('age', '/age', 'number'), f('tags', '/tags', 'multiselect'), f('x', '/x', 'rocket')]);
    expect(checkFormDraft(shaped, WIDGET_KINDS).map((p) => [p.kind, p.fieldId, p.sectionId, p.pageId])).toEqual([
      ['schema-binding', 'age', 's1', 'p1'],
      ['schema-binding', 'tags', 's1', 'p1'],
      ['schema-binding', 'x', 's1', 'p1'],
    ]);
  });

  it('refuses bounds no answer can meet, at the field or repeatable section holding them, and lets met bounds through', () => {
    const bad = draft(
      {
        age: { type: 'integer', minimum: 10, maximum: 5 },
        step: { type: 'number', multipleOf: 0 },
        code: { type: 'string', minLength: -5, maxLength: 2.5 },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 3, maxItems: 1 },
        jobs: { type: 'array', items: { type: 'object', properties: { employer: { type: 'string', minLength: 4, maxLength: 2 } } } },
      },
      [f('age', '/age', 'integer'), f('step', '/step', 'number'), f('code', '/code'), f('tags', '/tags', 'checkboxes')],
      { path: '/jobs', fields: [f('employer', '/employer')] },
    );
    bad.layout.pages[0]!.sections[1]!.repeatable = { path: '/jobs', minItems: 4, maxItems: 2 };
    const problems = checkFormDraft(bad, WIDGET_KINDS);
    expect(problems.map((p) => [p.kind, p.fieldId ?? p.sectionId, p.message])).toEqual([
      ['schema-bounds', 'jobs', "The minimum number of 'Jobs' (4) is larger than its maximum number (2): no answer can meet both. Change one of them."],
      ['schema-bounds', 'age', "The minimum of 'age' (10) is larger than its maximum (5): no answer can meet both. Change one of them."],
      ['schema-bounds', 'step', "The step of 'step' must be a number larger than 0, not 0: every answer would be refused."],
      ['schema-bounds', 'code', "'minLength' of 'code' must be a whole number of 0 or more, not -5."],
      ['schema-bounds', 'code', "'maxLength' of 'code' must be a whole number of 0 or more, not 2.5."],
      ['schema-bounds', 'tags', "The minimum number of 'tags' (3) is larger than its maximum number (1): no answer can meet both. Change one of them."],
      ['schema-bounds', 'employer', "The minimum length of 'employer' (4) is larger than its maximum length (2): no answer can meet both. Change one of them."],
    ]);
    // The server refuses such a draft with 400, as the builder does before sending it.
    expect(problems.every((p) => p.status === 400)).toBe(true);
    const defaults = draft(
      {
        colour: { type: 'string', enum: ['red', 'blue'], default: 'green' },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a', 'z'] },
        size: { type: 'string', enum: ['s', 'm'], default: 'm' },
        stars: { type: 'integer', minimum: 1, maximum: 3, default: 5 },
        count: { type: 'integer', minimum: 1, maximum: 3, default: 3 },
      },
      [f('colour', '/colour', 'select'), f('tags', '/tags', 'checkboxes'), f('size', '/size', 'radio'), f('stars', '/stars', 'rating'), f('count', '/count', 'integer')],
    );
    expect(checkFormDraft(defaults, WIDGET_KINDS).map((p) => [p.kind, p.fieldId, p.message])).toEqual([
      ['schema-bounds', 'colour', `The default of 'colour' ("green") is not one of its options: choose one of them, or no default.`],
      ['schema-bounds', 'tags', `The default of 'tags' ("z") is not one of its options: choose one of them, or no default.`],
      ['schema-bounds', 'stars', "The default of 'stars' (5) is outside its minimum and maximum: choose a default within them, or no default."],
    ]);
    const met = draft({ age: { type: 'integer', minimum: 5, maximum: 5, multipleOf: 1 }, code: { type: 'string', minLength: 0, maxLength: 3 } }, [f('age', '/age', 'integer'), f('code', '/code')]);
    expect(checkFormDraft(met, WIDGET_KINDS)).toEqual([]);
  });

  it('places a repeatable section over a non-array at the section', () => {
    const bad = draft({ jobs: { type: 'string' } }, [], { path: '/jobs', fields: [f('employer', '/employer')] });
    const [problem] = checkFormDraft(bad, WIDGET_KINDS);
    expect(problem).toMatchObject({ kind: 'schema-binding', fieldId: null, sectionId: 'jobs', pageId: 'p1' });
    expect(draftProblemTarget(problem!)).toBe('jobs');
  });

  it('places a pattern problem at the field bound to its path, also inside a repeatable section', () => {
    const bad = draft(
      {
        code: { type: 'string', pattern: '([a-z' },
        jobs: { type: 'array', items: { type: 'object', properties: { ref: { type: 'string', pattern: 'x'.repeat(FORM_LIMITS.maxPatternLength + 1) } } } },
      },
      [f('code', '/code')],
      { path: '/jobs', fields: [f('ref', '/ref')] },
    );
    const problems = checkFormDraft(bad, WIDGET_KINDS);
    expect(problems.map((p) => [p.kind, p.fieldId])).toEqual([
      ['schema-pattern', 'code'],
      ['schema-pattern', 'ref'],
    ]);
    expect(problems[0]?.message).toMatch(/is not a valid regular expression/);
    expect(problems[1]?.message).toMatch(/too long/);
  });

  it("uses the caller's pattern check (the server's ReDoS analysis) and says its reason", () => {
    const d = draft({ code: { type: 'string', pattern: '^(a+)+$' } }, [f('code', '/code')]);
    const problems = checkFormDraft(d, WIDGET_KINDS, { checkPattern: (p) => (p === '^(a+)+$' ? 'catastrophic backtracking' : null) });
    expect(problems).toEqual([
      {
        kind: 'schema-pattern',
        status: 400,
        message: "The pattern '^(a+)+$' at /properties/code/pattern is not allowed: catastrophic backtracking",
        fieldId: 'code',
        sectionId: 's1',
        pageId: 'p1',
      },
    ]);
  });

  it('answers a malformed draft with a problem for the whole form instead of throwing', () => {
    expect(checkFormDraft({ jsonSchema: [] as unknown as JsonObject, layout: { pages: [] } }, WIDGET_KINDS)).toMatchObject([
      { kind: 'schema-layout', fieldId: null, sectionId: null, pageId: null },
    ]);
    expect(checkFormDraft({ jsonSchema: {}, layout: {} as FormLayout }, WIDGET_KINDS)[0]?.message).toBe("'layout' must be an object with 'pages'.");
  });

  it('says 413 for a draft over the size limit', () => {
    const big = draft({ name: { type: 'string', description: 'x'.repeat(FORM_LIMITS.maxSchemaSize) } }, [f('name', '/name')]);
    expect(checkFormDraft(big, WIDGET_KINDS)[0]).toMatchObject({ kind: 'schema-size', status: 413, fieldId: null });
  });

  it('reads the data path a schema location constrains', () => {
    expect(dataPathOfSchemaLocation('/properties/a/properties/b/pattern')).toBe('/a/b');
    expect(dataPathOfSchemaLocation('/properties/jobs/items/properties/x~1y/pattern')).toBe('/jobs/*/x~1y');
    expect(dataPathOfSchemaLocation('/$defs/code/pattern')).toBeNull();
  });
});

describe('checkSchemaForSave: the same check, refusing with the first problem and listing them all', () => {
  it('refuses with the first problem as detail, its kind as code, and every problem with its field', () => {
    const bad = draft({ age: { type: 'string' } }, [f('age', '/age', 'number'), f('x', '/x', 'rocket')]);
    let error: unknown;
    try {
      checkSchemaForSave(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    const refusal = error as DomainError;
    expect(refusal.status).toBe(400);
    expect(refusal.message).toBe(checkFormDraft(bad, WIDGET_KINDS)[0]?.message);
    expect(refusal.extensions).toMatchObject({
      code: 'schema-binding',
      problems: [
        { code: 'schema-binding', fieldId: 'age', sectionId: 's1', pageId: 'p1' },
        { code: 'schema-binding', fieldId: 'x', sectionId: 's1', pageId: 'p1' },
      ],
    });
  });

  it(`lists at most ${MAX_LISTED_SCHEMA_PROBLEMS} problems`, () => {
    const fields = Array.from({ length: 80 }, (_, i) => f(`f${i}`, `/f${i}`, 'rocket'));
    try {
      checkSchemaForSave(draft({}, fields));
      expect.unreachable();
    } catch (e) {
      expect(((e as DomainError).extensions.problems as unknown[]).length).toBe(MAX_LISTED_SCHEMA_PROBLEMS);
    }
  });

  it('accepts a draft without problems', () => {
    expect(() => checkSchemaForSave(draft({ name: { type: 'string' } }, [f('name', '/name')]))).not.toThrow();
  });
});
