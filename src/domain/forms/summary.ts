/**
 * The summary of a form's answers (`GET /api/Forms/InstanceSummary`): for each question of the layouts the selected
 * instances use, what the answers add up to. One module for the test fake and the reference server: the questions,
 * their kinds, the bins of a histogram and the shape of the answer are decided here; each backend only counts (the
 * server in SQL aggregates over the database, the fake over its memory), through the same use case
 * (src/service/routes-summary.ts).
 *
 * - Questions: the fields of the layouts' sections, in the document order of the newest version, then what older
 *   versions ask besides; each data path once, labelled as the newest version labels it; a field that shows nothing
 *   is no question. A field of a repeatable section is counted per item (each item of the section's list in every
 *   selected instance is one answer: "answered in 3 of 5 items"); a repeatable section inside another is not
 *   summarised. A grid (matrix) is one choice question per row, the grid's columns its options. A rating is a choice
 *   question whose options are its stars, 1 to the `maximum` of its path: each star counted, those no one gave too.
 * - A choice (`choice`, `boolean`) or a list of choices (`choices`): how many instances gave each answer, the
 *   field's options first in their order (zero counts included), then answers no option has, most given first.
 * - A number: its smallest and largest answer and a histogram of at most {@link SUMMARY_BINS} equal bins of a round
 *   width (1, 2 or 5 times a power of ten) from a multiple of it. When every answer is a whole number, the bins hold
 *   whole numbers: one number each when the answers span no more than {@link SUMMARY_BINS}, so that a bin reads
 *   '35 – 39' or '100,000 – 104,999', never '38.4 – 40.8'; other numbers get edges such as '0.4 – 0.6' or
 *   '1.25 – 1.3', never '0.5 – 1.475'.
 * - A date (`date`, `datetime`: the day as the answer gives it): the first and last day and a histogram of at most
 *   {@link SUMMARY_BINS} bins of whole days: single days, pairs of days, or whole weeks from a Monday (see {@link dayBins}).
 * - Any other text: the {@link SUMMARY_LATEST_TEXTS} latest answers (by the instance's last change).
 * - A file upload: how many answer it with at least one file; a signature: how many signed (a typed name or a drawn
 *   image). What they hold is read on each instance, never listed.
 */
import type { FormField, FormLayout, FormSection } from '../../contract/types';
import { escapePointerSegment, parsePointer } from '../../contract/json-pointer';
import { layoutOptionLabel } from '../../engine/choice-options';
import { layoutSectionEntries } from '../../engine/layout-walk';
import { matrixColumns, matrixRows } from '../../engine/matrix';
import { describeSchema, prepareSchema, schemaAt, type PreparedSchema } from '../../engine/schema';
import { ratingStarCount, widgetKind } from '../../engine/widget-kinds';
import type { ODataQuery } from '../odata/ast';
import type { InstanceCsvSchema } from './export-source';

/** The path of the summary call. */
export const INSTANCE_SUMMARY_PATH = '/api/Forms/InstanceSummary';
/** The most bins a histogram has. */
export const SUMMARY_BINS = 10;
/** How many of the latest text answers a text question shows. */
export const SUMMARY_LATEST_TEXTS = 5;

const MS_PER_DAY = 86_400_000;

/** How a question is summarised. */
export type SummaryKind = 'choice' | 'choices' | 'number' | 'date' | 'text' | 'file' | 'signature';

/** One question of a summary: its data path, label, widget and how it is summarised. */
export interface SummaryQuestion {
  /** The answer's data path; in a repeatable section, relative to an item of its list. */
  readonly path: string;
  readonly label: string;
  readonly widget: string;
  readonly kind: SummaryKind;
  readonly field: FormField;
  /** The grid row this question is (its label), for a grid's row. */
  readonly row?: string;
  /** The answers a choice question counts when they are not the field's options: a grid row's columns, a rating's stars (whole numbers). */
  readonly choices?: readonly { readonly value: string | number | boolean; readonly label: string }[];
  /** For a rating: its most stars (its choices are 1 to this). */
  readonly stars?: number;
  /** The repeatable section whose items answer it: its list's data path and its title. */
  readonly section?: { readonly path: string; readonly label: string };
}

/** A value answered to a choice question and how many instances gave it. */
export interface SummaryChoiceCount {
  /** The stored value (a choice's code, `true` / `false` for a yes-or-no question). */
  readonly value: string | number | boolean;
  /** The option's label; null for a value no option has (and for yes or no, which the screen words). */
  readonly label: string | null;
  readonly count: number;
}

/**
 * One bin of a histogram: from `from` up to `to`. A bin of whole numbers and a date bin hold both ends
 * (`from ≤ x ≤ to`); any other number bin holds `from ≤ x < to`, the last one `to` too.
 */
export interface SummaryBin<T extends number | string> {
  readonly from: T;
  readonly to: T;
  readonly count: number;
}

interface QuestionBase {
  /** The answer's data path; in a repeatable section, relative to an item of its list (`section.path`). */
  readonly path: string;
  readonly label: string;
  readonly widget: string;
  /** How many of the selected instances answer it (in a repeatable section: how many items). */
  readonly answered: number;
  /** For a row of a grid (matrix): the row's label (`label` is the grid's). */
  readonly row?: string;
  /**
   * For a field of a repeatable section, counted per item: the section's list path and title, and how many items the
   * selected instances hold in all (what `answered` is out of).
   */
  readonly section?: { readonly path: string; readonly label: string; readonly items: number };
}

/** A choice or list-of-choices question: how often each answer was given. */
export interface ChoiceQuestionSummary extends QuestionBase {
  readonly kind: 'choice' | 'choices';
  readonly counts: readonly SummaryChoiceCount[];
  /** For a rating: its most stars; each count's `value` is a number of stars, 1 to this. */
  readonly stars?: number;
}

/** A number question: its range and histogram. */
export interface NumberQuestionSummary extends QuestionBase {
  readonly kind: 'number';
  readonly min: number | null;
  readonly max: number | null;
  readonly bins: readonly SummaryBin<number>[];
}

/** A date question: its first and last day (`YYYY-MM-DD`) and histogram. */
export interface DateQuestionSummary extends QuestionBase {
  readonly kind: 'date';
  readonly min: string | null;
  readonly max: string | null;
  readonly bins: readonly SummaryBin<string>[];
}

/** A text question: the latest answers, the newest first. */
export interface TextQuestionSummary extends QuestionBase {
  readonly kind: 'text';
  readonly latest: readonly { readonly text: string; readonly at: string }[];
}

/**
 * A file upload question (how many answer it with at least one file) or a signature (how many signed): counted only,
 * what was given is read on each instance (a drawn signature is an image, never listed as a text).
 */
export interface CountOnlyQuestionSummary extends QuestionBase {
  readonly kind: 'file' | 'signature';
}

/** What one question's answers add up to. */
export type QuestionSummary = ChoiceQuestionSummary | NumberQuestionSummary | DateQuestionSummary | TextQuestionSummary | CountOnlyQuestionSummary;

/** The summary of the instances a query selects. */
export interface InstanceSummary {
  /** How many instances the query selects. */
  readonly instances: number;
  readonly questions: readonly QuestionSummary[];
}

/** The query a summary reads: the list's `$filter` and `$search`, nothing else. */
export function summaryQuery(query: ODataQuery): ODataQuery {
  return { ...(query.filter ? { filter: query.filter } : {}), ...(query.search ? { search: query.search } : {}) };
}

/** How a field is summarised; null for one that is not. */
export function summaryKindOf(field: FormField): SummaryKind | null {
  if (field.widget === 'date' || field.widget === 'datetime') return 'date';
  if (field.widget === 'signature') return 'signature';
  switch (widgetKind(field.widget)?.value) {
    case 'choice':
    case 'boolean':
      return 'choice';
    case 'list':
      return 'choices';
    case 'number':
      return 'number';
    case 'string':
      return 'text';
    case 'file':
      return 'file';
    default:
      return null;
  }
}

const versionOf = (schema: InstanceCsvSchema) => (typeof schema.version === 'number' ? schema.version : Number(schema.version) || 0);

/** The questions of the schemas' layouts, in order (see the module's rules). */
export function summaryQuestions(schemas: readonly InstanceCsvSchema[]): SummaryQuestion[] {
  const ordered = [...schemas].sort(
    (a, b) =>
      String(a.formName ?? '').localeCompare(String(b.formName ?? ''), 'en') ||
      versionOf(b) - versionOf(a) ||
      (a.formSchemaId < b.formSchemaId ? -1 : a.formSchemaId > b.formSchemaId ? 1 : 0),
  );
  const found = new Map<string, SummaryQuestion>();
  const add = (question: SummaryQuestion) => {
    const key = `${question.section?.path ?? ''}\u0000${question.path}`;
    if (!found.has(key)) found.set(key, question);
  };
  for (const schema of ordered) {
    const layout: FormLayout | null = schema.layout;
    if (!layout) continue;
    // The JSON Schema, prepared only for a question that reads its facts (a rating's stars).
    let prepared: PreparedSchema | null | undefined;
    const starsAt = (segments: readonly string[]): number => {
      if (prepared === undefined) prepared = typeof schema.jsonSchema === 'object' && schema.jsonSchema !== null ? prepareSchema(schema.jsonSchema) : null;
      return ratingStarCount(prepared ? describeSchema(schemaAt(prepared, segments), prepared) : {});
    };
    // Each section's repeatable owner as the walk met it (parents first): a repeatable section inside another, and
    // every section within it, is left out.
    const ownerOf = new Map<FormSection, FormSection | null>();
    const nested = new Set<FormSection>();
    for (const { section, repeatOwner, parent } of layoutSectionEntries(layout)) {
      ownerOf.set(section, repeatOwner);
      if (parent && (nested.has(parent) || (section.repeatable && ownerOf.get(parent)))) {
        nested.add(section);
        continue;
      }
      const listPath = repeatOwner ? String(repeatOwner.repeatable?.path ?? '') : '';
      if (repeatOwner && !listPath) continue;
      const inSection = repeatOwner ? { path: listPath, label: String(repeatOwner.title || listPath) } : undefined;
      for (const field of Array.isArray(section.fields) ? section.fields : []) {
        if (typeof field !== 'object' || field === null || typeof field.path !== 'string') continue;
        const base = { label: String(field.label || field.path), widget: String(field.widget), field, ...(inSection ? { section: inSection } : {}) };
        if (widgetKind(field.widget)?.value === 'matrix') {
          // A grid: one choice question per row, its columns the options.
          const choices = matrixColumns(field);
          for (const row of matrixRows(field)) add({ ...base, path: `${field.path}/${escapePointerSegment(String(row.value))}`, kind: 'choice', choices, row: String(row.label || row.value) });
          continue;
        }
        if (widgetKind(field.widget)?.scale) {
          // A rating: its stars are the options (in a repeatable section, of any item of its list).
          const stars = starsAt([...(listPath ? [...parsePointer(listPath), '*'] : []), ...parsePointer(field.path)]);
          add({ ...base, path: field.path, kind: 'choice', stars, choices: Array.from({ length: stars }, (_, i) => ({ value: i + 1, label: String(i + 1) })) });
          continue;
        }
        const kind = summaryKindOf(field);
        if (kind) add({ ...base, path: field.path, kind });
      }
    }
  }
  return [...found.values()];
}

/**
 * The counts of a choice question in order: the options first (zero counts too; `choices` in place of the field's
 * own, see {@link SummaryQuestion.choices}), then other answers, most given first.
 */
export function orderedChoiceCounts(
  field: FormField,
  counted: readonly { value: string | number | boolean; count: number }[],
  choices?: SummaryQuestion['choices'],
): SummaryChoiceCount[] {
  const out: SummaryChoiceCount[] = [];
  const left = new Map(counted.map((c) => [JSON.stringify(c.value), c]));
  for (const option of choices ?? (Array.isArray(field.options) ? field.options : [])) {
    const value = option.value as string | number | boolean;
    const hit = [...left.entries()].find(([, c]) => String(c.value) === String(value));
    if (hit) left.delete(hit[0]);
    out.push({ value: hit ? hit[1].value : value, label: String(option.label), count: hit ? hit[1].count : 0 });
  }
  const rest = [...left.values()].sort((a, b) => b.count - a.count || (String(a.value) < String(b.value) ? -1 : String(a.value) > String(b.value) ? 1 : 0));
  for (const c of rest) out.push({ value: c.value, label: layoutOptionLabel(field, c.value) ?? null, count: c.count });
  return out;
}

/**
 * What a bin's quotient `(x - start) / width` is given before it is floored: with a decimal width such as 0.2, a value
 * on an edge divides to a hair below its whole number in binary floating point ((0.6 - 0.4) / 0.2 is 0.999…), which
 * would count it in the bin below. Every store adds the same nudge (the server in SQL, in float8).
 */
export const BIN_NUDGE = 1e-9;

/** How many decimals the edges of bins of a round width (1, 2 or 5 times a power of ten) have: 0.2 → 1, 0.05 → 2, 5 → 0. */
export function binDecimals(width: number): number {
  return Math.max(0, -Math.floor(Math.log10(width) + BIN_NUDGE));
}

/** An edge of bins of a round width, free of the noise of its arithmetic (0.30000000000000004 → 0.3). */
export function binEdge(start: number, k: number, width: number): number {
  return Number((start + k * width).toFixed(binDecimals(width)));
}

/**
 * The bins of a number histogram over `[min, max]`: `start` and `width` such that a value's bin is
 * `min(floor((x - start) / width + BIN_NUDGE), count - 1)` (see {@link binOf}). The width is the narrowest round one
 * (1, 2 or 5 times a power of ten; for whole numbers at least 1) whose bins, from the multiple of it at or below
 * `min`, reach `max` in at most {@link SUMMARY_BINS}.
 */
export function numberBins(min: number, max: number, whole: boolean): { start: number; width: number; count: number } {
  // One bin for one value, and for a span beyond a double's range (no round width reaches it).
  if (max === min || !Number.isFinite(max - min)) return { start: min, width: 1, count: 1 };
  if (whole && max - min + 1 <= SUMMARY_BINS) return { start: min, width: 1, count: max - min + 1 };
  // Whole numbers start at width 1, so the arithmetic of every store is exact; other numbers at the power of ten
  // below a tenth of their span.
  let exponent = whole ? 0 : Math.floor(Math.log10((max - min) / SUMMARY_BINS));
  for (; ; exponent += 1) {
    for (const factor of [1, 2, 5]) {
      const width = Number((factor * 10 ** exponent).toPrecision(12));
      const start = binEdge(0, Math.floor(min / width + BIN_NUDGE), width);
      const count = Math.floor((max - start) / width + BIN_NUDGE) + 1;
      if (count <= SUMMARY_BINS) return { start, width, count };
    }
  }
}

/** Day 4 since 1970-01-01 (a Thursday) is Monday 1970-01-05: the first day of an ISO week. */
const A_MONDAY = 4;

/**
 * The bins of a date histogram over the days `[min, max]` (days since 1970-01-01): one day each while the answers span
 * no more than {@link SUMMARY_BINS} days, two days each up to twice that, else whole weeks from the Monday at or before
 * the first day (one week each, or as many weeks as keep the bins within {@link SUMMARY_BINS}), so that a bin reads
 * '5 Jan – 11 Jan', never '3 Jan – 7 Jan'.
 */
export function dayBins(min: number, max: number): { start: number; width: number; count: number } {
  const span = max - min + 1;
  if (span <= SUMMARY_BINS) return { start: min, width: 1, count: span };
  if (span <= 2 * SUMMARY_BINS) return { start: min, width: 2, count: Math.ceil(span / 2) };
  const start = min - ((((min - A_MONDAY) % 7) + 7) % 7);
  const weeks = Math.ceil((max - start + 1) / 7 / SUMMARY_BINS);
  const width = 7 * weeks;
  return { start, width, count: Math.floor((max - start) / width) + 1 };
}

/** A day number (days since 1970-01-01) as `YYYY-MM-DD`. */
export function dayText(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

const DAY_PREFIX = /^(\d{4})-(\d\d)-(\d\d)/;

/** The day of a date or date-time answer (days since 1970-01-01), as the answer gives it; null for none. */
export function answerDay(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const at = DAY_PREFIX.exec(value);
  if (!at) return null;
  const ms = Date.UTC(Number(at[1]), Number(at[2]) - 1, Number(at[3]));
  // A day the calendar lacks (2026-02-30) is none.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value.slice(0, 10)) return null;
  return Math.round(ms / MS_PER_DAY);
}

/** The bin of `x` for bins made by {@link numberBins} or {@link dayBins}. */
export function binOf(x: number, bins: { start: number; width: number; count: number }): number {
  return Math.max(0, Math.min(Math.floor((x - bins.start) / bins.width + BIN_NUDGE), bins.count - 1));
}
