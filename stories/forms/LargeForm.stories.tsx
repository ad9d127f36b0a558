import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FormRenderer, generateForm, generateFormData } from '../../src/forms';

/**
 * A generated form of 1000 fields (100 groups of 10: 6 texts with a maximum length, 2 numbers with bounds, a yes/no
 * and a 5-value choice; 30 % required) — the form the renderer benchmark mounts. Fields beyond the first screen start
 * as light controls (those past the first 100 join right after the first paint) and become Mantine widgets as they
 * come near the viewport.
 */
const meta = {
  title: 'Forms/Large form',
  component: FormRenderer,
  args: { schema: generateForm(1000), onSubmit: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormRenderer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThousandFields: Story = {};

/** The same form on 10 pages of 10 groups. */
export const ThousandFieldsOnTenPages: Story = { args: { schema: generateForm({ fields: 1000, groupsPerPage: 10 }) } };

/** The same form, answered, in view mode. */
export const ThousandFieldsViewMode: Story = {
  args: { schema: generateForm(1000), mode: 'view', initialData: generateFormData(generateForm(1000)) },
};
