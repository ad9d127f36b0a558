/**
 * `visibleWhen` / `requiredWhen` rules and computed values: pure functions over values the engine reads for them.
 */
import type { FieldComputation, FieldRule } from '../api/types';

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

/** Whether every rule holds (an empty list holds). `read` gives the value at a rule's resolved path. */
export function rulesHold(rules: readonly FieldRule[], read: (rule: FieldRule, index: number) => unknown): boolean {
  return rules.every((rule, i) => ruleHolds(rule, read(rule, i)));
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
