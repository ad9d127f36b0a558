/**
 * Turning a {@link FormSchema} into what the engine runs: checked against the limits, paths parsed, every field's
 * subschema and facts resolved, and the validator prepared — once per schema version (cached by
 * `formSchemaId` + `version`).
 */
import { validate, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { FieldComputation, FieldRule, FieldRuleNode, FormField, FormPage, FormSchema, FormSection } from '../contract/types';
import { JsonPointerError, parsePointer } from '../contract/json-pointer';
import { layoutSectionEntries, pageSectionEntries } from './layout-walk';
import { depthExceeds, FORM_LIMITS, FormLimitError, jsonSize } from './limits';
import type { MessageContext } from './messages';
import { ruleLeaves } from './rules';
import {
  applicableSchemas,
  describeSchema,
  isRequiredIn,
  prepareSchema,
  schemaResolver,
  type PreparedSchema,
  type SchemaNode,
  type ValueSchemaInfo,
} from './schema';
import { storesList, storesNothing, WIDGET_KINDS, type WidgetKindRegistry } from './widget-kinds';

/**
 * A check of one schema `pattern` run when a schema is saved (the server plugs in a ReDoS checker such as `recheck`).
 * Returns the reason to refuse the pattern, or nothing to accept it.
 */
export type PatternCheck = (pattern: string, location: string) => string | null | undefined;

/** Options of {@link checkFormSchema}. */
export interface CheckFormSchemaOptions {
  /** Extra check of every pattern, after the engine made sure it compiles. */
  checkPattern?: PatternCheck;
  /**
   * The widget kinds the layout may use (default the built-in ones): a host's kinds are accepted only when passed
   * here (see `withWidgetKinds`).
   */
  widgets?: WidgetKindRegistry;
}

/** Options of {@link compileFormSchema}. */
export interface CompileOptions {
  /** The widget kinds (default the built-in ones): what each stores decides whether a field holds a value. */
  widgets?: WidgetKindRegistry;
}

/** A rule with its path parsed (relative to the item inside a repeatable section). */
export interface CompiledRule {
  rule: FieldRule;
  segments: readonly string[];
}

/** A computation with its paths parsed (`*` spans the items of an array). */
export interface CompiledComputation {
  computation: FieldComputation;
  paths: readonly (readonly string[])[];
}

/** The repeat of a repeatable section. */
export interface CompiledRepeat {
  path: string;
  segments: readonly string[];
  minItems: number;
  maxItems: number | undefined;
  addLabel: string | undefined;
}

/** A field, ready to run. */
export interface CompiledField {
  field: FormField;
  /** Position in layout order (pages → sections → fields). */
  index: number;
  pageIndex: number;
  section: CompiledSection;
  /** The field's path as written (relative to the item inside a repeatable section). */
  path: string;
  segments: readonly string[];
  /** False for static text. */
  isInput: boolean;
  /** The schema facts of the value (bounds, options, format…). */
  info: ValueSchemaInfo;
  /** The subschema the value is validated against. */
  node: SchemaNode | undefined;
  /** Listed in its parent object's `required`. */
  schemaRequired: boolean;
  /** Every rule of `visibleWhen`, groups flattened depth first (the numbering `rulesHold` reads them by). */
  visibleWhen: readonly CompiledRule[];
  /** Every rule of `requiredWhen`, groups flattened likewise. */
  requiredWhen: readonly CompiledRule[];
  computed: CompiledComputation | null;
  readOnly: boolean;
  messageContext: MessageContext;
}

/** A section, ready to run. */
export interface CompiledSection {
  section: FormSection;
  pageIndex: number;
  /** 1 for a page's own sections, 2 for a section inside one of them, and so on. */
  depth: number;
  /** The section this one sits in; `null` for a page's own sections. */
  parent: CompiledSection | null;
  /** The sections directly inside this one, in layout order (drawn after its own fields). */
  children: CompiledSection[];
  /**
   * The items this section's fields repeat over: its own repeat when it is repeatable, the repeat of the repeatable
   * section around it (the same object, so one array path) when it is a plain section inside one, else `null`.
   * Only the repeatable section itself ({@link CompiledSection.repeatOwner} is itself) has the add and remove controls
   * and the item-count limits.
   */
  repeat: CompiledRepeat | null;
  /** The repeatable section whose items hold this section's fields (itself when repeatable), else `null`. */
  repeatOwner: CompiledSection | null;
  fields: CompiledField[];
}

/** A page, ready to run. */
export interface CompiledPage {
  page: FormPage;
  index: number;
  /**
   * Every section of the page in layout order, the ones inside sections included (a section, then the sections
   * inside it, depth first): code that visits every section or field of a page loops over it alone. A renderer
   * draws the page's own sections (`parent === null`) and each section's {@link CompiledSection.children} inside it.
   */
  sections: CompiledSection[];
}

/** A form schema compiled for the engine. Immutable and shared by every engine of the same schema version. */
export interface CompiledForm {
  /** `formSchemaId@version`. */
  key: string;
  schema: FormSchema;
  pages: readonly CompiledPage[];
  /** Every field in layout order. */
  fields: readonly CompiledField[];
  fieldById: ReadonlyMap<string, CompiledField>;
  /** The prepared schema the validator runs (with `required` of layout-bound paths left to the engine). */
  prepared: PreparedSchema;
  /** Validates one field's value against its subschema. */
  validateValue(field: CompiledField, value: unknown): OutputUnit[];
  /** Validates a whole document (every error, not just the first). */
  validateDocument(data: unknown): OutputUnit[];
}

const SKIP_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

function layoutError(message: string): FormLimitError {
  return new FormLimitError('schema-layout', message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointerOf(text: unknown, what: string): string[] {
  if (typeof text !== 'string') throw layoutError(`${what} must be a JSON Pointer string.`);
  try {
    return parsePointer(text);
  } catch (error) {
    if (error instanceof JsonPointerError) throw layoutError(`${what}: ${error.message}`);
    throw error;
  }
}

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every `pattern` and `patternProperties` key in a schema, with the location of its keyword (built only when found). */
function patternsOf(jsonSchema: unknown): { pattern: string; location: string }[] {
  const out: { pattern: string; location: string }[] = [];
  const path: string[] = [];
  const location = (...last: string[]) => [...path, ...last].map((t) => `/${escapeToken(t)}`).join('');
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(String(i));
        walk(node[i]);
        path.pop();
      }
      return;
    }
    for (const key in node) {
      if (!Object.prototype.hasOwnProperty.call(node, key) || SKIP_KEYWORDS.has(key)) continue;
      const value = (node as Record<string, unknown>)[key];
      if (key === 'pattern' && typeof value === 'string') out.push({ pattern: value, location: location(key) });
      else if (key === 'patternProperties' && isRecord(value)) {
        for (const pattern of Object.keys(value)) out.push({ pattern, location: location(key, pattern) });
      }
      if (typeof value === 'object' && value !== null) {
        path.push(key);
        // Below `properties` the keys are names, not keywords: a property named "enum" is still walked.
        if (key === 'properties' && isRecord(value)) {
          for (const name of Object.keys(value)) {
            path.push(name);
            walk(value[name]);
            path.pop();
          }
        } else walk(value);
        path.pop();
      }
    }
  };
  walk(jsonSchema);
  return out;
}

/** Where in a layout a schema problem is: the field, else the section, else the page (null when the whole form). */
export interface SchemaProblemPlace {
  fieldId: string | null;
  sectionId: string | null;
  pageId: string | null;
}

/**
 * Receives each problem a schema check finds, with its place. A sink that throws stops the check at the first problem
 * (what {@link checkFormSchema} does); one that returns lets the check go on and find the others.
 */
export type SchemaProblemSink = (problem: FormLimitError, place: SchemaProblemPlace) => void;

const WHOLE_FORM: SchemaProblemPlace = { fieldId: null, sectionId: null, pageId: null };

const idOf = (node: Record<string, unknown>): string | null => (typeof node.id === 'string' && node.id !== '' ? node.id : null);

/**
 * The data path a location inside a JSON Schema constrains, with `*` for an array's items: the location
 * `/properties/jobs/items/properties/employer/pattern` constrains `/jobs`, then any item, then `employer`. Null when
 * the location is under a keyword that names no data (`$defs`, `not`…).
 */
export function dataPathOfSchemaLocation(location: string): string | null {
  const tokens = location.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: string[] = [];
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i];
    if (token === 'properties') {
      const name = tokens[++i];
      if (name === undefined) return null;
      out.push(escapeToken(name));
    } else if (token === 'items' || token === 'additionalItems') out.push('*');
    else if (token === 'allOf' || token === 'anyOf' || token === 'oneOf') i++;
    else if (token !== 'then' && token !== 'else' && token !== 'if') return null;
  }
  return out.map((t) => `/${t}`).join('');
}

/**
 * Walks a form schema for everything {@link checkFormSchema} refuses, handing each problem to `report` with the
 * field, section or page it concerns. Returns whether the layout's shape could be read in full (its pages, sections,
 * fields and their data paths), which later checks such as the widget bindings need.
 */
export function visitFormSchemaProblems(
  schema: Pick<FormSchema, 'jsonSchema' | 'layout'>,
  options: CheckFormSchemaOptions,
  report: SchemaProblemSink,
): boolean {
  const { jsonSchema, layout } = schema as { jsonSchema: unknown; layout: unknown };
  if (!isRecord(jsonSchema)) {
    report(layoutError("'jsonSchema' must be a JSON object."), WHOLE_FORM);
    return false;
  }
  if (!isRecord(layout) || !Array.isArray(layout.pages)) {
    report(layoutError("'layout' must be an object with 'pages'."), WHOLE_FORM);
    return false;
  }
  const size = jsonSize({ jsonSchema, layout });
  if (size > FORM_LIMITS.maxSchemaSize) {
    report(new FormLimitError('schema-size', `The form schema is too large: at most ${FORM_LIMITS.maxSchemaSize} characters are allowed.`), WHOLE_FORM);
  }
  // Too deep a schema is not walked further: the walks below recurse once per level.
  if (depthExceeds(jsonSchema, FORM_LIMITS.maxSchemaDepth) || depthExceeds(layout, FORM_LIMITS.maxSchemaDepth)) {
    report(new FormLimitError('schema-depth', `The form schema is nested too deeply: at most ${FORM_LIMITS.maxSchemaDepth} levels are allowed.`), WHOLE_FORM);
    return false;
  }
  let shapeOk = true;
  let fieldCount = 0;
  const ids = new Set<string>();
  const sectionIds = new Set<string>();
  const paths = new Set<string>();
  // The full data path (with `*` for the items of a repeatable section) of each field, for placing pattern problems.
  const fieldByPath = new Map<string, SchemaProblemPlace>();
  /** The pointer's segments, or null after reporting why it is not one. */
  const pointer = (text: unknown, what: string, place: SchemaProblemPlace): string[] | null => {
    try {
      return pointerOf(text, what);
    } catch (error) {
      if (!(error instanceof FormLimitError)) throw error;
      report(error, place);
      shapeOk = false;
      return null;
    }
  };
  // Sections are read with the shared layout walk (nested ones included, in document order); what it skips as
  // malformed (a section that is not an object) is reported here, at the list that holds it.
  const notSections = (list: readonly unknown[], place: SchemaProblemPlace) => {
    for (const item of list) {
      if (typeof item === 'object' && item !== null) continue;
      report(layoutError("Every layout section needs 'fields'."), place);
      shapeOk = false;
    }
  };
  // The data path each repeatable section's items are at ('' when its `repeatable` could not be read).
  const repeatBase = new Map<FormSection, string>();
  // The repeatable section whose items hold each section met so far (its `repeatOwner` in the walk).
  const owners = new Map<FormSection, FormSection | null>();
  const ownerOf = (section: FormSection) => owners.get(section) ?? null;
  const pages: readonly unknown[] = layout.pages;
  for (let pageIndex = 0; pageIndex < pages.length; pageIndex++) {
    const page = pages[pageIndex];
    const pageId = isRecord(page) ? idOf(page) : null;
    if (!isRecord(page) || !Array.isArray(page.sections)) {
      report(layoutError("Every layout page needs 'sections'."), { ...WHOLE_FORM, pageId });
      shapeOk = false;
      continue;
    }
    notSections(page.sections, { ...WHOLE_FORM, pageId });
    for (const entry of pageSectionEntries(page as unknown as FormPage, pageIndex)) {
      const section = entry.section as unknown as Record<string, unknown>;
      const sectionId = isRecord(section) ? idOf(section) : null;
      const sectionPlace: SchemaProblemPlace = { fieldId: null, sectionId, pageId };
      const name = String(section.id);
      // Section ids name the section in the page (its element, its errors' place): one per form, at any level.
      if (sectionId !== null) {
        if (sectionIds.has(sectionId)) report(layoutError(`Two sections have the id '${sectionId}'.`), sectionPlace);
        sectionIds.add(sectionId);
      }
      if (section.sections !== undefined) {
        if (!Array.isArray(section.sections)) {
          report(layoutError(`'sections' of section '${name}' must be a list of sections.`), sectionPlace);
          shapeOk = false;
        } else notSections(section.sections, sectionPlace);
      }
      if (entry.depth === FORM_LIMITS.maxSectionDepth + 1) {
        // Reported once, at the first section too deep (the ones inside it are too deep with it).
        report(
          layoutError(`The section '${name}' is nested ${entry.depth} levels deep: at most ${FORM_LIMITS.maxSectionDepth} levels are allowed.`),
          sectionPlace,
        );
      }
      // The repeatable section whose items hold this section's fields, outside this section itself.
      const outer = entry.parent === null ? null : entry.section.repeatable ? ownerOf(entry.parent) : entry.repeatOwner;
      if (section.repeatable !== undefined && outer !== null) {
        report(
          layoutError(
            `The repeatable section '${name}' sits inside the repeatable section '${String(outer.id)}': a repeatable section cannot hold another one.`,
          ),
          sectionPlace,
        );
        shapeOk = false;
      }
      owners.set(entry.section, entry.repeatOwner);
      if (!isRecord(section) || !Array.isArray(section.fields)) {
        report(layoutError("Every layout section needs 'fields'."), sectionPlace);
        shapeOk = false;
        continue;
      }
      let base = '';
      if (section.repeatable !== undefined) {
        repeatBase.set(entry.section, '');
        if (!isRecord(section.repeatable)) {
          report(layoutError(`The section '${name}' has an invalid 'repeatable'.`), sectionPlace);
          shapeOk = false;
          continue;
        }
        const segments = pointer(section.repeatable.path, `The repeatable path of section '${name}'`, sectionPlace);
        if (segments === null) continue;
        if (segments.length === 0) {
          report(layoutError(`The section '${name}' cannot repeat over the whole form.`), sectionPlace);
          shapeOk = false;
          continue;
        }
        base = String(section.repeatable.path);
        repeatBase.set(entry.section, base);
      } else if (entry.repeatOwner !== null) {
        // A plain section inside a repeatable one: its fields are part of each item, their paths relative to it.
        base = repeatBase.get(entry.repeatOwner) ?? '';
        if (base === '') continue;
      }
      fieldCount += section.fields.length;
      if (fieldCount > FORM_LIMITS.maxFields) {
        report(new FormLimitError('schema-fields', `The form has too many fields: at most ${FORM_LIMITS.maxFields} are allowed.`), WHOLE_FORM);
        return false;
      }
      for (const field of section.fields) {
        if (!isRecord(field) || typeof field.id !== 'string' || field.id === '') {
          report(layoutError("Every layout field needs an 'id'."), sectionPlace);
          shapeOk = false;
          continue;
        }
        const place: SchemaProblemPlace = { fieldId: field.id, sectionId, pageId };
        if (ids.has(field.id)) report(layoutError(`Two fields have the id '${field.id}'.`), place);
        ids.add(field.id);
        const segments = pointer(field.path, `The path of field '${field.id}'`, place);
        if (segments !== null && (typeof field.widget !== 'string' || !storesNothing(field.widget, options.widgets))) {
          if (segments.length === 0) report(layoutError(`The field '${field.id}' must name a data path.`), place);
          else {
            const full = base + String(field.path);
            if (paths.has(full)) report(layoutError(`Two fields are bound to the data path '${full}'.`), place);
            paths.add(full);
            const pattern = base === '' ? full : `${base}/*${String(field.path)}`;
            if (!fieldByPath.has(pattern)) fieldByPath.set(pattern, place);
          }
        }
        for (const key of ['visibleWhen', 'requiredWhen'] as const) {
          const rules = field[key];
          if (rules === undefined) continue;
          if (!Array.isArray(rules) || !rules.every(isRecord)) {
            report(layoutError(`'${key}' of field '${field.id}' must be a list of rules.`), place);
            shapeOk = false;
            continue;
          }
          for (const problem of ruleListProblems(rules, `'${key}' of field '${field.id}'`, field.id)) {
            report(problem, place);
            shapeOk = false;
          }
        }
        if (isRecord(field.computed) && Array.isArray(field.computed.paths)) {
          for (const path of field.computed.paths) pointer(path, `A computed path of field '${field.id}'`, place);
        }
      }
    }
  }
  for (const { pattern, location } of patternsOf(jsonSchema)) {
    const dataPath = dataPathOfSchemaLocation(location);
    const place = (dataPath !== null ? fieldByPath.get(dataPath) : undefined) ?? WHOLE_FORM;
    if (pattern.length > FORM_LIMITS.maxPatternLength) {
      report(
        new FormLimitError('schema-pattern', `The pattern at ${location} is too long: at most ${FORM_LIMITS.maxPatternLength} characters are allowed.`),
        place,
      );
      continue;
    }
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      report(new FormLimitError('schema-pattern', `The pattern '${pattern}' at ${location} is not a valid regular expression: ${reason}`), place);
      continue;
    }
    const refusal = options.checkPattern?.(pattern, location);
    if (refusal) report(new FormLimitError('schema-pattern', `The pattern '${pattern}' at ${location} is not allowed: ${refusal}`), place);
  }
  return shapeOk;
}

const throwFirst: SchemaProblemSink = (problem) => {
  throw problem;
};

/**
 * Checks a form schema before it is stored or run: its size, depth and field count against {@link FORM_LIMITS}, the
 * layout's shape and data paths (`__proto__`, `constructor` and `prototype` refused), sections inside sections (at
 * most `FORM_LIMITS.maxSectionDepth` levels, no repeatable section inside a repeatable one), rule paths, unique
 * section ids, field ids and paths, and every `pattern` (it must compile, and pass `options.checkPattern` when given).
 * Throws {@link FormLimitError} naming the first problem.
 */
export function checkFormSchema(schema: Pick<FormSchema, 'jsonSchema' | 'layout'>, options: CheckFormSchemaOptions = {}): void {
  visitFormSchemaProblems(schema, options, throwFirst);
}

const RULE_OPS: ReadonlySet<string> = new Set<FieldRule['op']>(['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt']);

/**
 * The problems of one field's list of rules and groups (`{ all: […] }` / `{ any: […] }`): every entry must be a rule
 * with a valid path and a known operator, or a group with exactly one of `all` / `any` as a list, nested at most
 * `FORM_LIMITS.maxRuleDepth` levels (the list itself being the first).
 */
function ruleListProblems(list: readonly unknown[], where: string, fieldId: string, depth = 1): FormLimitError[] {
  if (depth > FORM_LIMITS.maxRuleDepth) {
    return [layoutError(`${where} nests rule groups too deeply: at most ${FORM_LIMITS.maxRuleDepth} levels are allowed.`)];
  }
  const problems: FormLimitError[] = [];
  for (const node of list) {
    if (!isRecord(node)) {
      problems.push(layoutError(`${where} must be a list of rules.`));
      continue;
    }
    const hasAll = node.all !== undefined;
    const hasAny = node.any !== undefined;
    if (hasAll || hasAny) {
      const members = hasAll ? node.all : node.any;
      if (hasAll && hasAny) problems.push(layoutError(`A rule group of field '${fieldId}' has both 'all' and 'any': use one, or nest the other.`));
      else if (!Array.isArray(members)) problems.push(layoutError(`The '${hasAll ? 'all' : 'any'}' of a rule group of field '${fieldId}' must be a list of rules.`));
      else problems.push(...ruleListProblems(members, where, fieldId, depth + 1));
      continue;
    }
    try {
      pointerOf(node.path, `A rule of field '${fieldId}'`);
    } catch (error) {
      if (!(error instanceof FormLimitError)) throw error;
      problems.push(error);
      continue;
    }
    if (typeof node.op !== 'string' || !RULE_OPS.has(node.op)) {
      problems.push(layoutError(`A rule of field '${fieldId}' has the unknown operator '${String(node.op)}' (known: ${[...RULE_OPS].join(', ')}).`));
    }
  }
  return problems;
}

/** The rules of a tree of rules and groups, in `ruleLeaves` order (the order `rulesHold` numbers them), paths parsed. */
function compileRules(rules: readonly FieldRuleNode[] | undefined): CompiledRule[] {
  return ruleLeaves(rules).map((rule) => ({ rule, segments: parsePointer(rule.path) }));
}

/** Removes `name` from the `required` lists that apply at `parent`, so the engine decides it (rules, visibility). */
function relaxRequired(prepared: PreparedSchema, parent: SchemaNode | undefined, name: string): void {
  for (const schema of applicableSchemas(parent, prepared)) {
    if (Array.isArray(schema.required) && schema.required.includes(name)) {
      schema.required = schema.required.filter((n) => n !== name);
    }
  }
}

function buildCompiled(schema: FormSchema, widgets: WidgetKindRegistry): CompiledForm {
  checkFormSchema(schema, { widgets });
  const prepared = prepareSchema(schema.jsonSchema);
  const at = schemaResolver(prepared);
  const pages: CompiledPage[] = [];
  const fields: CompiledField[] = [];
  const fieldById = new Map<string, CompiledField>();
  const relaxations: (readonly string[])[] = [];

  schema.layout.pages.forEach((page, pageIndex) => pages.push({ page, index: pageIndex, sections: [] }));
  const compiledOf = new Map<FormSection, CompiledSection>();
  for (const entry of layoutSectionEntries(schema.layout)) {
    const { section, pageIndex } = entry;
    const parent = entry.parent === null ? null : (compiledOf.get(entry.parent) ?? null);
    let repeat: CompiledRepeat | null = null;
    if (section.repeatable) {
      const segments = parsePointer(section.repeatable.path);
      const info = describeSchema(at(segments), prepared);
      repeat = {
        path: section.repeatable.path,
        segments,
        minItems: section.repeatable.minItems ?? info.minItems ?? 0,
        maxItems: section.repeatable.maxItems ?? info.maxItems,
        addLabel: section.repeatable.addLabel,
      };
      relaxations.push(segments);
    }
    const outerOwner = entry.repeatOwner === null || entry.repeatOwner === section ? null : (compiledOf.get(entry.repeatOwner) ?? null);
    const compiledSection: CompiledSection = {
      section,
      pageIndex,
      depth: entry.depth,
      parent,
      children: [],
      // A plain section inside a repeatable one repeats with it: the same repeat, so its fields are part of each item.
      repeat: repeat ?? outerOwner?.repeat ?? null,
      repeatOwner: null,
      fields: [],
    };
    compiledSection.repeatOwner = repeat ? compiledSection : outerOwner;
    compiledOf.set(section, compiledSection);
    parent?.children.push(compiledSection);
    (pages[pageIndex] as CompiledPage).sections.push(compiledSection);
    const base: readonly string[] = compiledSection.repeat ? [...compiledSection.repeat.segments, '*'] : [];
    for (const field of section.fields) {
      // What the widget stores comes from the registry; a kind it does not name is taken to hold a value.
      const isInput = !storesNothing(field.widget, widgets);
      const segments = isInput ? parsePointer(field.path) : [];
      const full = [...base, ...segments];
      const node = isInput ? at(full) : undefined;
      const info = isInput ? describeSchema(node, prepared) : { hasConst: false };
      const schemaRequired = isInput && segments.length > 0 && isRequiredIn(prepared, at(full.slice(0, -1)), full[full.length - 1] as string);
      const computed = field.computed
        ? { computation: field.computed, paths: field.computed.paths.map((p) => parsePointer(p)) }
        : null;
      const compiledField: CompiledField = {
        field,
        index: fields.length,
        pageIndex,
        section: compiledSection,
        path: field.path,
        segments,
        isInput,
        info,
        node,
        schemaRequired,
        visibleWhen: compileRules(field.visibleWhen),
        requiredWhen: compileRules(field.requiredWhen),
        computed,
        readOnly: Boolean(field.readOnly || computed || info.readOnly),
        messageContext: storesList(field.widget, widgets) ? 'selection' : 'value',
      };
      if (isInput) relaxations.push(full);
      fields.push(compiledField);
      compiledSection.fields.push(compiledField);
      fieldById.set(field.id, compiledField);
    }
  }

  // Requiredness of bound paths (and the objects holding them) is decided by the engine, which knows about
  // visibility and rules; the JSON Schema's `required` still applies to data the layout does not show.
  // Each parent once per name (every field of a group shares the group's parents).
  const relaxed = new Set<string>();
  for (const full of relaxations) {
    for (let depth = 1; depth <= full.length; depth++) {
      const name = full[depth - 1] as string;
      const key = full.slice(0, depth).join('\u0000');
      if (name === '*' || relaxed.has(key)) continue;
      relaxed.add(key);
      relaxRequired(prepared, at(full.slice(0, depth - 1)), name);
    }
  }

  return {
    key: `${schema.formSchemaId}@${schema.version}`,
    schema,
    pages,
    fields,
    fieldById,
    prepared,
    validateValue(field, value) {
      if (field.node === undefined) return [];
      return validate(value, field.node as Schema, '2020-12', prepared.lookup, false).errors;
    },
    validateDocument(data) {
      return validate(data, prepared.root, '2020-12', prepared.lookup, false).errors;
    },
  };
}

interface CacheEntry {
  jsonSchema: unknown;
  layout: unknown;
  text: string | null;
  kinds: string;
  compiled: CompiledForm;
}

const CACHE_SIZE = 32;
const cache = new Map<string, CacheEntry>();

function contentText(schema: FormSchema): string {
  return JSON.stringify([schema.jsonSchema, schema.layout]);
}

/**
 * What of a registry a compiled form depends on: the value kind of each kind that is not built-in (a built-in kind
 * keeps its value kind). Two registries with the same key compile a schema alike, so a host's registry rebuilt on
 * every render does not recompile.
 */
function kindsKey(widgets: WidgetKindRegistry): string {
  if (widgets === WIDGET_KINDS) return '';
  const added: string[] = [];
  for (const [name, kind] of Object.entries(widgets)) {
    if (!Object.prototype.hasOwnProperty.call(WIDGET_KINDS, name)) added.push(`${name}:${kind.value}`);
  }
  return added.sort().join('\u0000');
}

/**
 * The compiled form of a schema, built once per schema version: the cache is keyed by `formSchemaId` + `version`
 * (a stored version never changes). A schema with the same key but other content (an unsaved draft in a builder)
 * is compiled afresh and replaces the cached one, as is one compiled with other host widget kinds. Throws
 * {@link FormLimitError} for a schema over the limits.
 */
export function compileFormSchema(schema: FormSchema, options: CompileOptions = {}): CompiledForm {
  const widgets = options.widgets ?? WIDGET_KINDS;
  const kinds = kindsKey(widgets);
  const key = `${schema.formSchemaId}@${schema.version}`;
  const entry = cache.get(key);
  if (entry && entry.kinds === kinds) {
    const same =
      (entry.jsonSchema === schema.jsonSchema && entry.layout === schema.layout) ||
      (entry.text ??= contentText(entry.compiled.schema)) === contentText(schema);
    if (same) {
      // Refresh its place in the LRU order.
      cache.delete(key);
      cache.set(key, entry);
      return entry.compiled;
    }
  }
  const compiled = buildCompiled(schema, widgets);
  cache.delete(key);
  cache.set(key, { jsonSchema: schema.jsonSchema, layout: schema.layout, text: null, kinds, compiled });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return compiled;
}

/** Empties the compile cache (tests; a host that wants the memory back). */
export function clearCompiledForms(): void {
  cache.clear();
}
