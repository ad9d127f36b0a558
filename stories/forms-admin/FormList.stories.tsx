import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, fn, userEvent, within } from 'storybook/test';
import { FormList } from '../../src/forms-admin/FormList';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { inNarrowColumn } from '../support/frames';
import { addFormsAtScale } from '../support/formsScale';

const meta = {
  title: 'Forms admin/FormList',
  component: FormList,
  parameters: { layout: 'fullscreen' },
  args: { onOpenForm: fn(), onCreateForm: fn() },
} satisfies Meta<typeof FormList>;
export default meta;
type Story = StoryObj<typeof meta>;

const softDelete = (...formIds: string[]) => () => {
  for (const form of fakeBackend.db.forms) if (formIds.includes(form.formId)) form.isDeleted = true;
  return {};
};

/** The seeded forms, for the administrator: 'Create form', 'Open' and 'Delete' on every row. */
export const Populated: Story = {};

/**
 * In a column narrower than the theme's xs breakpoint: each row's columns stacked under the form's name, each with its
 * title, and the row's buttons below them, so nothing scrolls sideways.
 */
export const NarrowColumn: Story = { decorators: [inNarrowColumn] };

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormOData'), ...storyHandlers.odata] } } },
};

/** No form yet. */
export const Empty: Story = {
  loaders: [
    () => {
      fakeBackend.db.forms = [];
      return {};
    },
  ],
};

/** A name search that matches nothing: the words typed, and 'Clear search'. */
export const SearchMatchesNothing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Search by name' }), 'zz top');
    await expect(await canvas.findByRole('button', { name: 'Clear search' }, { timeout: 5000 })).toBeInTheDocument();
    // The table's empty state fades in.
    await waitFor(() => expect(canvas.getByText("Nothing matches 'zz top'.")).toBeVisible());
  },
};

/** The read failed: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormOData', 500), ...storyHandlers.odata] } } },
};

/** 'Show deleted': every form, the soft-deleted ones marked 'Deleted', each with 'Restore' and 'Delete permanently'. */
export const DeletedView: Story = {
  loaders: [softDelete(seedIds.forms.expenseClaim, seedIds.forms.contactRequest)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await expect(await canvas.findByRole('button', { name: 'Delete permanently Expense Claim' })).toBeInTheDocument();
  },
};

/** The confirmation of 'Delete permanently': what goes with the form. */
export const DeletePermanentlyConfirm: Story = {
  loaders: [softDelete(seedIds.forms.expenseClaim)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete permanently Expense Claim' }));
    await expect(await body.findByRole('dialog', { name: "Delete form 'Expense Claim' permanently?" })).toBeInTheDocument();
  },
};

/** The seeded editor in the deleted view: 'Restore', never 'Delete permanently'. */
export const EditorDeletedView: Story = {
  parameters: { fakeUser: 'editor' },
  loaders: [softDelete(seedIds.forms.expenseClaim)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await expect(await canvas.findByRole('button', { name: 'Restore Expense Claim' })).toBeInTheDocument();
  },
};

/** A read-only user (the auditor): the list without Create, Open, Delete or the deleted view. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'auditor' } };

/** At scale: 200 forms more, with long names, in 20 groups, 500 instances each (100,000 in all). */
export const AtScale: Story = {
  loaders: [addFormsAtScale()],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/^1–20 of 20\d$/)).toBeInTheDocument(), { timeout: 20_000 });
  },
};
