import { act, screen, waitFor, within } from '@testing-library/react';
import type { FieldWidget, JsonObject } from '../../src/api/types';
import { checkSchemaForSave } from '../../src/domain/forms';
import { DomainError } from '../../src/domain/errors';
import {
  checkWidgetBindings,
  compileFormSchema,
  createFormEngine,
  FormLimitError,
  validateSubmission,
  WIDGET_KINDS,
  widgetForPdfField,
  withWidgetKinds,
} from '../../src/engine';
import { generateFormFromPdf } from '../../src/testing/forms-model';
import { FORM_WIDGETS, FormRenderer, withFormWidgets, type FormWidget } from '../../src/forms';
import { feedbackSchema, hostWidgets, starRatingWidget } from '../../stories/forms/starRating';
import { makeSchema, onePage, section } from '../engine/fixtures';
import { renderWithProviders } from '../support/render';
import { paletteIcon } from '../../src/ui/icons';
import { matrixSchema } from '../../src/engine/matrix';
import { germanFormLabels } from '../../src/locales/de';

// Every widget kind is one registry entry: the engine, the save check and the renderer read it, and a host adds its
// own kind (a star rating) with the `widgets` prop.

const ALL: FieldWidget[] = [
  'checkbox', 'checkboxes', 'date', 'datetime', 'email', 'integer', 'multiselect', 'number', 'phone', 'radio', 'segmented',
  'select', 'signature', 'static', 'switch', 'text', 'textarea', 'time', 'url', 'rating', 'matrix', 'file',
];

/** A one-field form of a kind: its default field bound to its default JSON Schema. */
function defaultForm(kind: FieldWidget) {
  const entry = FORM_WIDGETS[kind];
  const field = { id: 'value', path: kind === 'static' ? '' : '/value', widget: kind, ...entry.defaultField };
  const properties: JsonObject = kind === 'static' ? {} : { value: entry.defaultSchema };
  return makeSchema({ type: 'object', properties }, onePage(section('s', [field])));
}

function refusal(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected a refusal');
}

describe('the widget registry', () => {
  it('has an entry for every FieldWidget, with every facet', () => {
    expect(Object.keys(FORM_WIDGETS).sort()).toEqual([...ALL].sort());
    expect(Object.keys(WIDGET_KINDS).sort()).toEqual([...ALL].sort());
    for (const kind of ALL) {
      const entry: FormWidget = FORM_WIDGETS[kind];
      expect(entry.kind, kind).toBe(kind);
      expect(entry.name, kind).not.toBe('');
      expect(entry.value, kind).toBe(WIDGET_KINDS[kind].value);
      expect(Array.isArray(entry.types), kind).toBe(true);
      expect(entry.describes, kind).not.toBe('');
      expect(entry.defaultField.label, kind).not.toBe('');
      expect(typeof entry.defaultSchema, kind).toBe('object');
      expect(entry.properties, kind).toContain('label');
      expect(Array.isArray(entry.pdfFieldTypes), kind).toBe(true);
      if (kind !== 'static') expect(entry.pdfFieldTypes.length, kind).toBeGreaterThan(0);
      expect(paletteIcon(entry), kind).toBeTruthy();
      expect(typeof entry.Edit, kind).toBe('function');
      expect(typeof entry.View, kind).toBe('function');
      expect(typeof entry.lite, kind).toBe('function');
      // The React-free part is the engine's entry, facet by facet.
      for (const facet of Object.keys(WIDGET_KINDS[kind]) as (keyof (typeof WIDGET_KINDS)[typeof kind])[]) {
        expect(entry[facet], `${kind}.${facet}`).toEqual(WIDGET_KINDS[kind][facet]);
      }
    }
  });

  it("a kind's default field and default JSON Schema pass the save check and render in edit, light and view mode", () => {
    for (const kind of ALL) {
      const schema = defaultForm(kind);
      expect(() => checkSchemaForSave(schema), kind).not.toThrow();
      for (const run of ['edit', 'light', 'view'] as const) {
        const props = run === 'edit' ? { progressive: false } : run === 'light' ? { progressive: { initial: 0, batch: 0 } } : { mode: 'view' as const };
        const { unmount, container } = renderWithProviders(<FormRenderer schema={schema} {...props} />);
        expect(container.textContent, `${kind} ${run}`).toContain(FORM_WIDGETS[kind].defaultField.label);
        // The light run draws the entry's light stand-in (static text has none to draw: it is text either way).
        if (kind !== 'static') expect(container.querySelector('[data-lite]') !== null, `${kind} ${run}`).toBe(run === 'light');
        unmount();
      }
    }
  });

  it('gives each field of a form generated from a PDF a widget that can fill its AcroForm field', () => {
    let id = 0;
    const { fields, formSchema } = generateFormFromPdf('Loan Application.pdf', { now: () => new Date(0), newId: () => `id-${++id}` });
    const layoutFields = formSchema.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));
    expect(layoutFields.map((f) => f.widget)).toEqual(['text', 'email', 'date', 'checkbox', 'signature']);
    for (const field of layoutFields) {
      const pdf = fields.find((p) => p.name === field.pdfFieldName)!;
      expect(WIDGET_KINDS[field.widget as FieldWidget].pdfFieldTypes, field.id).toContain(pdf.type);
    }
    // A guess the AcroForm type rules out gives way to the first kind that fills it.
    expect(widgetForPdfField('checkbox', 'email')).toBe('checkbox');
    expect(widgetForPdfField('optionList')).toBe('multiselect');
    expect(widgetForPdfField('radio')).toBe('radio');
    expect(widgetForPdfField('dropdown')).toBe('select');
    expect(widgetForPdfField('button')).toBeUndefined();
  });

  it('offers, for each AcroForm field type of the generated PDF form, a widget that can fill it', () => {
    for (const type of ['text', 'checkbox', 'signature', 'radio', 'dropdown', 'optionList'] as const) {
      expect(ALL.some((kind) => WIDGET_KINDS[kind].pdfFieldTypes.includes(type)), type).toBe(true);
    }
  });
});

describe("a host's widget kind", () => {
  it('is rendered by FormRenderer from the widgets prop, and stores its number', async () => {
    const onSubmit = vi.fn();
    const schema = feedbackSchema();
    const engine = createFormEngine(schema, { widgets: withWidgetKinds(hostWidgets) });
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} widgets={hostWidgets} progressive={false} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: /How was your visit\?/ });
    // A star is chosen by its label (the star drawn); its radio input only previews.
    const star = within(group).getByLabelText('4 of 5 stars') as HTMLInputElement;
    await user.click(star.labels![0]!);
    expect(engine.getValue('/rating')).toBe(4);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ rating: 4 }), expect.anything()));
  });

  it('renders its own view component in view mode', () => {
    renderWithProviders(<FormRenderer schema={feedbackSchema()} widgets={hostWidgets} mode="view" initialData={{ rating: 3 }} />);
    const answer = screen.getByRole('group', { name: 'How was your visit?' });
    expect(answer).toHaveTextContent('3 of 5 stars');
    expect(answer.querySelector('input')).toBeNull();
  });

  it('falls back to a text box (the data kept) where the kind is not registered', () => {
    renderWithProviders(<FormRenderer schema={feedbackSchema()} mode="view" initialData={{ rating: 3 }} />);
    expect(screen.getByRole('group', { name: 'How was your visit?' })).toHaveTextContent('3');
    expect(screen.queryByText('3 of 5 stars')).toBeNull();
  });

  it('mounts its full widget at once in a progressive form when it brings no light stand-in', () => {
    renderWithProviders(<FormRenderer schema={feedbackSchema()} widgets={hostWidgets} progressive={{ initial: 0, batch: 0 }} />);
    expect(screen.getByLabelText('5 of 5 stars')).toBeInTheDocument();
  });

  it('is compiled by what it stores: a list kind speaks of a selection, a none kind needs no path', () => {
    const tags: FormWidget = { ...FORM_WIDGETS.checkboxes, kind: 'tags', name: 'Tags' };
    const banner: FormWidget = { ...FORM_WIDGETS.static, kind: 'banner', name: 'Banner' };
    const widgets = withWidgetKinds({ tags, banner });
    const schema = makeSchema(
      { type: 'object', properties: { picked: { type: 'array', items: { type: 'string' } } } },
      onePage(section('s', [{ id: 'picked', path: '/picked', widget: 'tags', label: 'Tags' }, { id: 'banner', path: '', widget: 'banner', label: 'Hello' }])),
    );
    const compiled = compileFormSchema(schema, { widgets });
    expect(compiled.fieldById.get('picked')?.messageContext).toBe('selection');
    expect(compiled.fieldById.get('banner')?.isInput).toBe(false);
    // Without the host's kinds the same layout is refused: an unknown kind is taken to hold a value, and needs a path.
    expect(() => compileFormSchema(schema)).toThrow(/must name a data path/);
  });

  it('is accepted by the save check only when registered, and refused when bound to a type it cannot hold', () => {
    const schema = feedbackSchema();
    expect(refusal(() => checkWidgetBindings(schema)).message).toMatch(/widget 'star-rating', which is not known/);
    expect(() => checkWidgetBindings(schema, withWidgetKinds(hostWidgets))).not.toThrow();
    expect(() => checkSchemaForSave(schema, { widgets: withWidgetKinds(hostWidgets) })).not.toThrow();
    expect(refusal(() => checkSchemaForSave(schema))).toBeInstanceOf(DomainError);

    const onText = { ...schema, jsonSchema: { type: 'object', properties: { rating: { type: 'string' } } } };
    const problem = refusal(() => checkWidgetBindings(onText, withWidgetKinds(hostWidgets)));
    expect(problem).toBeInstanceOf(FormLimitError);
    expect(problem.message).toMatch(/'star-rating', which stores a rating from 1 to 5 .* of type 'string'/);
  });

  it('is refused when its value kind and its JSON Schema types disagree, or when it changes what a built-in stores', () => {
    const stringRating: FormWidget = { ...starRatingWidget, types: ['string'] };
    expect(refusal(() => withFormWidgets({ 'star-rating': stringRating })).message).toMatch(/stores number values but names the JSON Schema types 'string'/);
    const numericText: FormWidget = { ...FORM_WIDGETS.text, value: 'number', types: ['number'] };
    expect(refusal(() => withFormWidgets({ text: numericText })).message).toMatch(/built-in widget 'text' stores string values/);
    expect(refusal(() => withFormWidgets({ stars: starRatingWidget })).message).toMatch(/registered as 'stars' names itself 'star-rating'/);
    // A host may restyle a built-in kind that keeps what it stores.
    const restyled: FormWidget = { ...FORM_WIDGETS.text, name: 'Answer' };
    expect(withFormWidgets({ text: restyled }).text?.name).toBe('Answer');
  });

  it('is checked by the engine as the browser and the server check it: the schema bounds apply', () => {
    const widgets = withWidgetKinds(hostWidgets);
    expect(validateSubmission(feedbackSchema(), { rating: 9 }, { widgets }).errors.map((e) => e.path)).toEqual(['/rating']);
    const engine = createFormEngine(feedbackSchema(), { widgets, data: { rating: 5 } });
    expect(engine.check().valid).toBe(true);
  });
});

describe('the built-in rating', () => {
  const ratingSchema = (maximum: number, required = true) =>
    makeSchema(
      { type: 'object', properties: { score: { type: 'integer', minimum: 1, maximum } }, ...(required ? { required: ['score'] } : {}) },
      onePage(section('s', [{ id: 'score', path: '/score', widget: 'rating', label: 'How was it?', helpText: 'One star is poor.' }])),
    );

  it('is a named group of stars, each named by its place on the scale, chosen with the arrow keys and stored as a whole number', async () => {
    const onSubmit = vi.fn();
    const schema = ratingSchema(7);
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: /How was it\?/ });
    expect(group).toHaveAccessibleDescription('One star is poor.');
    const stars = within(group).getAllByRole('radio');
    // Before the stars, the radio of no star: where the arrow keys start, and how an answer is taken back.
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual(['Not answered', ...[1, 2, 3, 4, 5, 6, 7].map((n) => `${n} of 7 stars`)]);
    // Keyboard only: Tab into the group, arrows to the third star.
    await user.tab();
    expect(stars[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(engine.getValue('/score')).toBe(3);
    expect(within(group).getByRole('radio', { name: '3 of 7 stars' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(engine.getValue('/score')).toBe(2);
    // A click on a star (its drawn label) chooses it too.
    await user.click((within(group).getByLabelText('6 of 7 stars') as HTMLInputElement).labels![0]!);
    expect(engine.getValue('/score')).toBe(6);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(engine.getValue('/score')).toBeUndefined();
    await user.keyboard('{ArrowRight}'.repeat(6));
    expect(engine.getValue('/score')).toBe(6);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ score: 6 }, expect.anything()));
  });

  it('says a missing rating at the group, and the engine refuses a number off the scale', async () => {
    const schema = ratingSchema(5);
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const group = await screen.findByRole('group', { name: /How was it\?/ });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription(/One star is poor\. .+/);
    act(() => engine.setValue('/score', 6));
    expect(engine.check()).toMatchObject({ valid: false, errors: [expect.objectContaining({ path: '/score' })] });
    act(() => engine.setValue('/score', 5));
    expect(engine.check().valid).toBe(true);
  });

  it('shows its answer in words in view mode, "Not answered" without one, and in German with the German pack', () => {
    const { unmount } = renderWithProviders(<FormRenderer schema={ratingSchema(10)} mode="view" initialData={{ score: 4 }} />);
    expect(screen.getByRole('group', { name: 'How was it?' })).toHaveTextContent(/^How was it\?4 of 10 stars$/);
    unmount();
    const unanswered = renderWithProviders(<FormRenderer schema={ratingSchema(10)} mode="view" initialData={{}} />);
    expect(screen.getByRole('group', { name: 'How was it?' })).toHaveTextContent('Not answered');
    unanswered.unmount();
    renderWithProviders(<FormRenderer schema={ratingSchema(5)} mode="view" initialData={{ score: 4 }} labels={germanFormLabels} />);
    expect(screen.getByRole('group', { name: 'How was it?' })).toHaveTextContent('4 von 5 Sternen');
  });

  it('stands in, in a long form still mounting, as a row of named radio buttons that store the star chosen', async () => {
    const schema = ratingSchema(5);
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={{ initial: 0, batch: 0 }} />);
    const group = screen.getByRole('group', { name: /How was it\?/ });
    expect(group).toHaveAttribute('data-lite');
    await user.click(within(group).getByRole('radio', { name: '2 of 5 stars' }));
    expect(engine.getValue('/score')).toBe(2);
  });
});

describe('the built-in matrix', () => {
  const rows = [
    { value: 'room', label: 'Room' },
    { value: 'food', label: 'Food' },
  ];
  const columns = [
    { value: 'poor', label: 'Poor' },
    { value: 'fair', label: 'Fair' },
    { value: 'good', label: 'Good' },
  ];
  const matrixForm = (required = true) =>
    makeSchema(
      { type: 'object', properties: { stay: matrixSchema(rows, columns) }, ...(required ? { required: ['stay'] } : {}) },
      onePage(section('s', [{ id: 'stay', path: '/stay', widget: 'matrix', label: 'Rate the stay', helpText: 'One answer per row.', rows, options: columns }])),
    );

  it('is a group of radio groups, one per row named by the row, its radios named by the columns, the arrow keys moving within a row', async () => {
    const onSubmit = vi.fn();
    const schema = matrixForm();
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: /Rate the stay/ });
    expect(group).toHaveAccessibleDescription('One answer per row.');
    const [room, food] = within(group).getAllByRole('radiogroup');
    expect(within(group).getAllByRole('radiogroup').map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual(['Room', 'Food']);
    expect(screen.getByRole('radiogroup', { name: 'Room' })).toBe(room);
    expect(within(room!).getAllByRole('radio')).toEqual(['Poor', 'Fair', 'Good'].map((name) => within(room!).getByRole('radio', { name })));
    // A click chooses in a row; an arrow key then moves within that row only (the other row keeps its answer).
    await user.click(within(food!).getByRole('radio', { name: 'Fair' }));
    expect(engine.getValue('/stay')).toEqual({ food: 'fair' });
    await user.click(within(room!).getByRole('radio', { name: 'Poor' }));
    await user.keyboard('{ArrowRight}');
    expect(engine.getValue('/stay')).toEqual({ food: 'fair', room: 'fair' });
    expect(within(room!).getByRole('radio', { name: 'Fair' })).toHaveFocus();
    expect(within(food!).getByRole('radio', { name: 'Fair' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ stay: { food: 'fair', room: 'fair' } }, expect.anything()));
  });

  it('says at each unanswered row that it is not answered, and the question that every row needs an answer', async () => {
    const schema = matrixForm();
    const engine = createFormEngine(schema, { data: { stay: { room: 'good' } } });
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const group = await screen.findByRole('group', { name: /Rate the stay/ });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription('One answer per row. Choose an answer in each row');
    const food = screen.getByRole('radiogroup', { name: 'Food' });
    expect(food).toHaveAccessibleDescription('Not answered');
    for (const radio of within(food).getAllByRole('radio')) expect(radio).toHaveAttribute('aria-invalid', 'true');
    const room = screen.getByRole('radiogroup', { name: 'Room' });
    expect(room).not.toHaveAccessibleDescription('Not answered');
    for (const radio of within(room).getAllByRole('radio')) expect(radio).not.toHaveAttribute('aria-invalid');
    await user.click(within(food).getByRole('radio', { name: 'Poor' }));
    await waitFor(() => expect(group).not.toHaveAttribute('aria-invalid'));
    expect(engine.check().valid).toBe(true);
  });

  it('shows each answered row as "Row — Column" in view mode, in German with the German pack, and stands in, in a long form still mounting, in the light fieldset', async () => {
    const { unmount } = renderWithProviders(<FormRenderer schema={matrixForm()} mode="view" initialData={{ stay: { food: 'good', room: 'poor' } }} />);
    expect(screen.getByRole('group', { name: 'Rate the stay' })).toHaveTextContent(/^Rate the stayRoom — Poor\s*Food — Good$/);
    unmount();
    const german = renderWithProviders(<FormRenderer schema={matrixForm()} mode="view" initialData={{}} labels={germanFormLabels} />);
    expect(screen.getByRole('group', { name: 'Rate the stay' })).toHaveTextContent('Nicht beantwortet');
    german.unmount();
    const schema = matrixForm();
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={{ initial: 0, batch: 0 }} />);
    const group = screen.getByRole('group', { name: /Rate the stay/ });
    expect(group).toHaveAttribute('data-lite');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Food' })).getByRole('radio', { name: 'Good' }));
    expect(engine.getValue('/stay')).toEqual({ food: 'good' });
  });
});
