/**
 * The reader of a form's `pdfTemplate`, shared by the test fake and the reference server: what the
 * form generator found in an uploaded PDF (its file name, page count and fields, the `PdfTemplate`
 * of the API types), which the PDF flow fills and signs. Anything else is refused, so a form cannot
 * carry arbitrary JSON that every read of it (anonymous ones included) would serve: unknown
 * properties and wrong types are 400, a template larger than `PDF_TEMPLATE_LIMITS.maxBytes` is 413.
 * Property names match case-insensitively, as in every body; the stored template uses the API's names.
 */
import type { PdfField, PdfTemplate } from '../../contract/types';
import { DomainError } from '../errors';
import { field, isJsonRecord, type JsonRecord } from '../json-body';
import { PDF_TEMPLATE_LIMITS } from '../limits';

const FIELD_TYPES: readonly PdfField['type'][] = ['text', 'checkbox', 'radio', 'dropdown', 'optionList', 'button', 'signature'];

const bad = (path: string, what: string) => new DomainError(400, `'${path}' ${what}.`);

/** The object at `path`, refusing properties other than `known` (matched regardless of case). */
function record(value: unknown, path: string, known: readonly string[]): JsonRecord {
  if (!isJsonRecord(value)) throw bad(path, 'must be an object');
  const lower = known.map((k) => k.toLowerCase());
  for (const key of Object.keys(value)) {
    if (!lower.includes(key.toLowerCase())) throw bad(`${path}.${key}`, `is not a property of a PDF template (known: ${known.join(', ')})`);
  }
  return value;
}

/** An optional property: absent and null read as undefined. */
function optional(body: JsonRecord, key: string): unknown {
  const value = field(body, key);
  return value === null ? undefined : value;
}

function text(value: unknown, path: string, maxLength: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw bad(path, 'must be a non-blank string');
  if (value.length > maxLength) throw bad(path, `is longer than ${maxLength} characters`);
  return value;
}

function integer(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw bad(path, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function finite(value: unknown, path: string, min = -Number.MAX_VALUE): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw bad(path, min === 0 ? 'must be a number not below 0' : 'must be a number');
  }
  return value;
}

function flag(value: unknown, path: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw bad(path, 'must be true or false');
  return value;
}

function pdfField(value: unknown, path: string, pageCount: number): PdfField {
  const body = record(value, path, ['name', 'type', 'options', 'page', 'rect', 'required', 'multiline', 'maxLength', 'readOnly', 'comb']);
  const type = field(body, 'type');
  if (typeof type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(type)) {
    throw bad(`${path}.type`, `must be one of ${FIELD_TYPES.join(', ')}`);
  }
  const rect = record(field(body, 'rect'), `${path}.rect`, ['x', 'y', 'width', 'height']);
  const result: PdfField = {
    name: text(field(body, 'name'), `${path}.name`, PDF_TEMPLATE_LIMITS.maxFieldNameLength),
    type: type as PdfField['type'],
    page: integer(field(body, 'page'), `${path}.page`, 0, pageCount - 1),
    rect: {
      x: finite(field(rect, 'x'), `${path}.rect.x`),
      y: finite(field(rect, 'y'), `${path}.rect.y`),
      width: finite(field(rect, 'width'), `${path}.rect.width`, 0),
      height: finite(field(rect, 'height'), `${path}.rect.height`, 0),
    },
  };
  const options = optional(body, 'options');
  if (options !== undefined) {
    if (!Array.isArray(options)) throw bad(`${path}.options`, 'must be an array of strings');
    if (options.length > PDF_TEMPLATE_LIMITS.maxOptions) throw bad(`${path}.options`, `has more than ${PDF_TEMPLATE_LIMITS.maxOptions} items`);
    result.options = options.map((option, i) => {
      if (typeof option !== 'string') throw bad(`${path}.options[${i}]`, 'must be a string');
      if (option.length > PDF_TEMPLATE_LIMITS.maxOptionLength) {
        throw bad(`${path}.options[${i}]`, `is longer than ${PDF_TEMPLATE_LIMITS.maxOptionLength} characters`);
      }
      return option;
    });
  }
  const required = flag(optional(body, 'required'), `${path}.required`);
  if (required !== undefined) result.required = required;
  const multiline = flag(optional(body, 'multiline'), `${path}.multiline`);
  if (multiline !== undefined) result.multiline = multiline;
  const readOnly = flag(optional(body, 'readOnly'), `${path}.readOnly`);
  if (readOnly !== undefined) result.readOnly = readOnly;
  const comb = flag(optional(body, 'comb'), `${path}.comb`);
  if (comb !== undefined) result.comb = comb;
  const maxLength = optional(body, 'maxLength');
  if (maxLength !== undefined) result.maxLength = integer(maxLength, `${path}.maxLength`, 0, 1_000_000);
  return result;
}

/**
 * A `pdfTemplate` of a body: null (absent, null) or a checked copy with the API's property names.
 * 400 names the first property that is wrong; 413 when the template's JSON is over the size limit.
 */
export function readPdfTemplate(value: unknown): PdfTemplate | null {
  if (value === null || value === undefined) return null;
  const body = record(value, 'pdfTemplate', ['fileName', 'pageCount', 'fields']);
  const pageCount = integer(field(body, 'pageCount'), 'pdfTemplate.pageCount', 1, PDF_TEMPLATE_LIMITS.maxPages);
  const fields = field(body, 'fields') ?? [];
  if (!Array.isArray(fields)) throw bad('pdfTemplate.fields', 'must be an array');
  if (fields.length > PDF_TEMPLATE_LIMITS.maxFields) throw bad('pdfTemplate.fields', `has more than ${PDF_TEMPLATE_LIMITS.maxFields} items`);
  const template: PdfTemplate = {
    fileName: text(field(body, 'fileName'), 'pdfTemplate.fileName', PDF_TEMPLATE_LIMITS.maxFileNameLength),
    pageCount,
    fields: fields.map((item, i) => pdfField(item, `pdfTemplate.fields[${i}]`, pageCount)),
  };
  const size = JSON.stringify(template).length;
  if (size > PDF_TEMPLATE_LIMITS.maxBytes) {
    throw new DomainError(413, `'pdfTemplate' is too large: ${size} characters, at most ${PDF_TEMPLATE_LIMITS.maxBytes} are allowed.`, {
      code: 'pdf-template-size',
    });
  }
  return template;
}
