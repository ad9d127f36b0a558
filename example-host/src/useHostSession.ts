import { useRouter } from '@tanstack/react-router';
import { SIGNED_OUT_PATH } from './config';
import { displayNames } from './displayNames';
import { useAuth } from './formsAdmin';

/** The signed-in person as the host's pages show them, and the way out. */
export interface HostSession {
  /** Their display name (name, else user name, else email, else id); empty when nobody is signed in. */
  userName: string;
  /**
   * Ends the session (the provider's too) and lands on the signed-out page, which says so when the provider could not
   * be reached (the local session has ended all the same).
   */
  signOut(): void;
}

/** The signed-in person and the sign-out of the host's pages (the admin header, 'No access', the home page). */
export function useHostSession(): HostSession {
  const auth = useAuth();
  const router = useRouter();
  const user = auth.user;
  return {
    userName: user ? (displayNames([{ id: user.subject, name: user.name, email: user.email }])[0] ?? '') : '',
    // Resolves only when the provider could not be reached (a reached provider navigates away to end its session).
    signOut: () => void auth.signOut().then(() => router.navigate({ to: SIGNED_OUT_PATH })),
  };
}
