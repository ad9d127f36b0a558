import { screen, waitFor, within } from '@testing-library/react';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { applicationSchema, widgetGallerySchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';

const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

describe('FormRenderer: messages on blur and on submit', () => {
  it('shows a message when the user leaves a field, not while typing the first time', async () => {
    const { user } = renderWithProviders(<FormRenderer schema={widgetGallerySchema()} progressive={false} />);
    const name = byLabel('Full name');
    await user.type(name, 'x'.repeat(41));
    expect(screen.queryByText('Enter at most 40 characters')).toBeNull();
    await user.tab();
    expect(screen.getByText('Enter at most 40 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // Once shown, the message follows the value as the user corrects it.
    await user.type(name, '{Backspace}');
    expect(screen.queryByText('Enter at most 40 characters')).toBeNull();
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('on submit lists every problem in a focused summary, linked to the fields, with the inline wording', async () => {
    const onSubmit = vi.fn();
    const onInvalidSubmit = vi.fn();
    const { user } = renderWithProviders(
      <FormRenderer schema={widgetGallerySchema()} onSubmit={onSubmit} onInvalidSubmit={onInvalidSubmit} progressive={false} idPrefix="g" />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onInvalidSubmit).toHaveBeenCalledWith(expect.arrayContaining([expect.objectContaining({ path: '/name' })]));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#g-name', '#g-terms', '#g-contact', '#g-colours']);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1))!;
      const describedBy = (target.getAttribute('aria-describedby') ?? '').split(' ');
      const inline = describedBy.map((id) => document.getElementById(id)?.textContent);
      expect(inline).toContain(link.textContent);
    }
    expect(links[0]).toHaveTextContent('This field is required');
    expect(links[1]).toHaveTextContent('Tick this box to continue');
    await user.click(links[2]!);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.click(links[0]!);
    expect(byLabel('Full name')).toHaveFocus();
  });

  it('submits the data to store when valid', async () => {
    const onSubmit = vi.fn();
    const schema = widgetGallerySchema([]);
    const { user } = renderWithProviders(<FormRenderer schema={schema} onSubmit={onSubmit} progressive={false} />);
    await user.type(byLabel('Full name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada' }, expect.objectContaining({ valid: true }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disables the form while an async submit runs', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderWithProviders(<FormRenderer schema={widgetGallerySchema([])} onSubmit={onSubmit} progressive={false} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(byLabel('Full name')).toBeDisabled();
    finish();
    await waitFor(() => expect(byLabel('Full name')).toBeEnabled());
  });

  it('submits with Enter from a field (keyboard only)', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={widgetGallerySchema([])} onSubmit={onSubmit} progressive={false} />);
    await user.type(byLabel('Full name'), 'Ada{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('lets every text be overridden through labels', async () => {
    const { user } = renderWithProviders(
      <FormRenderer
        schema={widgetGallerySchema()}
        progressive={false}
        labels={{ submit: 'Send', errorSummaryTitle: 'Check your answers', required: 'Fill this in', mustAccept: 'Please accept' }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('heading', { name: 'Check your answers' })).toBeInTheDocument();
    expect(screen.getAllByText('Fill this in').length).toBeGreaterThan(1);
    expect(screen.getAllByText('Please accept').length).toBe(2);
  });

  it('shows errors given from outside (the server) until the value changes', async () => {
    const schema = widgetGallerySchema([]);
    const engine = createFormEngine(schema, { data: { name: 'Ada' } });
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    engine.setExternalErrors([{ path: '/name', message: 'This name is taken' }]);
    expect(await screen.findByText('This name is taken')).toBeInTheDocument();
    await user.type(byLabel('Full name'), 'x');
    expect(screen.queryByText('This name is taken')).toBeNull();
  });

  it('starts a new engine when the schema changes to another version', () => {
    const v1 = widgetGallerySchema();
    const { rerender } = renderWithProviders(<FormRenderer schema={v1} progressive={false} />);
    expect(byLabel('Full name')).toBeInTheDocument();
    const v2 = structuredClone(v1);
    v2.version = 2;
    v2.layout.pages[0]!.sections[0]!.fields[0]!.label = 'Your name';
    rerender(<FormRenderer schema={v2} progressive={false} />);
    expect(byLabel('Your name')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Full name/)).toBeNull();
  });

  it('calls onChange with the data and the path', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={widgetGallerySchema()} onChange={onChange} progressive={false} />);
    await user.type(byLabel('Full name'), 'A');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'A' }), '/name');
  });
});

describe('FormRenderer: multi-page forms', () => {
  it('checks a page before leaving it, then moves on and focuses the new page', async () => {
    const onPageChange = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={applicationSchema()} onPageChange={onPageChange} progressive={false} />);
    expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'This field is required',
      'This field is required',
      'This field is required',
    ]);
    expect(summary).toHaveTextContent('Full name: This field is required');
    expect(summary).toHaveTextContent('How should we contact you?: This field is required');
    expect(summary).toHaveTextContent('Are you employed?: This field is required');
    expect(onPageChange).not.toHaveBeenCalled();

    await user.type(byLabel('Full name'), 'Ada');
    await user.click(screen.getByLabelText('By phone'));
    // The rule shows the phone field, which is now required.
    expect(byLabel('Phone number')).toBeRequired();
    await user.type(byLabel('Phone number'), '+44 1234 5678');
    await user.click(screen.getByLabelText('Not employed'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('alert')).toBeNull();
    const heading = screen.getByRole('heading', { name: 'Your family' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();

    // Back keeps every answer.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(byLabel('Full name')).toHaveValue('Ada');
  });

  it('Enter on an earlier page means Next, not submit', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={applicationSchema()} onSubmit={onSubmit} progressive={false} />);
    await user.type(byLabel('Full name'), 'Ada{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('a submit that finds problems on an earlier page links back to them', async () => {
    const schema = applicationSchema();
    const engine = createFormEngine(schema, {
      data: { applicant: { name: 'Ada', contactBy: 'email' }, employment: { status: 'unemployed' }, dependants: [{ name: 'Tom' }] },
    });
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} idPrefix="a" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Declaration', level: 2 })).toBeInTheDocument();
    engine.setValue('/applicant/name', 'x'.repeat(41));
    await user.click(byLabel('The information I gave is correct'));
    await user.type(screen.getByLabelText('Type your full name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const link = within(screen.getByRole('alert')).getByRole('link', { name: 'Enter at most 40 characters' });
    await user.click(link);
    await waitFor(() => expect(byLabel('Full name')).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
  });

  it("marks a required checkbox's label with the asterisk other required fields show, kept out of its name", async () => {
    const schema = applicationSchema();
    const engine = createFormEngine(schema, { data: { applicant: { name: 'Ada', contactBy: 'email' }, employment: { status: 'unemployed' }, dependants: [{ name: 'Tom' }] } });
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} idPrefix="r" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const box = screen.getByRole('checkbox', { name: 'The information I gave is correct' });
    const label = document.querySelector(`label[for="${box.id}"]`);
    expect(label?.textContent).toBe('The information I gave is correct *');
    expect(label?.querySelector('[aria-hidden="true"]')?.textContent).toBe(' *');
  });

  it('shows every page in view mode, one after the other, without the stepper or buttons', () => {
    renderWithProviders(
      <FormRenderer
        schema={applicationSchema()}
        mode="view"
        initialData={{ applicant: { name: 'Ada', contactBy: 'phone', phone: '123456' }, dependants: [{ name: 'Tom', age: 4 }], declaration: true }}
      />,
    );
    for (const title of ['About you', 'Your family', 'Declaration']) expect(screen.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Step 1 of 3')).toBeNull();
    expect(screen.getByRole('group', { name: 'Phone number' })).toHaveTextContent('123456');
    expect(screen.getByRole('group', { name: 'Dependant 1' })).toHaveTextContent('Tom');
    expect(screen.getByRole('group', { name: 'Number of dependants' })).toHaveTextContent('1');
  });
});

describe('FormRenderer: repeatable sections', () => {
  async function onFamilyPage() {
    const schema = applicationSchema();
    const engine = createFormEngine(schema, {
      data: { applicant: { name: 'Ada', contactBy: 'email' }, employment: { status: 'unemployed' } },
    });
    const result = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    await result.user.click(screen.getByRole('button', { name: 'Next' }));
    return { engine, ...result };
  }

  it('adds items up to the maximum, focusing each new item, and counts them', async () => {
    const { engine, user } = await onFamilyPage();
    const add = screen.getByRole('button', { name: 'Add a dependant' });
    await user.click(add);
    expect(screen.getByRole('group', { name: 'Dependant 1' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Dependant 1' })).getByLabelText(/^Name/)).toHaveFocus();
    await user.keyboard('Tom');
    await user.click(add);
    await user.keyboard('Ann');
    await user.click(add);
    expect(add).toBeDisabled();
    expect(engine.getValue('/dependants')).toEqual([{ name: 'Tom' }, { name: 'Ann' }, {}]);
    expect(engine.getValue('/dependantCount')).toBe(2);
    expect(screen.getByLabelText(/^Number of dependants/)).toHaveValue('2');
    expect(screen.getByLabelText(/^Number of dependants/)).toHaveAttribute('readonly');
  });

  it('moves items up and down by keyboard-usable buttons, keeping focus on the moved item', async () => {
    const { engine, user } = await onFamilyPage();
    engine.setValue('/dependants', [{ name: 'Tom' }, { name: 'Ann' }, { name: 'Bob' }]);
    const second = await screen.findByRole('group', { name: 'Dependant 2' });
    await user.click(within(second).getByRole('button', { name: 'Move up' }));
    expect(engine.getValue('/dependants')).toEqual([{ name: 'Ann' }, { name: 'Tom' }, { name: 'Bob' }]);
    // The moved item is now first: its Move up is disabled, so focus lands on its Move down.
    const first = screen.getByRole('group', { name: 'Dependant 1' });
    expect(within(first).getByLabelText(/^Name/)).toHaveValue('Ann');
    expect(within(first).getByRole('button', { name: 'Move up' })).toBeDisabled();
    expect(within(first).getByRole('button', { name: 'Move down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(engine.getValue('/dependants')).toEqual([{ name: 'Tom' }, { name: 'Ann' }, { name: 'Bob' }]);
    expect(within(screen.getByRole('group', { name: 'Dependant 2' })).getByRole('button', { name: 'Move down' })).toHaveFocus();
  });

  it('removes items down to the minimum', async () => {
    const { engine, user } = await onFamilyPage();
    engine.setValue('/dependants', [{ name: 'Tom' }, { name: 'Ann' }]);
    const first = await screen.findByRole('group', { name: 'Dependant 1' });
    await user.click(within(first).getByRole('button', { name: 'Remove' }));
    expect(engine.getValue('/dependants')).toEqual([{ name: 'Ann' }]);
    expect(screen.getByRole('button', { name: 'Add a dependant' })).toHaveFocus();
    expect(within(screen.getByRole('group', { name: 'Dependant 1' })).getByRole('button', { name: 'Remove' })).toBeDisabled();
  });

  it('says when too few items were added, at the section and in the summary', async () => {
    const { user } = await onFamilyPage();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('Dependant: Add at least 1 item');
    const add = screen.getByRole('button', { name: 'Add a dependant' });
    const message = document.getElementById(add.getAttribute('aria-describedby')!);
    expect(message).toHaveTextContent('Add at least 1 item');
    await user.click(within(summary).getByRole('link', { name: 'Add at least 1 item' }));
    expect(add).toHaveFocus();
  });
});
