/**
 * The JSON Schema node of a data path, found the way a builder writes schemas: each object segment under
 * `properties`, each `*` (the items of a list) under `items`. `$ref`, `allOf` and the like are not followed: a schema
 * the builder did not write is edited in the JSON view.
 */
import type { JsonObject, JsonValue } from '../../contract/types';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function own(node: JsonObject, key: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

/** The schema node of a data path (segments, `*` for array items), or undefined when the schema has none there. */
export function schemaNodeAtDataPath(jsonSchema: JsonObject, segments: readonly string[]): JsonObject | undefined {
  let node: JsonObject = jsonSchema;
  for (const segment of segments) {
    const next = segment === '*' ? own(node, 'items') : (() => {
      const properties = own(node, 'properties');
      return isObject(properties) ? own(properties, segment) : undefined;
    })();
    if (!isObject(next)) return undefined;
    node = next;
  }
  return node;
}

/**
 * The node holding `segments` (created on the way as `{ type: 'object', properties: {} }`, or for `*` as an array of
 * such objects), mutated in place. Returns the parent object node of the last segment.
 */
export function ensureParentNode(jsonSchema: JsonObject, segments: readonly string[]): JsonObject {
  let node: JsonObject = jsonSchema;
  for (const segment of segments.slice(0, -1)) {
    if (segment === '*') {
      if (!isObject(own(node, 'items'))) node.items = { type: 'object', properties: {} };
      node = node.items as JsonObject;
    } else {
      if (!isObject(own(node, 'properties'))) node.properties = {};
      const properties = node.properties as JsonObject;
      if (!isObject(own(properties, segment))) {
        Object.defineProperty(properties, segment, { value: { type: 'object', properties: {} }, writable: true, enumerable: true, configurable: true });
      }
      node = properties[segment] as JsonObject;
    }
  }
  return node;
}

/** Whether a node holds nothing but an empty object's shape (a container the builder made and nothing uses now). */
function isEmptyContainer(node: JsonValue | undefined): boolean {
  if (!isObject(node)) return false;
  const keys = Object.keys(node);
  const properties = node.properties;
  const required = node.required;
  return (
    keys.every((k) => k === 'type' || k === 'properties' || k === 'required') &&
    (node.type === undefined || node.type === 'object') &&
    (properties === undefined || (isObject(properties) && Object.keys(properties).length === 0)) &&
    (required === undefined || (Array.isArray(required) && required.length === 0))
  );
}

/**
 * Takes the node of `segments` out of the schema (mutating it), with its entry in the parent's `required`, and
 * removes the parent objects left empty on the way up. Returns the node and whether it was required, or null when
 * the schema has no node there.
 */
export function detachSchemaNode(jsonSchema: JsonObject, segments: readonly string[]): { node: JsonObject; required: boolean } | null {
  const last = segments[segments.length - 1];
  if (last === undefined || last === '*') return null;
  const parent = schemaNodeAtDataPath(jsonSchema, segments.slice(0, -1));
  const properties = parent ? own(parent, 'properties') : undefined;
  const node = isObject(properties) ? own(properties, last) : undefined;
  if (!parent || !isObject(properties) || !isObject(node)) return null;
  delete properties[last];
  const requiredList = own(parent, 'required');
  const required = Array.isArray(requiredList) && requiredList.includes(last);
  if (required) parent.required = (requiredList as JsonValue[]).filter((n) => n !== last);
  // Prune object containers emptied by the move (never the root, never a list's item schema).
  for (let depth = segments.length - 1; depth > 0; depth--) {
    const name = segments[depth - 1] as string;
    if (name === '*') break;
    const holder = schemaNodeAtDataPath(jsonSchema, segments.slice(0, depth - 1));
    const holderProps = holder ? own(holder, 'properties') : undefined;
    if (!holder || !isObject(holderProps) || !isEmptyContainer(own(holderProps, name))) break;
    delete holderProps[name];
    const holderRequired = own(holder, 'required');
    if (Array.isArray(holderRequired)) holder.required = holderRequired.filter((n) => n !== name);
  }
  return { node, required };
}

/** Puts `node` at `segments` (mutating the schema), creating the objects on the way, and lists it as required when asked. */
export function attachSchemaNode(jsonSchema: JsonObject, segments: readonly string[], node: JsonObject, required: boolean): void {
  const last = segments[segments.length - 1];
  if (last === undefined || last === '*') return;
  const parent = ensureParentNode(jsonSchema, segments);
  if (!isObject(own(parent, 'properties'))) parent.properties = {};
  Object.defineProperty(parent.properties as JsonObject, last, { value: node, writable: true, enumerable: true, configurable: true });
  if (required) {
    const list = Array.isArray(own(parent, 'required')) ? (parent.required as JsonValue[]) : [];
    if (!list.includes(last)) parent.required = [...list, last];
  }
}
