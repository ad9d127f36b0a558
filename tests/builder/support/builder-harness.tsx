import { screen, waitFor } from '@testing-library/react';
import { useReducer } from 'react';
import { expect, vi } from 'vitest';
import { FormBuilderView } from '../../../src/builder/FormBuilder';
import { builderReducer, initialBuilderState, type BuilderDocument } from '../../../src/builder/model';
import type { FormBuilderController } from '../../../src/builder/useFormBuilder';
import { WIDGET_KINDS } from '../../../src/engine/widget-kinds';
import { defaultLabels } from '../../../src/query/labels';
import { renderInApi } from '../../admin/support/screen';

/** The whole builder screen (palette, canvas in its drag-and-drop context, property pane) over a document. */
export function BuilderHarness({ doc, saved = false }: { doc: BuilderDocument; saved?: boolean }) {
  // `saved`: the document as read from a stored version (its fields keep their data paths when their labels change).
  const [state, dispatch] = useReducer(builderReducer, doc, (d) => initialBuilderState(d, saved));
  const controller: FormBuilderController = {
    labels: defaultLabels,
    widgets: WIDGET_KINDS,
    state,
    dispatch,
    form: null,
    schema: null,
    isLoading: false,
    error: null,
    notFound: false,
    retry: () => {},
    canEdit: true,
    dirty: false,
    exists: true,
    storedDraft: null,
    restoreDraft: () => {},
    discardDraft: () => {},
    markSaved: () => {},
    draftKey: 'test',
  };
  return <FormBuilderView controller={controller} />;
}

/**
 * Renders {@link BuilderHarness} over `doc` (inside the fake API) and waits until the canvas draws the field `shownId`.
 * Answers the user, the canvas, its field item by id (null while not drawn) and the property pane.
 */
export async function renderBuilder(doc: BuilderDocument, shownId: string) {
  const { user } = renderInApi(<BuilderHarness doc={{ jsonSchema: doc.jsonSchema, layout: doc.layout }} />);
  const canvas = await screen.findByRole('region', { name: 'Form' });
  const item = (id: string) => canvas.querySelector<HTMLElement>(`[data-builder-field="${id}"]`)!;
  await waitFor(() => expect(item(shownId)).toBeTruthy(), { timeout: 10_000 });
  return { user, canvas, item, pane: screen.getByRole('complementary', { name: 'Properties' }) };
}

/**
 * jsdom lays nothing out: every element becomes a full-width row from its place in the document, the canvas as a
 * single column, which is how it is drawn. The drag overlay stays where dnd-kit placed it (over the item picked up).
 */
export function layOutAsColumn() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const fixed = this.closest<HTMLElement>('[style*="position: fixed"]');
    if (fixed?.style.top && fixed.style.height) {
      const top = parseFloat(fixed.style.top);
      const height = parseFloat(fixed.style.height);
      return { x: 0, y: top, left: 0, top, width: 600, height, right: 600, bottom: top + height, toJSON: () => ({}) } as DOMRect;
    }
    const all = [...document.body.querySelectorAll('*')];
    const row = all.indexOf(this);
    const rows = this.querySelectorAll('*').length + 1;
    const top = Math.max(0, row) * 10;
    return { x: 0, y: top, left: 0, top, width: 600, height: rows * 10, right: 600, bottom: top + rows * 10, toJSON: () => ({}) } as DOMRect;
  });
}
