/**
 * How an OData entity set maps onto a table: the domain's entity type (what a query may name, with
 * types and navigations — `src/domain/odata`) plus the drizzle table and the column of each
 * property. {@link defineSqlModel} checks the mapping once, at start-up.
 *
 * ```ts
 * const model = defineSqlModel(FORMS_ODATA_SCHEMA, {
 *   Form: { table: forms, columns: { formId: forms.formId, name: forms.name, … } },
 *   FormSchema: { table: formSchemas, columns: { … } },
 *   …
 * });
 * const page = await runODataQuery(db, model, 'Form', parseODataQuery(url.searchParams));
 * ```
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { ODataEntityType, ODataPropertyType, ODataSchema } from '../../../src/domain/odata';

/** The table of one entity set, and the column of each of its properties. */
export interface SqlEntityMapping {
  /** The drizzle table the rows live in. */
  readonly table: PgTable;
  /**
   * The column of every property of the entity type (OData name → column of `table`). Columns not
   * named here (e.g. a PDF's bytes, a row version) can never be filtered, sorted or answered.
   */
  readonly columns: Readonly<Record<string, AnyPgColumn>>;
  /**
   * The row's version column and how a version reads as an ETag: every row read is answered with
   * `@odata.etag`, which a client sends back as `If-Match`. None: rows carry no version.
   */
  readonly etag?: { readonly column: AnyPgColumn; readonly of: (version: unknown) => string };
  /**
   * Per searched JSON property: the name of a stored column of the same table that holds
   * `lower(odata_json_strings(property))` (a generated column). `$search` then reads that text instead of computing it
   * for every row it checks: a common term's thousands of index candidates are rechecked by reading a column, not
   * by walking each row's JSON again. None: the text is computed.
   */
  readonly searchTextColumns?: Readonly<Record<string, string>>;
}

/** One entity set, checked: its type, its table and each property's column with the column's key in the table. */
export interface SqlEntity extends SqlEntityMapping {
  readonly type: ODataEntityType;
  /** `schema.table` or `table`, for FROM. */
  readonly tableName: { readonly schema?: string; readonly name: string };
  /** Per property: the column and its JavaScript key in the drizzle table (for aliased copies). */
  readonly keys: Readonly<Record<string, string>>;
  /** The JavaScript key of the version column in the drizzle table, when the rows carry an ETag. */
  readonly etagKey?: string;
}

/** The entity sets of a service: the domain schema and the checked table mapping of each type. */
export interface SqlModel {
  readonly schema: ODataSchema;
  readonly entities: Readonly<Record<string, SqlEntity>>;
}

// The drizzle column types whose values come back as the OData type expects (numbers as numbers, dates as Dates).
const COLUMN_TYPES: Readonly<Record<ODataPropertyType, readonly string[]>> = {
  string: ['PgText', 'PgVarchar', 'PgChar'],
  number: ['PgInteger', 'PgSmallInt', 'PgBigInt53', 'PgReal', 'PgDoublePrecision', 'PgSerial', 'PgSmallSerial', 'PgBigSerial53'],
  boolean: ['PgBoolean'],
  dateTime: ['PgTimestamp'],
  guid: ['PgUUID'],
  json: ['PgJsonb', 'PgJson'],
};

/**
 * Checks a mapping against the schema and returns the model the compiler runs on. Throws (a
 * programming error, at start-up) when a property has no column, a column belongs to another
 * table or its type does not fit, two properties share a column, or a navigation names a type or
 * property that does not exist.
 */
export function defineSqlModel(
  schema: ODataSchema,
  mappings: Readonly<Record<string, SqlEntityMapping>>,
): SqlModel {
  const entities: Record<string, SqlEntity> = {};
  for (const [typeName, type] of Object.entries(schema)) {
    const mapping = mappings[typeName];
    if (!mapping) throw new Error(`OData type '${typeName}' has no table mapping.`);
    const tableColumns = Object.entries(getTableColumns(mapping.table));
    const keys: Record<string, string> = {};
    const used = new Set<AnyPgColumn>();
    for (const [property, propertyType] of Object.entries(type.properties)) {
      const column = mapping.columns[property];
      if (!column) throw new Error(`OData property '${typeName}.${property}' has no column.`);
      const key = tableColumns.find(([, c]) => c === column)?.[0];
      if (key === undefined) throw new Error(`The column of '${typeName}.${property}' is not a column of its table.`);
      if (!COLUMN_TYPES[propertyType].includes(column.columnType)) {
        throw new Error(`The column of '${typeName}.${property}' (${column.columnType}) cannot hold a ${propertyType}.`);
      }
      if (used.has(column)) throw new Error(`Two properties of '${typeName}' share the column '${column.name}'.`);
      used.add(column);
      keys[property] = key;
    }
    const extra = Object.keys(mapping.columns).find((p) => !(p in type.properties));
    if (extra !== undefined) throw new Error(`'${typeName}.${extra}' is mapped but is not a property of the OData type.`);
    if (!(type.key in type.properties)) throw new Error(`The key '${type.key}' of '${typeName}' is not a property.`);
    if (type.softDeleteProperty !== undefined && type.properties[type.softDeleteProperty] !== 'boolean') {
      throw new Error(`The soft-delete property of '${typeName}' must be a boolean property.`);
    }
    const unsearchable = (type.search ?? []).find((p) => !['string', 'guid', 'json'].includes(type.properties[p] ?? ''));
    if (unsearchable !== undefined) throw new Error(`'${typeName}.${unsearchable}' cannot be searched: only string, GUID and JSON properties can.`);
    const misplaced = Object.keys(mapping.searchTextColumns ?? {}).find((p) => type.properties[p] !== 'json' || !(type.search ?? []).includes(p));
    if (misplaced !== undefined) throw new Error(`'${typeName}.${misplaced}' has a search text column but is not a searched JSON property.`);
    for (const [name, nav] of Object.entries(type.navigations ?? {})) {
      const target = schema[nav.target];
      if (!target) throw new Error(`Navigation '${typeName}.${name}' targets the unknown type '${nav.target}'.`);
      if (!(nav.sourceProperty in type.properties) || !(nav.targetProperty in target.properties)) {
        throw new Error(`Navigation '${typeName}.${name}' links properties that do not exist.`);
      }
      if (type.properties[nav.sourceProperty] !== target.properties[nav.targetProperty]) {
        throw new Error(`Navigation '${typeName}.${name}' links properties of different types.`);
      }
    }
    const etagKey = mapping.etag ? tableColumns.find(([, c]) => c === mapping.etag?.column)?.[0] : undefined;
    if (mapping.etag && etagKey === undefined) throw new Error(`The version column of '${typeName}' is not a column of its table.`);
    const config = getTableConfig(mapping.table);
    entities[typeName] = {
      ...mapping,
      type,
      tableName: config.schema ? { schema: config.schema, name: getTableName(mapping.table) } : { name: getTableName(mapping.table) },
      keys,
      ...(etagKey === undefined ? {} : { etagKey }),
    };
  }
  return { schema, entities };
}
