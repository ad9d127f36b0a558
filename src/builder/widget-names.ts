/**
 * The builder's widget kinds in the language of the texts in force: a built-in kind's palette name and the content a
 * new field of it starts with (label, options, help text) come from the labels (`fbWidget_<kind>`, `fbNew…`). A host
 * kind, and a built-in kind a host registers under a name of its own, keep what the host wrote. React-free.
 */
import type { FieldOption, FormField } from '../contract/types';
import { WIDGET_KINDS, type WidgetDefaultField, type WidgetKind } from '../engine/widget-kinds';
import { builderWidgetLabels } from '../labels/builder-template-labels';
import { fillLabel } from '../labels/shared-labels';

/** The texts the palette names and new fields are made of. */
export type WidgetNameTexts = { readonly [K in keyof typeof builderWidgetLabels]: string };

const BUILT_IN: Readonly<Record<string, WidgetKind>> = WIDGET_KINDS;

function nameKey(kind: string): keyof WidgetNameTexts | undefined {
  const key = `fbWidget_${kind}`;
  return key in builderWidgetLabels ? (key as keyof WidgetNameTexts) : undefined;
}

/**
 * The palette name of a widget kind: the label of a built-in kind whose name the host left as it was, else the
 * kind's own name.
 */
export function widgetName(kind: string, name: string, texts: WidgetNameTexts): string {
  const key = nameKey(kind);
  const builtIn = Object.prototype.hasOwnProperty.call(BUILT_IN, kind) ? BUILT_IN[kind] : undefined;
  return key && builtIn && builtIn.name === name ? texts[key] : name;
}

/** A built-in default text in the texts' language; any other text stays as written. */
function defaultText(text: string, kind: WidgetKind, texts: WidgetNameTexts): string {
  if (text === kind.name) return widgetName(kind.kind, text, texts);
  // The engine's own (English) texts of a new field, as WIDGET_KINDS writes them.
  if (text === WIDGET_KINDS.select.defaultField.label) return texts.fbNewChoiceLabel;
  if (text === WIDGET_KINDS.multiselect.defaultField.label) return texts.fbNewListLabel;
  if (text === WIDGET_KINDS.static.defaultField.label) return texts.fbNewStaticLabel;
  if (text === WIDGET_KINDS.static.defaultField.helpText) return texts.fbNewStaticHelp;
  if (text === WIDGET_KINDS.matrix.defaultField.label) return texts.fbNewMatrixLabel;
  const numbered = /^(Option|Row|Column) (\d+)$/.exec(text);
  if (!numbered) return text;
  const template = numbered[1] === 'Row' ? texts.fbNewRow : numbered[1] === 'Column' ? texts.fbNewColumn : texts.fbNewOption;
  return fillLabel(template, { number: numbered[2]! });
}

function localizedField(kind: WidgetKind, texts: WidgetNameTexts): WidgetDefaultField {
  const field = kind.defaultField;
  const options: FieldOption[] | undefined = field.options?.map((o) => ({ ...o, label: defaultText(o.label, kind, texts) }));
  const rows: FieldOption[] | undefined = field.rows?.map((o) => ({ ...o, label: defaultText(o.label, kind, texts) }));
  return {
    ...field,
    label: defaultText(field.label, kind, texts),
    ...(field.helpText !== undefined ? { helpText: defaultText(field.helpText, kind, texts) } : {}),
    ...(options ? { options } : {}),
    ...(rows ? { rows } : {}),
  };
}

/**
 * The kinds with the built-in ones (those a host did not rename) named, and their new fields worded, by `texts`.
 * English texts give back the registry as it is.
 */
export function localizeWidgetKinds<K extends WidgetKind>(kinds: Readonly<Record<string, K>>, texts: WidgetNameTexts): Readonly<Record<string, K>> {
  if ((Object.keys(builderWidgetLabels) as (keyof WidgetNameTexts)[]).every((k) => texts[k] === builderWidgetLabels[k])) return kinds;
  const out: Record<string, K> = {};
  for (const [key, kind] of Object.entries(kinds)) {
    const builtIn = Object.prototype.hasOwnProperty.call(BUILT_IN, key) ? BUILT_IN[key] : undefined;
    out[key] = builtIn && builtIn.name === kind.name ? { ...kind, name: widgetName(key, kind.name, texts), defaultField: localizedField(kind, texts) } : kind;
  }
  return out;
}

/** The texts that name a field without a label: its kind's name ("Email (no label)"), then that and a data path. */
export interface UnlabeledFieldTexts {
  fbUntitledField: string;
  reUnlabeledField: string;
}

/**
 * The name a person knows a field by in the builder: its label, or, when the label is empty (or spaces only), its
 * kind's name in `fbUntitledField` and, for a field that stores an answer, the data path it is stored at, which tells
 * two such fields of one kind apart ("Email (no label) · /workEmail"; "Text block (no label)"). Never its id, which the
 * builder shows nowhere else. `path`: the path said, the field's own unless given (the save dialog says the absolute
 * one). A kind missing from `kinds` is named by its own key.
 */
export function fieldShownName(
  field: Pick<FormField, 'label' | 'widget'> & { path?: unknown },
  kinds: Readonly<Record<string, { name: string; value?: string }>>,
  texts: UnlabeledFieldTexts,
  path: unknown = field.path,
): string {
  if (typeof field.label === 'string' && field.label.trim() !== '') return field.label;
  const known = Object.prototype.hasOwnProperty.call(kinds, field.widget) ? kinds[field.widget] : undefined;
  const name = fillLabel(texts.fbUntitledField, { kind: known ? known.name : String(field.widget) });
  return known?.value === 'none' || typeof path !== 'string' || path === '' ? name : fillLabel(texts.reUnlabeledField, { name, path });
}
