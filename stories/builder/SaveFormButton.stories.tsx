import { Stack, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { FormLayout, JsonObject } from '../../src/api/types';
import { SaveFormButton } from '../../src/builder/save';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';

/** The stories' drafts: one page, 'Contact', with one section, 'About you', holding `fields`. */
const contactLayout = (fields: FormLayout['pages'][number]['sections'][number]['fields']): FormLayout => ({
  pages: [{ id: 'page-1', title: 'Contact', sections: [{ id: 'about', title: 'About you', fields }] }],
});

const contactDraft = {
  jsonSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { name: { type: 'string', maxLength: 200 }, email: { type: 'string', format: 'email' } },
    required: ['name'],
  } as JsonObject,
  layout: contactLayout([
    { id: 'name', path: '/name', widget: 'text', label: 'Your name' },
    { id: 'email', path: '/email', widget: 'email', label: 'Email' },
  ]),
};

/** Two fields are bound to one data path and a multi-select to text: two problems, each at its field. */
const brokenDraft = {
  jsonSchema: { type: 'object', properties: { name: { type: 'string' }, topics: { type: 'string' } } } as JsonObject,
  layout: contactLayout([
    { id: 'name', path: '/name', widget: 'text', label: 'Your name' },
    { id: 'nickname', path: '/name', widget: 'text', label: 'Nickname' },
    { id: 'topics', path: '/topics', widget: 'multiselect', label: 'Topics', options: [{ value: 'a', label: 'A' }] },
  ]),
};

/** The expense claim's current version with its first field removed (its answers stay in the filled-in forms). */
function expenseDraft() {
  const schema = fakeBackend.db.formSchemas.find((s) => s.formSchemaId === seedIds.formSchemas.expenseClaimV2);
  if (!schema) return contactDraft;
  const layout = structuredClone(schema.layout);
  layout.pages[0]?.sections[0]?.fields.shift();
  return { jsonSchema: structuredClone(schema.jsonSchema), layout };
}

const UNUSED_FORM = '50000000-0000-4000-8000-0000000000a1';

/** Adds a form whose only version no one has filled in yet. */
function addUnusedForm(): Record<string, never> {
  const now = fakeBackend.now();
  fakeBackend.db.forms.push({
    formId: UNUSED_FORM,
    name: 'Room booking',
    description: null,
    formGroupId: null,
    currentFormSchemaId: '60000000-0000-4000-8000-0000000000a1',
    pdfTemplate: null,
    publicBaseUrl: null,
    isDeleted: false,
    createdDateTime: now,
    lastUpdatedDateTime: now,
  });
  fakeBackend.db.formSchemas.push({
    formSchemaId: '60000000-0000-4000-8000-0000000000a1',
    formId: UNUSED_FORM,
    name: 'Room booking',
    version: 1,
    ...structuredClone(contactDraft),
    isPublic: true,
    isDeleted: false,
    createdDateTime: now,
    lastUpdatedDateTime: now,
  });
  return {};
}

const openDialog = async (canvasElement: HTMLElement) => {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Save' }));
  return within(canvasElement.ownerDocument.body).findByRole('dialog');
};

const meta = {
  title: 'Builder/SaveFormButton',
  component: SaveFormButton,
  args: { draft: contactDraft, onSaved: () => {}, onSelectProblem: () => {} },
} satisfies Meta<typeof SaveFormButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new form: the dialog asks its name, description and group, and whether it is public (and what that means). */
export const NewForm: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(within(dialog).getByRole('switch', { name: /^Make public/ })).not.toBeChecked();
  },
};

/** A new form's name longer than the stores keep: said under the box as it is typed; 'Save' sends nothing until mended. */
export const NewFormNameTooLong: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.click(name);
    await userEvent.paste('Customer onboarding '.repeat(11));
    await expect(name).toHaveAccessibleDescription('A name can be at most 200 characters: this one has 219.');
  },
};

/** A page and a section with only a text block: nothing to answer yet. */
const noFieldsDraft = {
  jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} } as JsonObject,
  layout: {
    pages: [{ id: 'page-1', title: 'Page 1', sections: [{ id: 'section-1', title: 'Section 1', fields: [{ id: 'static-1', path: '', widget: 'static', label: 'Welcome' }] }] }],
  } as FormLayout,
};

/** The form has no field that takes an answer yet: the dialog says so, and the form can still be saved. */
export const NoFields: Story = {
  args: { draft: noFieldsDraft },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(within(dialog).getByText(/This form has no fields yet/)).toBeInTheDocument();
  },
};

/** The draft has problems: they are listed instead of the save, each with a button to its field. */
export const Problems: Story = {
  args: { draft: brokenDraft },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(within(dialog).getByRole('button', { name: 'Go to Nickname' })).toBeInTheDocument();
  },
};

/**
 * Two fields that take an answer have no label (one spaces only): the save names each problem by its data path instead
 * of sending it, and each 'Go to' by its kind, as the canvas names it, and its path ("Email (no label) · /workEmail"),
 * so the two are told apart. A text block may go without one.
 */
export const UnlabeledField: Story = {
  args: {
    draft: {
      jsonSchema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' }, workEmail: { type: 'string' } } } as JsonObject,
      layout: contactLayout([
        { id: 'intro', path: '/intro', widget: 'static', label: '' },
        { id: 'name', path: '/name', widget: 'text', label: 'Your name' },
        { id: 'email', path: '/email', widget: 'email', label: '   ' },
        { id: 'workEmail', path: '/workEmail', widget: 'email', label: '' },
      ]),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(within(dialog).getByText(/The field at \/email has no label/)).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Go to Email (no label) · /email' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Go to Email (no label) · /workEmail' })).toBeInTheDocument();
  },
};

/** A version someone has filled in: saving makes a new version; the filled-in form keeps its own, and its answers. */
export const VersionInUse: Story = {
  args: { draft: expenseDraft(), formId: seedIds.forms.expenseClaim },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(await within(dialog).findByText(/Saving makes a new version, version 3/)).toBeInTheDocument();
  },
};

/** A version no one has filled in yet: saved into it. */
export const VersionUnused: Story = {
  args: { formId: UNUSED_FORM },
  loaders: [addUnusedForm],
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(await within(dialog).findByText(/No one has filled in version 1 yet/)).toBeInTheDocument();
  },
};

/** Saving: the server has not answered yet. */
export const Saving: Story = {
  parameters: { msw: { handlers: { crud: [errorHandlers.pending('/api/crud/form/post'), ...storyHandlers.crud] } } },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Contact us');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  },
};

/** The server refuses the save: its reason and its problems, each with a button to its field. */
export const RefusedByServer: Story = {
  args: { formId: UNUSED_FORM },
  loaders: [addUnusedForm],
  parameters: {
    msw: {
      handlers: {
        crud: [
          errorHandlers.failing('/api/crud/formschema/patch', 400, {
            body: {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: "The pattern '^(a+)+$' at /properties/name/pattern is not allowed: matching it can take time growing exponentially.",
              code: 'schema-pattern',
              problems: [
                {
                  code: 'schema-pattern',
                  message: "The pattern '^(a+)+$' at /properties/name/pattern is not allowed: matching it can take time growing exponentially.",
                  fieldId: 'name',
                  sectionId: 'about',
                  pageId: 'page-1',
                },
              ],
            },
          }),
          ...storyHandlers.crud,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await within(dialog).findByText(/No one has filled in version 1 yet/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server did not save the form');
  },
};

/** Rita Reader may not create or edit forms: no Save button at all (the server refuses her saves too). */
export const ReadOnlyUser: Story = {
  parameters: { fakeUser: 'reader' },
  render: (args) => (
    <Stack>
      <Text size="sm">Signed in as Rita Reader, who holds neither CreateForm nor EditForm:</Text>
      <SaveFormButton {...args} />
    </Stack>
  ),
};
