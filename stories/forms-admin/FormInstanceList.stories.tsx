import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, fn, userEvent, within } from 'storybook/test';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { INITIAL_INSTANCE_LIST_STATE, type FormInstanceListState } from '../../src/forms-admin/FormInstanceList/useFormInstanceList';
import { NO_INSTANCE_FILTERS } from '../../src/forms-admin/FormInstanceList/instance-filter';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { inNarrowColumn } from '../support/frames';
import { addFormsAtScale } from '../support/formsScale';

const meta = {
  title: 'Forms admin/FormInstanceList',
  component: FormInstanceList,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FormInstanceList>;
export default meta;
type Story = StoryObj<typeof meta>;

const ids = seedIds.formInstances;
const rowOf = async (canvasElement: HTMLElement, id: string) =>
  (await within(canvasElement).findByText(id.slice(-8))).closest('tr') as HTMLElement;

/**
 * A row's selection checkbox. The selection column shows once the user's claims are in, and the rows may come first
 * (on a loaded machine the Storybook run once found the row without it): the row is found afresh until it has one.
 */
const rowCheckbox = (canvasElement: HTMLElement, id: string) =>
  waitFor(async () => within(await rowOf(canvasElement, id)).getByRole('checkbox'), { timeout: 10_000 });

/**
 * Opens a row's 'More actions' menu and returns its item named `item`. On a loaded machine the menu was seen open
 * (its button expanded) with its items gone a moment later, and the button expanded with no items yet: the table
 * re-renders as its other reads arrive. Until the item is there, the row's button (found afresh each time) is pressed
 * again whenever it is not expanded, at most once a second, for up to 20 s.
 */
const openRowMenu = async (canvasElement: HTMLElement, id: string, item: string | RegExp) => {
  const body = within(canvasElement.ownerDocument.body);
  let found: HTMLElement | undefined;
  await waitFor(
    async () => {
      const button = within(await rowOf(canvasElement, id)).getByRole('button', { name: /^More actions for/ });
      if (button.getAttribute('aria-expanded') !== 'true') await userEvent.click(button);
      found = body.getByRole('menuitem', { name: item });
    },
    { timeout: 20000, interval: 1000 },
  );
  return { body, item: found as HTMLElement };
};

/** The seeded instances for the administrator: filters, export, per-row actions and selection. */
export const Populated: Story = {};

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormInstanceOData'), ...storyHandlers.odata] } } },
};

/** The Loan Application chosen in the Form filter, as a host's state (e.g. from its URL) gives it. */
const loanState = (patch: Partial<FormInstanceListState> = {}, answers: Record<string, string> = {}): FormInstanceListState => ({
  ...INITIAL_INSTANCE_LIST_STATE,
  ...patch,
  filters: { ...NO_INSTANCE_FILTERS, formId: seedIds.forms.loanApplication, answers },
});
/** Answer columns of the Loan Application: a text, a date, a choice, a number and a repeatable section. */
const loanColumns = ['/applicant/name', '/applicant/dateOfBirth', '/employment/status', '/loan/amount', '/coApplicants'];

/**
 * Answer columns chosen for one form: each answer as the form shows it, in the locale (a choice's label, a date and a
 * number through the locale, a repeatable section's number of items); a filter per column whose answer filters.
 */
export const AnswerColumns: Story = {
  args: { state: loanState(), answerColumns: loanColumns },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, ids.loanSubmitted);
    await waitFor(() => expect(within(row).getByText('Grace Hopper')).toBeInTheDocument(), { timeout: 5000 });
    await expect(within(row).getByText('Employed')).toBeInTheDocument();
  },
};

/**
 * In a column narrower than the theme's xs breakpoint, with answer columns: each row's columns and answers stacked
 * under its number, each with its title; the selection boxes stay beside the rows and nothing is pinned over them.
 */
export const NarrowColumn: Story = { args: { state: loanState(), answerColumns: loanColumns }, decorators: [inNarrowColumn] };

/** Sorted by an answer (the amount, smallest first) on the server. */
export const SortedByAnswer: Story = {
  args: { state: loanState({ sort: { column: 'data/loan/amount', direction: 'asc' } }), answerColumns: loanColumns },
};

/** Filtered by an answer: the employed applicants only (a choice filter offers the options' labels). */
export const FilteredByAnswer: Story = {
  args: { state: loanState({}, { '/employment/status': '"employed"', '/applicant/name': 'grace' }), answerColumns: loanColumns },
  play: async ({ canvasElement }) => {
    await rowOf(canvasElement, ids.loanSubmitted);
    await waitFor(() => expect(within(canvasElement).queryByText(ids.loanCompleted.slice(-8))).not.toBeInTheDocument(), { timeout: 5000 });
  },
};

/** Answer columns chosen, on instances that have no answers yet (just created): the cells are empty. */
export const NoAnswers: Story = {
  args: {
    state: { ...loanState(), filters: { ...NO_INSTANCE_FILTERS, formId: seedIds.forms.loanApplication, statuses: [FormInstanceStatus.Created] } },
    answerColumns: loanColumns,
  },
};

/** Answer columns chosen while the form's fields still load: the list waits for them rather than asking twice. */
export const AnswerColumnsLoading: Story = {
  args: { state: loanState({ sort: { column: 'data/loan/amount', direction: 'desc' } }), answerColumns: loanColumns },
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormSchemaOData'), ...storyHandlers.odata] } } },
};

/** No instance yet: the table says so, and where instances come from. */
export const Empty: Story = {
  loaders: [
    () => {
      fakeBackend.db.formInstances = [];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const none = await within(canvasElement).findByText('No form instances yet.', undefined, { timeout: 10_000 });
    await waitFor(() => expect(none).toBeVisible());
  },
};

/** Filters that leave nothing: the table says so and offers 'Clear filters' where the eye is (the filters' own button is above). */
export const NothingMatches: Story = {
  args: { state: { ...INITIAL_INSTANCE_LIST_STATE, filters: { ...NO_INSTANCE_FILTERS, statuses: [FormInstanceStatus.Completed], text: 'nosuchword' } } },
  play: async ({ canvasElement }) => {
    const nothing = await within(canvasElement).findByText('No form instances match.', undefined, { timeout: 10_000 });
    await waitFor(() => expect(nothing).toBeVisible());
    await expect(within(nothing.parentElement as HTMLElement).getByRole('button', { name: 'Clear filters' })).toBeVisible();
  },
};

/** An 'until' day before its 'from' day: the list says under it that no instance can match, and keeps both days. */
export const DaysTheWrongWayRound: Story = {
  args: { state: { ...INITIAL_INSTANCE_LIST_STATE, filters: { ...NO_INSTANCE_FILTERS, createdFrom: '2026-12-31', createdTo: '2026-01-01' } } },
  play: async ({ canvasElement }) => {
    const until = within(canvasElement).getByLabelText('Created until');
    await waitFor(() => expect(until).toHaveAccessibleDescription("Before the day in 'Created from': no instance can match."));
    await expect(await within(canvasElement).findByText('No form instances match.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  },
};

/** A text in the answers with more words than a search holds: the box says which part was searched. */
export const SearchPartly: Story = {
  args: {
    state: { ...INITIAL_INSTANCE_LIST_STATE, filters: { ...NO_INSTANCE_FILTERS, text: Array.from({ length: 18 }, (_, i) => `word${i + 1}`).join(' ') } },
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByLabelText('Text in the answers');
    await expect(box).toHaveAccessibleDescription('Only the first 16 of 18 words are searched: a search holds at most 16 words and 256 characters.');
  },
};

/**
 * Filtered by signature (as the admin home's 'Needs attention' opens it): the instances whose latest envelope was
 * declined, and those whose signature was never requested.
 */
export const FilteredBySignature: Story = {
  args: { state: { ...INITIAL_INSTANCE_LIST_STATE, filters: { ...NO_INSTANCE_FILTERS, signatures: [EnvelopeStatus.Declined, null] } } },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, ids.onboardingInProgress);
    await expect(within(row).getByText('Declined')).toBeInTheDocument();
    await expect(await rowOf(canvasElement, ids.loanCreated)).toHaveTextContent('Not requested');
    const table = within(canvasElement).getByRole('table', { name: 'Form Instances' });
    await expect(within(table).queryByText(ids.loanSubmitted.slice(-8))).not.toBeInTheDocument();
  },
};

/** The read failed: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormInstanceOData', 500), ...storyHandlers.odata] } } },
};

/**
 * 'Show deleted': every instance, the soft-deleted one marked 'Deleted' with 'Restore' and 'Delete permanently', the
 * live ones unmarked with their usual actions.
 */
export const DeletedView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    const row = await rowOf(canvasElement, ids.expenseDeleted);
    await expect(within(row).getByText('Deleted')).toBeInTheDocument();
    await expect(within(row).getByRole('button', { name: /^Delete permanently / })).toBeInTheDocument();
    const live = await rowOf(canvasElement, ids.loanSubmitted);
    await expect(within(live).queryByText('Deleted')).not.toBeInTheDocument();
  },
};

/**
 * 'Export options' open: repeatable sections one column per item (the default, one row per instance) or one row per
 * item, and the data paths as a second header row; here 'One row per item' chosen.
 */
export const ExportOptions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Export Excel' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Export options' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('radio', { name: 'One column per item' })).toBeChecked();
    await userEvent.click(body.getByRole('radio', { name: 'One row per item' }));
    await waitFor(() => expect(body.getByRole('radio', { name: 'One row per item' })).toBeChecked());
    await expect(body.getByRole('checkbox', { name: 'Data paths as a second header row' })).not.toBeChecked();
  },
};

/** A read-only user (the auditor): the list and the export, without selection, links or delete. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'auditor' } };

/** Two rows selected: 'Delete selected' and its count. */
export const SelectionWithBulkActions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await rowCheckbox(canvasElement, ids.loanSubmitted));
    await userEvent.click(await rowCheckbox(canvasElement, ids.loanCreated));
    await expect(canvas.getByText('2 selected')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Delete selected' })).toBeInTheDocument();
  },
};

/** At scale: 100,000 instances more than the seed, of 200 forms with long names in 20 groups; the total is counted. */
export const AtScale: Story = {
  loaders: [addFormsAtScale()],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/^1–20 of 100,?0\d\d$/)).toBeInTheDocument(), { timeout: 20_000 });
  },
};

/**
 * Gives the instances without an envelope the statuses the seed lacks (Created, NotStarted) and adds a copy of the
 * Created instance whose envelope reads Unknown; the first Created instance stays never sent ('Not requested').
 */
function instancesOfEveryEnvelopeStatus() {
  const db = fakeBackend.db;
  const withStatus = (id: string, envelopeStatus: EnvelopeStatus, n: number) => {
    const instance = db.formInstances.find((i) => i.formInstanceId === id);
    if (instance) Object.assign(instance, { envelopeId: `80000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`, envelopeStatus });
  };
  withStatus(ids.loanInProgress, EnvelopeStatus.Created, 1);
  withStatus(ids.contactSubmitted, EnvelopeStatus.NotStarted, 2);
  const created = db.formInstances.find((i) => i.formInstanceId === ids.loanCreated);
  if (created) {
    db.formInstances.push({
      ...created,
      formInstanceId: '70000000-0000-4000-8000-0000000000f0',
      envelopeId: '80000000-0000-4000-8000-000000000303',
      envelopeStatus: EnvelopeStatus.Unknown,
    });
  }
  return {};
}

/** The 'Signature' column: an instance with each envelope status by the spec's name, and one never sent. */
export const EveryEnvelopeStatus: Story = {
  args: { onOpenSigning: fn() },
  loaders: [instancesOfEveryEnvelopeStatus],
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Form Instances' });
    await within(table).findByText('NotStarted');
    await expect(within(await rowOf(canvasElement, ids.loanCreated)).getByText('Not requested')).toBeInTheDocument();
    // The envelope badges of the rows (the instance statuses are badges too: read the Signature column's).
    const column = [...table.querySelectorAll('thead tr > th')].findIndex((th) => th.textContent?.trim() === 'Signature');
    const badges = [...table.querySelectorAll('tbody tr')].map((tr) => tr.children[column]?.querySelector('.mantine-Badge-label')?.textContent).filter(Boolean).sort();
    await expect(badges).toEqual(['Completed', 'Created', 'Declined', 'Delivered', 'NotStarted', 'Sent', 'Unknown', 'Voided']);
  },
};

/** 'Request signature' from a row's menu: the Signing screen's dialog for that instance, a signer filled in. */
export const RequestSignatureFromRow: Story = {
  play: async ({ canvasElement }) => {
    const { body, item } = await openRowMenu(canvasElement, ids.loanCreated, 'Request signature');
    await userEvent.click(item);
    const dialog = within(await body.findByRole('dialog', { name: 'Request a signature' }));
    await expect(dialog.getByRole('combobox', { name: 'Form instance' })).toHaveValue(`Loan Application ${ids.loanCreated.slice(-8)}`);
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Grace Hopper');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Email/ }), 'grace.hopper@example.com');
  },
};

/** The row menu of an instance out for signature: 'Request signature' is disabled and says why. */
export const RequestSignatureBlocked: Story = {
  play: async ({ canvasElement }) => {
    const { item } = await openRowMenu(canvasElement, ids.onboardingSubmitted, /^Request signature/);
    await expect(item).toHaveAttribute('aria-disabled', 'true');
  },
};

/**
 * A Submitted row's menu opened from the keyboard: its first item, 'Copy edit link', is not offered (a visitor could
 * no longer save through it) and says why; it takes the focus all the same, and the arrow keys go on to the others.
 */
export const RowMenuByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const more = within(await rowOf(canvasElement, ids.loanSubmitted)).getByRole('button', { name: /^More actions for/ });
    more.focus();
    await userEvent.keyboard('{Enter}');
    const first = await body.findByRole('menuitem', { name: /^Copy edit link/ });
    await expect(first).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(body.getByRole('menuitem', { name: 'Download filled PDF' })).toHaveFocus();
  },
};

/** A reader without the Signing screen's read claim: no 'Signature' column and no signing action. */
export const WithoutSigningAccess: Story = {
  parameters: { fakeUser: 'reader' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Form Instances' });
    await rowOf(canvasElement, ids.loanSubmitted);
    await expect(within(table).queryByRole('columnheader', { name: 'Signature' })).not.toBeInTheDocument();
    await expect(within(canvasElement).queryByLabelText('Signature', { selector: 'input' })).not.toBeInTheDocument();
  },
};

/** Waits for the 'Summary' tab of the chosen form (the Loan Application), which the state (`view: 'summary'`) shows. */
const openSummary = async (canvasElement: HTMLElement) => {
  await expect(await within(canvasElement).findByRole('tab', { name: 'Summary', selected: true }, { timeout: 10_000 })).toBeInTheDocument();
};

/**
 * The summary of the Loan Application's answers (the 'Summary' tab, once one form is chosen), over the list's
 * filters: each choice and how many gave it, the numbers' and dates' histograms, the latest texts; counted by the
 * server.
 */
export const Summary: Story = {
  args: { state: loanState({ view: 'summary' }) },
  play: async ({ canvasElement }) => {
    await openSummary(canvasElement);
    await expect(await within(canvasElement).findByRole('table', { name: 'Answers to Employment status' }, { timeout: 10_000 })).toBeInTheDocument();
  },
};

/** The summary while the server counts. */
export const SummaryLoading: Story = {
  args: { state: loanState({ view: 'summary' }) },
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/api/Forms/InstanceSummary'), ...storyHandlers.odata] } } },
  play: async ({ canvasElement }) => {
    await openSummary(canvasElement);
    await expect(await within(canvasElement).findByText('Loading the summary…')).toBeInTheDocument();
  },
};

/** The summary when the filters select no instance (here: none created from 2099 on). */
export const SummaryEmpty: Story = {
  args: { state: { ...loanState({ view: 'summary' }), filters: { ...NO_INSTANCE_FILTERS, formId: seedIds.forms.loanApplication, createdFrom: '2099-01-01' } } },
  play: async ({ canvasElement }) => {
    await openSummary(canvasElement);
    await expect(await within(canvasElement).findByText('No form instance matches the filters: there is nothing to sum up.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  },
};

/** The summary's read failed: the alert offers 'Try again'. */
export const SummaryFailed: Story = {
  args: { state: loanState({ view: 'summary' }) },
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/api/Forms/InstanceSummary', 500), ...storyHandlers.odata] } } },
  play: async ({ canvasElement }) => {
    await openSummary(canvasElement);
    await expect(await within(canvasElement).findByText('Failed to load the summary. Please try again.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  },
};
