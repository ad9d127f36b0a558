import { Table } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormInstanceStatus } from '../../src/api/enums';
import { InstanceStatusBadge } from '../../src/forms-admin/shared/InstanceStatusBadge';
import { defaultLabels } from '../../src/query/labels';

const meta = {
  title: 'Forms admin/InstanceStatusBadge',
  component: InstanceStatusBadge,
  tags: ['autodocs'],
  args: { status: FormInstanceStatus.InProgress, labels: defaultLabels },
} satisfies Meta<typeof InstanceStatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Created: Story = { args: { status: FormInstanceStatus.Created } };
export const InProgress: Story = {};
export const Submitted: Story = { args: { status: FormInstanceStatus.Submitted } };
export const Completed: Story = { args: { status: FormInstanceStatus.Completed } };

/** A manager overrode its own key (`fmStatusInProgress`): the manager's table shows the host's text. */
export const HostText: Story = { args: { screen: 'fm', labels: { ...defaultLabels, fmStatusInProgress: 'Being filled in' } } };

/** Every status in a narrow table column: each badge keeps its whole name. */
export const EveryStatusInANarrowColumn: Story = {
  render: (args) => (
    <Table w={60}>
      <Table.Tbody>
        {[FormInstanceStatus.Created, FormInstanceStatus.InProgress, FormInstanceStatus.Submitted, FormInstanceStatus.Completed].map((status) => (
          <Table.Tr key={status}>
            <Table.Td>
              <InstanceStatusBadge {...args} status={status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  ),
};
