import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
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

/** The seeded instances for the administrator: filters, export, per-row actions and selection. */
export const Populated: Story = {};

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormInstanceOData'), ...storyHandlers.odata] } } },
};

/** No instance yet. */
export const Empty: Story = {
  loaders: [
    () => {
      fakeBackend.db.formInstances = [];
      return {};
    },
  ],
};

/** The read failed: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormInstanceOData', 500), ...storyHandlers.odata] } } },
};

/** 'Show deleted': the soft-deleted instance with 'Restore' and 'Delete permanently'. */
export const DeletedView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show deleted' }));
    const row = await rowOf(canvasElement, ids.expenseDeleted);
    await expect(within(row).getByRole('button', { name: /^Delete permanently / })).toBeInTheDocument();
  },
};

/** A read-only user (the auditor): the list and the export, without selection, links or delete. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'auditor' } };

/** Two rows selected: 'Delete selected' and its count. */
export const SelectionWithBulkActions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(within(await rowOf(canvasElement, ids.loanSubmitted)).getByRole('checkbox'));
    await userEvent.click(within(await rowOf(canvasElement, ids.loanCreated)).getByRole('checkbox'));
    await expect(canvas.getByText('2 selected')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Delete selected' })).toBeInTheDocument();
  },
};

/** At scale: 100,000 instances more than the seed, of 200 forms with long names in 20 groups; the total is counted. */
export const AtScale: Story = {
  loaders: [addFormsAtScale()],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^1–20 of 100,?0\d\d$/, {}, { timeout: 20_000 })).toBeInTheDocument();
  },
};
