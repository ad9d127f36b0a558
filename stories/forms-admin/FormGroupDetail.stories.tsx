import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, fn, userEvent, within } from 'storybook/test';
import { FormGroupDetail } from '../../src/forms-admin/FormGroupDetail';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { addFormsAtScale, scaleFormGroupId } from '../support/formsScale';

const meta = {
  title: 'Forms admin/FormGroupDetail',
  component: FormGroupDetail,
  parameters: { layout: 'fullscreen' },
  args: { formGroupId: seedIds.formGroups.customerOnboarding, onOpenForm: fn(), onDeleted: fn(), onBack: fn() },
} satisfies Meta<typeof FormGroupDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Customer Onboarding with its form, for the administrator: Edit, Delete, 'Add a form', 'Remove from group'. */
export const Populated: Story = {};

/** While the group loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormGroupOData'), ...storyHandlers.odata] } } },
};

/** A group without forms. */
export const Empty: Story = {
  loaders: [
    () => {
      for (const form of fakeBackend.db.forms) if (form.formGroupId === seedIds.formGroups.customerOnboarding) form.formGroupId = null;
      return {};
    },
  ],
};

/** The group could not be read: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormGroupOData', 500), ...storyHandlers.odata] } } },
};

/** A group that does not exist (or was deleted). */
export const NotFound: Story = { args: { formGroupId: '40000000-0000-4000-8000-0000000000ff' } };

/** A soft-deleted group, opened by the administrator: 'Restore' and 'Delete permanently'. */
export const DeletedGroup: Story = {
  loaders: [
    () => {
      const group = fakeBackend.db.formGroups.find((g) => g.formGroupId === seedIds.formGroups.customerOnboarding);
      if (group) group.isDeleted = true;
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Restore Customer Onboarding' })).toBeInTheDocument();
  },
};

/** Types `text` into the 'Add a form' picker; answers the page's body, where its dropdown opens. */
async function searchAddAForm(canvasElement: HTMLElement, text: string) {
  const input = await within(canvasElement).findByLabelText('Add a form', { selector: 'input' });
  await userEvent.click(input);
  await userEvent.type(input, text);
  return within(canvasElement.ownerDocument.body);
}

/** 'Add a form' searched: forms of other groups say which group they leave. */
export const AddingAForm: Story = {
  play: async ({ canvasElement }) => {
    const body = await searchAddAForm(canvasElement, 'emp');
    await expect((await body.findAllByText('Employee Onboarding (in Human Resources)'))[0]).toBeInTheDocument();
  },
};

/** 'Add a form' searched for a name no form has: the dropdown says so, in a grey that reads at 4.5:1 and more. */
export const AddingAFormNothingFound: Story = {
  play: async ({ canvasElement }) => {
    const body = await searchAddAForm(canvasElement, 'zzzz');
    await expect(await body.findByRole('option', { name: 'Nothing found.' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** A read-only user (the auditor): the group and its forms, nothing to change. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'auditor' } };

/** At scale: a group with a long name among 20, holding 10 of 200 forms with long names (100,000 instances in all). */
export const AtScale: Story = {
  args: { formGroupId: scaleFormGroupId(1) },
  loaders: [addFormsAtScale()],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('1–10 of 10')).toBeInTheDocument(), { timeout: 20_000 });
  },
};
