/**
 * A form generated from the fields of a fillable PDF: the rule the reference server and the test fake both run (the
 * server after reading the AcroForm fields, the fake with fields it makes up). React-free and HTTP-free.
 *
 * - One layout page per PDF page that has fields (a page with nothing to fill would be an empty step), fields in
 *   reading order: top to bottom by rows (fields whose tops are within half a field's height share a row), then
 *   left to right.
 * - Each field's widget is one the widget registry says can fill its AcroForm type, the kind its name suggests when
 *   that kind can (`…Email` → email, `…Phone` → phone, `…Date` → date, a multi-line text → long text); push
 *   buttons have no kind and are left out.
 * - The label is the field's tooltip (`/TU`) in readable casing when it is a label, else a readable form of its
 *   name's last part (`Name_First[0]` → "Name first"; see {@link generatedLabel}); the PDF field name stays on the
 *   layout field (`pdfFieldName`), so filling the PDF back needs no guess, and so does the format the field writes
 *   its value in (`pdfFormat`: its format script's, or the date pattern its tooltip spells).
 * - Each field gets its own data path, a camel-cased form of its name, made unique.
 * - The JSON Schema says what the PDF says: required fields, maximum lengths (comb fields included), the options of
 *   radio groups, drop-downs and option lists; read-only fields are read-only in the layout.
 */
import type {
  FieldOption,
  Form,
  FormField,
  FormPage,
  FormSchema,
  GeneratedForm,
  JsonObject,
  PdfField,
  PdfFieldFormat,
  PdfImportCleanup,
  PdfTemplate,
} from '../../contract/types';
import { WIDGET_KINDS, widgetForPdfField, widgetKind, type WidgetKindRegistry } from '../../engine/widget-kinds';
import { fieldFormatFromLabel } from './field-format';

/**
 * A field read from a PDF: the template's field plus its tooltip (`/TU`), the label the PDF gives it, and the format
 * its own format script writes values in (read before the import removes the script; kept on the layout field).
 */
export interface PdfFieldFound extends PdfField {
  tooltip?: string;
  format?: PdfFieldFormat;
}

/** What the generator needs to know about a PDF. */
export interface PdfFormSource {
  /** The uploaded file's name (the form's title comes from it). */
  fileName: string;
  pageCount: number;
  fields: readonly PdfFieldFound[];
  /** What the import cleared and removed from the file (answered with the form, for the import screen to tell). */
  cleanup?: PdfImportCleanup;
}

/** Where new ids and the time come from (the server's clock and UUIDs, the fake's seeded ones). */
export interface GeneratorContext {
  newId(): string;
  now(): Date;
}

/** Options of {@link formFromPdf}. */
export interface FormFromPdfOptions {
  /** The widget kinds to choose from (default the built-in ones). */
  widgets?: WidgetKindRegistry;
}

/** Longest label taken from a tooltip; longer ones are cut at a word and end in "…" (tooltips can be paragraphs). */
export const MAX_GENERATED_LABEL_LENGTH = 120;

/** The form's title from a file name: `loan-application_v2.pdf` → "Loan Application V2". */
export function titleFromFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.pdf$/i, '');
  const words = base.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const title = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return title === '' ? 'Uploaded Form' : title;
}

/** The words of a field name's last part: `form1[0].Page1[0].Name_First[0]` → ['Name', 'First']. */
function nameWords(name: string): string[] {
  const parts = name.split('.').map((p) => p.replace(/\[\d+\]/g, '').trim()).filter(Boolean);
  const last = parts[parts.length - 1] ?? name;
  return last
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Abbreviations a label keeps in capitals when it is otherwise set in sentence case. */
const ABBREVIATIONS = new Set(['SSN', 'ZIP', 'DOB', 'ID', 'PO', 'SIN', 'TIN', 'EIN', 'VAT', 'IBAN', 'BIC', 'URL', 'PIN', 'US', 'USA', 'UK', 'EU', 'PHD']);

/** `text` in sentence case (first letter capital, the rest small), abbreviations kept in capitals. */
function sentenceCase(text: string): string {
  const lower = text
    .split(/(\s+)/)
    .map((word) => (ABBREVIATIONS.has(word.replace(/[^\p{L}]/gu, '').toUpperCase()) && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join('');
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** A readable label from a field name: `Name_First` → "Name first", `HIGH SCHOOL DIPLOMA` → "High school diploma". */
export function readableFieldName(name: string): string {
  const words = nameWords(name);
  if (words.length === 0) return 'Field';
  return sentenceCase(words.map((w) => (ABBREVIATIONS.has(w.toUpperCase()) && w === w.toUpperCase() ? w : w.toLowerCase())).join(' '));
}

/**
 * Whether a text is set in a way no one writes a label: all in capitals ("EMPLOYEE SIGNATURE"), or with a word whose
 * cases are mixed up ("SEx", "SUFFIx", "bACHELOR'S"), as PDF tooltips made from page text often are.
 */
function isShouted(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return true;
  return text.split(/\s+/).some((word) => /^\p{Ll}\p{Lu}/u.test(word) || /\p{Lu}{2,}\p{Ll}/u.test(word));
}

/**
 * The label of a generated field: the field's tooltip (`/TU`) in readable casing, else a readable form of its name.
 * The name is taken instead of a tooltip that is no label: one without letters ("[1]"), a date pattern the field
 * writes ("MONTH/DAY/YEAR", which becomes the field's format), or a single word when the name says more (`Name_Last`
 * with the tooltip "LAST" is "Name last"). A parenthesis the tooltip opens and never closes is left out.
 */
export function generatedLabel(field: Pick<PdfFieldFound, 'name' | 'tooltip'>): string {
  const tooltip = field.tooltip
    ?.replace(/\s+/g, ' ')
    .replace(/\s*\([^)]*$/, '')
    .trim();
  const fromName = readableFieldName(field.name);
  if (!tooltip || !/\p{L}/u.test(tooltip)) return fromName;
  if (fieldFormatFromLabel(tooltip) && tooltip.replace(/\b(?:month|day|year|mm|dd|yyyy|yy)\b|[\s/.-]/gi, '') === '') return fromName;
  if (!/\s/.test(tooltip) && fromName.split(' ').length >= 2) return fromName;
  const label = isShouted(tooltip) ? sentenceCase(tooltip) : tooltip;
  if (label.length <= MAX_GENERATED_LABEL_LENGTH) return label;
  const cut = label.slice(0, MAX_GENERATED_LABEL_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_GENERATED_LABEL_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The format a field writes its value in: its own format script's, else the date pattern its tooltip spells. */
function formatOf(field: PdfFieldFound, widget: string): PdfFieldFormat | undefined {
  if (field.format) return field.format;
  if (field.type !== 'text') return undefined;
  const fromTooltip = field.tooltip ? fieldFormatFromLabel(field.tooltip) : undefined;
  if (fromTooltip) return fromTooltip;
  return widget === 'date' ? fieldFormatFromLabel(field.name.replace(/[_.]/g, ' ')) : undefined;
}

/** The data property a field name suggests: `Name_First[0]` → `nameFirst`. */
function propertyOf(name: string): string {
  const words = nameWords(name);
  const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (key === '') return 'field';
  return /^\p{N}/u.test(key) ? `field${key}` : key;
}

/** The widget a text field's name suggests (the registry decides whether that kind can fill it). */
function preferredWidget(field: PdfFieldFound): string | undefined {
  if (field.type !== 'text') return undefined;
  if (field.multiline) return 'textarea';
  const words = nameWords(field.name).map((w) => w.toLowerCase());
  const has = (...names: string[]) => words.some((w) => names.includes(w));
  if (has('email', 'e-mail', 'mail')) return 'email';
  if (has('phone', 'telephone', 'tel', 'mobile', 'fax')) return 'phone';
  if (has('birthdate', 'dob') || (has('date') && !has('update'))) return 'date';
  if (has('url', 'website', 'homepage')) return 'url';
  return undefined;
}

/**
 * The fields in reading order: by page, then rows from the top of the page (PDF y grows upwards), then left to right.
 * Two fields share a row when their tops differ by less than half the smaller one's height.
 */
export function readingOrder<T extends Pick<PdfField, 'page' | 'rect'>>(fields: readonly T[]): T[] {
  const top = (f: T) => f.rect.y + f.rect.height;
  const byTop = [...fields].sort((a, b) => a.page - b.page || top(b) - top(a) || a.rect.x - b.rect.x);
  const rows: T[][] = [];
  for (const field of byTop) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    const sameRow =
      row !== undefined &&
      first !== undefined &&
      first.page === field.page &&
      Math.abs(top(first) - top(field)) < Math.max(1, Math.min(first.rect.height, field.rect.height) / 2);
    if (sameRow) row.push(field);
    else rows.push([field]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.rect.x - b.rect.x));
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The field as the form's `pdfTemplate` keeps it (no tooltip: the label carries it; no format: the layout field
 * carries it; coordinates to 0.01 pt).
 */
function templateField(field: PdfFieldFound): PdfField {
  const { tooltip: _tooltip, format: _format, ...rest } = field;
  return { ...rest, rect: { x: round(field.rect.x), y: round(field.rect.y), width: round(field.rect.width), height: round(field.rect.height) } };
}

/** The JSON Schema of one generated field, for the widget chosen. */
function schemaFor(field: PdfFieldFound, widget: string, options: readonly string[], widgets: WidgetKindRegistry): JsonObject {
  const kind = widgetKind(widget, widgets);
  switch (kind?.value) {
    case 'boolean':
      return { type: 'boolean' };
    case 'choice':
      return { type: 'string', enum: [...options] };
    case 'list':
      return { type: 'array', items: { type: 'string', enum: [...options] }, uniqueItems: true };
    default: {
      const schema: JsonObject = { type: 'string' };
      const format = kind?.defaultSchema.format;
      if (typeof format === 'string') schema.format = format;
      if (field.maxLength !== undefined && field.maxLength > 0) schema.maxLength = field.maxLength;
      return schema;
    }
  }
}

/**
 * The form, its first schema (version 1, not public) and the template fields generated from a PDF's fields. The form
 * and schema are drafts: the caller stores them (the reference server answers them for the client to save).
 */
export function formFromPdf(source: PdfFormSource, ctx: GeneratorContext, options: FormFromPdfOptions = {}): GeneratedForm {
  const widgets = options.widgets ?? WIDGET_KINDS;
  const title = titleFromFileName(source.fileName);
  const properties: JsonObject = {};
  const required: string[] = [];
  const taken = new Set<string>();
  const kept: PdfField[] = [];
  const pages = new Map<number, FormField[]>();
  const ids = new Set<string>();

  for (const field of readingOrder(source.fields)) {
    const choices = field.options?.filter((o) => o !== '') ?? [];
    const isChoice = field.type === 'radio' || field.type === 'dropdown' || field.type === 'optionList';
    // A choice field without options cannot be a choice: it is filled as text.
    const type: PdfField['type'] = isChoice && choices.length === 0 ? 'text' : field.type;
    const widget = widgetForPdfField(type, preferredWidget(field), widgets);
    if (widget === undefined) continue; // a push button: nothing to fill
    kept.push(templateField(field));

    let property = propertyOf(field.name);
    for (let n = 2; taken.has(property); n++) property = `${propertyOf(field.name)}${n}`;
    taken.add(property);
    const unique = [...new Set(choices)];
    properties[property] = schemaFor(field, widget, unique, widgets);
    if (field.required) required.push(property);

    let id = property.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    for (let n = 2; ids.has(id); n++) id = `${property.toLowerCase()}-${n}`;
    ids.add(id);
    const layoutField: FormField = { id, path: `/${property}`, widget, label: generatedLabel(field), pdfFieldName: field.name };
    const format = formatOf(field, widget);
    if (format) layoutField.pdfFormat = format;
    if (isChoice && unique.length > 0) layoutField.options = unique.map((o): FieldOption => ({ value: o, label: o }));
    if (field.readOnly) layoutField.readOnly = true;
    const list = pages.get(field.page) ?? [];
    list.push(layoutField);
    pages.set(field.page, list);
  }

  const pageCount = Math.max(1, source.pageCount);
  const layoutPages: FormPage[] = [...pages.entries()]
    .sort(([a], [b]) => a - b)
    .map(([page, fields]) => ({
      id: `page-${page + 1}`,
      title: pageCount > 1 ? `Page ${page + 1}` : title,
      sections: [{ id: `page-${page + 1}-fields`, title: pageCount > 1 ? `Fields of page ${page + 1}` : 'Fields from the PDF', fields }],
    }));

  const now = ctx.now();
  const formId = ctx.newId();
  const formSchemaId = ctx.newId();
  const audit = { isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
  const pdfTemplate: PdfTemplate = { fileName: source.fileName, pageCount, fields: kept };
  const form: Form = {
    formId,
    name: title,
    description: `Generated from ${source.fileName}`,
    formGroupId: null,
    currentFormSchemaId: formSchemaId,
    pdfTemplate,
    publicBaseUrl: null,
    ...audit,
  };
  const jsonSchema: JsonObject = { $schema: 'https://json-schema.org/draft/2020-12/schema', title, type: 'object', properties };
  if (required.length > 0) jsonSchema.required = required;
  const formSchema: FormSchema = {
    formSchemaId,
    formId,
    name: title,
    version: 1,
    isPublic: false,
    jsonSchema,
    layout: { pages: layoutPages },
    ...audit,
  };
  const generated: GeneratedForm = { form, formSchema, fields: kept };
  if (source.cleanup) generated.cleanup = source.cleanup;
  return generated;
}
