import { screen, waitFor, within } from '@testing-library/react';
import type { FormSchema } from '../../src/api/types';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { applicationSchema, widgetGallerySchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';

const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
const firstPageAnswers = { applicant: { name: 'Ada', contactBy: 'email' }, employment: { status: 'unemployed' } };

describe('FormRenderer: moving between pages', () => {
  it('Back moves focus to the heading of the page it opens, as Next does', async () => {
    const schema = applicationSchema();
    const engine = createFormEngine(schema, { data: firstPageAnswers });
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Your family' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'About you' })).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('opens on initialPage (a step kept over a reload)', () => {
    const schema = applicationSchema();
    renderWithProviders(<FormRenderer schema={schema} engine={createFormEngine(schema, { data: firstPageAnswers })} initialPage={2} progressive={false} />);
    expect(screen.getByRole('heading', { name: 'Declaration', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
  });

  it('gives each step a document title of its own when asked to', async () => {
    const schema = applicationSchema();
    const engine = createFormEngine(schema, { data: firstPageAnswers });
    const { user, unmount } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} documentTitle />);
    expect(document.title).toBe('Step 1 of 3: About you — Benefit application');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.title).toBe('Step 2 of 3: Your family — Benefit application');
    unmount();
    expect(document.title).not.toContain('Benefit application');
  });

  it('sets no title unless asked to', () => {
    renderWithProviders(<FormRenderer schema={applicationSchema()} progressive={false} />);
    expect(document.title).not.toContain('Benefit application');
  });
});

describe('FormRenderer: repeatable sections', () => {
  it('a new form starts with the items a section needs (minItems 1: one item to fill in, no complaint)', async () => {
    const schema = applicationSchema();
    const { user } = renderWithProviders(<FormRenderer schema={schema} initialPage={1} progressive={false} />);
    expect(screen.getByRole('group', { name: 'Dependant 1' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Dependant 1' })).getByRole('button', { name: 'Remove' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText('Add at least 1 item')).toBeNull();
  });

  it('keeps the data it is given as it is (an answer loaded from the server is never padded)', () => {
    const schema = applicationSchema();
    expect(createFormEngine(schema, { data: firstPageAnswers }).getValue('/dependants')).toBeUndefined();
    expect(createFormEngine(schema, { applyDefaults: true }).getValue('/dependants')).toEqual([{}]);
  });

  it("a removed item can be brought back with 'Undo', where it was, with its answers", async () => {
    const schema = applicationSchema();
    const engine = createFormEngine(schema, { data: { ...firstPageAnswers, dependants: [{ name: 'Tom', age: 4 }, { name: 'Ann' }] } });
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} initialPage={1} progressive={false} />);
    await user.click(within(screen.getByRole('group', { name: 'Dependant 1' })).getByRole('button', { name: 'Remove' }));
    expect(engine.getValue('/dependants')).toEqual([{ name: 'Ann' }]);
    const status = screen.getByText('Dependant 1 removed.').closest('[role="status"]');
    expect(status).not.toBeNull();
    await user.click(within(status as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(engine.getValue('/dependants')).toEqual([{ name: 'Tom', age: 4 }, { name: 'Ann' }]);
    expect(within(screen.getByRole('group', { name: 'Dependant 1' })).getByLabelText(/^Name/)).toHaveValue('Tom');
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Dependant 1' })).getByLabelText(/^Name/)).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});

describe('FormRenderer: numbers', () => {
  const heightSchema = (): FormSchema => widgetGallerySchema([]);

  it('refuses "1,65" with a message instead of reading it as 165', async () => {
    const schema = heightSchema();
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    const height = byLabel('Height (m)');
    await user.type(height, '1,65');
    await user.tab();
    expect(engine.getValue('/height')).toBe('1,65');
    expect(height).toHaveValue('1,65');
    expect(screen.getByText('Write the number with a point for decimals and without commas, like 1.65')).toBeInTheDocument();
    await user.clear(height);
    await user.type(height, '1.65');
    expect(engine.getValue('/height')).toBe(1.65);
    expect(height).toHaveValue('1.65');
    expect(screen.queryByText(/without commas/)).toBeNull();
  });

  it('never reads another notation as a number (hex, thousands)', async () => {
    const schema = heightSchema();
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    await user.type(byLabel('Height (m)'), '0x2');
    expect(engine.getValue('/height')).toBe('0x2');
  });
});

describe('FormRenderer: the error summary follows the fields', () => {
  it('drops a problem as soon as its field is fixed, without taking the focus, and goes once all are fixed', async () => {
    const { user } = renderWithProviders(<FormRenderer schema={applicationSchema()} progressive={false} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getAllByRole('link')).toHaveLength(3);
    const name = byLabel('Full name');
    await user.type(name, 'Ada');
    expect(name).toHaveFocus();
    expect(summary).not.toHaveTextContent('Full name');
    expect(within(summary).getAllByRole('link')).toHaveLength(2);
    await user.type(name, 'x'.repeat(40));
    // A field that fails again for another reason comes back only at the next check.
    expect(summary).not.toHaveTextContent('Full name');
    await user.click(screen.getByLabelText('By email'));
    await user.click(screen.getByLabelText('Not employed'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Enter at most 40 characters' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});
