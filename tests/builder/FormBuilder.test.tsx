import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';
import { BUILDER_FIRST_RENDER_MS } from './support/timing';

const { backend } = setupFakeApi();

const canvas = () => screen.getByRole('region', { name: 'Form' });
const fieldItem = (name: string) => within(canvas()).getByRole('button', { name: `Field ${name}` });
const fieldOrder = () =>
  within(canvas())
    .getAllByRole('button', { name: /^Field / })
    .map((b) => b.getAttribute('aria-label'));

describe('FormBuilder', () => {
  it('adds fields from the palette after the selection, shows them with the real widgets, and undoes and redoes', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    expect(fieldItem('Short text')).toHaveAttribute('aria-pressed', 'true');
    // The canvas shows the renderer's own text box for it, under the item's button.
    await waitFor(() => expect(within(fieldItem('Short text').parentElement!).getByRole('textbox', { hidden: true })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add Email' }));
    await user.click(fieldItem('Short text'));
    await user.click(screen.getByRole('button', { name: 'Add Number' }));
    expect(fieldOrder()).toEqual(['Field Short text', 'Field Number', 'Field Email']);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(fieldOrder()).toEqual(['Field Short text', 'Field Email']);
    await user.keyboard('{Control>}z{/Control}');
    expect(fieldOrder()).toEqual(['Field Short text']);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(fieldOrder()).toEqual(['Field Short text', 'Field Email']);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(fieldOrder()).toEqual(['Field Short text', 'Field Number', 'Field Email']);
  });

  it('moves a field with Move up / Move down from its menu; by keyboard, the canvas is one tab stop whose arrow keys move the focus, not the selection', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }));
    // 'Add' says where the field goes, and the new item takes the focus, selected.
    expect(screen.getByRole('button', { name: 'Add Email' })).toHaveAccessibleDescription('Adds after the field “Short text”.');
    await user.click(screen.getByRole('button', { name: 'Add Email' }));
    await waitFor(() => expect(fieldItem('Email')).toHaveFocus(), { timeout: 5000 });
    expect(fieldItem('Email')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Actions for Field Email' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    expect(fieldOrder()).toEqual(['Field Email', 'Field Short text']);
    await user.click(screen.getByRole('button', { name: 'Actions for Field Email' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    expect(fieldOrder()).toEqual(['Field Short text', 'Field Email']);

    // One tab stop: of what the canvas holds, only the item last focused is in the tab order (the widgets under the
    // items are inert, which jsdom does not implement: they are left out here as a browser leaves them out).
    const tabStops = () =>
      [...canvas().querySelectorAll<HTMLElement>('button, input, textarea, select, a[href], [tabindex]')].filter((el) => el.tabIndex >= 0 && !el.closest('[inert]'));
    expect(tabStops()).toEqual([fieldItem('Email')]);

    // The arrow keys move the focus between items; the selection stays until Enter.
    fieldItem('Email').focus();
    await user.keyboard('{ArrowUp}');
    expect(fieldItem('Short text')).toHaveFocus();
    expect(fieldItem('Short text')).toHaveAttribute('aria-pressed', 'false');
    expect(fieldItem('Email')).toHaveAttribute('aria-pressed', 'true');
    expect(tabStops()).toEqual([fieldItem('Short text')]);
    await user.keyboard('{Home}');
    expect(within(canvas()).getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await user.keyboard('{End}{ArrowRight}');
    expect(within(canvas()).getByRole('button', { name: 'Actions for Field Email' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(fieldItem('Short text')).toHaveFocus();
    expect(fieldItem('Email')).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    expect(fieldItem('Short text')).toHaveAttribute('aria-pressed', 'true');
    expect(fieldItem('Email')).toHaveAttribute('aria-pressed', 'false');
    // Enter again: its label box in Properties; what is typed there renames this field only.
    await user.keyboard('{Enter}');
    const properties = screen.getByRole('complementary', { name: 'Properties' });
    await waitFor(() => expect(within(properties).getByRole('textbox', { name: /^Label/ })).toHaveFocus(), { timeout: 5000 });
    expect(within(properties).getByRole('textbox', { name: /^Label/ })).toHaveValue('Short text');
    await user.keyboard(' 2');
    await waitFor(() => expect(fieldOrder()).toEqual(['Field Short text 2', 'Field Email']));
  });

  it('renames in place on the canvas, keyboard only: F2 opens the label there, Enter renames (label and the path that follows it, one undo step), Escape leaves it; a double click opens a section’s title, F2 a page’s', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    await waitFor(() => expect(fieldItem('Short text')).toHaveFocus(), { timeout: 5000 });
    const properties = screen.getByRole('complementary', { name: 'Properties' });
    const paneLabel = () => within(properties).getByRole('textbox', { name: /^Label/ });
    const panePath = () => within(properties).getByRole('textbox', { name: /^Data path/ });
    await waitFor(() => expect(panePath()).toHaveValue('/shortText'));
    const undoSteps = () => (screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled;

    // F2: the label in a box on the canvas, all of it selected; Escape leaves it as it was, the focus back on the item.
    // The box takes the drawn label's place: the label keeps its room but is hidden, so the old name shows once (in
    // the box), not twice; it shows again when the box goes.
    const drawnLabels = () => within(canvas()).getAllByText('Short text', { ignore: 'script, style, input' });
    const shownLabels = () => drawnLabels().filter((element) => getComputedStyle(element).visibility !== 'hidden' && !element.closest('[style*="visibility: hidden"]'));
    expect(shownLabels()).toHaveLength(1);
    await user.keyboard('{F2}');
    let box = within(canvas()).getByRole('textbox', { name: 'Label' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('Short text');
    expect(drawnLabels().length).toBeGreaterThan(0);
    expect(shownLabels()).toEqual([]);
    for (const label of drawnLabels()) expect(label).not.toBeVisible();
    await user.keyboard('Nothing{Escape}');
    expect(within(canvas()).queryByRole('textbox', { name: 'Label' })).toBeNull();
    expect(fieldItem('Short text')).toHaveFocus();
    expect(shownLabels()).toHaveLength(1);
    expect(paneLabel()).toHaveValue('Short text');

    // F2 again, a new label and Enter: the canvas and the property pane show it, the path follows, the focus is back.
    await user.keyboard('{F2}');
    box = within(canvas()).getByRole('textbox', { name: 'Label' });
    await user.clear(box);
    await user.keyboard('Full name{Enter}');
    await waitFor(() => expect(fieldOrder()).toEqual(['Field Full name']));
    expect(fieldItem('Full name')).toHaveFocus();
    expect(fieldItem('Full name')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(paneLabel()).toHaveValue('Full name'));
    expect(panePath()).toHaveValue('/fullName');

    // One Ctrl+Z takes back the label and its path together; the add before it is still there.
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(fieldOrder()).toEqual(['Field Short text']));
    await waitFor(() => expect(panePath()).toHaveValue('/shortText'));
    expect(undoSteps()).toBe(false);

    // A double click on a section's title: its title in a box; leaving the box renames the section.
    await user.dblClick(within(canvas()).getByRole('heading', { name: 'Section 1' }));
    const title = within(canvas()).getByRole('textbox', { name: 'Section title' });
    expect(title).toHaveFocus();
    expect(within(canvas()).queryByRole('heading', { name: 'Section 1' })).toBeNull();
    await user.clear(title);
    await user.keyboard('About you');
    await user.tab();
    await waitFor(() => expect(within(canvas()).getByRole('heading', { name: 'About you' })).toBeInTheDocument());
    expect(within(canvas()).queryByRole('textbox', { name: 'Section title' })).toBeNull();

    // A page: Home goes to its item, F2 opens its title in place, Enter renames it and gives the focus back.
    fieldItem('Short text').focus();
    await user.keyboard('{Home}{F2}');
    expect(within(canvas()).getByRole('textbox', { name: 'Page title' })).toHaveFocus();
    await user.clear(within(canvas()).getByRole('textbox', { name: 'Page title' }));
    await user.keyboard('Welcome{Enter}');
    await waitFor(() => expect(within(canvas()).getByRole('button', { name: 'Welcome' })).toHaveFocus());
    expect(within(canvas()).getByRole('region', { name: 'Page Welcome' })).toBeInTheDocument();
  });

  it('moves a field to another page with Move to…', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }));
    await user.click(screen.getByRole('button', { name: 'Add Page' }));
    await user.click(screen.getByRole('button', { name: 'Actions for Field Short text' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Short text to…' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Section' }));
    await user.click(await screen.findByRole('option', { name: 'Page 2 / Section 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const page2 = screen.getByRole('region', { name: 'Page Page 2' });
    expect(within(page2).getByRole('button', { name: 'Field Short text' })).toBeInTheDocument();
  });

  it('deletes a field no rule reads at once (undoable), and asks before deleting one that rules read, naming them', async () => {
    const { user } = renderInApi(<FormBuilder formId={seedIds.forms.contactRequest} draftStorage={memoryStorage()} />);
    await screen.findByRole('heading', { name: /Form builder: Contact Request/ }, { timeout: 5000 });
    // The canvas follows the loaded document as a deferred value.
    await waitFor(() => expect(fieldOrder().length).toBeGreaterThan(1));
    const before = fieldOrder();
    await user.click(screen.getByRole('button', { name: `Actions for ${before[before.length - 1]}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(fieldOrder()).toEqual(before.slice(0, -1));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(fieldOrder()).toEqual(before);

  });

  it('asks before deleting a field that other fields’ rules read, and names them', async () => {
    const { user } = renderInApi(<FormBuilder formId={seedIds.forms.loanApplication} draftStorage={memoryStorage()} />);
    await screen.findByRole('heading', { name: /Form builder: Loan Application/ }, { timeout: 5000 });
    await waitFor(() => expect(fieldOrder().length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Actions for Field Employment status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Employment status?' });
    expect(dialog).toHaveTextContent('These fields have rules or computed values that read it, and will point at nothing: Employer.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fieldItem('Employment status')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Field Employment status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Employment status?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Field Employment status' })).not.toBeInTheDocument());
  });

  it('undoes 100 steps with Ctrl+Z and redoes them with Ctrl+Shift+Z', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    await user.click(screen.getByRole('heading', { name: 'Page 1' }));
    const title = screen.getByRole('textbox', { name: 'Page title' });
    for (let i = 1; i <= 100; i++) fireEvent.change(title, { target: { value: `Page ${i + 1}` } });
    expect(screen.getByRole('heading', { name: 'Page 101' })).toBeInTheDocument();
    for (let i = 0; i < 100; i++) fireEvent.keyDown(title, { key: 'z', ctrlKey: true });
    expect(screen.getByRole('heading', { name: 'Page 1' })).toBeInTheDocument();
    // One step more takes back the field added first; then there is nothing left to undo.
    fireEvent.keyDown(title, { key: 'z', ctrlKey: true });
    expect(screen.queryByRole('button', { name: 'Field Short text' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    for (let i = 0; i < 101; i++) fireEvent.keyDown(document.activeElement ?? document.body, { key: 'z', ctrlKey: true, shiftKey: true, bubbles: true });
    expect(screen.getByRole('heading', { name: 'Page 101' })).toBeInTheDocument();
    expect(fieldItem('Short text')).toBeInTheDocument();
  }, 240_000);

  it('keeps the draft in the browser and offers it back after a reload', async () => {
    const storage = memoryStorage();
    const first = renderInApi(<FormBuilder draftStorage={storage} />);
    await first.user.click(await screen.findByRole('button', { name: 'Add Checkbox' }));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await waitFor(() => expect(storage.getItem('ccq-form-builder-draft:new:current')).toContain('checkbox'));
    first.unmount();
    const second = renderInApi(<FormBuilder draftStorage={storage} />);
    await second.user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(fieldItem('Checkbox')).toBeInTheDocument();
  });

  it('says a new form is not saved yet until its first save, then that all changes are saved; Ctrl+S saves as the Save button does', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    const add = await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS });
    const toolbar = screen.getByRole('toolbar', { name: 'Builder tools' });
    expect(within(toolbar).getByText('Not saved yet')).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Save' })).toHaveAttribute('aria-keyshortcuts', 'Control+S Meta+S');
    await user.click(add);
    expect(within(toolbar).getByText('Unsaved changes')).toBeInTheDocument();
    // The new field has the focus: Ctrl+S there opens the save's dialog, and the browser's own 'Save page' is held back.
    await waitFor(() => expect(fieldItem('Short text')).toHaveFocus(), { timeout: 5000 });
    expect(fireEvent.keyDown(fieldItem('Short text'), { key: 's', ctrlKey: true })).toBe(false);
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, 'Visitors');
    // Ctrl+S again, in the dialog, starts no second save: what was typed stays.
    await user.keyboard('{Control>}s{/Control}');
    expect(name).toHaveValue('Visitors');
    // Nor does Ctrl+Z there undo the form: the field added before stays.
    await user.keyboard('{Control>}z{/Control}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(toolbar).findByText('All changes saved')).toBeInTheDocument();
    expect(fieldOrder()).toEqual(['Field Short text']);
    expect(within(toolbar).queryByText('Not saved yet')).not.toBeInTheDocument();
  });

  it('a save refused for a field with no label: its Go to selects the field and puts the focus in its Label box, where typing names it', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    await user.click(screen.getByRole('button', { name: 'Add Email' }));
    const label = () => within(screen.getByRole('region', { name: /properties/i })).getByRole('textbox', { name: /^Label/ });
    await user.clear(label());
    // Another item selected, so the Go to has to move the selection.
    await user.click(fieldItem('Short text'));
    await user.keyboard('{Control>}s{/Control}');
    const dialog = await screen.findByRole('dialog');
    const goTo = within(dialog).getByRole('button', { name: /^Go to / });
    await user.click(goTo);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(label()).toHaveFocus(), { timeout: 5000 });
    expect(label()).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('Work email');
    expect(fieldOrder()).toEqual(['Field Short text', 'Field Work email']);
  });

  it('a new form saved, then opened by its new id as a host does, keeps the work on screen: its undo steps, selection and focus stay, and the next save is of that form', async () => {
    function Host() {
      const [formId, setFormId] = useState<string | null>(null);
      return <FormBuilder draftStorage={memoryStorage()} formId={formId} onSaved={(result) => setFormId(result.formId)} />;
    }
    const { user } = renderInApi(<Host />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    await user.click(screen.getByRole('button', { name: 'Add Email' }));
    await waitFor(() => expect(fieldItem('Email')).toHaveFocus(), { timeout: 5000 });
    await user.keyboard('{Control>}s{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Save the new form' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Visitors{Enter}');
    const toolbar = screen.getByRole('toolbar', { name: 'Builder tools' });
    // Read back by its id: the title names it.
    expect(await within(toolbar).findByRole('heading', { name: /Visitors/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(toolbar).getByText('All changes saved')).toBeInTheDocument();
    expect(fieldOrder()).toEqual(['Field Short text', 'Field Email']);
    expect(fieldItem('Email')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(fieldItem('Email')).toHaveFocus());
    expect(within(toolbar).getByRole('button', { name: 'Undo' })).toBeEnabled();
    await user.keyboard('{Control>}z{/Control}');
    expect(fieldOrder()).toEqual(['Field Short text']);
    expect(within(toolbar).getByText('Unsaved changes')).toBeInTheDocument();
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(toolbar).getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog', { name: "Save 'Visitors'" });
    await user.click(await within(again).findByRole('button', { name: 'Save' }));
    expect(await within(toolbar).findByText('All changes saved')).toBeInTheDocument();
    expect(backend.db.forms.filter((form) => form.name === 'Visitors')).toHaveLength(1);
  });

  it('asks before leaving with unsaved changes (onNavigate), warns on unload, and tells the host (onDirtyChange)', async () => {
    const navigations: string[] = [];
    const dirty: boolean[] = [];
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} onNavigate={(to) => navigations.push(to)} onDirtyChange={(d) => dirty.push(d)} />);
    await user.click(await screen.findByRole('button', { name: 'Add Date' }));
    await waitFor(() => expect(dirty.at(-1)).toBe(true));
    expect(dirty[0]).toBe(false);
    const event = new Event('beforeunload', { cancelable: true });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(navigations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(navigations).toEqual(['back']);
  });

  it('a user without EditForm sees the form with no edit control at all', async () => {
    backend.setCurrentUser('auditor');
    renderInApi(<FormBuilder formId={seedIds.forms.contactRequest} draftStorage={memoryStorage()} />);
    expect(await screen.findByText('You can look at this form, but you may not change it.')).toBeInTheDocument();
    await waitFor(() => expect(fieldOrder().length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /^(Add|Undo|Redo|Save|Actions for)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Properties' })).not.toBeInTheDocument();
  });

  it('offers a rule only the fields of its own scope, as the rule writes their paths', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Job application' }, { timeout: 5000 }));
    /** The names in the field picker of the selected field's first "Show this field when" rule. */
    const offered = async (field: string) => {
      await user.click(await waitFor(() => fieldItem(field)));
      const rule = within(await screen.findByRole('group', { name: 'Show this field when' })).getByRole('group', { name: 'Rule 1' });
      const picker = within(rule)
        .getAllByLabelText('Field', { exact: false })
        .find((el) => el.tagName === 'INPUT');
      await user.click(picker!);
      const list = await waitFor(() => document.getElementById(picker!.getAttribute('aria-controls') ?? '')!);
      const names = within(list)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent);
      await user.keyboard('{Escape}');
      return names;
    };
    // Inside the repeatable employment history a rule reads the same job's answers, never the applicant's.
    expect(await offered('Until')).toEqual(['Employer', 'Job title', 'From', 'I still work here', 'What you did']);
    // Outside it, a rule cannot read into the list of jobs.
    expect(await offered('Work permit number')).toEqual([
      'Full name',
      'Email',
      'Phone',
      'Date of birth',
      'Role',
      'Earliest start date',
      'I need a work permit',
      'Why this role?',
    ]);
  });

  it('the preview shows the draft with the public renderer, at a phone’s width too', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }));
    await user.click(screen.getByRole('button', { name: 'Show preview' }));
    const frame = await screen.findByRole('region', { name: 'Preview: Fill in, Desktop' });
    expect(await within(frame).findByRole('textbox', { name: 'Short text' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(screen.getByRole('region', { name: 'Preview: Fill in, Phone' })).toHaveStyle({ width: '390px' });
    // In step with the canvas: a new field shows in the preview too.
    await user.click(screen.getByRole('button', { name: 'Add Email' }));
    expect(await within(screen.getByRole('region', { name: 'Preview: Fill in, Phone' })).findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
  });
});
