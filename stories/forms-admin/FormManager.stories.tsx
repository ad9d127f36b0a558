import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FormManager } from '../../src/forms-admin/FormManager';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { inNarrowColumn } from '../support/frames';
import { addFormsAtScale, scaleFormId } from '../support/formsScale';

const meta = {
  title: 'Forms admin/FormManager',
  component: FormManager,
  parameters: { layout: 'fullscreen' },
  args: {
    formId: seedIds.forms.expenseClaim,
    publicOrigin: 'https://forms.example.org',
    onOpenInBuilder: () => {},
    onOpenSchema: () => {},
    onOpenInstance: () => {},
    onBack: () => {},
  },
} satisfies Meta<typeof FormManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The Expense Claim form: details, its stable public link with its QR code (and the note that its current version is
 * not public), the link of version 2 alone, two versions compared, and its instances.
 */
export const Populated: Story = {};

/**
 * In a column narrower than the theme's xs breakpoint: the versions and the instances stacked, each row's columns under
 * its number with their titles and its buttons below, so nothing in the cards scrolls sideways.
 */
export const NarrowColumn: Story = { decorators: [inNarrowColumn] };

/** The versions compared side by side: version 2 adds a cost centre, receipts and an item category. */
export const DiffBetweenVersions: Story = {
  play: async ({ canvasElement }) => {
    const compare = await within(canvasElement).findByRole('region', { name: 'Compare versions' });
    await expect(await within(compare).findByText('/costCentre')).toBeInTheDocument();
  },
};

/** Rita Reader reads the form: no field to edit, no switch, no 'Make current', 'Delete' or 'Open in builder'. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'reader' } };

/** The form is still loading. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormOData'), ...storyHandlers.odata] } } },
};

/** The form could not be loaded: the alert offers to try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormOData', 500), ...storyHandlers.odata] } } },
};

/** No live form has this id. */
export const NotFound: Story = { args: { formId: '50000000-0000-4000-8000-0000000000ff' } };

/** 'Delete' asks first. */
export const DeleteAsked: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Delete Expense Claim' }));
    await expect(await body.findByRole('dialog', { name: "Delete form 'Expense Claim'?" })).toBeInTheDocument();
  },
};

/** At scale: a form with a long name, 12 versions and 500 of 100,000 instances, in one of 20 groups. */
export const AtScale: Story = {
  args: { formId: scaleFormId(1) },
  loaders: [addFormsAtScale()],
};

/** A public form with one version that no one filled in yet: its stable link serves version 1. */
export const Empty: Story = {
  args: { formId: seedIds.forms.contactRequest },
  loaders: [
    () => {
      fakeBackend.db.formInstances = fakeBackend.db.formInstances.filter((i) => i.formId !== seedIds.forms.contactRequest);
      return {};
    },
  ],
};

/** A deleted form opened by its link: 'This form does not exist or was deleted.' ('Show deleted' of the Forms list restores it). */
export const DeletedView: Story = {
  loaders: [
    () => {
      for (const form of fakeBackend.db.forms) if (form.formId === seedIds.forms.expenseClaim) form.isDeleted = true;
      return {};
    },
  ],
};

/** Renaming the form to another live form's name (any case): the field says so and 'Save details' stays off. */
export const NameTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'loan application');
    await expect(await canvas.findByText("A form named 'loan application' already exists.", {}, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** Links the current version's claimant fields to the example application, and its notes to a number (refused). */
const linkExpenseClaim = () => {
  const schema = fakeBackend.db.formSchemas.find((s) => s.formSchemaId === seedIds.formSchemas.expenseClaimV2);
  const links: Record<string, string> = { '/applicant/name': '/applicant/name', '/applicant/email': '/applicant/email', '/notes': '/loan/amount' };
  for (const section of schema?.layout.pages.flatMap((p) => p.sections) ?? []) {
    for (const field of section.fields) if (links[field.path]) field.linkedPath = links[field.path];
  }
  return {};
};

/** Opens 'New pre-filled instance' and waits for `text` in its dialog. */
const openPrefill = (text: string | RegExp): Story['play'] => async ({ canvasElement }) => {
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'New pre-filled instance' }));
  const dialog = await body.findByRole('dialog', { name: 'New instance pre-filled from application data' });
  await expect(await within(dialog).findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
};

/**
 * 'New pre-filled instance': the example application picked, the values the linked fields take from it (a number the
 * notes field refuses is left empty, and said why) before the instance is created.
 */
export const PrefillValues: Story = { loaders: [linkExpenseClaim], play: openPrefill('Grace Hopper') };

/** 'New pre-filled instance' on a version with no linked field: it says the instance would start empty. */
export const PrefillNoLinks: Story = { play: openPrefill('No field of the current version is linked to application data.') };

/** 'New pre-filled instance' while the application records are read. */
export const PrefillLoading: Story = {
  loaders: [linkExpenseClaim],
  parameters: {
    msw: { handlers: { dynamicFormLinking: [errorHandlers.pending('/api/DynamicFormLinking/GetExampleApplication'), ...storyHandlers.dynamicFormLinking] } },
  },
  play: openPrefill('Loading the application records…'),
};

/** 'New pre-filled instance' when the application records could not be read: 'Try again', and no 'Create instance'. */
export const PrefillFailed: Story = {
  loaders: [linkExpenseClaim],
  parameters: {
    msw: { handlers: { dynamicFormLinking: [errorHandlers.failing('/api/DynamicFormLinking/GetExampleApplication', 500), ...storyHandlers.dynamicFormLinking] } },
  },
  play: openPrefill('Failed to load the application records. Please try again.'),
};
