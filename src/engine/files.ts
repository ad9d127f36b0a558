/**
 * The file upload question kind's value: a list of references to stored files, `{ fileId, name, size, type }` each,
 * never the bytes. Its limits live in the JSON Schema of its path, so the one validator (browser, fake and server)
 * checks every answer against them: the accepted media types (`items.properties.type.enum`), the largest size of one
 * file (`items.properties.size.maximum`, at most {@link FILE_MAX_BYTES}) and the number of files (`maxItems`).
 * The upload itself (src/service/files.ts) reads the same limits before it stores a file. React-free.
 */
import type { FormField, FormLayout, JsonObject } from '../contract/types';
import { parsePointer } from '../contract/json-pointer';
import { layoutFieldEntries, repeatBasePath } from './layout-walk';
import { applicableSchemas, childSchema, prepareSchema, schemaResolver, type PreparedSchema, type SchemaNode } from './schema';

export { fileReferencesText, fileSizeText, isFileReferences, type FileReference } from './file-references';

/** The media types a file upload field may accept, in the order the builder offers them. */
export const FILE_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain'] as const;

/** One of {@link FILE_MEDIA_TYPES}. */
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[number];

/** The largest file any field accepts: 10 MiB, a hard cap above every field's own limit. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The most files the builder lets one file upload field hold. */
export const FILE_MAX_COUNT = 20;

/** The longest file name kept (a longer one is cut). */
export const FILE_NAME_MAX_LENGTH = 200;

/** The limits of one file upload field, read from the schema of its path. */
export interface FileLimits {
  /** The media types it accepts (a part of {@link FILE_MEDIA_TYPES}). */
  readonly accepted: readonly FileMediaType[];
  /** The largest size of one file, in bytes (at most {@link FILE_MAX_BYTES}). */
  readonly maxBytes: number;
  /** The most files it holds. */
  readonly maxFiles: number;
}

/** A new file upload field's limits: every type, 10 MiB, one file. */
export const DEFAULT_FILE_LIMITS: FileLimits = { accepted: FILE_MEDIA_TYPES, maxBytes: FILE_MAX_BYTES, maxFiles: 1 };

/** The JSON Schema of a file upload field's path with `limits`. */
export function fileSchema(limits: FileLimits): JsonObject {
  return {
    type: 'array',
    maxItems: limits.maxFiles,
    items: {
      type: 'object',
      required: ['fileId', 'name', 'size', 'type'],
      additionalProperties: false,
      properties: {
        fileId: { type: 'string', minLength: 1, maxLength: 64 },
        name: { type: 'string', minLength: 1, maxLength: FILE_NAME_MAX_LENGTH },
        size: { type: 'integer', minimum: 1, maximum: limits.maxBytes },
        type: { type: 'string', enum: [...limits.accepted] },
      },
    },
  };
}

const isMediaType = (value: unknown): value is FileMediaType => typeof value === 'string' && (FILE_MEDIA_TYPES as readonly string[]).includes(value);

function firstOf<T>(node: SchemaNode | undefined, prepared: PreparedSchema, read: (schema: Record<string, unknown>) => T | undefined): T | undefined {
  for (const schema of applicableSchemas(node, prepared)) {
    const found = read(schema as Record<string, unknown>);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The limits a file upload path's schema node gives, or null when it does not say them all: an array whose items
 * have a `size` with a whole `maximum` from 1 to {@link FILE_MAX_BYTES} and a `type` whose `enum` lists only
 * {@link FILE_MEDIA_TYPES}; `maxItems` (1 when it says none) is the number of files.
 */
export function fileLimitsAt(node: SchemaNode | undefined, prepared: PreparedSchema): FileLimits | null {
  const items = childSchema(node, '*', prepared);
  const maxBytes = firstOf(childSchema(items, 'size', prepared), prepared, (s) => (typeof s.maximum === 'number' ? s.maximum : undefined));
  const accepted = firstOf(childSchema(items, 'type', prepared), prepared, (s) => (Array.isArray(s.enum) ? (s.enum as unknown[]) : undefined));
  const maxFiles = firstOf(node, prepared, (s) => (typeof s.maxItems === 'number' ? s.maxItems : undefined)) ?? 1;
  if (maxBytes === undefined || !Number.isInteger(maxBytes) || maxBytes < 1 || maxBytes > FILE_MAX_BYTES) return null;
  if (accepted === undefined || accepted.length === 0 || !accepted.every(isMediaType)) return null;
  return { accepted, maxBytes, maxFiles: Math.max(1, Math.floor(maxFiles)) };
}

/** The limits a compiled field's schema node gives (no `$ref` followed), the defaults when it says none. */
export function fileLimitsOfNode(node: SchemaNode | undefined): FileLimits {
  return fileLimitsAt(node, { root: {}, lookup: {} }) ?? DEFAULT_FILE_LIMITS;
}

/** The limits of a JSON Schema of a file upload path as the builder edits it (a plain object, no `$ref`). */
export function fileLimitsOf(schema: JsonObject | undefined): FileLimits {
  if (!schema) return DEFAULT_FILE_LIMITS;
  const prepared = prepareSchema(schema);
  return fileLimitsAt(prepared.root, prepared) ?? DEFAULT_FILE_LIMITS;
}

/**
 * The file upload field `fieldId` of a layout (a field whose widget is `file`) with its limits from `jsonSchema`, or
 * null when the layout has no such field or its path does not say the limits.
 */
export function fileFieldOf(schema: { jsonSchema: object; layout: FormLayout }, fieldId: string): { field: FormField; limits: FileLimits } | null {
  for (const entry of layoutFieldEntries(schema.layout)) {
    if (entry.field.id !== fieldId || entry.field.widget !== 'file') continue;
    const prepared = prepareSchema(schema.jsonSchema);
    const base = repeatBasePath(entry);
    const segments = [...(base === '' ? [] : [...parsePointer(base), '*']), ...parsePointer(entry.field.path)];
    const limits = fileLimitsAt(schemaResolver(prepared)(segments), prepared);
    return limits ? { field: entry.field, limits } : null;
  }
  return null;
}
