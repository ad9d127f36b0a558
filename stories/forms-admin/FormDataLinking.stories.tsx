import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FormInstanceStatus } from '../../src/api/enums';
import { FormDataLinking } from '../../src/forms-admin/FormDataLinking';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { loanRequestIds, seedGeneratedLoanRequest } from '../support/pdfForms';

const meta = {
  title: 'Forms admin/FormDataLinking',
  component: FormDataLinking,
  parameters: { layout: 'fullscreen' },
  args: { formSchemaId: loanRequestIds.formSchemaId, onBack: fn(), onOpenForm: fn() },
  loaders: [
    () => {
      seedGeneratedLoanRequest(fakeBackend.db);
      return {};
    },
  ],
} satisfies Meta<typeof FormDataLinking>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A form generated from a PDF, nothing linked yet: each field with its best suggestion and the reason for it. */
export const WithSuggestions: Story = {};

/**
 * The loan amount linked to the application's amount: a number, while the form's field holds text, so the value
 * would be left empty. The mismatch shows beside the picker and in the count.
 */
export const WithMismatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Link /loan/amount' }));
    await expect(await canvas.findByText('1 with a type mismatch')).toBeInTheDocument();
  },
};

/** Instances use the version: said before any work, the pickers read-only, no suggestion to take and no save. */
export const VersionInUse: Story = {
  loaders: [
    () => {
      const now = new Date();
      fakeBackend.db.formInstances.push({
        formInstanceId: '7a0c1e52-0b7e-4f51-9a51-3d1f2e000003',
        formSchemaId: loanRequestIds.formSchemaId,
        formId: loanRequestIds.formId,
        data: {},
        status: FormInstanceStatus.Created,
        envelopeId: null,
        envelopeStatus: null,
        isDeleted: false,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^This version already has instances/)).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Save links' })).not.toBeInTheDocument();
  },
};

/** A link changed but not saved, then 'Back to the form': the screen asks before dropping the change. */
export const LeaveWithoutSaving: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Link /applicant/name' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Back to the form' }));
    await expect(await body.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await expect(args.onOpenForm).not.toHaveBeenCalled();
  },
};

/** A field's data picker searched for a path that does not exist: its message reads at 4.5:1 and more. */
export const PathSearchedNothingFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const [input] = await canvas.findAllByRole('combobox', { name: /^Application data for / });
    if (!input) throw new Error('no data picker');
    await userEvent.click(input);
    await userEvent.type(input, 'zzzz');
    await expect(await body.findByText('Search the data paths')).toBeInTheDocument();
  },
};

/** Every suggestion that fits linked at once; the preview shows the example application's values. */
export const SuggestionsLinked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Link all strong suggestions (3)' }));
    await expect(await canvas.findByText('3 of 6 fields linked')).toBeInTheDocument();
  },
};

/** The Loan Application of the seed: its fields' paths are the application's, so each is suggested as itself. */
export const SeededLoanApplication: Story = { args: { formSchemaId: seedIds.formSchemas.loanApplicationV1 } };

/** The form and the application data are still loading. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: { dynamicFormLinking: [errorHandlers.pending('/api/DynamicFormLinking/GetAllPrimitivePaths'), ...storyHandlers.dynamicFormLinking] } },
  },
};

/** The application data cannot be loaded: the message and a retry. */
export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: { dynamicFormLinking: [errorHandlers.failing('/api/DynamicFormLinking/GetAllPrimitivePaths', 500), ...storyHandlers.dynamicFormLinking] },
    },
  },
};

/** No such version: the message and a way back to the forms. */
export const NotFound: Story = { args: { formSchemaId: '7a0c1e52-0b7e-4f51-9a51-3d1f2e0000ff', onBack: fn() } };

/** A cut or mistyped link (the id is not a GUID): "not found" with the way back, not a crash. */
export const MalformedId: Story = {
  args: { formSchemaId: 'not-a-form-schema-id', onBack: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This form schema does not exist, or it was deleted.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Forms' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};
