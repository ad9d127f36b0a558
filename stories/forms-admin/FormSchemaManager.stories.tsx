import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormSchemaManager } from '../../src/forms-admin/FormSchemaManager';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { inNarrowColumn } from '../support/frames';
import { addFormsAtScale, scaleFormSchemaId } from '../support/formsScale';

const meta = {
  title: 'Forms admin/FormSchemaManager',
  component: FormSchemaManager,
  parameters: { layout: 'fullscreen' },
  args: { formSchemaId: seedIds.formSchemas.expenseClaimV1, onOpenForm: () => {}, onOpenInstance: () => {} },
} satisfies Meta<typeof FormSchemaManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Version 1 of the Expense Claim: not current (said under the title), used by an instance; its fields, instances and a preview. */
export const Populated: Story = {};

/** In a column narrower than the theme's xs breakpoint: the version's fields and its instances stacked, each with its titles. */
export const NarrowColumn: Story = { decorators: [inNarrowColumn] };

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

/** At scale: the current one of 12 versions of a form with a long name, with 500 of 100,000 instances. */
export const AtScale: Story = {
  args: { formSchemaId: scaleFormSchemaId(1, 12) },
  loaders: [addFormsAtScale()],
};

/** A version no one filled in yet: its fields and preview, 'No instances yet.'. */
export const Empty: Story = {
  args: { formSchemaId: seedIds.formSchemas.contactRequestV1 },
  loaders: [
    () => {
      fakeBackend.db.formInstances = fakeBackend.db.formInstances.filter((i) => i.formSchemaId !== seedIds.formSchemas.contactRequestV1);
      return {};
    },
  ],
};

/** A version of a deleted form, opened by its link: for the screen it is a deleted row, so it 'does not exist or was deleted'. */
export const DeletedView: Story = {
  loaders: [
    () => {
      for (const schema of fakeBackend.db.formSchemas) if (schema.formSchemaId === seedIds.formSchemas.expenseClaimV1) schema.isDeleted = true;
      return {};
    },
  ],
};
