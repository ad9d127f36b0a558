/**
 * The sync of application users from the identity provider's account store (`FullSyncAndReturnExternalUsers` of
 * docs/spec.md, Calls): an account with no user gets one, a user whose name, user name or e-mail differs from the
 * account's takes the account's, and the answer is those users (live ones, by name, without collections). Written once
 * for both backends against {@link UserSyncStore}.
 */
import type { ApplicationUser } from '../contract/types';
import type { Clock, Ids } from './ports';

/** An account of the identity provider: its subject is the application user's `oidcId`. */
export interface ExternalAccount {
  oidcId: string;
  name: string;
  userName: string;
  email: string | null;
}

/** A stored user as the sync compares it. */
export interface SyncedUser {
  id: string;
  name: string;
  userName: string;
  email: string | null;
}

/** The reads and writes of the sync; every method works inside the caller's transaction. */
export interface UserSyncStore {
  /** Every account of the identity provider's store (none when its accounts cannot be listed). */
  accounts(): Promise<readonly ExternalAccount[]>;
  /** The user whose `oidcId` is this, live or not (null: none). */
  userByOidcId(oidcId: string): Promise<SyncedUser | null>;
  /** Stores a new, enabled user for the account at `now`. */
  insertUser(id: string, account: ExternalAccount, now: Date): Promise<void>;
  /** Gives the user the account's name, user name and e-mail at `now`. */
  updateUser(id: string, account: ExternalAccount, now: Date): Promise<void>;
  /** The live users with these ids by name regardless of case, then id, without collections. */
  liveUsers(ids: readonly string[]): Promise<ApplicationUser[]>;
}

/** Creates or updates a user for every account; answers those users. */
export async function syncUsers({ store, clock, ids }: { store: UserSyncStore; clock: Clock; ids: Ids }): Promise<ApplicationUser[]> {
  const synced: string[] = [];
  for (const account of await store.accounts()) {
    const existing = await store.userByOidcId(account.oidcId);
    if (!existing) {
      const id = ids.newId();
      await store.insertUser(id, account, clock.now());
      synced.push(id);
      continue;
    }
    synced.push(existing.id);
    if (existing.name !== account.name || existing.userName !== account.userName || existing.email !== account.email) {
      await store.updateUser(existing.id, account, clock.now());
    }
  }
  return synced.length ? store.liveUsers(synced) : [];
}
