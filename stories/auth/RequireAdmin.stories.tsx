import { Text, Title } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthProvider, RequireAdmin, RequireAuth } from '../../src/auth';
import { AuthenticatedAPIProvider } from '../../src/auth';
import { errorHandlers } from '../../src/testing';
import { storyApi, storyHandlers } from '../support/fakeBackend';
import { signedInAs } from '../support/storyAuth';
import type { StoryUserManager } from '../support/storyAuth';

/** The admin area guard for a signed-in user: the server's `CheckForAdminRole` decides. */
function AdminArea({ userManager }: { userManager: StoryUserManager }) {
  return (
    <AuthProvider userManager={userManager}>
      <AuthenticatedAPIProvider baseUrl={storyApi}>
        <RequireAuth fallback={<Text>Signing in…</Text>}>
          <RequireAdmin
            fallback={
              <>
                <Title order={1}>No access</Title>
                <Text>Your account does not have access to the admin area.</Text>
              </>
            }
          >
            <Title order={1}>Admin home</Title>
            <Text>Only administrators see this.</Text>
          </RequireAdmin>
        </RequireAuth>
      </AuthenticatedAPIProvider>
    </AuthProvider>
  );
}

const meta = {
  title: 'Auth/RequireAdmin',
  loaders: [async ({ parameters }) => ({ userManager: await signedInAs(String(parameters.subject ?? 'admin'), 'User') })],
  render: (_args, { loaded }) => <AdminArea userManager={loaded.userManager as StoryUserManager} />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded administrator passes. */
export const Administrator: Story = { parameters: { subject: 'admin' } };
/** The seeded form editor holds AdminPanel_Access and passes. */
export const FormEditor: Story = { parameters: { subject: 'editor' } };
/** The seeded read-only user is refused. */
export const ReadOnlyUser: Story = { parameters: { subject: 'reader' } };
/** The check cannot be made: the error is said, with a retry. */
export const CheckFails: Story = {
  parameters: {
    subject: 'admin',
    msw: { handlers: { claim: [errorHandlers.failing('/api/Claim/CheckForAdminRole', 500), ...storyHandlers.claim] } },
  },
};
/** The check is still running. */
export const Checking: Story = {
  parameters: {
    subject: 'admin',
    msw: { handlers: { claim: [errorHandlers.pending('/api/Claim/CheckForAdminRole'), ...storyHandlers.claim] } },
  },
};
