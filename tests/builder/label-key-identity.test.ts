// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { builderReducer, fieldSchema, findField, initialBuilderState, isRequired, type BuilderState } from '../../src/builder/model';
import { fieldTextsOnlyChanged } from '../../src/builder/live-texts';
import { generateForm } from '../../src/forms';

/** The step the property pane dispatches for a key typed in a field's label: the field with its new label, the rest as it is. */
function typeInLabel(s: BuilderState, id: string, key: string): BuilderState {
  const at = findField(s.document, id)!;
  return builderReducer(s, {
    type: 'changeField',
    id,
    field: { ...at.field, label: at.field.label + key },
    schema: (fieldSchema(s.document, at.section, at.field) ?? {}) as never,
    required: isRequired(s.document, at.section, at.field),
  });
}

describe('a key typed in a label changes the label only', () => {
  it('leaves a field’s options and rules the very objects they were, so the canvas sees a change of texts only', () => {
    const form = generateForm(40);
    const doc = { jsonSchema: form.jsonSchema, layout: form.layout };
    let s = builderReducer(initialBuilderState(doc), { type: 'load', document: doc, saved: true });
    const fields = s.document.layout.pages.flatMap((p) => p.sections.flatMap((sec) => sec.fields));
    const withOptions = fields.find((f) => f.options && f.options.length > 0)!;
    const withRule = fields.find((f) => f.visibleWhen);
    expect(withOptions).toBeDefined();
    for (const field of [withOptions, ...(withRule ? [withRule] : [])]) {
      const before = s.document;
      s = typeInLabel(s, field.id, 'x');
      const now = findField(s.document, field.id)!.field;
      expect(now.label).toBe(`${field.label}x`);
      expect(now.options).toBe(field.options);
      expect(now.visibleWhen).toBe(field.visibleWhen);
      expect(s.document.jsonSchema).toBe(before.jsonSchema);
      expect(fieldTextsOnlyChanged(before, s.document)).toBe(true);
      // And undone, the label is back.
      s = builderReducer(s, { type: 'undo' });
      expect(findField(s.document, field.id)!.field.label).toBe(field.label);
    }
  });
});
