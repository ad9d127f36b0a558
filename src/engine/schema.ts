/**
 * Walking a JSON Schema (2020-12) along a data path: the subschema that applies to a value, with `$ref` followed and
 * `allOf` merged, and the facts a widget and a message need (type, bounds, options, format).
 */
import { dereference, type Schema } from '@cfworker/json-schema';

/** A schema node as the validator sees it (`true` / `false` are schemas too). */
export type SchemaNode = Schema | boolean;

/** A dereferenced copy of a schema and its `$ref` lookup table, as `@cfworker/json-schema` wants them. */
export interface PreparedSchema {
  root: Schema;
  lookup: Record<string, SchemaNode>;
}

const REF_KEYWORDS = new Set(['$ref', '$recursiveRef', '$dynamicRef']);

/** A deep copy of JSON, noting whether it holds a reference keyword anywhere. */
function copyJson(value: unknown, found: { ref: boolean }): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => copyJson(item, found));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (REF_KEYWORDS.has(key)) found.ref = true;
    // defineProperty keeps a "__proto__" key a plain property of the copy.
    Object.defineProperty(copy, key, { value: copyJson((value as Record<string, unknown>)[key], found), writable: true, enumerable: true, configurable: true });
  }
  return copy;
}

/**
 * Deep-copies `jsonSchema` and builds its `$ref` table (the copy is annotated by the validator, never the original).
 * A schema without references needs no table, which spares a walk that parses a URL per subschema.
 */
export function prepareSchema(jsonSchema: object): PreparedSchema {
  const found = { ref: false };
  const root = copyJson(jsonSchema, found) as Schema;
  const lookup = found.ref ? dereference(root) : {};
  return { root, lookup };
}

function isSchemaObject(node: unknown): node is Schema {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** The target of a `$ref` (already made absolute by `dereference`), or undefined. */
function refTarget(node: Schema, prepared: PreparedSchema): SchemaNode | undefined {
  const absolute = node.__absolute_ref__ as string | undefined;
  if (absolute !== undefined && absolute in prepared.lookup) return prepared.lookup[absolute];
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    let target: unknown = prepared.root;
    for (const token of ref.slice(2).split('/')) {
      const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isSchemaObject(target) && Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
    }
    return isSchemaObject(target) || typeof target === 'boolean' ? target : undefined;
  }
  return undefined;
}

/**
 * Every schema object that applies directly to a value at a node: the node, its `$ref` target (recursively) and its
 * `allOf` members (recursively). `anyOf`, `oneOf` and `if` are not followed: which branch applies depends on data.
 */
export function applicableSchemas(node: SchemaNode | undefined, prepared: PreparedSchema): Schema[] {
  if (!isSchemaObject(node)) return [];
  // The common case (no $ref, no allOf) without the bookkeeping.
  if (node.__absolute_ref__ === undefined && node.$ref === undefined && node.allOf === undefined) return [node];
  const out: Schema[] = [];
  const seen = new Set<Schema>();
  const visit = (n: SchemaNode | undefined, depth: number): void => {
    if (!isSchemaObject(n) || seen.has(n) || depth > 16) return;
    seen.add(n);
    out.push(n);
    visit(refTarget(n, prepared), depth + 1);
    if (Array.isArray(n.allOf)) for (const member of n.allOf) visit(member, depth + 1);
  };
  visit(node, 0);
  return out;
}

/** The child schema for one data segment below `node`, or undefined when the schema says nothing about it. */
export function childSchema(node: SchemaNode | undefined, segment: string, prepared: PreparedSchema): SchemaNode | undefined {
  const isIndex = segment === '*' || /^(0|[1-9][0-9]*)$/.test(segment);
  for (const schema of applicableSchemas(node, prepared)) {
    if (isSchemaObject(schema.properties) && Object.prototype.hasOwnProperty.call(schema.properties, segment)) {
      return schema.properties[segment];
    }
    if (isIndex) {
      const index = segment === '*' ? -1 : Number(segment);
      if (Array.isArray(schema.prefixItems) && index >= 0 && index < schema.prefixItems.length) return schema.prefixItems[index];
      if (schema.items !== undefined && !Array.isArray(schema.items)) return schema.items;
    }
  }
  for (const schema of applicableSchemas(node, prepared)) {
    if (!isIndex && schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
      return schema.additionalProperties;
    }
  }
  return undefined;
}

/** The schema at a data path (segments; `*` for any array item), or undefined. */
export function schemaAt(prepared: PreparedSchema, segments: readonly string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = prepared.root;
  for (const segment of segments) {
    node = childSchema(node, segment, prepared);
    if (node === undefined) return undefined;
  }
  return node;
}

/** {@link schemaAt} with every prefix remembered: compiling a form walks the same parents for every field. */
export function schemaResolver(prepared: PreparedSchema): (segments: readonly string[]) => SchemaNode | undefined {
  const memo = new Map<string, SchemaNode | undefined>([['', prepared.root]]);
  const at = (segments: readonly string[]): SchemaNode | undefined => {
    const key = segments.join('\u0000');
    if (memo.has(key)) return memo.get(key);
    const parent = at(segments.slice(0, -1));
    const node = parent === undefined ? undefined : childSchema(parent, segments[segments.length - 1] as string, prepared);
    memo.set(key, node);
    return node;
  };
  return at;
}

/** Whether the object schema `parent` lists `name` as required. */
export function isRequiredIn(prepared: PreparedSchema, parent: SchemaNode | undefined, name: string): boolean {
  return applicableSchemas(parent, prepared).some((s) => Array.isArray(s.required) && s.required.includes(name));
}

/** The facts about a value's schema that widgets and messages use; `allOf` and `$ref` merged, first one wins. */
export interface ValueSchemaInfo {
  type?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  enum?: readonly unknown[];
  const?: unknown;
  hasConst: boolean;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** The allowed values of an array's items (multi choice). */
  itemEnum?: readonly unknown[];
  title?: string;
  description?: string;
  readOnly?: boolean;
  default?: unknown;
  /** Author-written messages: one for every failure, or one per keyword (`{ "maxLength": "…" }`). */
  errorMessage?: string | Readonly<Record<string, string>>;
}

const NUMERIC_KEYS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
] as const;

/** Collects {@link ValueSchemaInfo} from the schema at a node. */
export function describeSchema(node: SchemaNode | undefined, prepared: PreparedSchema): ValueSchemaInfo {
  const info: ValueSchemaInfo = { hasConst: false };
  const writable = info as unknown as Record<string, unknown>;
  for (const schema of applicableSchemas(node, prepared)) {
    if (info.type === undefined) {
      if (typeof schema.type === 'string') info.type = schema.type;
      else if (Array.isArray(schema.type)) info.type = schema.type.find((t) => t !== 'null');
    }
    for (const key of NUMERIC_KEYS) {
      const value = schema[key] as unknown;
      if (writable[key] === undefined && typeof value === 'number') writable[key] = value;
    }
    for (const key of ['format', 'pattern', 'title', 'description'] as const) {
      const value = schema[key] as unknown;
      if (writable[key] === undefined && typeof value === 'string') writable[key] = value;
    }
    if (info.enum === undefined && Array.isArray(schema.enum)) info.enum = schema.enum;
    if (!info.hasConst && 'const' in schema) {
      info.hasConst = true;
      info.const = schema.const;
    }
    if (info.uniqueItems === undefined && typeof schema.uniqueItems === 'boolean') info.uniqueItems = schema.uniqueItems;
    if (info.readOnly === undefined && typeof schema.readOnly === 'boolean') info.readOnly = schema.readOnly;
    if (info.default === undefined && 'default' in schema) info.default = schema.default;
    if (info.errorMessage === undefined) {
      const message = schema.errorMessage as unknown;
      if (typeof message === 'string') info.errorMessage = message;
      else if (isSchemaObject(message)) {
        const entries = Object.entries(message).filter((e): e is [string, string] => typeof e[1] === 'string');
        info.errorMessage = Object.fromEntries(entries);
      }
    }
  }
  if (info.type === 'array' && info.itemEnum === undefined) {
    const items = childSchema(node, '*', prepared);
    const itemInfo = items === undefined ? undefined : applicableSchemas(items, prepared).find((s) => Array.isArray(s.enum));
    if (itemInfo) info.itemEnum = itemInfo.enum as unknown[];
  }
  return info;
}
