import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, fn, userEvent, within } from 'storybook/test';
import { FormSchemaList } from '../../src/forms-admin/FormSchemaList';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { addFormsAtScale } from '../support/formsScale';

const meta = {
  title: 'Forms admin/FormSchemaList',
  component: FormSchemaList,
  parameters: { layout: 'fullscreen' },
  args: { onOpenFormSchema: fn(), onCreateFormSchema: fn() },
} satisfies Meta<typeof FormSchemaList>;
export default meta;
type Story = StoryObj<typeof meta>;

const softDelete = (...ids: string[]) => () => {
  for (const schema of fakeBackend.db.formSchemas) if (ids.includes(schema.formSchemaId)) schema.isDeleted = true;
  return {};
};

/** The seeded schema versions, for the administrator: 'Create form schema', 'Open' and 'Delete' on every row. */
export const Populated: Story = {};

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormSchemaOData'), ...storyHandlers.odata] } } },
};

/** No form schema yet. */
export const Empty: Story = {
  loaders: [
    () => {
      fakeBackend.db.formSchemas = [];
      return {};
    },
  ],
};

/** The read failed: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormSchemaOData', 500), ...storyHandlers.odata] } } },
};

/** 'Show deleted': every schema, the soft-deleted ones marked 'Deleted', each with 'Restore' and 'Delete permanently'. */
export const DeletedView: Story = {
  loaders: [softDelete(seedIds.formSchemas.expenseClaimV1, seedIds.formSchemas.contactRequestV1)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await expect(await canvas.findByRole('button', { name: 'Delete permanently Expense Claim v1' })).toBeInTheDocument();
  },
};

/** The confirmation of 'Delete permanently': what goes with the schema. */
export const DeletePermanentlyConfirm: Story = {
  loaders: [softDelete(seedIds.formSchemas.expenseClaimV1)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete permanently Expense Claim v1' }));
    await expect(await body.findByRole('dialog', { name: "Delete form schema 'Expense Claim v1' permanently?" })).toBeInTheDocument();
  },
};

/** The seeded editor in the deleted view: 'Restore', never 'Delete permanently'. */
export const EditorDeletedView: Story = {
  parameters: { fakeUser: 'editor' },
  loaders: [softDelete(seedIds.formSchemas.expenseClaimV1)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await expect(await canvas.findByRole('button', { name: 'Restore Expense Claim v1' })).toBeInTheDocument();
  },
};

/** A read-only user (the auditor): the list without Create, Open, Delete or the deleted view. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'auditor' } };

/** At scale: 211 versions more, of 200 forms with long names (the first has 12), with 100,000 instances. */
export const AtScale: Story = {
  loaders: [addFormsAtScale()],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText(/^1–20 of 21\d$/)).toBeInTheDocument(), { timeout: 20_000 });
  },
};
