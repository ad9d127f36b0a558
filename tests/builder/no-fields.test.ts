import { describe, expect, it } from 'vitest';
import { draftHasNoFields } from '../../src/builder/save';
import { emptyDocument } from '../../src/builder/model';
import { WIDGET_KINDS, withWidgetKinds } from '../../src/engine/widget-kinds';

const withFields = (...widgets: string[]) => {
  const doc = emptyDocument();
  doc.layout.pages[0]!.sections[0]!.fields = widgets.map((widget, i) => ({ id: `f${i}`, path: widget === 'static' ? '' : `/f${i}`, widget, label: `F${i}` }));
  return doc;
};

describe('draftHasNoFields', () => {
  it('is true for an empty form and for text blocks only; false once a field takes an answer', () => {
    expect(draftHasNoFields(emptyDocument())).toBe(true);
    expect(draftHasNoFields({ ...emptyDocument(), layout: { pages: [] } })).toBe(true);
    expect(draftHasNoFields(withFields('static', 'static'))).toBe(true);
    expect(draftHasNoFields(withFields('static', 'text'))).toBe(false);
    // A kind nobody registered is taken to hold a value, as the renderer takes it.
    expect(draftHasNoFields(withFields('unknownKind'))).toBe(false);
  });

  it('reads the builder\'s registry: a host kind that stores nothing is not a field to answer', () => {
    const widgets = withWidgetKinds({ banner: { ...WIDGET_KINDS.static, kind: 'banner' } });
    expect(draftHasNoFields(withFields('banner'), widgets)).toBe(true);
    expect(draftHasNoFields(withFields('banner'))).toBe(false);
  });
});
