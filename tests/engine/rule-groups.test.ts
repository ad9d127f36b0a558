import { describe, expect, it } from 'vitest';
import type { FieldRuleNode, JsonObject } from '../../src/api/types';
import { checkFormSchema, createFormEngine, FORM_LIMITS, FormLimitError, ruleLeaves, rulesHold, validateSubmission } from '../../src/engine';
import { f, makeSchema, onePage, section } from './fixtures';

const jsonSchema: JsonObject = {
  type: 'object',
  properties: {
    country: { type: 'string' },
    age: { type: 'integer' },
    student: { type: 'boolean' },
    discount: { type: 'string' },
    reason: { type: 'string' },
  },
};

/** Discount shows for (country is FR and (age < 26 or student)) or age > 64; the reason is required for any discount but a senior's. */
const discountRule: FieldRuleNode[] = [
  {
    any: [
      { all: [{ path: '/country', op: 'eq', value: 'FR' }, { any: [{ path: '/age', op: 'lt', value: 26 }, { path: '/student', op: 'eq', value: true }] }] },
      { path: '/age', op: 'gt', value: 64 },
    ],
  },
];

function schema(visibleWhen: FieldRuleNode[] = discountRule, requiredWhen?: FieldRuleNode[]) {
  return makeSchema(
    jsonSchema,
    onePage(
      section('s', [
        f('country', '/country'),
        f('age', '/age', { widget: 'integer' }),
        f('student', '/student', { widget: 'checkbox' }),
        f('discount', '/discount', { visibleWhen, ...(requiredWhen ? { requiredWhen } : {}) }),
        f('reason', '/reason', { requiredWhen: [{ path: '/discount', op: 'notEmpty' }, { any: [{ path: '/age', op: 'lt', value: 65 }, { path: '/age', op: 'empty' }] }] }),
      ]),
    ),
  );
}

describe('rule groups', () => {
  it('evaluates nested all / any groups, numbering rules depth first', () => {
    const leaves = ruleLeaves(discountRule);
    expect(leaves.map((r) => r.path)).toEqual(['/country', '/age', '/student', '/age']);
    const values = (data: Record<string, unknown>) => (rule: { path: string }) => data[rule.path.slice(1)];
    expect(rulesHold(discountRule, values({ country: 'FR', age: 20 }))).toBe(true);
    expect(rulesHold(discountRule, values({ country: 'FR', age: 30 }))).toBe(false);
    expect(rulesHold(discountRule, values({ country: 'FR', age: 30, student: true }))).toBe(true);
    expect(rulesHold(discountRule, values({ country: 'DE', age: 20, student: true }))).toBe(false);
    expect(rulesHold(discountRule, values({ country: 'DE', age: 70 }))).toBe(true);
    // The index handed to `read` is the rule's place in ruleLeaves.
    const seen: number[] = [];
    rulesHold(discountRule, (_, i) => (seen.push(i), undefined));
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('an empty group holds, whatever its mode, and a plain list is still an all', () => {
    expect(rulesHold([{ any: [] }], () => undefined)).toBe(true);
    expect(rulesHold([{ all: [] }, { any: [{ all: [] }] }], () => undefined)).toBe(true);
    expect(rulesHold([{ path: '/a', op: 'empty' }, { path: '/b', op: 'notEmpty' }], (r) => (r.path === '/a' ? '' : 'x'))).toBe(true);
    expect(rulesHold([{ path: '/a', op: 'empty' }, { path: '/b', op: 'notEmpty' }], () => '')).toBe(false);
  });

  it('drives visibility in the engine and follows every path the groups read', () => {
    const engine = createFormEngine(schema());
    expect(engine.getFieldState('/discount').visible).toBe(false);
    engine.setValue('/country', 'FR');
    engine.setValue('/age', 30);
    expect(engine.getFieldState('/discount').visible).toBe(false);
    engine.setValue('/student', true);
    expect(engine.getFieldState('/discount').visible).toBe(true);
    engine.setValue('/country', 'DE');
    expect(engine.getFieldState('/discount').visible).toBe(false);
    engine.setValue('/age', 70);
    expect(engine.getFieldState('/discount').visible).toBe(true);
  });

  it('drives requiredness, and the server check of a submission agrees', () => {
    const engine = createFormEngine(schema(), { data: { country: 'FR', age: 20, discount: 'youth' } });
    expect(engine.getFieldState('/reason').required).toBe(true);
    engine.setValue('/age', 70);
    expect(engine.getFieldState('/reason').required).toBe(false);
    expect(validateSubmission(schema(), { country: 'FR', age: 20, discount: 'youth' }).errors.map((e) => e.path)).toEqual(['/reason']);
    expect(validateSubmission(schema(), { country: 'DE', age: 70, discount: 'senior' }).valid).toBe(true);
    // A hidden discount is dropped, so no reason is needed.
    expect(validateSubmission(schema(), { country: 'DE', age: 30, discount: 'x' })).toMatchObject({ valid: true, data: { country: 'DE', age: 30 } });
  });

  it('is checked when a schema is saved: shape, operators, paths and depth', () => {
    const refused = (rules: unknown) => {
      try {
        checkFormSchema(schema(rules as FieldRuleNode[]));
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(FormLimitError);
        return (error as FormLimitError).message;
      }
    };
    expect(refused(discountRule)).toBeNull();
    expect(refused([{ all: [], any: [] }])).toMatch(/both 'all' and 'any'/);
    expect(refused([{ any: 'x' }])).toMatch(/'any' of a rule group of field 'discount' must be a list/);
    expect(refused([{ any: [{ path: '/a/__proto__', op: 'empty' }] }])).toMatch(/reserved/);
    expect(refused([{ all: [{ path: '/a', op: 'like' }] }])).toMatch(/unknown operator 'like'/);
    expect(refused([{ all: [7] }])).toMatch(/must be a list of rules/);
    let deep: FieldRuleNode = { path: '/age', op: 'empty' };
    for (let i = 0; i < FORM_LIMITS.maxRuleDepth - 1; i++) deep = { all: [deep] };
    expect(refused([deep])).toBeNull();
    expect(refused([{ any: [deep] }])).toMatch(/nests rule groups too deeply: at most 5 levels/);
  });
});
