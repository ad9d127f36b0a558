import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { CurrentFormViewer } from '../../src/viewer/index';
import { storyHandlers } from '../support/fakeBackend';

/**
 * The page behind a form's stable public link (`/form/{formId}`): it asks which version the link serves now (the
 * form's current version, while public) and shows that version with `FormInstanceViewer`.
 */
const meta = {
  title: 'Viewer/CurrentFormViewer',
  component: CurrentFormViewer,
  parameters: { layout: 'padded', fakeUser: null },
  args: { formId: seedIds.forms.contactRequest, mode: 'edit', saveDelayMs: 400 },
  beforeEach: () => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('ccq-forms-admin:form-')) localStorage.removeItem(key);
  },
} satisfies Meta<typeof CurrentFormViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An anonymous visitor opens the stable link of a public form: its current version, ready to fill in. */
export const CurrentVersion: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /Your name/ }, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** The form's current version is not public (or the form is unknown): 'Form not found', as a version link says. */
export const NoPublicVersion: Story = {
  args: { formId: seedIds.forms.expenseClaim },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Form not found')).toBeInTheDocument();
  },
};

/** Which version the link serves is still being asked. */
export const Resolving: Story = {
  parameters: { msw: { handlers: { forms: [errorHandlers.pending('/api/Forms/GetCurrentPublicVersion'), ...storyHandlers.forms] } } },
};

/** The question failed (the server is down): says so, with a retry. */
export const ResolveFailed: Story = {
  parameters: { msw: { handlers: { forms: [errorHandlers.failing('/api/Forms/GetCurrentPublicVersion', 503), ...storyHandlers.forms] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Could not load the form')).toBeInTheDocument();
  },
};
