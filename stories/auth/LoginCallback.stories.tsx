import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthProvider, LoginCallback } from '../../src/auth';
import { StoryUserManager } from '../support/storyAuth';
import type { StoryCallbackOutcome } from '../support/storyAuth';

/** The sign-in callback page (docs/spec.md, Screens and routes) wired to a real `AuthProvider`, one story per outcome. */
function CallbackPage({ outcome }: { outcome: StoryCallbackOutcome }) {
  return (
    <AuthProvider userManager={new StoryUserManager(outcome)}>
      <LoginCallback onRedirect={() => {}} redirectDelayMs={60_000} />
    </AuthProvider>
  );
}

const meta = {
  title: 'Auth/LoginCallback',
  component: CallbackPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CallbackPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'Finishing sign in…' while the code is exchanged. */
export const Finishing: Story = { args: { outcome: 'pending' } };
/** 'Signed in', then the redirect to the stored path. */
export const SignedIn: Story = { args: { outcome: 'success' } };
/** 'Sign in failed' with 'Try again', which restarts sign-in with the login prompt. */
export const Failed: Story = { args: { outcome: 'failure' } };
