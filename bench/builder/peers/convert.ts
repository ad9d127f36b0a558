/**
 * The benchmark's 300-field form (`../form-300.ts`) as each peer's own JSON: the same pages, sections (a panel each),
 * fields (labels, names, the widget kinds mapped to the peer's nearest one, two options for the choice kinds), the
 * `visibleWhen` rule of every tenth field and the one repeatable section.
 */
import type { FormField, FormSection } from '../../../src/api/types';
import { largeFormDraft } from '../form-300';

type Json = Record<string, unknown>;

const OPTIONS = [
  { value: 'option-1', text: 'Option 1' },
  { value: 'option-2', text: 'Option 2' },
];

function labelsOf(list: unknown, fallback: string[]): string[] {
  if (!Array.isArray(list)) return fallback;
  return list.map((entry) => (typeof entry === 'string' ? entry : String((entry as { label?: string; value?: string }).label ?? (entry as { value?: string }).value)));
}

const name = (field: FormField) => field.path.split('/').pop() ?? field.id;

/** A SurveyJS question for one field. */
function surveyQuestion(field: FormField): Json {
  const base: Json = { name: name(field), title: field.label ?? name(field) };
  const rule = field.visibleWhen?.[0] as { path?: string } | undefined;
  if (rule?.path) base.visibleIf = `{${rule.path.slice(1)}} notempty`;
  const input = (inputType: string): Json => ({ ...base, type: 'text', inputType });
  switch (field.widget) {
    case 'text':
      return { ...base, type: 'text' };
    case 'textarea':
      return { ...base, type: 'comment' };
    case 'phone':
      return input('tel');
    case 'email':
      return input('email');
    case 'url':
      return input('url');
    case 'date':
      return input('date');
    case 'time':
      return input('time');
    case 'datetime':
      return input('datetime-local');
    case 'number':
    case 'integer':
      return input('number');
    case 'checkbox':
      return { ...base, type: 'boolean', renderAs: 'checkbox' };
    case 'switch':
      return { ...base, type: 'boolean' };
    case 'select':
      return { ...base, type: 'dropdown', choices: OPTIONS };
    case 'radio':
    case 'segmented':
      return { ...base, type: 'radiogroup', choices: OPTIONS };
    case 'multiselect':
      return { ...base, type: 'tagbox', choices: OPTIONS };
    case 'checkboxes':
      return { ...base, type: 'checkbox', choices: OPTIONS };
    case 'signature':
      return { ...base, type: 'signaturepad' };
    case 'rating':
      return { ...base, type: 'rating', rateMax: 5, rateType: 'stars' };
    case 'matrix':
      return { ...base, type: 'matrix', rows: labelsOf(field.rows, ['Row 1', 'Row 2']), columns: labelsOf(field.options, ['Column 1', 'Column 2', 'Column 3']) };
    case 'file':
      return { ...base, type: 'file' };
    default:
      return { ...base, type: 'text' };
  }
}

function surveySection(section: FormSection): Json {
  const elements = section.fields.map(surveyQuestion);
  if (section.repeatable) return { type: 'paneldynamic', name: section.repeatable.path.slice(1), title: section.title, templateElements: elements, minPanelCount: 0, maxPanelCount: 20 };
  return { type: 'panel', name: section.id, title: section.title, elements };
}

/** The form as a SurveyJS survey (pages of panels; the repeatable section a dynamic panel). */
export function surveyJsForm(): Json {
  const { layout } = largeFormDraft();
  return {
    title: 'Bench: 300 fields',
    pages: layout.pages.map((page) => ({ name: page.id, title: page.title, elements: (page.sections ?? []).map(surveySection) })),
  };
}

/** A Form.io component for one field. */
function formioComponent(field: FormField): Json {
  const key = name(field);
  const base: Json = { key, label: field.label ?? key, input: true, tableView: true };
  const rule = field.visibleWhen?.[0] as { path?: string } | undefined;
  if (rule?.path) base.conditional = { show: true, conjunction: 'all', conditions: [{ component: rule.path.slice(1), operator: 'isNotEmpty' }] };
  const values = OPTIONS.map((o) => ({ value: o.value, label: o.text }));
  switch (field.widget) {
    case 'text':
      return { ...base, type: 'textfield' };
    case 'textarea':
      return { ...base, type: 'textarea' };
    case 'phone':
      return { ...base, type: 'phoneNumber' };
    case 'email':
      return { ...base, type: 'email' };
    case 'url':
      return { ...base, type: 'url' };
    case 'date':
      return { ...base, type: 'datetime', enableTime: false, format: 'yyyy-MM-dd' };
    case 'time':
      return { ...base, type: 'time' };
    case 'datetime':
      return { ...base, type: 'datetime' };
    case 'number':
    case 'integer':
      return { ...base, type: 'number' };
    case 'checkbox':
    case 'switch':
      return { ...base, type: 'checkbox' };
    case 'select':
      return { ...base, type: 'select', data: { values } };
    case 'radio':
    case 'segmented':
      return { ...base, type: 'radio', values };
    case 'multiselect':
      return { ...base, type: 'select', multiple: true, data: { values } };
    case 'checkboxes':
      return { ...base, type: 'selectboxes', values };
    case 'signature':
      return { ...base, type: 'signature' };
    case 'rating':
      // Form.io's open-source builder has no star rating: its nearest kind, a radio of 1–5.
      return { ...base, type: 'radio', inline: true, values: [1, 2, 3, 4, 5].map((v) => ({ value: String(v), label: String(v) })) };
    case 'matrix':
      return {
        ...base,
        type: 'survey',
        questions: labelsOf(field.rows, ['Row 1', 'Row 2']).map((label, i) => ({ label, value: `row-${i + 1}` })),
        values: labelsOf(field.options, ['Column 1', 'Column 2', 'Column 3']).map((label, i) => ({ label, value: `column-${i + 1}` })),
      };
    case 'file':
      return { ...base, type: 'file', storage: 'base64' };
    default:
      return { ...base, type: 'textfield' };
  }
}

function formioSection(section: FormSection): Json {
  const components = section.fields.map(formioComponent);
  if (section.repeatable) return { type: 'editgrid', key: section.repeatable.path.slice(1), label: section.title, input: true, components };
  return { type: 'panel', key: section.id, title: section.title, label: section.title, input: false, components };
}

/** The form as a Form.io wizard (a panel per page, a panel per section; the repeatable section an edit grid). */
export function formioForm(): Json {
  const { layout } = largeFormDraft();
  return {
    display: 'wizard',
    title: 'Bench: 300 fields',
    components: layout.pages.map((page) => ({ type: 'panel', key: page.id, title: page.title, label: page.title, input: false, components: (page.sections ?? []).map(formioSection) })),
  };
}
