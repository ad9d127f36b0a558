/**
 * Renaming an item of the builder — a field's label, a section's or a page's title — as one step, wherever it is
 * typed (the canvas's in-place box, the property pane). React-free.
 */
import type { FormField } from '../../api/types';
import { checkDataPath, labelToPath, pathFollowsLabel, type DataPathProblem } from '../../engine/authoring';
import { WIDGET_KINDS, widgetKind, type WidgetKindRegistry } from '../../engine/widget-kinds';
import { fieldSchema, findField, findSection, isRequired, type BuilderDocument } from './document';
import type { BuilderAction } from './reducer';

/**
 * The data path a field takes along with a new label when its path follows the label: the label's camel-cased
 * segment in the same parent object, numbered (`/name2`, `/name3` …) past paths `checkPath` refuses; null when no
 * free path is found or the path would stay as it is. Whether the path follows the label at all is the caller's
 * question (see {@link renameAction}; the property pane asks it once, when its label box is entered).
 */
export function pathForLabel(field: Pick<FormField, 'path'>, label: string, checkPath: (path: string) => DataPathProblem | null): string | null {
  const parent = field.path.split('/').slice(0, -1).join('/');
  // The number goes after the derived segment, not into the label: an empty label's segment is `field`, its next
  // `field2` (a label of " 2" would have made it `/2`), and a long label's segment keeps its number past the length cut.
  const first = labelToPath(label, [], parent);
  let candidate = first;
  for (let n = 2; candidate !== field.path && checkPath(candidate) !== null && n < 100; n++) candidate = `${first}${n}`;
  return candidate !== field.path && checkPath(candidate) === null ? candidate : null;
}

/**
 * The one step that renames an item: a field's label (its data path following the label when it did before, for a
 * field that stores a value; the reducer keeps a saved field's path), a section's or a page's title. Null when nothing
 * would change: an unknown id, the same text, or a text left empty (an item is not renamed to nothing in place).
 * `kind` names which item the id is (a page, a section and a field may share one); without it a field goes first.
 */
export function renameAction(doc: BuilderDocument, id: string, text: string, widgets: WidgetKindRegistry = WIDGET_KINDS, kind?: 'field' | 'section' | 'page'): BuilderAction | null {
  if (text.trim() === '') return null;
  const at = kind === undefined || kind === 'field' ? findField(doc, id) : undefined;
  if (at) {
    const { field, section } = at;
    if (field.label === text) return null;
    const stores = widgetKind(field.widget, widgets)?.value !== 'none' && field.path !== '';
    const follows = stores && pathFollowsLabel(field.path, field.label);
    const path = follows ? pathForLabel(field, text, (p) => checkDataPath(p, { layout: doc.layout, fieldId: id, widgets })) : null;
    if (path === null) return { type: 'updateField', id, changes: { label: text } };
    // The label and the rename as one step: one undo takes back both.
    return { type: 'changeField', id, field: { ...field, label: text }, schema: fieldSchema(doc, section, field) ?? {}, required: isRequired(doc, section, field), path };
  }
  const section = kind === undefined || kind === 'section' ? findSection(doc, id) : undefined;
  if (section) return section.section.title === text ? null : { type: 'updateSection', id, changes: { title: text } };
  const page = kind === undefined || kind === 'page' ? doc.layout.pages.find((p) => p.id === id) : undefined;
  if (page) return page.title === text ? null : { type: 'updatePage', id, changes: { title: text } };
  return null;
}
