import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, fn, userEvent, within } from 'storybook/test';
import { FormGroupList } from '../../src/forms-admin/FormGroupList';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { addFormsAtScale } from '../support/formsScale';

const meta = {
  title: 'Forms admin/FormGroupList',
  component: FormGroupList,
  parameters: { layout: 'fullscreen' },
  args: { onOpenFormGroup: fn() },
} satisfies Meta<typeof FormGroupList>;
export default meta;
type Story = StoryObj<typeof meta>;

const softDelete = (...ids: string[]) => () => {
  for (const group of fakeBackend.db.formGroups) if (ids.includes(group.formGroupId)) group.isDeleted = true;
  return {};
};

/** The seeded groups, for the administrator: 'Create form group', 'Open', 'Edit' and 'Delete' on every row. */
export const Populated: Story = {};

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormGroupOData'), ...storyHandlers.odata] } } },
};

/** No form group yet. */
export const Empty: Story = {
  loaders: [
    () => {
      fakeBackend.db.formGroups = [];
      for (const form of fakeBackend.db.forms) form.formGroupId = null;
      return {};
    },
  ],
};

/** The read failed: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormGroupOData', 500), ...storyHandlers.odata] } } },
};

/** 'Show deleted': every group, the soft-deleted ones marked 'Deleted', each with 'Restore' and 'Delete permanently'. */
export const DeletedView: Story = {
  loaders: [softDelete(seedIds.formGroups.humanResources, seedIds.formGroups.publicEnquiries)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await expect(await canvas.findByRole('button', { name: 'Delete permanently Human Resources' })).toBeInTheDocument();
  },
};

/** The confirmation of 'Delete permanently': its forms stay. */
export const DeletePermanentlyConfirm: Story = {
  loaders: [softDelete(seedIds.formGroups.humanResources)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete permanently Human Resources' }));
    await expect(await body.findByRole('dialog', { name: "Delete form group 'Human Resources' permanently?" })).toBeInTheDocument();
  },
};

/** The seeded editor in the deleted view: 'Restore', never 'Delete permanently'. */
export const EditorDeletedView: Story = {
  parameters: { fakeUser: 'editor' },
  loaders: [softDelete(seedIds.formGroups.humanResources)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    await expect(await canvas.findByRole('button', { name: 'Restore Human Resources' })).toBeInTheDocument();
  },
};

/** A read-only user (the auditor): the list without Create, Edit, Delete or the deleted view. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'auditor' } };

/** The create dialog. */
export const CreateDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create form group' }));
    await expect(await body.findByRole('dialog', { name: 'Create form group' })).toBeInTheDocument();
  },
};

/** At scale: 23 groups, 20 of them with long names and 10 forms each (200 forms, 100,000 instances). */
export const AtScale: Story = {
  loaders: [addFormsAtScale()],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('1–20 of 23')).toBeInTheDocument(), { timeout: 20_000 });
  },
};

/** Two mistakes in the create dialog: a name another group has (any case) is refused in place. */
export const NameTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create form group' }));
    const dialog = await body.findByRole('dialog', { name: 'Create form group' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'human resources');
    await expect(await within(dialog).findByText("A form group named 'human resources' already exists.", {}, { timeout: 5000 })).toBeInTheDocument();
  },
};
