import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import * as SaveStories from '../../stories/builder/SaveFormButton.stories';
import { fakeBackend, resetFakeBackend } from '../../stories/support/fakeBackend';
import { seedIds } from '../../src/testing/seed-ids';
import { http, HttpResponse } from 'msw';
import { feedbackSchema, hostWidgets } from '../../stories/forms/starRating';

// The stories are the fixtures: their args, fake user and handlers are the whole set-up.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });

const Stories = composeStories(SaveStories);

async function renderStory(Story: { load(): Promise<void> } & ((props: object) => React.ReactElement), props: object = {}) {
  await Story.load();
  return render(<Story {...props} />);
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog');
}

describe('SaveFormButton', () => {
  it('saves a new form with its name, description, group and public switch, then says so and calls onSaved', async () => {
    const onSaved = vi.fn();
    // As a host does, the builder is given the new form's id once it is saved.
    function KeepsTheSavedForm() {
      const [formId, setFormId] = useState<string | null>(null);
      const saved = (result: { formId: string }) => {
        onSaved(result);
        setFormId(result.formId);
      };
      const props: object = { formId, onSaved: saved };
      return <Stories.NewForm {...props} />;
    }
    await Stories.NewForm.load();
    render(<KeepsTheSavedForm />);
    const dialog = await openDialog();
    expect(within(dialog).getByText(/anyone who has the link can fill in this form, without signing in/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/This form has no fields yet/)).not.toBeInTheDocument();
    // The name is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the form a name.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    // A name longer than the stores keep is said as it is typed, kept, and not sent.
    const forms = fakeBackend.db.forms.length;
    await userEvent.paste('n'.repeat(205));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('A name can be at most 200 characters: this one has 205.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('n'.repeat(205));
    expect(fakeBackend.db.forms).toHaveLength(forms);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Contact us');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Questions welcome.');
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Make public/ }));
    // The dialog fades out as the new form's it was: the saved form exists from then on, and a version's title and
    // statement must not show in its place while it fades.
    const titles: string[] = [];
    const seeTitles = () => {
      for (const heading of document.querySelectorAll('.mantine-Modal-title')) titles.push(heading.textContent ?? '');
    };
    const watcher = new MutationObserver(seeTitles);
    watcher.observe(document.body, { subtree: true, childList: true, characterData: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const result = onSaved.mock.calls[0]![0];
    expect(result).toMatchObject({ outcome: 'created', formSchema: { version: 1, isPublic: true } });
    const form = fakeBackend.db.forms.find((f) => f.formId === result.formId);
    expect(form).toMatchObject({ name: 'Contact us', description: 'Questions welcome.', currentFormSchemaId: result.formSchema.formSchemaId });
    expect(await screen.findByText("'Contact us' was created.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    watcher.disconnect();
    expect(titles.length).toBeGreaterThan(0);
    expect(new Set(titles)).toEqual(new Set(['Save the new form']));
  });

  it('warns that a form without a field that takes an answer has nothing to fill in, and still saves it', async () => {
    const onSaved = vi.fn();
    await renderStory(Stories.NoFields, { onSaved });
    const dialog = await openDialog();
    expect(within(dialog).getByText('This form has no fields yet: a person filling it in would have nothing to answer. You can save it now and add fields later.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Welcome page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'created' })));
  });

  it('lists the problems of a draft instead of saving, and each selects its field', async () => {
    const onSelectProblem = vi.fn();
    await renderStory(Stories.Problems, { onSelectProblem });
    const before = fakeBackend.db.forms.length;
    const dialog = await openDialog();
    expect(within(dialog).getByText("Two fields are bound to the data path '/name'.")).toBeInTheDocument();
    expect(within(dialog).getByText(/The field 'topics' uses the widget 'multiselect'/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Name/ })).not.toBeInTheDocument();
    // The dialog opens on the first problem's 'Go to', so Enter goes to it and Tab stays in the dialog.
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Go to / })[0]).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to Nickname' }));
    expect(onSelectProblem).toHaveBeenCalledWith({ type: 'field', id: 'nickname' }, expect.objectContaining({ fieldId: 'nickname' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeBackend.db.forms.length).toBe(before);
  });

  it('does not save a field without a label (the public form would show a box that says nothing), and names it; a text block may go without one', async () => {
    const onSelectProblem = vi.fn();
    await renderStory(Stories.UnlabeledField, { onSelectProblem });
    const before = fakeBackend.db.forms.length;
    const dialog = await openDialog();
    expect(within(dialog).getByText('The field at /email has no label: a person filling in the form would not know what it asks. Give it a label.')).toBeInTheDocument();
    expect(within(dialog).getByText('The field at /workEmail has no label: a person filling in the form would not know what it asks. Give it a label.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).queryByRole('textbox', { name: /Name/ })).not.toBeInTheDocument();
    // Two fields of one kind without a label: each 'Go to' says which by its data path.
    expect(within(dialog).getAllByRole('button', { name: /^Go to / }).map((b) => b.textContent)).toEqual(['Go to Email (no label) · /email', 'Go to Email (no label) · /workEmail']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to Email (no label) · /workEmail' }));
    expect(onSelectProblem).toHaveBeenCalledWith({ type: 'field', id: 'workEmail' }, expect.objectContaining({ fieldId: 'workEmail' }));
    expect(fakeBackend.db.forms.length).toBe(before);
  });

  it("checks the draft against the builder's widget registry: a host's star rating is saved, not listed as unknown", async () => {
    const { jsonSchema, layout } = feedbackSchema();
    const draft = { jsonSchema, layout };
    // Without the registry, the host's kind is a problem of the draft (the check the save ran before it had one).
    const without = await renderStory(Stories.NewForm, { draft });
    expect(within(await openDialog()).getByText(/uses the widget 'star-rating', which is not known/)).toBeInTheDocument();
    without.unmount();

    const onSaved = vi.fn();
    await renderStory(Stories.NewForm, { draft, widgets: hostWidgets, onSaved });
    // What the browser sends: the fake stands for a server configured with the host's kind.
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/crud/formschema/post', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        const now = new Date().toISOString();
        return HttpResponse.json({ formSchemaId: '60000000-0000-4000-8000-0000000000f1', version: 1, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now, ...body });
      }),
    );
    const dialog = await openDialog();
    expect(within(dialog).queryByText(/which is not known/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Feedback');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'created' })));
    expect(posted).toEqual([expect.objectContaining({ jsonSchema, layout: expect.objectContaining({ pages: [expect.objectContaining({ id: 'page-1' })] }) })]);
    expect((posted[0] as { layout: typeof layout }).layout.pages[0]?.sections[0]?.fields[0]).toMatchObject({ id: 'rating', widget: 'star-rating' });
    server.resetHandlers();
  });

  it('says how many filled-in forms keep a used version and which removed fields keep their answers, then saves a new current version', async () => {
    const onSaved = vi.fn();
    await renderStory(Stories.VersionInUse, { onSaved });
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/1 filled-in form uses version 2\. Saving makes a new version, version 3/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Fields you removed \(.+\) keep their answers/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const result = onSaved.mock.calls[0]![0];
    expect(result).toMatchObject({ outcome: 'new-version', formSchema: { version: 3 }, previousFormSchemaId: seedIds.formSchemas.expenseClaimV2 });
    expect(fakeBackend.db.forms.find((f) => f.formId === seedIds.forms.expenseClaim)?.currentFormSchemaId).toBe(result.formSchema.formSchemaId);
    expect(await screen.findByText("'Expense Claim' was saved as version 3, now its current version.")).toBeInTheDocument();
  });

  it('saves into a version no one has filled in', async () => {
    const onSaved = vi.fn();
    await renderStory(Stories.VersionUnused, { onSaved });
    const dialog = await openDialog();
    await within(dialog).findByText(/No one has filled in version 1 yet/);
    // The switch starts at the version's own setting.
    expect(within(dialog).getByRole('switch', { name: /^Make public/ })).toBeChecked();
    // Nothing to fill in: the dialog is on Save, and Enter saves.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'updated' })));
  });

  it("shows the server's refusal in words with its problems, each selecting its field", async () => {
    const onSelectProblem = vi.fn();
    await renderStory(Stories.RefusedByServer, { onSelectProblem });
    const dialog = await openDialog();
    await within(dialog).findByText(/No one has filled in version 1 yet/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The server did not save the form');
    expect(alert).toHaveTextContent(/catastrophic|exponentially/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Go to Your name' }));
    expect(onSelectProblem).toHaveBeenCalledWith({ type: 'field', id: 'name' }, expect.anything());
  });

  it('shows the saving state while the server works', async () => {
    await renderStory(Stories.Saving);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Contact us');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('shows no Save button to a user without CreateForm or EditForm', async () => {
    await renderStory(Stories.ReadOnlyUser);
    expect(await screen.findByText(/Signed in as Rita Reader/)).toBeInTheDocument();
    // Wait for the claims to load, then there is still no button.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
