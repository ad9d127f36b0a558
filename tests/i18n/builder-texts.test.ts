// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FORM_TEMPLATES } from '../../src/builder/templates';
import { localizeWidgetKinds, widgetName } from '../../src/builder/widget-names';
import { checkFormDraft } from '../../src/engine';
import { WIDGET_KINDS, type WidgetKind } from '../../src/engine/widget-kinds';
import { englishLabels } from '../../src/labels';
import { builderTemplateLabels } from '../../src/labels/builder-template-labels';
import { frenchLabels } from '../../src/locales/fr';
import { germanLabels } from '../../src/locales/de';

// The builder palette's names, a new field's content and the built-in templates' content follow the labels in force.

/** Every text of a draft's layout: titles, descriptions, labels, help texts, options, add buttons. */
function layoutTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(layoutTexts);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === 'string' ? (['title', 'description', 'label', 'helpText', 'addLabel'].includes(key) ? [v] : []) : layoutTexts(v),
  );
}

describe('the built-in templates', () => {
  it.each([
    ['German', germanLabels],
    ['French', frenchLabels],
  ])('are made in %s, with no English text left, and still pass the engine check', (_, labels) => {
    // 'Message' and 'Designer' are French words too; 'Page 1' and 'Section 1' of the blank form are the builder's own
    // texts (checked below).
    const english = new Set<string>(Object.values(builderTemplateLabels).filter((t) => t !== 'Message' && t !== 'Designer'));
    for (const template of FORM_TEMPLATES) {
      const draft = template.create(labels);
      expect(checkFormDraft(draft, WIDGET_KINDS), template.id).toEqual([]);
      const texts = layoutTexts(draft.layout);
      expect(texts.length, template.id).toBeGreaterThan(0);
      expect(texts.filter((t) => english.has(t)), template.id).toEqual([]);
      // The data (paths, option values, rules) is the same as the English template's: only the words change.
      const englishDraft = template.create();
      expect(JSON.stringify(draft.jsonSchema)).toBe(JSON.stringify(englishDraft.jsonSchema));
    }
    const contact = FORM_TEMPLATES.find((t) => t.id === 'contact')!.create(labels);
    expect(layoutTexts(contact.layout)).toContain(labels.tplContactConsent);
    const blank = FORM_TEMPLATES.find((t) => t.id === 'blank')!.create(labels);
    expect(blank.layout.pages[0]!.title).toBe(labels.fbNewPageTitle.replace('{number}', '1'));
  });

  it('are English without texts, as before', () => {
    const contact = FORM_TEMPLATES.find((t) => t.id === 'contact')!.create();
    expect(contact.layout.pages[0]!.title).toBe('Contact us');
    expect(FORM_TEMPLATES.find((t) => t.id === 'blank')!.create(germanLabels).layout.pages[0]!.title).toBe('Seite 1');
  });
});

describe('the palette names and new fields', () => {
  it('name every built-in kind in the pack’s language', () => {
    const kinds = localizeWidgetKinds(WIDGET_KINDS as unknown as Record<string, WidgetKind>, germanLabels);
    for (const key of Object.keys(WIDGET_KINDS)) {
      expect(kinds[key]!.name, key).toBe(germanLabels[`fbWidget_${key}` as keyof typeof germanLabels]);
      expect(kinds[key]!.name, key).not.toBe(WIDGET_KINDS[key as keyof typeof WIDGET_KINDS].name);
    }
    expect(kinds.text!.defaultField.label).toBe('Kurzer Text');
    expect(kinds.select!.defaultField).toMatchObject({ label: 'Eine Option wählen', options: [{ value: 'option-1', label: 'Option 1' }, { value: 'option-2', label: 'Option 2' }] });
    expect(kinds.static!.defaultField).toEqual({ label: 'Überschrift', helpText: 'Text, den die ausfüllende Person sieht.' });
    // A new matrix: its label, rows and columns in German, their values as the engine writes them.
    expect(kinds.matrix!.defaultField).toEqual({
      label: 'Bewerten Sie jede Zeile',
      rows: [
        { value: 'row-1', label: 'Zeile 1' },
        { value: 'row-2', label: 'Zeile 2' },
      ],
      options: [1, 2, 3].map((n) => ({ value: `column-${n}`, label: `Spalte ${n}` })),
    });
    expect(localizeWidgetKinds(WIDGET_KINDS as unknown as Record<string, WidgetKind>, { ...germanLabels, fbNewOption: 'Wahl {number}' }).radio!.defaultField.options).toEqual([
      { value: 'option-1', label: 'Wahl 1' },
      { value: 'option-2', label: 'Wahl 2' },
    ]);
  });

  it('leave a host kind and a built-in kind the host renamed as the host wrote them; English changes nothing', () => {
    const host: Record<string, WidgetKind> = {
      ...(WIDGET_KINDS as unknown as Record<string, WidgetKind>),
      text: { ...WIDGET_KINDS.text, name: 'Freitext' },
      stars: { ...WIDGET_KINDS.number, kind: 'stars', name: 'Star rating' },
    };
    const kinds = localizeWidgetKinds(host, frenchLabels);
    expect(kinds.text!.name).toBe('Freitext');
    expect(kinds.stars!.name).toBe('Star rating');
    expect(kinds.email!.name).toBe('E-mail');
    expect(widgetName('stars', 'Star rating', frenchLabels)).toBe('Star rating');
    expect(widgetName('checkbox', 'Checkbox', frenchLabels)).toBe('Case à cocher');
    expect(localizeWidgetKinds(host, englishLabels)).toBe(host);
  });
});
