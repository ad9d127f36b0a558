/**
 * Filling a PDF form: writes values into the AcroForm fields of a PDF (a form's stored template) and, when asked,
 * flattens them into the page content. Values are keyed by the PDF field's fully qualified name (the `pdfFieldName`
 * a generated form keeps on each layout field), so the data → PDF mapping is decided by the caller.
 *
 * What each field type takes (anything else leaves the field as it is and is reported, never guessed):
 * - text: a string; a list is written as its items joined by ", ".
 * - checkbox: true / false, or a string: "Off", one of the box's on-states, or "true"/"yes" (checked).
 * - radio group: the option's label (the field's `/Opt` export value, what the form generator shows) or its
 *   appearance state name. Radio options are state names ("0", "1"…) in many files, with the labels in `/Opt`.
 * - dropdown: an option's value or display text (an editable dropdown takes any string).
 * - option list: a string or a list of strings, each an option's value or display text.
 * - signature and push button: never filled (signing is a separate step, buttons hold no value).
 * Read-only fields are left as the PDF has them.
 *
 * Before anything is written, the template rule runs again (sanitize.ts): every field's value is cleared and every
 * action that runs or launches anything removed, so a field without an answer is empty in the filled PDF even when
 * the stored template still held a value, and no script reaches the document.
 *
 * Uses @libpdf/core (MIT): it reads, fills and flattens the real forms of the fixtures, generating appearance
 * streams for the new values. Flattening keeps signature fields interactive so a filled document can still be signed.
 */
import {
  PDF,
  type ButtonField,
  type CheckboxField,
  type DropdownField,
  type FormField,
  type ListBoxField,
  type RadioField,
  type SignatureField,
  type TextField,
} from '@libpdf/core';
import { NEVER_STOPPED, type PdfJobStop } from './job-stop';
import { clearPdfFieldValues, stripPdfActions } from './sanitize';

/** The field classes, told apart by their `type` (the library exports them as types only). */
type KnownField = TextField | CheckboxField | RadioField | DropdownField | ListBoxField | SignatureField | ButtonField;

/** A value to write into one PDF field. */
export type PdfFillValue = string | boolean | readonly string[];

/** Options of {@link fillPdf}. */
export interface FillPdfOptions {
  /** Bake the fields into the page content (signature fields stay fields). Default false. */
  flatten?: boolean;
}

/** A field {@link fillPdfWithReport} left as it was, with the reason. */
export interface SkippedPdfField {
  name: string;
  reason: string;
}

/** The filled PDF and what could not be written. */
export interface FilledPdf {
  bytes: Uint8Array;
  /** Values not written: an unknown field name, a value the field cannot take, a read-only field. */
  skipped: SkippedPdfField[];
}

/**
 * The bytes as a plain `Uint8Array` view. PDF readers refuse Node's `Buffer` subclass (pdf.js asks for a plain
 * `Uint8Array`), and reading from a view of the same memory costs no copy.
 */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);

function asList(value: PdfFillValue): readonly string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'boolean') return [];
  return value;
}

/** The option whose value or display text is `wanted` (exact first, then ignoring case). */
function matchOption(options: readonly { value: string; display: string }[], wanted: string): string | undefined {
  const exact = options.find((o) => o.value === wanted || o.display === wanted);
  if (exact) return exact.value;
  const lower = wanted.toLowerCase();
  return options.find((o) => o.value.toLowerCase() === lower || o.display.toLowerCase() === lower)?.value;
}

/** Writes `value` into `field`; returns why it was not written, or null. */
function writeField(any: FormField, value: PdfFillValue): string | null {
  if (any.isReadOnly()) return 'the field is read-only in the PDF';
  const field = any as KnownField;
  switch (field.type) {
    case 'text': {
      if (typeof value === 'boolean') return 'a text field takes text, not yes or no';
      field.setValue(typeof value === 'string' ? value : value.join(', '));
      return null;
    }
    case 'checkbox': {
      if (typeof value === 'boolean') {
        if (value) field.check();
        else field.uncheck();
        return null;
      }
      if (typeof value !== 'string') return 'a checkbox takes yes or no, not a list';
      if (value === 'Off' || value === '') {
        field.uncheck();
        return null;
      }
      if (field.getOnValues().includes(value)) {
        field.setValue(value);
        return null;
      }
      if (TRUE_WORDS.has(value.toLowerCase())) {
        field.check();
        return null;
      }
      if (value.toLowerCase() === 'false' || value.toLowerCase() === 'no') {
        field.uncheck();
        return null;
      }
      return `'${value}' is not a state of this checkbox (${field.getOnValues().join(', ')} or Off)`;
    }
    case 'radio': {
      if (typeof value !== 'string') return 'a radio group takes one option';
      const states = field.getOptions();
      const labels = field.getExportValues();
      // The label (from /Opt) names the state at the same index; a state name is taken as it is.
      const byLabel = labels.indexOf(value);
      const state = byLabel >= 0 && byLabel < states.length ? states[byLabel] : states.includes(value) ? value : undefined;
      if (state === undefined) return `'${value}' is not an option of this radio group (${(labels.length > 0 ? labels : states).join(', ')})`;
      field.setValue(state);
      return null;
    }
    case 'dropdown': {
      if (typeof value !== 'string') return 'a dropdown takes one option';
      const option = matchOption(field.getOptions(), value);
      if (option === undefined && !field.isEditable) return `'${value}' is not an option of this dropdown`;
      field.setValue(option ?? value);
      return null;
    }
    case 'listbox': {
      if (typeof value === 'boolean') return 'an option list takes options, not yes or no';
      const wanted = asList(value);
      const chosen: string[] = [];
      for (const item of wanted) {
        const option = matchOption(field.getOptions(), item);
        if (option === undefined) return `'${item}' is not an option of this list`;
        chosen.push(option);
      }
      if (chosen.length > 1 && !field.isMultiSelect) return 'this option list takes one option';
      field.setValue(chosen);
      return null;
    }
    case 'signature':
      return 'signature fields are signed, not filled';
    case 'button':
      return 'push buttons hold no value';
    default:
      return `fields of type '${any.type}' cannot be filled`;
  }
}

/**
 * Fills the fields of `pdf` named in `values` and answers the new PDF with the fields left unwritten (see the module
 * comment for what each type takes). Throws when the bytes are not a PDF that can be read, and `PdfJobStopped` when
 * `stop` (read between its steps) is asked.
 */
export async function fillPdfWithReport(
  pdf: Uint8Array,
  values: Readonly<Record<string, PdfFillValue>>,
  options: FillPdfOptions = {},
  stop: PdfJobStop = NEVER_STOPPED,
): Promise<FilledPdf> {
  const document = await PDF.load(plainBytes(pdf));
  stop.check();
  stripPdfActions(document);
  stop.check();
  clearPdfFieldValues(document);
  stop.check();
  const form = document.getForm();
  const skipped: SkippedPdfField[] = [];
  for (const [name, value] of Object.entries(values)) {
    stop.check();
    const field = form?.getField(name);
    if (!field) {
      skipped.push({ name, reason: 'the PDF has no field of this name' });
      continue;
    }
    let reason: string | null;
    try {
      reason = writeField(field, value);
    } catch (error) {
      // The library refuses values it cannot draw (a character the field's font lacks, a value over the length).
      reason = error instanceof Error ? error.message : String(error);
    }
    if (reason !== null) skipped.push({ name, reason });
  }
  stop.check();
  if (options.flatten && form) form.flatten({ skipSignatures: true });
  stop.check();
  return { bytes: await document.save(), skipped };
}

/**
 * `pdf` with `values` (keyed by PDF field name) written into its fields, flattened when `options.flatten`. Values a
 * field cannot take are left out; {@link fillPdfWithReport} says which.
 */
export async function fillPdf(
  pdf: Uint8Array,
  values: Readonly<Record<string, PdfFillValue>>,
  options: FillPdfOptions = {},
): Promise<Uint8Array> {
  return (await fillPdfWithReport(pdf, values, options)).bytes;
}
