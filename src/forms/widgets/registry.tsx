/**
 * The widget registry of the renderer: every widget kind as one entry — the React-free facts of
 * `src/engine/widget-kinds.ts` (name, value kind, bindable types, default field and JSON Schema, property editors,
 * PDF field types) plus the edit, view and light components, and a host kind's palette icon (the built-in kinds'
 * icons are the builder's, `BUILDER_ICONS`, so a form that is only filled in or viewed does not carry them). The renderer reads its widgets from here,
 * never from a `switch` of its own; a host adds a kind, or restyles one, with the `widgets` prop of `FormRenderer`
 * and `FormInstanceViewer` (merged over these by {@link withFormWidgets}).
 */
import type { ComponentType } from 'react';
import type { FormWidget, FormWidgets } from './form-widget';
import type { FieldWidget } from '../../api/types';
import { WIDGET_KINDS, withWidgetKinds, type WidgetKind } from '../../engine/widget-kinds';
import { BooleanWidget } from './BooleanWidgets';
import { CheckboxesWidget, RadioWidget, SegmentedWidget, SelectWidget } from './ChoiceWidgets';
import { liteBoolean, liteGroup, liteNumber, liteSelect, liteSignature, liteText, liteTextarea } from './LiteField';
import { MultiSelectWidget } from './MultiSelectWidget';
import { NumberWidget } from './NumberWidget';
import { FileEdit, FileView, liteFile } from './FileField';
import { liteMatrix, matrixText, MatrixWidget } from './MatrixWidget';
import { liteRating, RatingWidget, starCount, starsText } from './RatingWidget';
import { SignatureWidget } from './SignatureWidget';
import { StaticText } from './StaticText';
import { TextareaWidget, TextWidget } from './TextWidgets';
import type { WidgetProps } from './types';
import { booleanText, choiceText, dateTimeText, listText, plainText, SignatureView, textView, timeText, type ViewWidgetProps } from './ViewField';

export type { FormWidget, FormWidgets } from './form-widget';

type TextKind = 'text' | 'email' | 'url' | 'phone' | 'date' | 'time' | 'datetime';

function textEdit(kind: TextKind): ComponentType<WidgetProps> {
  return function TextEdit(props: WidgetProps) {
    return <TextWidget kind={kind} {...props} />;
  };
}

function StaticEdit({ cf, id, label, description }: WidgetProps) {
  return <StaticText id={id} label={label} description={description} section={cf.section} />;
}

function StaticView({ cf, id, label }: ViewWidgetProps) {
  return <StaticText id={id} label={label} description={cf.field.helpText} section={cf.section} />;
}

const plainView = textView(plainText);

function text<K extends TextKind>(kind: K, view = plainView): FormWidget & { kind: K } {
  return { ...WIDGET_KINDS[kind], Edit: textEdit(kind), View: view, lite: liteText(kind) };
}

function NumberEdit(props: WidgetProps) {
  return <NumberWidget integer={false} {...props} />;
}

function IntegerEdit(props: WidgetProps) {
  return <NumberWidget integer {...props} />;
}

function CheckboxEdit(props: WidgetProps) {
  return <BooleanWidget asSwitch={false} {...props} />;
}

function SwitchEdit(props: WidgetProps) {
  return <BooleanWidget asSwitch {...props} />;
}

function staticLite(props: WidgetProps) {
  return <StaticEdit {...props} />;
}

function widget<K extends FieldWidget>(kind: K, parts: Omit<FormWidget, keyof WidgetKind | 'icon'>): FormWidget & { kind: K } {
  return { ...WIDGET_KINDS[kind], ...parts };
}

/**
 * The built-in widgets, one entry per {@link FieldWidget}. Frozen: a registry's keys are its kinds, and a tool that
 * annotates exports (Storybook's docgen sets `displayName` on what it takes for a component) must not add one.
 */
export const FORM_WIDGETS: Readonly<{ [K in FieldWidget]: FormWidget & { kind: K } }> = Object.freeze({
  text: text('text'),
  textarea: widget('textarea', { Edit: TextareaWidget, View: plainView, lite: liteTextarea }),
  phone: text('phone'),
  email: text('email'),
  url: text('url'),
  date: text('date'),
  time: text('time', textView(timeText)),
  datetime: text('datetime', textView(dateTimeText)),
  number: widget('number', { Edit: NumberEdit, View: plainView, lite: liteNumber(false) }),
  integer: widget('integer', { Edit: IntegerEdit, View: plainView, lite: liteNumber(true) }),
  checkbox: widget('checkbox', { Edit: CheckboxEdit, View: textView(booleanText), lite: liteBoolean(false) }),
  switch: widget('switch', { Edit: SwitchEdit, View: textView(booleanText), lite: liteBoolean(true) }),
  select: widget('select', { Edit: SelectWidget, View: textView(choiceText), lite: liteSelect }),
  radio: widget('radio', { Edit: RadioWidget, View: textView(choiceText), lite: liteGroup('radio') }),
  segmented: widget('segmented', { Edit: SegmentedWidget, View: textView(choiceText), lite: liteGroup('radio') }),
  multiselect: widget('multiselect', { Edit: MultiSelectWidget, View: textView(listText), lite: liteGroup('checkbox') }),
  checkboxes: widget('checkboxes', { Edit: CheckboxesWidget, View: textView(listText), lite: liteGroup('checkbox') }),
  signature: widget('signature', { Edit: SignatureWidget, View: SignatureView, lite: liteSignature }),
  rating: widget('rating', { Edit: RatingWidget, View: textView((cf, value, labels) => starsText(labels, value, starCount(cf))), lite: liteRating }),
  matrix: widget('matrix', { Edit: MatrixWidget, View: textView(matrixText), lite: liteMatrix }),
  file: widget('file', { Edit: FileEdit, View: FileView, lite: liteFile }),
  static: widget('static', { Edit: StaticEdit, View: StaticView, lite: staticLite }),
});

/**
 * The built-in widgets with a host's merged over them: a host entry of a new name adds a kind, one of a built-in
 * name replaces its components (it may not change what the kind stores). Throws a `TypeError` for an entry
 * `widgetKindProblem` refuses. Build it once (at module level or in a memo): the form re-renders when it changes.
 */
export function withFormWidgets(host?: Readonly<Record<string, FormWidget>>): FormWidgets {
  return withWidgetKinds<FormWidget>(host, FORM_WIDGETS as unknown as FormWidgets);
}

/** The entry of a layout's widget; a kind the registry does not name renders as a text box (as its data is kept). */
export function widgetFor(widgets: FormWidgets, name: string): FormWidget {
  return (Object.prototype.hasOwnProperty.call(widgets, name) ? widgets[name] : undefined) ?? FORM_WIDGETS.text;
}

/** The view component of an entry (the answer as text when it has none). */
export function viewOf(entry: FormWidget): ComponentType<ViewWidgetProps> {
  return entry.View ?? plainView;
}
