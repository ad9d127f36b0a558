import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FormRenderer } from '../../src/forms';
import { applicationSchema, longLabelsSchema, nestedSectionsData, nestedSectionsSchema, payloadSchema, widgetGalleryData, widgetGallerySchema } from './fixtures';

/** The form renderer over the form engine: edit and view modes, a multi-page form, errors, and text safety. */
const meta = {
  title: 'Forms/FormRenderer',
  component: FormRenderer,
  args: { schema: applicationSchema(), onSubmit: fn(), onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormRenderer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three pages with a stepper; the phone number appears (and is required) when contact by phone is chosen. */
export const MultiPage: Story = {};

/** Five pages with long titles and labels, wide enough: the steps on one row, the segmented control on one row. */
export const LongLabels: Story = {
  args: { schema: longLabelsSchema() },
};

/**
 * The same form as wide as a phone (360 px): no stepper ("Step 1 of 5" says where the user is), the agree/disagree
 * scale and the checkboxes one option under the other, and nothing runs past the form.
 */
export const LongLabelsOnAPhone: Story = {
  args: { schema: longLabelsSchema() },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Step 1 of 5')).toBeInTheDocument();
    // The renderer measures the width it has after its first render: in a page that showed a wider story first, the
    // stepper and the horizontal choices may be drawn for a moment before the measure narrows them.
    await waitFor(() => expect(canvasElement.querySelector('.mantine-Stepper-root')).toBeNull());
    await waitFor(() => expect(canvasElement.querySelector('.mantine-SegmentedControl-root')?.getAttribute('data-orientation')).toBe('vertical'));
  },
};

/** Next on an empty first page: the error summary lists the problems and takes the focus. */
export const MultiPageWithErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    const summary = canvas.getByRole('alert');
    await expect(within(summary).getByText('There is a problem')).toBeInTheDocument();
    await expect(summary).toHaveFocus();
  },
};

/** The second page: a repeatable section (add, remove, move up and down; 1 to 3 items) and a computed count. */
export const RepeatableSection: Story = {
  args: {
    initialData: {
      applicant: { name: 'Ada Lovelace', contactBy: 'email' },
      employment: { status: 'employed', employer: 'Analytical Engines Ltd' },
      dependants: [{ name: 'Byron', age: 9 }, { name: 'Annabella', age: 7 }],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByRole('group', { name: 'Dependant 2' })).toBeInTheDocument();
  },
};

/** An item just removed: the section says so in a live region and offers 'Undo', which puts it back where it was. */
export const RepeatableItemRemoved: Story = {
  args: {
    initialPage: 1,
    initialData: {
      applicant: { name: 'Ada Lovelace', contactBy: 'email' },
      employment: { status: 'unemployed' },
      dependants: [{ name: 'Byron', age: 9 }, { name: 'Annabella', age: 7 }],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(within(canvas.getByRole('group', { name: 'Dependant 1' })).getByRole('button', { name: 'Remove' }));
    await expect(canvas.getByText('Dependant 1 removed.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeEnabled();
  },
};

/** A number typed with a comma is kept as typed and refused with a message, never read as another number. */
export const NumberWithComma: Story = {
  args: { schema: widgetGallerySchema([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const height = canvas.getByLabelText(/^Height \(m\)/);
    await userEvent.type(height, '1,65');
    await userEvent.tab();
    await expect(canvas.getByText('Write the number with a point for decimals and without commas, like 1.65')).toBeInTheDocument();
  },
};

/** The answers read-only, every page in the same layout. */
export const ViewMode: Story = {
  args: {
    mode: 'view',
    initialData: {
      applicant: { name: 'Ada Lovelace', email: 'ada@example.com', contactBy: 'phone', phone: '+44 20 7946 0000' },
      employment: { status: 'employed', employer: 'Analytical Engines Ltd' },
      dependants: [{ name: 'Byron', age: 9 }],
      dependantCount: 1,
      declaration: true,
      signature: 'Ada Lovelace',
    },
  },
};

/**
 * Sections inside sections: 'Applicant' holds 'Address', which holds 'Delivery', each in a frame of its own, one
 * heading level down (h3, h4, h5 under the page title). The second page's repeatable 'Jobs' holds 'Dates', drawn in
 * each job with the job's own Remove.
 */
export const NestedSections: Story = {
  args: { schema: nestedSectionsSchema() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Applicant' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 4, name: 'Address' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 5, name: 'Delivery' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Leave parcels at the door' }));
    await expect(canvas.getByRole('textbox', { name: 'Where to leave them' })).toBeInTheDocument();
  },
};

/** The second page of the nested form with two jobs: each job shows its employer, then its own 'Dates'. */
export const NestedSectionsInARepeatableSection: Story = {
  args: { schema: nestedSectionsSchema(), initialData: nestedSectionsData(), initialPage: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const second = canvas.getByRole('group', { name: 'Jobs 2' });
    await expect(within(second).getByRole('heading', { level: 4, name: 'Dates' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
  },
};

/** The nested form's answers read-only: every level in its frame, the dates in each job. */
export const NestedSectionsViewMode: Story = {
  args: { schema: nestedSectionsSchema(), mode: 'view', initialData: nestedSectionsData() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Behind the gate')).toBeInTheDocument();
    await expect(canvas.getAllByRole('heading', { name: 'Dates' })).toHaveLength(2);
  },
};

/** Every widget on one page. */
export const EveryWidget: Story = { args: { schema: widgetGallerySchema() } };

/** Every widget on one page, submitted empty: inline messages and the summary. */
export const EveryWidgetSubmitted: Story = {
  args: { schema: widgetGallerySchema() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(canvas.getByRole('alert')).toBeInTheDocument();
  },
};

/** Every widget, answered, in view mode. */
export const EveryWidgetViewMode: Story = { args: { schema: widgetGallerySchema(), mode: 'view', initialData: widgetGalleryData() } };

/** The whole form disabled (e.g. while saving). */
export const Disabled: Story = { args: { schema: widgetGallerySchema(), initialData: widgetGalleryData(), disabled: true } };

/** Texts overridden through labels (here in French). */
export const Labels: Story = {
  args: {
    labels: {
      next: 'Suivant',
      back: 'Retour',
      submit: 'Envoyer',
      errorSummaryTitle: 'Il y a un problème',
      required: 'Ce champ est obligatoire',
      stepOf: 'Étape {number} sur {total}',
    },
  },
};

/** Labels, help texts, options and titles holding HTML and script show as text. */
export const TextIsNeverHtml: Story = {
  args: { schema: payloadSchema(['<img src=x onerror=alert(1)>', '<script>alert(2)</script>', '"><svg onload=alert(3)>']) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img, script, svg[onload]')).toBeNull();
  },
};
