/**
 * The one fake backend every story talks to (through MSW, on the Storybook origin). Stories that
 * override a handler group put their handlers in front of the group's own: `[failing, ...storyHandlers.claim]`.
 */
import type { Loader } from '@storybook/react-vite';
import { createFakeBackend } from '../../src/testing';

/** The API base URL of the stories: Storybook's own origin, where the MSW worker answers. */
export const storyApi = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The fake backend, reset before every story. */
export const fakeBackend = createFakeBackend();

/** The fake's handler groups, by API area. */
export const storyHandlers = fakeBackend.handlerGroups(storyApi);

/**
 * Resets the fake backend before each story, so stories never depend on each other's changes, and signs in
 * `parameters.fakeUser` (a seeded user's key; default: the admin; `null`: nobody). The preview runs it, and so do
 * tests that render stories (`composeStories`).
 */
export const resetFakeBackend: Loader = async (context) => {
  const fakeUser = (context.parameters as { fakeUser?: string | null }).fakeUser;
  fakeBackend.reset();
  fakeBackend.setCurrentUser(fakeUser === undefined ? 'admin' : fakeUser);
  return {};
};
