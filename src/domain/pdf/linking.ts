/**
 * Dynamic form linking, the rules the reference server and the test fake share: the data paths of the host's
 * application model (`GetAllPrimitivePaths`), the data of an instance pre-filled from a posted application
 * (`DynamicFormLinking/Create`), and the values a form instance writes into its PDF template's fields.
 *
 * Pre-filling copies, for every data path the layout binds, the application's value at the field's link (or the same
 * path), then lets the engine check the copy: a value the schema refuses there (a string too long, a number for a text, an option the
 * field does not have) is left out and reported with the engine's message, never converted into something that
 * fits. Missing values are not problems: the instance starts as Created and is completed by a person.
 */
import type { FormLayout, FormSchema, JsonObject, JsonValue, PrefillProblem, PrimitivePathInfo } from '../../contract/types';
import { layoutFieldEntries } from '../../engine/layout-walk';
import { fileReferencesText, isFileReferences } from '../../engine/files';
import { matrixAnswerLines } from '../../engine/matrix';
import { isDrawnSignature } from '../../engine/signature-value';
import { checkDataLimits, FormLimitError } from '../../engine/limits';
import { validateSubmission } from '../../engine/validate-submission';
import { DomainError } from '../errors';
// The path goes through src/domain: '../forms' would read as the renderer's folder to the layer rules.
import { applicationSources, prefillFromApplication } from '../../domain/forms/prefill';
import { getAt, hasAt, parsePointer, removeAt } from '../../contract/json-pointer';
import { valueForPdfField } from './field-format';

/** The data of an instance pre-filled from an application, and the values left out. */
export interface Prefill {
  data: JsonObject;
  problems: PrefillProblem[];
}

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/**
 * The data of a new instance of `schema` pre-filled from `application` by the domain's copy rule
 * (`prefillFromApplication`: each field from its link or its own path), then checked by the engine: values the schema
 * refuses are left out and listed in `problems`. Throws a 400/413 `DomainError` for an application over the data
 * limits (too large, too deep, forbidden keys).
 */
export function checkedPrefill(schema: Pick<FormSchema, 'formSchemaId' | 'version' | 'jsonSchema' | 'layout'>, application: JsonObject): Prefill {
  let data: JsonObject;
  try {
    checkDataLimits(application);
    data = prefillFromApplication(schema, application);
  } catch (error) {
    if (error instanceof FormLimitError) throw new DomainError(error.status, error.message, { code: error.kind });
    throw error;
  }
  const copied = applicationSources(schema.layout).filter((s) => hasAt(data, s.path));
  const problems: PrefillProblem[] = [];
  // Each round leaves out at least one copied value, so this ends; most applications need one round.
  for (let round = 0; round <= copied.length; round++) {
    let errors: readonly { path: string; message: string }[];
    try {
      errors = validateSubmission(schema as FormSchema, data).errors;
    } catch (error) {
      if (error instanceof FormLimitError) throw new DomainError(error.status, error.message, { code: error.kind });
      throw error;
    }
    const refused = copied.filter((s) => !problems.some((p) => p.path === s.path) && errors.some((e) => under(e.path, s.path)));
    if (refused.length === 0) break;
    for (const { path, source } of refused) {
      const message = errors.find((e) => under(e.path, path))?.message ?? 'The value does not fit this field.';
      problems.push({ path, source, message });
      data = (removeAt(data, path) as JsonObject | undefined) ?? {};
    }
  }
  return { data, problems };
}

// ---------------------------------------------------------------- the application model

/** A primitive type of the application model. */
export type PrimitiveType = PrimitivePathInfo['type'];

/** One primitive data path of the application model, with its type (and string format, when it has one). */
export type PrimitivePath = PrimitivePathInfo;

/** The host's application model: a JSON Schema of an application and an example application. */
export interface ApplicationModel {
  schema: JsonObject;
  example: JsonObject;
}

/** Items of an array the primitive paths list by position when the model sets no `maxItems`. */
export const DEFAULT_LINKED_ITEMS = 3;
/** The most items of an array the primitive paths list by position. */
export const MAX_LINKED_ITEMS = 5;
/** The most primitive paths a model may have (a model over it is refused when the server loads it). */
export const MAX_PRIMITIVE_PATHS = 2_000;

const PRIMITIVES: readonly string[] = ['string', 'number', 'integer', 'boolean'];

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The primitive (leaf) data paths of an application model's JSON Schema, in the order the schema names them: object
 * properties are walked, array items are listed by position (`/employmentHistory/0/employer`) for the first
 * `maxItems` (default {@link DEFAULT_LINKED_ITEMS}, at most {@link MAX_LINKED_ITEMS}), since a PDF numbers its rows
 * ("Employer 1", "Employer 2"). A property whose `type` lists several types takes the first primitive one. `$ref` is
 * not followed: a model lists its properties in place.
 */
export function primitivePathsOf(schema: JsonObject): PrimitivePath[] {
  const paths: PrimitivePath[] = [];
  const walk = (node: JsonValue | undefined, path: string, depth: number) => {
    if (!isObject(node) || depth > 16 || paths.length > MAX_PRIMITIVE_PATHS) return;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (isObject(node.properties) || types.includes('object')) {
      for (const [key, child] of Object.entries(isObject(node.properties) ? node.properties : {})) {
        walk(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
      }
      return;
    }
    if (types.includes('array')) {
      const max = typeof node.maxItems === 'number' ? Math.min(node.maxItems, MAX_LINKED_ITEMS) : DEFAULT_LINKED_ITEMS;
      for (let i = 0; i < max; i++) walk(node.items, `${path}/${i}`, depth + 1);
      return;
    }
    const type = types.find((t): t is PrimitiveType => typeof t === 'string' && PRIMITIVES.includes(t));
    if (type === undefined || path === '') return;
    const entry: PrimitivePath = { path, type };
    if (typeof node.format === 'string') entry.format = node.format;
    paths.push(entry);
  };
  walk(schema, '', 0);
  return paths.slice(0, MAX_PRIMITIVE_PATHS);
}

/** The JSON type of a value at a path, as {@link PrimitivePath} names it (undefined for null, objects, arrays). */
function primitiveTypeOf(value: unknown): PrimitiveType | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return undefined;
}

/**
 * Typed paths of a backend that keeps only a list of paths and an example (the test fake): each path's type is the
 * type of the example's value there, `string` where the example has none.
 */
export function typedPathsFromExample(paths: readonly string[], example: JsonObject): PrimitivePath[] {
  return paths.map((path) => {
    let value: unknown;
    try {
      value = getAt(example, parsePointer(path));
    } catch {
      value = undefined;
    }
    return { path, type: primitiveTypeOf(value) ?? 'string' };
  });
}

// ---------------------------------------------------------------- filling the PDF

/** A value written into one PDF field (see the server's PDF filler for what each field type takes). */
export type PdfFieldValue = string | boolean | readonly string[];

/**
 * The values an instance writes into its form's PDF fields, by PDF field name: every layout field that names a
 * `pdfFieldName`, in sections at any depth outside repeatable ones, with the instance's value at its path. Dates and
 * numbers are written in the field's own format when the import read one (`pdfFormat`: `12/09/1906` in a
 * MONTH/DAY/YEAR box, not `1906-12-09`), other numbers as text, lists as their items' text; empty and missing values
 * and drawn signatures (an image) are left out (the filler writes those fields empty).
 */
export function pdfValuesFromData(layout: FormLayout, data: JsonObject): Record<string, PdfFieldValue> {
  const values: Record<string, PdfFieldValue> = {};
  for (const { field, repeatOwner } of layoutFieldEntries(layout)) {
    // A field of a repeatable section's items (sections inside it included) has no single PDF field per answer.
    if (repeatOwner !== null || !field.pdfFieldName) continue;
    let value: unknown;
    try {
      value = getAt(data, field.path);
    } catch {
      continue;
    }
    // A drawn signature is an image: never written into a field as text (a signature field is signed, not filled).
    if (field.widget === 'signature' && isDrawnSignature(value)) continue;
    if (typeof value === 'string') {
      if (value !== '') values[field.pdfFieldName] = valueForPdfField(value, field.pdfFormat);
    } else if (typeof value === 'boolean') values[field.pdfFieldName] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[field.pdfFieldName] = valueForPdfField(value, field.pdfFormat);
    // Uploaded files: their names and sizes ('payslip.pdf (179 KB)'), never the bytes.
    else if (field.widget === 'file' && isFileReferences(value)) {
      if (value.length > 0) values[field.pdfFieldName] = fileReferencesText(value, 'en');
    } else if (Array.isArray(value)) {
      values[field.pdfFieldName] = value.filter((v) => v !== null && typeof v !== 'object').map((v) => String(v));
    }
    // A matrix: its answered rows in words ('Room — Good; Food — Poor').
    else if (field.widget === 'matrix' && typeof value === 'object' && value !== null) {
      const lines = matrixAnswerLines(field, value);
      if (lines.length > 0) values[field.pdfFieldName] = lines.join('; ');
    }
  }
  return values;
}
