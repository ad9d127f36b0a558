import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { useState } from 'react';
import { JsonView } from '../../src/builder/json';
import type { FormDraft } from '../../src/engine/draft-check';

function contactDraft(): FormDraft {
  return {
    jsonSchema: {
      type: 'object',
      properties: { name: { type: 'string', maxLength: 80 }, email: { type: 'string', format: 'email' }, message: { type: 'string' } },
      required: ['name'],
    },
    layout: {
      pages: [
        {
          id: 'page-1',
          title: 'Contact',
          sections: [
            {
              id: 'section-1',
              title: 'Your message',
              fields: [
                { id: 'name', path: '/name', widget: 'text', label: 'Name' },
                { id: 'email', path: '/email', widget: 'email', label: 'Email', visibleWhen: [{ path: '/name', op: 'notEmpty' }] },
                { id: 'message', path: '/message', widget: 'textarea', label: 'Message' },
              ],
            },
          ],
        },
      ],
    },
  };
}

/** The view with its draft kept as the builder keeps it (a valid edit becomes the new draft). */
function JsonViewHarness({ initial }: { initial: FormDraft }) {
  const [draft, setDraft] = useState(initial);
  return <JsonView value={draft} onChange={setDraft} height={360} />;
}

/**
 * The builder's JSON view: CodeMirror 6 (loaded when the view is first shown) with the JSON of `jsonSchema` and
 * `layout`, checked as it is typed; problems show at their line and a valid edit updates the form.
 */
const meta = {
  title: 'Builder/JSON view',
  component: JsonViewHarness,
  parameters: { layout: 'padded' },
  args: { initial: contactDraft() },
} satisfies Meta<typeof JsonViewHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A valid form: no problem, edits apply. */
export const Valid: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Valid: changes are applied to the form.')).toBeInTheDocument();
  },
};

/** Two fields bound to one data path and a pattern that does not compile: each problem at its line. */
export const WithError: Story = {
  args: {
    initial: (() => {
      const draft = contactDraft();
      draft.layout.pages[0]!.sections[0]!.fields[2]!.path = '/email';
      (draft.jsonSchema.properties as Record<string, Record<string, unknown>>).name!.pattern = '([a-z]';
      return draft;
    })(),
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(/Line \d+: Two fields are bound to the data path '\/email'/);
  },
};

/** Read-only: a user who may not edit sees the JSON. */
export const ReadOnly: StoryObj = { render: () => <JsonView value={contactDraft()} onChange={() => {}} readOnly height={360} /> };
