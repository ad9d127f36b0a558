/**
 * The development identity provider's account store: three seeded accounts. The database seed
 * creates one application user per account (same `sub`), with the roles described here.
 *
 * These passwords are for local development only; the embedded provider is not meant to face the
 * internet. Use a real OpenID provider (Keycloak, Entra ID, Auth0…) for anything else.
 */
import { timingSafeEqual } from 'node:crypto';

/** A seeded account of the development identity provider. */
export interface SeededAccount {
  /** The subject (`sub`) of the account: also the application user's `oidcId`. */
  sub: string;
  username: string;
  password: string;
  displayName: string;
  email: string;
  /** What the account may do, for the start script and the README. */
  role: string;
}

/** The accounts the development identity provider knows (username / password). */
export const SEEDED_ACCOUNTS: readonly SeededAccount[] = Object.freeze([
  {
    sub: 'admin',
    username: 'admin',
    password: 'admin-password',
    displayName: 'Ada Admin',
    email: 'admin@example.com',
    role: 'Administrator: every claim (Administrators role, incl. GlobalDataAdmin and the admin panel)',
  },
  {
    sub: 'editor',
    username: 'editor',
    password: 'editor-password',
    displayName: 'Eddie Editor',
    email: 'editor@example.com',
    role: 'Form editor: builds and manages forms (Form Editors role, which contains Form Readers)',
  },
  {
    sub: 'reader',
    username: 'reader',
    password: 'reader-password',
    displayName: 'Rita Reader',
    email: 'reader@example.com',
    role: 'Read-only: may read forms; no admin panel, no menus',
  },
]);

/** Looks an account up by its subject. */
export function findAccountBySub(sub: string): SeededAccount | undefined {
  return SEEDED_ACCOUNTS.find((a) => a.sub === sub);
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Compare anyway so that the time taken does not reveal the length.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** The account whose username (case-insensitive) and password match, or undefined. */
export function verifyCredentials(username: string, password: string): SeededAccount | undefined {
  const wanted = username.trim().toLowerCase();
  const account = SEEDED_ACCOUNTS.find((a) => a.username.toLowerCase() === wanted);
  if (!account) return undefined;
  return safeEqual(password, account.password) ? account : undefined;
}
