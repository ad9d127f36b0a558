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
import type { FieldOption, FieldWidget, FormField, FormSchema, FormSection, JsonObject, PdfField } from '../contract/types';
import { parsePointer } from '../contract/json-pointer';
import { layoutSectionEntries, repeatBasePath } from './layout-walk';
import { DEFAULT_FILE_LIMITS, fileLimitsAt, fileSchema } from './files';
import { FormLimitError } from './limits';
import { MATRIX_DEFAULT_COLUMNS, MATRIX_DEFAULT_ROWS, matrixRows, matrixSchema } from './matrix';
import { applicableSchemas, childSchema, prepareSchema, schemaResolver, type PreparedSchema, type SchemaNode } from './schema';

/** A JSON Schema `type` name. */
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/**
 * What a widget stores: `string`, `number` (an integer too), `boolean`, `choice` (one option: a string, number or
 * boolean, as the options or the enum say), `list` (several options, an array of such values), `matrix` (one option
 * per row of a grid, an object from row to column), `file` (uploaded files, a list of `{ fileId, name, size, type }`
 * references, see `./files`), or `none` (static text, no value).
 */
export type WidgetValueKind = 'string' | 'number' | 'boolean' | 'choice' | 'list' | 'matrix' | 'file' | 'none';

/**
 * The property editors a widget offers in the builder's property panel: the layout's own properties (`label`,
 * `helpText`, `placeholder`, `options`, `readOnly`, `visibleWhen`, `requiredWhen`, `computed`, `pdfFieldName`) and
 * the JSON Schema facts of the bound path (`required`, `default`, `minLength` …; `stars` is a rating's count of
 * stars, the `maximum` of its path within the kind's {@link WidgetKind.scale}; `rows` a matrix's rows, whose
 * columns are its `options`; `fileLimits` a file upload's accepted types, largest file and number of files).
 */
export type WidgetPropertyEditor =
  | 'label'
  | 'helpText'
  | 'placeholder'
  | 'options'
  | 'readOnly'
  | 'visibleWhen'
  | 'requiredWhen'
  | 'computed'
  | 'pdfFieldName'
  | 'required'
  | 'default'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'minimum'
  | 'maximum'
  | 'multipleOf'
  | 'minItems'
  | 'maxItems'
  | 'stars'
  | 'rows'
  | 'fileLimits';

/** The layout field a new widget of a kind starts as (the builder adds `id`, `path` and `widget`). */
export type WidgetDefaultField = Pick<FormField, 'label'> & Partial<Pick<FormField, 'helpText' | 'placeholder' | 'options' | 'rows'>>;

/**
 * One widget kind: an entry of the widget registry, React-free. The renderer's registry (`src/forms`) extends it with
 * the icon and the components; the server, the fake and the schema-save check read only this part.
 */
export interface WidgetKind {
  /** The name layouts use in `widget` (`text`, `star-rating`). */
  kind: string;
  /** The name shown in the builder's palette ("Short text"). A host renames a kind by registering it again. */
  name: string;
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
  /** The field a new widget of this kind starts as. */
  defaultField: WidgetDefaultField;
  /** The JSON Schema of the path a new widget of this kind is bound to (it passes {@link checkWidgetBindings}). */
  defaultSchema: JsonObject;
  /** The property editors the builder's panel offers for this kind, in order. */
  properties: readonly WidgetPropertyEditor[];
  /** The AcroForm field types this kind can fill when a form is generated from, or printed into, a PDF. */
  pdfFieldTypes: readonly PdfField['type'][];
  /**
   * For a kind that stores a whole number on a scale (a rating): the schema of its path must say `minimum` (exactly
   * this one) and `maximum` (an integer within `maximum`), the scale the widget draws; checked when a schema is saved.
   */
  scale?: { readonly minimum: number; readonly maximum: readonly [number, number] };
}

/** Widget kinds by name: the built-in {@link WIDGET_KINDS}, or those merged with a host's (see {@link withWidgetKinds}). */
export type WidgetKindRegistry = Readonly<Record<string, WidgetKind>>;

const SCALAR: readonly JsonSchemaType[] = ['string', 'number', 'integer', 'boolean'];

/** The JSON Schema types each value kind can be stored as; a kind's `types` must stay inside them. */
export const VALUE_KIND_TYPES: Readonly<Record<WidgetValueKind, readonly JsonSchemaType[]>> = {
  string: ['string'],
  number: ['number', 'integer'],
  boolean: ['boolean'],
  choice: SCALAR,
  list: ['array'],
  matrix: ['object'],
  file: ['array'],
  none: [],
};

const COMMON: readonly WidgetPropertyEditor[] = ['label', 'helpText', 'required', 'readOnly', 'visibleWhen', 'requiredWhen', 'pdfFieldName'];
const TEXT_PROPERTIES: readonly WidgetPropertyEditor[] = [...COMMON, 'placeholder', 'default', 'minLength', 'maxLength', 'pattern'];
const NUMBER_PROPERTIES: readonly WidgetPropertyEditor[] = [...COMMON, 'placeholder', 'default', 'minimum', 'maximum', 'multipleOf', 'computed'];
const CHOICE_PROPERTIES: readonly WidgetPropertyEditor[] = [...COMMON, 'options', 'default'];
const OPTIONS: FieldOption[] = [
  { value: 'option-1', label: 'Option 1' },
  { value: 'option-2', label: 'Option 2' },
];
const OPTION_VALUES = OPTIONS.map((o) => o.value);

type Facts = Pick<WidgetKind, 'value' | 'types' | 'formats' | 'itemTypes' | 'describes'>;
const textFacts = (formats: readonly string[] | null = null): Facts => ({ value: 'string', types: ['string'], formats, describes: 'text' });
const numberFacts: Facts = { value: 'number', types: ['number', 'integer'], formats: null, describes: 'a number' };
const booleanFacts: Facts = { value: 'boolean', types: ['boolean'], formats: null, describes: 'yes or no' };
const choiceFacts: Facts = { value: 'choice', types: SCALAR, formats: null, describes: 'one choice' };
const listFacts: Facts = { value: 'list', types: ['array'], formats: null, itemTypes: SCALAR, describes: 'a list of choices' };

function entry<K extends FieldWidget>(
  kind: K,
  name: string,
  facts: Facts,
  defaultSchema: JsonObject,
  properties: readonly WidgetPropertyEditor[],
  pdfFieldTypes: readonly PdfField['type'][],
  defaultField: WidgetDefaultField = { label: name },
): WidgetKind & { kind: K } {
  return { kind, name, ...facts, defaultField, defaultSchema, properties, pdfFieldTypes };
}

/** A rating's scale: from 1 star up to 3 to 10 stars (5 for a new one). */
export const RATING_SCALE = { minimum: 1, maximum: [3, 10] } as const;

/** The English words of a rating's answer, the form labels' default `ratingStars`. */
export const RATING_STARS_TEXT = '{value} of {max} stars';

/** A rating's answer in words ("4 of 5 stars" from `template`, a pack's `ratingStars`), as view mode and the answers PDF write it. */
export function ratingText(template: string, value: unknown, max: number): string {
  return template.replace('{value}', String(value)).replace('{max}', String(max));
}

/** The number of stars of a rating: the `maximum` of its path, 5 when the schema says none. */
export function ratingStarCount(info: { readonly maximum?: number | undefined }): number {
  return info.maximum ?? 5;
}

const choiceField: WidgetDefaultField = { label: 'Choose one', options: OPTIONS };
const listField: WidgetDefaultField = { label: 'Choose any', options: OPTIONS };
const listSchema: JsonObject = { type: 'array', items: { type: 'string', enum: OPTION_VALUES }, uniqueItems: true };

/**
 * Every built-in widget kind. `text`, `textarea` and `phone` fill any string; `email`, `url`, `date`, `time` and
 * `datetime` a string without `format` or with their own; `number` and `integer` a number or an integer (the schema
 * then says whether a fraction is allowed); `checkbox` and `switch` a boolean; `select`, `radio` and `segmented` one
 * scalar option; `multiselect` and `checkboxes` an array of scalar options; `signature` a string (a typed name or a
 * PNG data URL); `rating` a whole number of stars from 1 to the `maximum` of its path (3 to 10, {@link RATING_SCALE});
 * `matrix` an object holding one column's value per row (see `./matrix`); `file` a list of references to uploaded
 * files whose limits its path's schema says (see `./files`); `static` nothing.
 */
export const WIDGET_KINDS: Readonly<{ [K in FieldWidget]: WidgetKind & { kind: K } }> = {
  text: entry('text', 'Short text', textFacts(), { type: 'string', maxLength: 200 }, TEXT_PROPERTIES, ['text']),
  textarea: entry('textarea', 'Long text', textFacts(), { type: 'string', maxLength: 4000 }, TEXT_PROPERTIES, ['text']),
  phone: entry('phone', 'Phone number', textFacts(), { type: 'string', maxLength: 40 }, TEXT_PROPERTIES, ['text']),
  email: entry('email', 'Email', textFacts(['email', 'idn-email']), { type: 'string', format: 'email' }, TEXT_PROPERTIES, ['text']),
  url: entry('url', 'Web address', textFacts(['uri', 'iri', 'uri-reference', 'iri-reference']), { type: 'string', format: 'uri' }, TEXT_PROPERTIES, ['text']),
  date: entry('date', 'Date', textFacts(['date']), { type: 'string', format: 'date' }, [...COMMON, 'default'], ['text']),
  time: entry('time', 'Time', textFacts(['time']), { type: 'string', format: 'time' }, [...COMMON, 'default'], ['text']),
  datetime: entry('datetime', 'Date and time', textFacts(['date-time']), { type: 'string', format: 'date-time' }, [...COMMON, 'default'], ['text']),
  number: entry('number', 'Number', numberFacts, { type: 'number' }, NUMBER_PROPERTIES, ['text']),
  integer: entry('integer', 'Whole number', numberFacts, { type: 'integer' }, NUMBER_PROPERTIES, ['text']),
  checkbox: entry('checkbox', 'Checkbox', booleanFacts, { type: 'boolean' }, [...COMMON, 'default'], ['checkbox']),
  switch: entry('switch', 'Switch', booleanFacts, { type: 'boolean' }, [...COMMON, 'default'], ['checkbox']),
  select: entry('select', 'Drop-down list', choiceFacts, { type: 'string', enum: OPTION_VALUES }, [...CHOICE_PROPERTIES, 'placeholder'], ['dropdown', 'optionList', 'radio'], choiceField),
  radio: entry('radio', 'Radio buttons', choiceFacts, { type: 'string', enum: OPTION_VALUES }, CHOICE_PROPERTIES, ['radio', 'dropdown'], choiceField),
  segmented: entry('segmented', 'Segmented control', choiceFacts, { type: 'string', enum: OPTION_VALUES }, CHOICE_PROPERTIES, ['radio', 'dropdown'], choiceField),
  multiselect: entry('multiselect', 'Multi-select list', listFacts, listSchema, [...CHOICE_PROPERTIES, 'placeholder', 'minItems', 'maxItems'], ['optionList'], listField),
  checkboxes: entry('checkboxes', 'Checkbox list', listFacts, listSchema, [...CHOICE_PROPERTIES, 'minItems', 'maxItems'], ['optionList'], listField),
  signature: entry('signature', 'Signature', textFacts(), { type: 'string' }, COMMON, ['signature', 'text']),
  rating: {
    ...entry('rating', 'Rating', { value: 'number', types: ['integer'], formats: null, describes: 'a rating in stars' }, { type: 'integer', minimum: 1, maximum: 5 }, [...COMMON, 'stars'], ['text']),
    scale: RATING_SCALE,
  },
  matrix: entry(
    'matrix',
    'Matrix',
    { value: 'matrix', types: ['object'], formats: null, describes: 'one choice per row' },
    matrixSchema(MATRIX_DEFAULT_ROWS, MATRIX_DEFAULT_COLUMNS),
    [...COMMON, 'rows', 'options'],
    ['text'],
    { label: 'Rate each row', rows: [...MATRIX_DEFAULT_ROWS], options: [...MATRIX_DEFAULT_COLUMNS] },
  ),
  file: entry(
    'file',
    'File upload',
    { value: 'file', types: ['array'], formats: null, describes: 'uploaded files' },
    fileSchema(DEFAULT_FILE_LIMITS),
    ['label', 'helpText', 'required', 'readOnly', 'visibleWhen', 'requiredWhen', 'pdfFieldName', 'fileLimits'],
    ['text'],
  ),
  static: entry('static', 'Text block', { value: 'none', types: [], formats: null, describes: 'no value' }, {}, ['label', 'helpText', 'visibleWhen'], [], {
    label: 'Heading',
    helpText: 'Text shown to the person filling in the form.',
  }),
};

/**
 * Why a host's widget kind cannot be registered, or null when it can: its `kind` must match its key, its `types`
 * must be ones its value kind is stored as (a `number` kind bound to strings would store what the schema refuses),
 * and a built-in kind keeps its value kind (stored data, the server and the fake all read the built-in one).
 */
export function widgetKindProblem(key: string, kind: WidgetKind): string | null {
  if (kind.kind !== key) return `The widget kind registered as '${key}' names itself '${kind.kind}'.`;
  const allowed = VALUE_KIND_TYPES[kind.value];
  if (allowed === undefined) return `The widget kind '${key}' stores an unknown value kind '${String(kind.value)}'.`;
  const stray = kind.types.filter((t) => !allowed.includes(t));
  if (stray.length > 0) {
    return `The widget kind '${key}' stores ${kind.value} values but names the JSON Schema types ${stray.map((t) => `'${t}'`).join(', ')}, which hold no ${kind.value}.`;
  }
  const builtIn = isKnownWidget(key) ? WIDGET_KINDS[key] : undefined;
  if (builtIn && builtIn.value !== kind.value) {
    return `The built-in widget '${key}' stores ${builtIn.value} values; a host may restyle it but not make it store ${kind.value}.`;
  }
  return null;
}

/**
 * The built-in kinds with a host's merged over them (a host entry of the same name replaces the built-in one).
 * Throws a `TypeError` (a host's mistake, found when the registry is built) for an entry {@link widgetKindProblem} refuses.
 */
export function withWidgetKinds<K extends WidgetKind>(host: Readonly<Record<string, K>> | undefined, base: Readonly<Record<string, K>> = WIDGET_KINDS as unknown as Record<string, K>): Readonly<Record<string, K>> {
  if (!host || host === base) return base;
  for (const [key, kind] of Object.entries(host)) {
    const problem = widgetKindProblem(key, kind);
    if (problem) throw new TypeError(problem);
  }
  return { ...base, ...host };
}

/** Words for the value of a declared host kind, in messages (a host's own words come with its full entry). */
const DECLARED_WORDS: Readonly<Record<WidgetValueKind, string>> = {
  string: 'text',
  number: 'a number',
  boolean: 'yes or no',
  choice: 'one choice',
  list: 'a list of choices',
  matrix: 'one choice per row',
  file: 'uploaded files',
  none: 'no value',
};

/**
 * The React-free entry of a host's widget kind known only by what it stores: what a server (or any check away from
 * the host's code) needs to accept a layout naming it. It may be bound to every JSON Schema type its value kind is
 * stored as (`VALUE_KIND_TYPES`), any `format`; the host's own entry, with its components and palette facts, stays in
 * the host's browser.
 */
export function declaredWidgetKind(kind: string, value: WidgetValueKind): WidgetKind {
  const types = VALUE_KIND_TYPES[value];
  if (types === undefined) throw new TypeError(`The widget kind '${kind}' is declared with an unknown value kind '${String(value)}'; use one of ${Object.keys(VALUE_KIND_TYPES).join(', ')}.`);
  return {
    kind,
    name: kind,
    value,
    types,
    formats: null,
    ...(value === 'list' ? { itemTypes: SCALAR } : {}),
    describes: DECLARED_WORDS[value],
    defaultField: { label: kind },
    defaultSchema: types[0] === undefined ? {} : { type: types[0] },
    properties: value === 'none' ? ['label', 'helpText', 'visibleWhen'] : COMMON,
    pdfFieldTypes: value === 'none' ? [] : ['text'],
  };
}

/**
 * The built-in kinds with host kinds declared by their value kind (`{ 'star-rating': 'number' }`) merged over them:
 * the registry a server checks saved layouts against. Throws a `TypeError` naming the kind for a declaration
 * {@link widgetKindProblem} refuses (a built-in kind declared to store another value kind) or an unknown value kind.
 */
export function withDeclaredWidgetKinds(declared: Readonly<Record<string, WidgetValueKind>> | null | undefined): WidgetKindRegistry {
  if (!declared || Object.keys(declared).length === 0) return WIDGET_KINDS;
  const host: Record<string, WidgetKind> = {};
  for (const [kind, value] of Object.entries(declared)) {
    // A built-in kind declared as what it stores stays itself; declared as anything else it is refused.
    if (!(isKnownWidget(kind) && WIDGET_KINDS[kind].value === value)) host[kind] = declaredWidgetKind(kind, value);
  }
  return withWidgetKinds(host);
}

/** Whether a layout's widget name is one of the built-in kinds. */
export function isKnownWidget(widget: unknown): widget is FieldWidget {
  return typeof widget === 'string' && Object.prototype.hasOwnProperty.call(WIDGET_KINDS, widget);
}

/** The entry of a widget name in `widgets` (default the built-in kinds), or undefined when none is registered. */
export function widgetKind(widget: string, widgets: WidgetKindRegistry = WIDGET_KINDS): WidgetKind | undefined {
  return Object.prototype.hasOwnProperty.call(widgets, widget) ? widgets[widget] : undefined;
}

/** The widgets that store a list of values (their messages speak of a selection). */
export function storesList(widget: string, widgets: WidgetKindRegistry = WIDGET_KINDS): boolean {
  return widgetKind(widget, widgets)?.value === 'list';
}

/**
 * Whether a widget stores no value (static text): it needs no data path. A widget no registry names is treated as
 * one that stores a value, so a layout naming a kind this client does not have still keeps its data.
 */
export function storesNothing(widget: string, widgets: WidgetKindRegistry = WIDGET_KINDS): boolean {
  return widgetKind(widget, widgets)?.value === 'none';
}

/**
 * The widget of a layout field generated from an AcroForm field of the given type: `preferred` (a guess from the
 * field's name, such as `email` for `…Email`) when that kind can fill the type, else the first kind that can.
 * Undefined when no registered kind fills the type (a push button).
 */
export function widgetForPdfField(type: PdfField['type'], preferred?: string, widgets: WidgetKindRegistry = WIDGET_KINDS): string | undefined {
  if (preferred !== undefined && widgetKind(preferred, widgets)?.pdfFieldTypes.includes(type)) return preferred;
  return widgetsForPdfField(type, widgets)[0];
}

/**
 * The kinds that can fill an AcroForm field of the given type, those that list the type first ahead (a `radio`
 * AcroForm field is first a radio group, then a drop-down), else in registry order. The first is the default.
 */
export function widgetsForPdfField(type: PdfField['type'], widgets: WidgetKindRegistry = WIDGET_KINDS): string[] {
  return Object.values(widgets)
    .filter((w) => w.pdfFieldTypes.includes(type))
    .sort((a, b) => a.pdfFieldTypes.indexOf(type) - b.pdfFieldTypes.indexOf(type))
    .map((w) => w.kind);
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
function widgetsFor(types: readonly JsonSchemaType[], widgets: WidgetKindRegistry): string {
  const names = Object.keys(widgets).filter((w) => widgets[w]?.types.some((t) => types.includes(t)));
  return names.length > 0 ? names.join(', ') : 'none';
}

/** The first number a schema node says for `key` (through `$ref` / `allOf`), or undefined. */
function numberAt(node: SchemaNode | undefined, prepared: PreparedSchema, key: 'minimum' | 'maximum'): number | undefined {
  for (const schema of applicableSchemas(node, prepared)) if (typeof schema[key] === 'number') return schema[key];
  return undefined;
}

/** Why a scale widget (a rating) cannot draw the scale its path's schema gives, or null when it can. */
function scaleProblem(field: FormField, scale: NonNullable<WidgetKind['scale']>, node: SchemaNode | undefined, prepared: PreparedSchema, fullPath: string): string | null {
  const [lowest, highest] = scale.maximum;
  const minimum = numberAt(node, prepared, 'minimum');
  const maximum = numberAt(node, prepared, 'maximum');
  if (minimum !== scale.minimum || maximum === undefined || !Number.isInteger(maximum) || maximum < lowest || maximum > highest) {
    return (
      `The field '${field.id}' uses the widget '${field.widget}', which stores a whole number from ${scale.minimum} to its number of stars, ` +
      `but the data path '${fullPath}' does not say 'minimum': ${scale.minimum} and a whole 'maximum' from ${lowest} to ${highest}.`
    );
  }
  return null;
}

/**
 * Why a matrix cannot be answered at its path, or null when it can: the path's object must name every row of the
 * layout as a property and allow no other key (`additionalProperties: false`), so that an unknown row is refused.
 */
function matrixProblem(field: FormField, node: SchemaNode | undefined, prepared: PreparedSchema, fullPath: string): string | null {
  const rows = matrixRows(field);
  if (rows.length === 0) return `The field '${field.id}' uses the widget '${field.widget}', which stores one choice per row, but it has no rows.`;
  const closed = applicableSchemas(node, prepared).some((schema) => schema.additionalProperties === false);
  const missing = rows.filter((row) => childSchema(node, row.value, prepared) === undefined);
  if (closed && missing.length === 0) return null;
  return (
    `The field '${field.id}' uses the widget '${field.widget}', which stores one choice per row, but the data path '${fullPath}' ` +
    `does not name each of its rows as a property and allow no other ('additionalProperties': false)` +
    (missing.length > 0 ? `; missing: ${missing.map((r) => `'${r.value}'`).join(', ')}.` : '.')
  );
}

/**
 * Why `field` cannot be filled at a path whose schema is `node`, or null when its widget fits. A path whose schema
 * names no type fits every widget; a `null` in a type list is ignored (an empty answer).
 */
function bindingProblem(
  field: FormField,
  kind: WidgetKind,
  node: SchemaNode | undefined,
  prepared: PreparedSchema,
  fullPath: string,
  widgets: WidgetKindRegistry,
): string | null {
  const types = typesAt(node, prepared);
  if (types === null) return null;
  const valueTypes = types.filter((t) => t !== 'null');
  const fitting = valueTypes.filter((t) => kind.types.includes(t));
  if (fitting.length === 0) {
    return (
      `The field '${field.id}' uses the widget '${field.widget}', which stores ${kind.describes} (JSON Schema ${typeWords(kind.types)}), ` +
      `but the data path '${fullPath}' is of type ${typeWords(valueTypes)}. Choose a widget for that type (${widgetsFor(valueTypes, widgets)}) or change the type.`
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
  if (kind.scale) {
    const problem = scaleProblem(field, kind.scale, node, prepared, fullPath);
    if (problem) return problem;
  }
  if (kind.value === 'matrix') {
    const problem = matrixProblem(field, node, prepared, fullPath);
    if (problem) return problem;
  }
  if (kind.value === 'file' && fileLimitsAt(node, prepared) === null) {
    return (
      `The field '${field.id}' uses the widget '${field.widget}', which stores uploaded files, but the data path '${fullPath}' ` +
      `does not say their accepted types (an 'enum' of known media types at 'items/properties/type') and largest size (a whole 'maximum' up to 10 MiB at 'items/properties/size').`
    );
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
 *
 * `widgets` is the registry the layout is checked against: the built-in kinds by default, so a kind only a host knows
 * is refused unless the caller (a host's client, or a server configured with the host's kinds) passes them.
 */
export function checkWidgetBindings(schema: Pick<FormSchema, 'jsonSchema' | 'layout'>, widgets: WidgetKindRegistry = WIDGET_KINDS): void {
  visitBindingProblems(schema, widgets, (problem) => {
    throw problem;
  });
}

/**
 * Hands every problem {@link checkWidgetBindings} refuses to `report`, with the field or section it concerns (the
 * layout's shape must have passed `checkFormSchema`). `report` may throw to stop at the first.
 */
export function visitBindingProblems(
  schema: Pick<FormSchema, 'jsonSchema' | 'layout'>,
  widgets: WidgetKindRegistry,
  report: (problem: FormLimitError, place: { fieldId: string | null; sectionId: string | null; pageId: string | null }) => void,
): void {
  const prepared = prepareSchema(schema.jsonSchema);
  const at = schemaResolver(prepared);
  // Repeatable sections whose list path is not an array: the sections inside them are not checked either.
  const badLists = new Set<FormSection>();
  for (const entry of layoutSectionEntries(schema.layout)) {
    const { section, page } = entry;
    if (entry.repeatOwner !== null && badLists.has(entry.repeatOwner)) continue;
    // A plain section inside a repeatable one: its fields' paths are relative to the item of that one.
    const basePath = repeatBasePath(entry);
    const base = basePath === '' ? [] : parsePointer(basePath);
    if (section.repeatable) {
      const types = typesAt(at(base), prepared);
      if (types !== null && !types.includes('array')) {
        report(
          new FormLimitError(
            'schema-binding',
            `The section '${section.id}' repeats over the data path '${basePath}', which is of type ${typeWords(types.filter((t) => t !== 'null'))}, not 'array'.`,
          ),
          { fieldId: null, sectionId: section.id, pageId: page.id },
        );
        badLists.add(section);
        continue;
      }
    }
    if (basePath !== '') base.push('*');
    for (const field of section.fields) {
      const place = { fieldId: field.id, sectionId: section.id, pageId: page.id };
      const kind = typeof field.widget === 'string' ? widgetKind(field.widget, widgets) : undefined;
      if (!kind) {
        report(
          new FormLimitError(
            'schema-binding',
            `The field '${field.id}' uses the widget '${String(field.widget)}', which is not known. Known widgets: ${Object.keys(widgets).join(', ')}.`,
          ),
          place,
        );
        continue;
      }
      if (kind.value === 'none') continue;
      const segments = [...base, ...parsePointer(field.path)];
      const fullPath = basePath === '' ? field.path : `${basePath}/*${field.path}`;
      const problem = bindingProblem(field, kind, at(segments), prepared, fullPath, widgets);
      if (problem) report(new FormLimitError('schema-binding', problem), place);
    }
  }
}
