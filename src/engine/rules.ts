/**
 * `visibleWhen` / `requiredWhen` rules and computed values: pure functions over values the engine reads for them.
 */
import type { FieldComputation, FieldRule, FieldRuleGroup, FieldRuleNode } from '../contract/types';

/** Structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && jsonEqual((a as Record<string, unknown>)[k], rb[k]));
}

/** A value counts as no answer when it is missing, null, an empty or blank string, or an empty array. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function compare(value: unknown, operand: unknown): number | null {
  if (typeof value === 'number' && typeof operand === 'number') return value - operand;
  if (typeof value === 'string' && typeof operand === 'string') return value < operand ? -1 : value > operand ? 1 : 0;
  if (typeof value === 'string' && typeof operand === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value) - operand;
  }
  return null;
}

/** The operators that compare the answer with a value of the rule's own (all but `empty` / `notEmpty`). */
const VALUE_OPS: ReadonlySet<string> = new Set<FieldRule['op']>(['eq', 'neq', 'in', 'notIn', 'gt', 'lt']);

/**
 * Whether a rule is half-written: its operator compares with a value and it has none (no `value`, a blank text, or
 * an empty list for `in` / `notIn`). Such a rule can never mean what its author intended ("field is" nothing), so a
 * draft holding one is not saved.
 */
export function ruleLacksValue(rule: Pick<FieldRule, 'op'> & { value?: unknown }): boolean {
  if (!VALUE_OPS.has(rule.op)) return false;
  const { value } = rule;
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null || (typeof v === 'string' && v.trim() === ''));
  return false;
}

/** Whether one rule holds for `value` (the value at the rule's path). */
export function ruleHolds(rule: FieldRule, value: unknown): boolean {
  switch (rule.op) {
    case 'eq':
      return Array.isArray(value) && !Array.isArray(rule.value) ? value.some((v) => jsonEqual(v, rule.value)) : jsonEqual(value, rule.value);
    case 'neq':
      return !ruleHolds({ ...rule, op: 'eq' }, value);
    case 'in': {
      const options = Array.isArray(rule.value) ? rule.value : [rule.value];
      const values = Array.isArray(value) ? value : [value];
      return values.some((v) => options.some((o) => jsonEqual(v, o)));
    }
    case 'notIn':
      return !ruleHolds({ ...rule, op: 'in' }, value);
    case 'empty':
      return isEmptyValue(value);
    case 'notEmpty':
      return !isEmptyValue(value);
    case 'gt': {
      const c = compare(value, rule.value);
      return c !== null && c > 0;
    }
    case 'lt': {
      const c = compare(value, rule.value);
      return c !== null && c < 0;
    }
    default:
      return false;
  }
}

/** Whether an entry of `visibleWhen` / `requiredWhen` is a group (`{ all: […] }` or `{ any: […] }`) rather than a rule. */
export function isRuleGroup(node: FieldRuleNode | null | undefined): node is FieldRuleGroup {
  return typeof node === 'object' && node !== null && (Array.isArray((node as { all?: unknown }).all) || Array.isArray((node as { any?: unknown }).any));
}

/** The members of a group and how they combine. */
export function groupMembers(group: FieldRuleGroup): { mode: 'all' | 'any'; members: readonly FieldRuleNode[] } {
  return Array.isArray(group.any) ? { mode: 'any', members: group.any } : { mode: 'all', members: group.all ?? [] };
}

/**
 * Every rule of a tree of rules and groups, depth first in the order written: the order in which {@link rulesHold}
 * numbers them, so a caller can resolve each rule's path once and read it by that number.
 */
export function ruleLeaves(nodes: readonly FieldRuleNode[] | undefined): FieldRule[] {
  const out: FieldRule[] = [];
  const walk = (list: readonly FieldRuleNode[]) => {
    for (const node of list) {
      if (isRuleGroup(node)) walk(groupMembers(node).members);
      else out.push(node);
    }
  };
  walk(nodes ?? []);
  return out;
}

/**
 * Whether a list of rules and groups holds: the list itself is an `all` group. A group holds when all (`all`) or at
 * least one (`any`) of its members hold; an empty group holds whatever its mode, so a group the author has only begun
 * neither hides nor requires anything. `read` gives the value at a rule's resolved path, with the rule's number in
 * {@link ruleLeaves} order (every rule is numbered, even one an `any` no longer needs to look at).
 */
export function rulesHold(rules: readonly FieldRuleNode[], read: (rule: FieldRule, index: number) => unknown): boolean {
  let next = 0;
  const evaluate = (list: readonly FieldRuleNode[], mode: 'all' | 'any'): boolean => {
    let result = mode === 'all' || list.length === 0;
    for (const node of list) {
      let holds: boolean;
      if (isRuleGroup(node)) {
        const group = groupMembers(node);
        holds = evaluate(group.members, group.mode);
      } else {
        const index = next++;
        holds = ruleHolds(node, read(node, index));
      }
      // Every member is visited (no short cut) so the numbering of later rules stays that of ruleLeaves.
      result = mode === 'all' ? result && holds : result || holds;
    }
    return result;
  };
  return evaluate(rules, 'all');
}

/** The value of a computation over the values it reads (already expanded for `*`). */
export function compute(computation: FieldComputation, values: readonly unknown[]): string | number | undefined {
  const numbers = values.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN)).filter(Number.isFinite);
  switch (computation.op) {
    case 'sum':
      // Rounded to 10 decimals so 0.1 + 0.2 shows as 0.3.
      return Math.round(numbers.reduce((a, b) => a + b, 0) * 1e10) / 1e10;
    case 'product':
      return numbers.length === 0 ? undefined : Math.round(numbers.reduce((a, b) => a * b, 1) * 1e10) / 1e10;
    case 'min':
      return numbers.length === 0 ? undefined : Math.min(...numbers);
    case 'max':
      return numbers.length === 0 ? undefined : Math.max(...numbers);
    case 'count':
      return values.filter((v) => !isEmptyValue(v)).length;
    case 'concat': {
      const parts = values.filter((v) => !isEmptyValue(v) && (typeof v === 'string' || typeof v === 'number')).map(String);
      return parts.length === 0 ? undefined : parts.join(computation.separator ?? ' ');
    }
    default:
      return undefined;
  }
}
