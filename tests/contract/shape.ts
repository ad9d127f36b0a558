/**
 * The shape of a value: field names and value types, not the values. Contract tests compare the
 * shapes of what the fake and the server answer, so ids, dates, names and list lengths may differ
 * while field names and types must not.
 *
 * - scalars become `'string'`, `'number'`, `'boolean'`, `'null'`; `Date`s (revived by the client)
 *   become `'date'`;
 * - objects keep their keys (sorted) with the shape of each value;
 * - arrays become `[shape of the elements]` (merged over every element), `[]` when empty;
 * - fields named in `nullable` (seed data that is null for some users and text for others, such as
 *   `phoneNumber`) become `'string?'` whether null or text.
 */
export type Shape = string | Shape[] | { [key: string]: Shape };

export interface ShapeOptions {
  nullable?: readonly string[];
}

const DEFAULT_NULLABLE = ['email', 'phoneNumber', 'description'];

export function shapeOf(value: unknown, options: ShapeOptions = {}, key?: string): Shape {
  const nullable = options.nullable ?? DEFAULT_NULLABLE;
  if (key !== undefined && nullable.includes(key) && (value === null || typeof value === 'string')) return 'string?';
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (value instanceof Date) return 'date';
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    return [merge(value.map((item) => shapeOf(item, options)))];
  }
  if (typeof value === 'object') {
    const out: { [key: string]: Shape } = {};
    for (const k of Object.keys(value).sort()) out[k] = shapeOf((value as Record<string, unknown>)[k], options, k);
    return out;
  }
  return typeof value;
}

const same = (a: Shape, b: Shape) => JSON.stringify(a) === JSON.stringify(b);

/** One shape for several: equal shapes stay; objects merge key by key; anything else becomes a union. */
function merge(shapes: Shape[]): Shape {
  const [first, ...rest] = shapes;
  if (first === undefined) return [];
  if (rest.every((s) => same(s, first))) return first;
  if (shapes.every((s) => typeof s === 'object' && !Array.isArray(s))) {
    const objects = shapes as { [key: string]: Shape }[];
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))].sort();
    const out: { [key: string]: Shape } = {};
    for (const k of keys) out[k] = merge(objects.map((o) => o[k] ?? 'missing'));
    return out;
  }
  if (shapes.every(Array.isArray)) {
    const items = (shapes as Shape[][]).flatMap((s) => s);
    return items.length ? [merge(items)] : [];
  }
  return [...new Set(shapes.map((s) => (typeof s === 'string' ? s : JSON.stringify(s))))].sort().join('|');
}
