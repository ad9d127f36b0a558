import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { draftKey } from '../../src/viewer/draft-storage';
import { FormInstanceViewer } from '../../src/viewer/index';
import { storyHandlers } from '../support/fakeBackend';

const schemas = seedIds.formSchemas;
const instances = seedIds.formInstances;

const meta = {
  title: 'Viewer/FormInstanceViewer',
  component: FormInstanceViewer,
  parameters: { layout: 'padded' },
  args: { formSchemaId: schemas.contactRequestV1, mode: 'edit', saveDelayMs: 400 },
  // Every story starts on a device that holds no form (one story's typing would otherwise make the next one ask).
  beforeEach: () => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('ccq-forms-admin:form-')) localStorage.removeItem(key);
  },
} satisfies Meta<typeof FormInstanceViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

const refusal = (status: number, title: string, detail: string) => ({ type: 'about:blank', title, status, detail });

/** A public form opened by an anonymous visitor: the instance is created on the first change and saved as you go. */
export const EditNew: Story = { parameters: { fakeUser: null } };

/** The default mode: the public form, read-only and empty. */
export const ViewEmpty: Story = { args: { mode: 'view' }, parameters: { fakeUser: null } };

/** A submitted instance with its stored answers, read-only. */
export const ViewInstance: Story = {
  args: { formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanSubmitted, mode: 'view' },
};

/** An instance in progress, opened for editing by a signed-in user. */
export const EditInstance: Story = {
  args: { formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanInProgress },
};

/** A submitted instance opened in edit mode: read-only, and it says why. */
export const AlreadySubmitted: Story = {
  args: { formSchemaId: schemas.contactRequestV1, formInstanceId: instances.contactSubmitted },
};

/** An instance out for signature opened in edit mode: its answers are locked, read-only, and it says so. */
export const LockedForSigning: Story = {
  args: { formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanSubmitted },
};

/** A signed instance opened in edit mode: its answers are locked for good. */
export const LockedSigned: Story = {
  args: { formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanCompleted },
};

/** The schema is still on its way. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormSchemaOData'), ...storyHandlers.odata] } } },
};

/** An unknown (or non-public) schema. */
export const NotFound: Story = { args: { formSchemaId: '60000000-0000-4000-8000-0000000000ff' }, parameters: { fakeUser: null } };

/** A link whose token has expired or was altered. */
export const LinkExpired: Story = {
  args: { formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanInProgress, token: '0'.repeat(32) },
  parameters: { fakeUser: null },
};

/** The server failed: what failed, with 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormSchemaOData', 500), ...storyHandlers.odata] } } },
};

/** A mode other than 'edit' or 'view'. */
export const InvalidMode: Story = { args: { mode: 'delete' as never } };

/** Saving fails: the answers stay, the status counts down to the next attempt, and 'Retry now' tries at once. */
export const SaveFailing: Story = {
  args: { retryBackoff: { baseMs: 5000, maxMs: 60_000 } },
  parameters: {
    fakeUser: null,
    msw: { handlers: { crud: [errorHandlers.failing('/api/crud/forminstance/post', 503), ...storyHandlers.crud] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Your name/ }), 'Grace Hopper');
    await expect(await canvas.findByRole('alert', { name: 'Your changes are not saved yet' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Save status' })).toHaveTextContent(/Not saved — retrying in \d+ s/));
  },
};

/** Someone else saved the instance first (412): the answers stay, and the visitor chooses. */
export const Stale: Story = {
  args: { formSchemaId: schemas.loanApplicationV1, formInstanceId: instances.loanInProgress },
  parameters: {
    msw: {
      handlers: {
        crud: [
          errorHandlers.failing('/api/crud/forminstance/patch', 412, {
            body: refusal(412, 'Precondition Failed', 'The form instance was changed by someone else.'),
          }),
          ...storyHandlers.crud,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByDisplayValue('Alan Turing'), ' Jr');
    await expect(await canvas.findByRole('alert', { name: 'This form was changed somewhere else' })).toBeInTheDocument();
  },
};

/** Submit with a problem, fix it, submit: the confirmation and the answers, read-only. */
export const Submitted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByRole('alert', { name: 'There is a problem' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: /Your name/ }), 'Ada Lovelace');
    await userEvent.type(canvas.getByRole('textbox', { name: /Your email/ }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('radio', { name: 'Email' }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Message/ }), 'Please call me back.');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByRole('heading', { name: 'Thank you — your form was submitted' })).toBeInTheDocument();
  },
};

/** The same public URL opened again on this device: the visitor is asked before anything is restored. */
export const ResumeQuestion: Story = {
  parameters: { fakeUser: null },
  beforeEach: () => {
    const key = draftKey(schemas.contactRequestV1, null);
    localStorage.setItem(key, JSON.stringify({ data: { applicant: { name: 'Someone Earlier', email: 'earlier@example.com' } }, updatedAt: new Date().toISOString() }));
    return () => localStorage.removeItem(key);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Continue where you left off?' })).toBeInTheDocument();
    await expect(canvas.getByText(/Answered so far: Your name, Your email\./)).toBeInTheDocument();
  },
};

/** The server refuses the save (403): what the visitor can do, and no retry. */
export const SaveRefused: Story = {
  parameters: {
    fakeUser: null,
    msw: {
      handlers: {
        crud: [
          errorHandlers.failing('/api/crud/forminstance/post', 403, { body: refusal(403, 'Forbidden', "The claim 'FormInstance_Add' is required.") }),
          ...storyHandlers.crud,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Your name/ }), 'Grace Hopper');
    const alert = await canvas.findByRole('alert', { name: 'Your changes are not saved yet' });
    await expect(alert).toHaveTextContent(/You may not change this form/);
    await expect(within(alert).queryByRole('button', { name: 'Retry now' })).toBeNull();
  },
};

/** An instance link without its token, in a host that offers its sign-in. */
export const SignInOffered: Story = {
  args: { formInstanceId: instances.contactSubmitted, onSignIn: () => undefined },
  parameters: { fakeUser: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  },
};

/** In a host page that has its own h1: the form's title is an h2. */
export const UnderHostHeading: Story = { args: { mode: 'view', titleOrder: 2 }, parameters: { fakeUser: null } };
