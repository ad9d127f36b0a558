import { EditorView } from '@codemirror/view';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormDraft } from '../../src/engine/draft-check';
import { JsonView } from '../../src/builder/json';
import { checkJsonViewText, draftText } from '../../src/builder/json/validate-json';
import { renderWithProviders } from '../support/render';

const draft = (): FormDraft => ({
  jsonSchema: { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string', pattern: '^[0-9]+$' } } },
  layout: {
    pages: [
      {
        id: 'p1',
        title: 'Page',
        sections: [
          {
            id: 's1',
            title: 'Section',
            fields: [
              { id: 'name', path: '/name', widget: 'text', label: 'Name' },
              { id: 'phone', path: '/phone', widget: 'phone', label: 'Phone' },
            ],
          },
        ],
      },
    ],
  },
});

const lineContaining = (text: string, needle: string, from = 0) => text.slice(0, text.indexOf(needle, from)).split('\n').length;

describe('checkJsonViewText', () => {
  it('hands back the draft of a valid text', () => {
    const result = checkJsonViewText(draftText(draft()));
    expect(result.problems).toEqual([]);
    expect(result.draft).toEqual(draft());
  });

  it('places a JSON syntax error at its line', () => {
    const text = draftText(draft()).replace('"title": "Section",', '"title": "Section"');
    const result = checkJsonViewText(text);
    expect(result.draft).toBeNull();
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ kind: 'syntax' });
    // The parser stops at the next property, on the line after the missing comma.
    expect(result.problems[0]!.line).toBe(lineContaining(text, '"fields"'));
  });

  it('refuses another shape', () => {
    expect(checkJsonViewText('[1, 2]').problems[0]).toMatchObject({ kind: 'shape', line: 1 });
    expect(checkJsonViewText('{"jsonSchema": {}}').problems[0]).toMatchObject({ kind: 'shape' });
  });

  it("places the draft check's problems at the field, and a pattern's at the pattern, in reading order", () => {
    const bad = draft();
    bad.layout.pages[0]!.sections[0]!.fields[1]!.path = '/name';
    (bad.jsonSchema.properties as Record<string, Record<string, unknown>>).phone!.pattern = '[';
    const text = draftText(bad);
    const result = checkJsonViewText(text);
    expect(result.draft).toBeNull();
    const messages = result.problems.map((p) => [p.line, p.message]);
    expect(messages).toEqual([
      [lineContaining(text, '"pattern"'), expect.stringContaining("The pattern '[' at /properties/phone/pattern is not a valid regular expression")],
      [lineContaining(text, '"id": "phone"') - 1, "Two fields are bound to the data path '/name'."],
    ]);
  });
});

function editorView(): EditorView {
  const content = document.querySelector('.cm-content');
  if (!content) throw new Error('no editor');
  const view = EditorView.findFromDOM(content as HTMLElement);
  if (!view) throw new Error('no editor view');
  return view;
}

function replaceAll(view: EditorView, text: string) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

describe('JsonView', () => {
  it('loads the editor lazily, hands back only valid edits and shows problems at their line', async () => {
    const onChange = vi.fn();
    renderWithProviders(<JsonView value={draft()} onChange={onChange} />);
    expect(await screen.findByRole('textbox', { name: 'Form schema and layout as JSON' })).toBeInTheDocument();
    expect(screen.getByText('Valid: changes are applied to the form.')).toBeInTheDocument();
    const view = editorView();
    const text = view.state.doc.toString();
    expect(text).toBe(draftText(draft()));

    replaceAll(view, text.replace('"label": "Name"', '"label": "Full name",'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('1 problem: the form keeps its last valid version until it is fixed.');
    expect(alert).toHaveTextContent(/Line \d+: JSON syntax:/);
    expect(onChange).not.toHaveBeenCalled();

    replaceAll(view, text.replace('"path": "/phone"', '"path": "/name"'));
    expect(await screen.findByText(/Two fields are bound to the data path '\/name'/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    replaceAll(view, text.replace('"label": "Name"', '"label": "Full name"'));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0].layout.pages[0].sections[0].fields[0].label).toBe('Full name');
    // The editor hands the draft over at once and shows its problems (none now) in the render that follows.
    expect(await screen.findByText('Valid: changes are applied to the form.')).toBeInTheDocument();
  });

  it('follows a change made elsewhere', async () => {
    const { rerender } = renderWithProviders(<JsonView value={draft()} onChange={() => {}} />);
    await screen.findByRole('textbox', { name: 'Form schema and layout as JSON' });
    const next = draft();
    next.layout.pages[0]!.title = 'Renamed page';
    rerender(<JsonView value={next} onChange={() => {}} />);
    await waitFor(() => expect(editorView().state.doc.toString()).toContain('"title": "Renamed page"'));
  });
});
