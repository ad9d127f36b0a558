/**
 * The options of a choice widget (radio, select, segmented, checkboxes, multi-select) and how a stored choice reads:
 * the layout's options, else the schema's enum. React-free: view mode in the browser and the documents the reference
 * server renders for signing both show a choice by its option's label ("Feedback"), never by its stored value.
 */
import type { FormField } from '../contract/types';
import type { CompiledField } from './compile';

/** One option of a choice widget: its text, and the value stored (schema enums may hold numbers). */
export interface ChoiceOption {
  /** The stored value as text (what controls hold). */
  value: string;
  /** The text shown. */
  label: string;
  /** The value stored in the data (schema enums may hold numbers or booleans). */
  raw: unknown;
}

const optionCache = new WeakMap<CompiledField, ChoiceOption[]>();

/** The options of a choice field: the layout's `options`, else the schema's `enum` (items' enum for multi choice). */
export function choiceOptions(cf: CompiledField): ChoiceOption[] {
  const cached = optionCache.get(cf);
  if (cached) return cached;
  const values = cf.info.type === 'array' ? cf.info.itemEnum : cf.info.enum;
  let options: ChoiceOption[];
  if (cf.field.options && cf.field.options.length > 0) {
    options = cf.field.options.map((o) => ({
      value: String(o.value),
      label: String(o.label),
      raw: values?.find((v) => String(v) === String(o.value)) ?? o.value,
    }));
  } else {
    options = (values ?? []).map((v) => ({ value: String(v), label: String(v), raw: v }));
  }
  optionCache.set(cf, options);
  return options;
}

/**
 * The label shown for a stored choice: its option's label, else the value itself (a value no longer among the options
 * stays readable). View mode and the server's rendered answers both show choices through this.
 */
export function optionLabel(cf: CompiledField, value: unknown): string {
  return choiceOptions(cf).find((o) => o.value === optionValueOf(value))?.label ?? String(value);
}

/** The place of a stored choice among a layout field's own options, or -1 for a value none of them has. */
export function layoutOptionIndex(field: Pick<FormField, 'options'>, value: unknown): number {
  return (Array.isArray(field.options) ? field.options : []).findIndex((o) => String(o.value) === optionValueOf(value));
}

/**
 * The label of a stored choice from the layout field alone (what the CSV export reads: the layout, not the schema),
 * or undefined for a value none of its options has. The same label as {@link optionLabel}: a schema's enum labels a
 * value only with the value itself.
 */
export function layoutOptionLabel(field: Pick<FormField, 'options'>, value: unknown): string | undefined {
  const found = field.options?.[layoutOptionIndex(field, value)];
  return found ? String(found.label) : undefined;
}

/** The option value (string) of a stored value, or '' for none. */
export function optionValueOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

