import { vi } from 'vitest';
import type * as AuthProviderModule from '../../../src/auth/AuthProvider';
import type { AuthContextValue } from '../../../src/auth/AuthProvider';

// Imports nothing that imports the AuthProvider: the mock's factory loads this module while the AuthProvider waits.
/**
 * The AuthProvider module with `useAuth` signed in as the fake backend's administrator, for
 * `vi.mock('../../src/auth/AuthProvider', async (importOriginal) => (await import('./support/signedInAdmin')).signedInAdmin(importOriginal))`:
 * the real admin check, route gate and claims then run against the fake.
 */
export async function signedInAdmin(importOriginal: () => Promise<unknown>) {
  return {
    ...((await importOriginal()) as typeof AuthProviderModule),
    useAuth: (): Partial<AuthContextValue> => ({
      isLoading: false,
      isAuthenticated: true,
      error: null,
      user: { name: 'Ada Admin', accessToken: 't', idToken: 'i', subject: 'admin', email: undefined, expiresAt: undefined },
      signIn: vi.fn(() => Promise.resolve()),
      signOut: vi.fn(() => Promise.resolve()),
    }),
  };
}
