/**
 * The one fake backend every story talks to (through MSW, on the Storybook origin). Stories that
 * override a handler group put their handlers in front of the group's own: `[failing, ...storyHandlers.claim]`.
 */
import { createFakeBackend } from '../../src/testing';

/** The API base URL of the stories: Storybook's own origin, where the MSW worker answers. */
export const storyApi = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The fake backend, reset before every story. */
export const fakeBackend = createFakeBackend();

/** The fake's handler groups, by API area. */
export const storyHandlers = fakeBackend.handlerGroups(storyApi);
