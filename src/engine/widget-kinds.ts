/**
 * The widget kinds: for every widget a layout may name, the kind of value it stores and so the JSON Schema types (and
 * string formats) it can be bound to. This table is the seed of the widget registry: the renderer, the builder's
 * palette, the PDF generator and the schema check all read what a widget holds from here, never from a switch of
 * their own, so a new widget is added in one place. React-free and HTTP-free: the reference server and the fake run
 * the same check as the browser.
 *
 * Why the check exists: a layout whose widget cannot hold a value of the type at its path cannot be filled in. A
 * multi-select bound to a string property stores a list, the schema refuses it, and the visitor is told "Enter a
 * valid value" about something no input of theirs can fix. Such a schema is refused when it is saved.
 */
import type { FieldWidget, FormField, FormSchema } from '../api/types';
import { parsePointer } from '../domain/json-pointer';
import { FormLimitError } from './limits';
import { applicableSchemas, childSchema, prepareSchema, schemaResolver, type PreparedSchema, type SchemaNode } from './schema';

/** A JSON Schema `type` name. */
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/**
 * What a widget stores: `string`, `number` (an integer too), `boolean`, `choice` (one option: a string, number or
 * boolean, as the options or the enum say), `list` (several options, an array of such values), or `none` (static
 * text, no value).
 */
export type WidgetValueKind = 'string' | 'number' | 'boolean' | 'choice' | 'list' | 'none';

/** One row of {@link WIDGET_KINDS}. */
export interface WidgetKind {
  /** What the widget stores. */
  value: WidgetValueKind;
  /** The JSON Schema types of the data path the widget can be bound to (empty for `none`). */
  types: readonly JsonSchemaType[];
  /**
   * The `format`s a string path may have for this widget; `null` for any (or none). A date picker cannot fill an
   * `email`, while a plain text box can fill any string.
   */
  formats: readonly string[] | null;
  /** For `list` widgets: the JSON Schema types the array's items may have. */
  itemTypes?: readonly JsonSchemaType[];
  /** Words for the value in messages ("a list of choices"). */
  describes: string;
}

const SCALAR: readonly JsonSchemaType[] = ['string', 'number', 'integer', 'boolean'];
const text = (formats: readonly string[] | null = null): WidgetKind => ({ value: 'string', types: ['string'], formats, describes: 'text' });
const number: WidgetKind = { value: 'number', types: ['number', 'integer'], formats: null, describes: 'a number' };
const boolean: WidgetKind = { value: 'boolean', types: ['boolean'], formats: null, describes: 'yes or no' };
const choice: WidgetKind = { value: 'choice', types: SCALAR, formats: null, describes: 'one choice' };
const list: WidgetKind = { value: 'list', types: ['array'], formats: null, itemTypes: SCALAR, describes: 'a list of choices' };

/**
 * Every widget's kind of value. `text`, `textarea` and `phone` fill any string; `email`, `url`, `date`, `time` and
 * `datetime` a string without `format` or with their own; `number` and `integer` a number or an integer (the schema
 * then says whether a fraction is allowed); `checkbox` and `switch` a boolean; `select`, `radio` and `segmented` one
 * scalar option; `multiselect` and `checkboxes` an array of scalar options; `signature` a string (a typed name or a
 * PNG data URL); `static` nothing.
 */
export const WIDGET_KINDS: Readonly<Record<FieldWidget, WidgetKind>> = {
  text: text(),
  textarea: text(),
  phone: text(),
  email: text(['email', 'idn-email']),
  url: text(['uri', 'iri', 'uri-reference', 'iri-reference']),
  date: text(['date']),
  time: text(['time']),
  datetime: text(['date-time']),
  number,
  integer: number,
  checkbox: boolean,
  switch: boolean,
  select: choice,
  radio: choice,
  segmented: choice,
  multiselect: list,
  checkboxes: list,
  signature: text(),
  static: { value: 'none', types: [], formats: null, describes: 'no value' },
};

/** Whether a layout's widget name is one this library knows. */
export function isKnownWidget(widget: unknown): widget is FieldWidget {
  return typeof widget === 'string' && Object.prototype.hasOwnProperty.call(WIDGET_KINDS, widget);
}

/** The kind of a known widget. */
export function widgetKind(widget: FieldWidget): WidgetKind {
  return WIDGET_KINDS[widget];
}

/** The widgets that store a list of values (their messages speak of a selection). */
export function storesList(widget: FieldWidget): boolean {
  return WIDGET_KINDS[widget]?.value === 'list';
}

/** The types a schema node allows (its own `type`, or the first one found through `$ref` / `allOf`), or null when it says none. */
function typesAt(node: SchemaNode | undefined, prepared: PreparedSchema): JsonSchemaType[] | null {
  if (node === false) return [];
  for (const schema of applicableSchemas(node, prepared)) {
    if (typeof schema.type === 'string') return [schema.type as JsonSchemaType];
    if (Array.isArray(schema.type)) return schema.type.filter((t): t is JsonSchemaType => typeof t === 'string');
  }
  return null;
}

function formatAt(node: SchemaNode | undefined, prepared: PreparedSchema): string | undefined {
  for (const schema of applicableSchemas(node, prepared)) if (typeof schema.format === 'string') return schema.format;
  return undefined;
}

const typeWords = (types: readonly string[]) => (types.length === 0 ? 'nothing (false)' : types.map((t) => `'${t}'`).join(' or '));

/** The widgets that can hold a value of the given types (for the hint of a refusal). */
function widgetsFor(types: readonly JsonSchemaType[]): string {
  const names = (Object.keys(WIDGET_KINDS) as FieldWidget[]).filter((w) => WIDGET_KINDS[w].types.some((t) => types.includes(t)));
  return names.length > 0 ? names.join(', ') : 'none';
}

/**
 * Why `field` cannot be filled at a path whose schema is `node`, or null when its widget fits. A path whose schema
 * names no type fits every widget; a `null` in a type list is ignored (an empty answer).
 */
function bindingProblem(field: FormField, node: SchemaNode | undefined, prepared: PreparedSchema, fullPath: string): string | null {
  const kind = WIDGET_KINDS[field.widget];
  const types = typesAt(node, prepared);
  if (types === null) return null;
  const valueTypes = types.filter((t) => t !== 'null');
  const fitting = valueTypes.filter((t) => kind.types.includes(t));
  if (fitting.length === 0) {
    return (
      `The field '${field.id}' uses the widget '${field.widget}', which stores ${kind.describes} (JSON Schema ${typeWords(kind.types)}), ` +
      `but the data path '${fullPath}' is of type ${typeWords(valueTypes)}. Choose a widget for that type (${widgetsFor(valueTypes)}) or change the type.`
    );
  }
  if (kind.formats !== null && fitting.includes('string')) {
    const format = formatAt(node, prepared);
    if (format !== undefined && !kind.formats.includes(format)) {
      return (
        `The field '${field.id}' uses the widget '${field.widget}', which stores ${kind.formats.map((f) => `'${f}'`).join(' or ')} text, ` +
        `but the data path '${fullPath}' has the format '${format}'. Use the widget 'text' or one made for '${format}'.`
      );
    }
  }
  if (kind.itemTypes) {
    const itemTypes = typesAt(childSchema(node, '*', prepared), prepared);
    const itemValueTypes = itemTypes?.filter((t) => t !== 'null');
    if (itemValueTypes && !itemValueTypes.some((t) => kind.itemTypes?.includes(t))) {
      return (
        `The field '${field.id}' uses the widget '${field.widget}', which stores a list of ${typeWords(kind.itemTypes)} choices, ` +
        `but the items of the data path '${fullPath}' are of type ${typeWords(itemValueTypes)}.`
      );
    }
  }
  return null;
}

/**
 * Checks that every field of a layout can be filled in: its widget is known and stores a value of the type the JSON
 * Schema gives its data path ({@link WIDGET_KINDS}), and a repeatable section repeats over an array. Run when a schema
 * is saved (after {@link checkFormSchema}, which checks the layout's shape); compiling a stored schema does not run
 * it, so a schema saved before this check still opens. Throws {@link FormLimitError} (`schema-binding`, 400) naming
 * the field, the widget and the type.
 */
export function checkWidgetBindings(schema: Pick<FormSchema, 'jsonSchema' | 'layout'>): void {
  const prepared = prepareSchema(schema.jsonSchema);
  const at = schemaResolver(prepared);
  for (const page of schema.layout.pages) {
    for (const section of page.sections) {
      let base: string[] = [];
      let basePath = '';
      if (section.repeatable) {
        base = parsePointer(section.repeatable.path);
        basePath = section.repeatable.path;
        const types = typesAt(at(base), prepared);
        if (types !== null && !types.includes('array')) {
          throw new FormLimitError(
            'schema-binding',
            `The section '${section.id}' repeats over the data path '${basePath}', which is of type ${typeWords(types.filter((t) => t !== 'null'))}, not 'array'.`,
          );
        }
        base.push('*');
      }
      for (const field of section.fields) {
        if (!isKnownWidget(field.widget)) {
          throw new FormLimitError(
            'schema-binding',
            `The field '${field.id}' uses the widget '${String(field.widget)}', which is not known. Known widgets: ${Object.keys(WIDGET_KINDS).join(', ')}.`,
          );
        }
        if (WIDGET_KINDS[field.widget].value === 'none') continue;
        const segments = [...base, ...parsePointer(field.path)];
        const fullPath = basePath === '' ? field.path : `${basePath}/*${field.path}`;
        const problem = bindingProblem(field, at(segments), prepared, fullPath);
        if (problem) throw new FormLimitError('schema-binding', problem);
      }
    }
  }
}
