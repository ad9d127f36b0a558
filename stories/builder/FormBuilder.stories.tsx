import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { FieldWidget } from '../../src/api/types';
import { FormBuilder } from '../../src/builder';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { generateForm } from '../../src/forms/generateForm';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { widgetGallerySchema } from '../forms/fixtures';
import { hostWidgets } from '../forms/starRating';
import { storyHandlers } from '../support/fakeBackend';
import { addBuilderForm, builderStoryIds as ids, nestedSectionsForm } from './builderForms';

const meta = {
  title: 'Builder/FormBuilder',
  component: FormBuilder,
  parameters: { layout: 'fullscreen' },
  // No draft from an earlier story is offered back.
  args: { draftStorage: null },
} satisfies Meta<typeof FormBuilder>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new form: the palette, an empty canvas with the templates to start from. */
export const Empty: Story = {};

/** The Loan Application: two pages, sections, rules. */
export const Populated: Story = { args: { formId: seedIds.forms.loanApplication } };

/** With the live preview open in a 390 px phone frame. */
export const PreviewPhone: Story = {
  args: { formId: seedIds.forms.contactRequest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Show preview' }));
    // The form itself has a 'Phone' choice too: the width's radio is found in its own group.
    await userEvent.click(within(canvas.getByRole('radiogroup', { name: 'Preview width' })).getByRole('radio', { name: 'Phone' }));
    await expect(await canvas.findByRole('region', { name: 'Preview: Fill in, Phone' })).toBeInTheDocument();
  },
};

const everyKind = addBuilderForm(ids.everyKindForm, ids.everyKindSchema, 'Every widget', () => widgetGallerySchema());

/** A story with the form of every widget kind and the field of one kind selected (its property panel open). */
function selected(kind: FieldWidget): Story {
  return {
    name: `Selected: ${WIDGET_KINDS[kind].name}`,
    args: { formId: ids.everyKindForm },
    loaders: [everyKind],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const form = await canvas.findByRole('region', { name: 'Form' }, { timeout: 5000 });
      const items = await within(form).findAllByRole('button', { name: /^Field / });
      const schema = widgetGallerySchema();
      const field = schema.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields)).find((f) => f.widget === kind);
      const item = items.find((b) => b.getAttribute('aria-label') === `Field ${field?.label ?? ''}`);
      if (item) await userEvent.click(item);
      await expect(canvas.getByRole('complementary', { name: 'Properties' })).toBeInTheDocument();
    },
  };
}

export const SelectedText = selected('text');
export const SelectedTextarea = selected('textarea');
export const SelectedNumber = selected('number');
export const SelectedInteger = selected('integer');
export const SelectedEmail = selected('email');
export const SelectedUrl = selected('url');
export const SelectedPhone = selected('phone');
export const SelectedDate = selected('date');
export const SelectedTime = selected('time');
export const SelectedDatetime = selected('datetime');
export const SelectedCheckbox = selected('checkbox');
export const SelectedSwitch = selected('switch');
export const SelectedSelect = selected('select');
export const SelectedRadio = selected('radio');
export const SelectedSegmented = selected('segmented');
export const SelectedMultiselect = selected('multiselect');
export const SelectedCheckboxes = selected('checkboxes');
export const SelectedSignature = selected('signature');
export const SelectedStatic = selected('static');

/** A host's star-rating widget in the palette; 'Add' puts one on the canvas, shown by the host's component. */
export const HostWidget: Story = {
  args: { widgets: hostWidgets },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Star rating' }, { timeout: 5000 }));
    await expect(await within(canvas.getByRole('region', { name: 'Form' })).findAllByRole('button', { name: /^Field / })).toHaveLength(1);
  },
};

/** Rita Reader holds no EditForm: the form without any edit control. */
export const ReadOnlyUser: Story = { args: { formId: seedIds.forms.loanApplication }, parameters: { fakeUser: 'reader' } };

/** 300 fields on 5 pages: fields not selected show the renderer's light controls. */
export const ThreeHundredFields: Story = {
  args: { formId: ids.largeForm },
  loaders: [addBuilderForm(ids.largeForm, ids.largeSchema, '300 fields', () => generateForm({ fields: 300, groupsPerPage: 6 }))],
};

/**
 * Sections inside sections: each drawn in its parent's frame, its heading one level down; the selected 'Dates' (inside
 * the repeatable 'Jobs') says where it sits, and its 'Move to…' lists every place, those it cannot go disabled with
 * the reason.
 */
export const NestedSections: Story = {
  args: { formId: ids.nestedForm },
  loaders: [addBuilderForm(ids.nestedForm, ids.nestedSchema, 'Nested sections', nestedSectionsForm)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('region', { name: 'Form' }, { timeout: 5000 });
    await expect(await within(form).findByRole('heading', { name: 'Previous address', level: 5 })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Section Dates' }));
    await expect(await canvas.findByText('Inside: Jobs')).toBeInTheDocument();
    // 'Add' says where a section goes: beside the selected one, and a repeatable one out of the repeatable 'Jobs'.
    await expect(canvas.getByRole('button', { name: 'Add Section' })).toHaveAccessibleDescription(/^Adds after the section “Dates”, beside it, not inside it\./);
    await expect(canvas.getByRole('button', { name: 'Add Repeatable section' })).toHaveAccessibleDescription(/^Adds after the section “Jobs”/);
  },
};

/**
 * On a phone, or in a column as narrow (`compact`): one view at a time as tabs (Add, Form, Properties, Preview), each
 * the full width. By keyboard: Enter on a field selects it, Enter again shows Properties with the focus in its label.
 */
export const PhoneTabs: Story = {
  args: { formId: seedIds.forms.contactRequest, compact: true },
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('region', { name: 'Form' }, { timeout: 5000 });
    const [first] = await within(form).findAllByRole('button', { name: /^Field / });
    first!.focus();
    await userEvent.keyboard('{Enter}');
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Properties' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(within(canvas.getByRole('complementary', { name: 'Properties' })).getByRole('textbox', { name: /^Label/ })).toHaveFocus());
  },
};

/**
 * A field's label edited in place on the canvas, keyboard only: F2 on a field (or a double click) opens its label in a
 * box on the field, all of it selected; Enter keeps what is typed (one undo step, the Properties label follows),
 * Escape leaves it as it was. Shown with the box open.
 */
export const RenameInPlace: Story = {
  args: { formId: seedIds.forms.contactRequest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('region', { name: 'Form' }, { timeout: 5000 });
    const [first] = await within(form).findAllByRole('button', { name: /^Field / });
    const label = (first!.getAttribute('aria-label') ?? '').replace(/^Field /, '');
    first!.focus();
    await userEvent.keyboard('{F2}');
    const box = within(form).getByRole('textbox', { name: 'Label' });
    await expect(box).toHaveFocus();
    await expect(box).toHaveValue(label);
    await expect(first).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The form is still loading. */
export const Loading: Story = {
  args: { formId: seedIds.forms.loanApplication },
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormOData'), ...storyHandlers.odata] } } },
};

/** The form cannot be loaded: the message and a retry. */
export const LoadFails: Story = {
  args: { formId: seedIds.forms.loanApplication },
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormOData', 500), ...storyHandlers.odata] } } },
};
