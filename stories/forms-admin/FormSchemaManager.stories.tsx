import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormSchemaManager } from '../../src/forms-admin/FormSchemaManager';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { storyHandlers } from '../support/fakeBackend';

const meta = {
  title: 'Forms admin/FormSchemaManager',
  component: FormSchemaManager,
  parameters: { layout: 'fullscreen' },
  args: { formSchemaId: seedIds.formSchemas.expenseClaimV1, onOpenForm: () => {}, onOpenInstance: () => {} },
} satisfies Meta<typeof FormSchemaManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Version 1 of the Expense Claim: not current, used by an instance; its fields, instances and a preview. */
export const Populated: Story = {};

/** The current version (version 2): no 'Make current'. */
export const CurrentVersion: Story = { args: { formSchemaId: seedIds.formSchemas.expenseClaimV2 } };

/** Rita Reader: neither 'Make current' nor the instances. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'reader' } };

/** The version is still loading. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormSchemaOData'), ...storyHandlers.odata] } } },
};

/** The version could not be loaded. */
export const LoadError: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormSchemaOData', 500), ...storyHandlers.odata] } } },
};

/** No live version has this id. */
export const NotFound: Story = { args: { formSchemaId: '60000000-0000-4000-8000-0000000000ff' } };
