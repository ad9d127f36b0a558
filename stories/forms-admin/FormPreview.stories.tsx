import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FormPreview } from '../../src/forms-admin/FormPreview';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { addFormsAtScale, scaleFormId } from '../support/formsScale';

const meta = {
  title: 'Forms admin/FormPreview',
  component: FormPreview,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FormPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No form chosen yet: the forms to choose from. */
export const Default: Story = {};

/** The Loan Application, filled in as a visitor would, at the page's width. */
export const Populated: Story = { args: { formId: seedIds.forms.loanApplication } };

/** The Contact Request in a 390 px phone frame. */
export const PhoneWidth: Story = { args: { formId: seedIds.forms.contactRequest, initialWidth: 'phone' } };

/** Answers typed in 'Fill in' shown read-only in 'View answers'. */
export const ViewMode: Story = {
  args: { formId: seedIds.forms.contactRequest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Your name/ }), 'Zed Previewer');
    await userEvent.click(canvas.getByRole('radio', { name: 'View answers' }));
    await expect(await canvas.findByText('Zed Previewer')).toBeInTheDocument();
  },
};

/** The older version of the Expense Claim, without the fields version 2 added. */
export const OlderVersion: Story = { args: { formId: seedIds.forms.expenseClaim, formSchemaId: seedIds.formSchemas.expenseClaimV1 } };

/** Rita Reader may read forms: the preview only reads, so she sees the same. */
export const ReadOnlyUser: Story = { args: { formId: seedIds.forms.contactRequest }, parameters: { fakeUser: 'reader' } };

/** The forms are still loading. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormOData'), ...storyHandlers.odata] } } },
};

/** The forms cannot be loaded: the message and a retry. */
export const LoadFails: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormOData', 500), ...storyHandlers.odata] } } },
};

/** There is no form yet. */
export const Empty: Story = {
  loaders: [
    () => {
      fakeBackend.db.forms.length = 0;
      return {};
    },
  ],
};

/** At scale: 200 forms more to pick from, with long names; the first has 12 versions. */
export const AtScale: Story = {
  args: { formId: scaleFormId(1) },
  loaders: [addFormsAtScale({ instances: 0 })],
};
