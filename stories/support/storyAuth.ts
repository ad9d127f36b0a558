/**
 * Sign-in for stories without an identity provider: a real oidc-client-ts `UserManager` whose
 * redirect calls are answered in the page. `signedInAs` stores a session for a seeded user of the
 * fake backend, so `useAuth()` and `RequireAdmin` see a real signed-in user.
 */
import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { SigninRedirectArgs } from 'oidc-client-ts';
import { fakeBackend } from './fakeBackend';

const authority = 'https://login.example.invalid';

/** How the story's sign-in callback ends. */
export type StoryCallbackOutcome = 'success' | 'failure' | 'pending';

function userFor(subject: string, name: string, returnTo = '/admin/'): User {
  const now = Math.floor(Date.now() / 1000);
  return new User({
    // The fake backend acts as the user its token names.
    access_token: fakeBackend.tokenFor(subject),
    token_type: 'Bearer',
    expires_at: now + 3600,
    scope: 'openid profile email',
    profile: { sub: subject, name, iss: authority, aud: 'storybook', exp: now + 3600, iat: now },
    userState: { returnTo },
  });
}

/** A UserManager for stories. */
export class StoryUserManager extends UserManager {
  constructor(private readonly outcome: StoryCallbackOutcome = 'success') {
    super({
      authority,
      client_id: 'storybook',
      redirect_uri: 'http://localhost/authentication/login-callback',
      automaticSilentRenew: false,
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
      metadata: { issuer: authority, authorization_endpoint: `${authority}/auth`, token_endpoint: `${authority}/token` },
    });
  }

  override async signinRedirectCallback(): Promise<User> {
    if (this.outcome === 'pending') return new Promise<User>(() => {});
    if (this.outcome === 'failure') throw new Error('No matching state found in storage');
    const user = userFor('admin', 'Ada Admin', '/admin/form-builder/');
    await this.storeUser(user);
    return user;
  }

  override async signinRedirect(_args?: SigninRedirectArgs): Promise<void> {
    // A story never leaves the page.
  }
}

/** A UserManager with a stored session for the fake backend's seeded user `subject`. */
export async function signedInAs(subject: string, name: string): Promise<StoryUserManager> {
  const manager = new StoryUserManager();
  await manager.removeUser();
  await manager.storeUser(userFor(subject, name));
  return manager;
}
