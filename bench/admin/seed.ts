/**
 * Seeds the scale of the permission screens (docs/decisions.md, Scale of the permission screens) through the server's own data layer (drizzle over its database): 10,000 users,
 * 1,000 user groups of 10 members, 2,000 claim groups with claims and nesting (chains of 10 nested levels).
 *
 * Names carry a generated word made only of letters that are not hex digits and do not occur in the fixed parts of
 * the names ("Bench", "Role", "User", "Team"): a query typed into a picker then matches names only (never a UUID,
 * never the fixed words), so "every option contains the query" is a sound test for "the options reflect the filter".
 */
import { count, like } from 'drizzle-orm';
import type { Db } from '../../example-host/server/db/index';
import {
  applicationUserGroups,
  applicationUsers,
  claimGrantsClaimGroups,
  claimGrantsUserGroups,
  claimGrantsUsers,
  claimGroupLinksClaimGroups,
  claimGroupLinksUserGroups,
  claimGroupLinksUsers,
  claimGroups,
  memberships,
} from '../../example-host/server/db/schema';
import { claimTypeOfValue } from '../../example-host/server/db/seed';
import { ALL_DEFAULT_CLAIMS } from '../../src/domain/built-in-claim-groups';

/** Bumped when the seeded data changes shape: a cached data folder of another version is rebuilt. */
export const SEED_VERSION = 1;

/** How much to seed. */
export interface SeedSize {
  users: number;
  userGroups: number;
  membersPerGroup: number;
  claimGroups: number;
  /** Nesting levels below a chain's head: user group → head → level 1 → … → level `nesting`. */
  nesting: number;
}

/** The size the permission screens are built for. */
export const FULL_SIZE: SeedSize = { users: 10_000, userGroups: 1_000, membersPerGroup: 10, claimGroups: 2_000, nesting: 10 };

const CONSONANTS = ['g', 'j', 'k', 'p', 'v', 'w', 'x', 'z'];
const VOWELS = ['i', 'y'];

/** A deterministic 32-bit hash (so a word does not follow its number's digits). */
function hash(n: number, salt: number): number {
  let x = (n * 0x9e3779b1 + salt * 0x85ebca6b) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}

/** Three consonant–vowel syllables, capitalised, e.g. `Kivyzi`. */
export function word(n: number, salt: number): string {
  let h = hash(n, salt);
  let out = '';
  for (let i = 0; i < 3; i++) {
    out += (CONSONANTS[h % CONSONANTS.length] as string) + (VOWELS[(h >>> 3) % VOWELS.length] as string);
    h >>>= 4;
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** A valid v4-shaped UUID that encodes a kind (1 hex digit) and a number. */
const uuid = (kind: number, n: number) => `b${kind.toString(16)}000000-0000-4000-8000-${pad(n, 12)}`;

export const userName = (i: number) => `Bench User ${pad(i, 5)} ${word(i, 1)}`;
export const userGroupName = (i: number) => `Bench Team ${pad(i, 4)} ${word(i, 2)}`;
export const claimGroupName = (i: number) => `Bench Role ${pad(i, 4)} ${word(i, 3)}`;
export const userOidcId = (i: number) => `bench-user-${pad(i, 5)}`;
export const claimGroupId = (i: number) => uuid(3, i);

/** Claim groups are numbered from 1; chains are blocks of `nesting + 1` groups, the block's first one its head. */
export function chainOf(i: number, size: SeedSize): { head: number; level: number } | null {
  const block = size.nesting + 1;
  const chains = Math.floor(size.claimGroups / block);
  const index = i - 1;
  if (Math.floor(index / block) >= chains) return null;
  return { head: index - (index % block) + 1, level: index % block };
}

/** The claim values a claim group holds (allowed): five, spread over the catalogue. */
export function claimsOfGroup(i: number): number[] {
  const claims = new Set<number>();
  for (let k = 0; claims.size < 5; k++) claims.add(ALL_DEFAULT_CLAIMS[hash(i, 100 + k) % ALL_DEFAULT_CLAIMS.length] as number);
  return [...claims];
}

/** The claim a user holds directly: every tenth user (numbers 10, 20, …) holds one. */
export function directClaimOfUser(i: number): number | null {
  return i % 10 === 0 ? (ALL_DEFAULT_CLAIMS[hash(i, 13) % ALL_DEFAULT_CLAIMS.length] as number) : null;
}

/** What the effective-claims measurement needs: a user reaching a chain of `nesting` levels. */
export interface SeedFacts {
  version: number;
  size: SeedSize;
  /** The user whose claims go through the deepest chain (user → group → head → … → level `nesting`). */
  deepUser: { id: string; oidcId: string; name: string; chainHeadId: string };
  /** Every claim the chain grants (all allowed, so all of them must be in the effective claims). */
  chainClaims: number[];
  seededInMs: number;
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Whether the database already holds this seed (the data folder is reused between runs). */
export async function isSeeded(db: Db, size: SeedSize): Promise<boolean> {
  const [users] = await db.select({ n: count() }).from(applicationUsers).where(like(applicationUsers.oidcId, 'bench-user-%'));
  const [groups] = await db.select({ n: count() }).from(claimGroups).where(like(claimGroups.name, 'Bench Role %'));
  return users?.n === size.users && groups?.n === size.claimGroups;
}

/** The facts of a seed (same for a fresh and a cached one: everything is deterministic). */
export function seedFacts(size: SeedSize, seededInMs: number): SeedFacts {
  const head = 1;
  const chainClaims = new Set<number>();
  for (let level = 0; level <= size.nesting; level++) for (const c of claimsOfGroup(head + level)) chainClaims.add(c);
  return {
    version: SEED_VERSION,
    size,
    deepUser: { id: uuid(1, 1), oidcId: userOidcId(1), name: userName(1), chainHeadId: claimGroupId(head) },
    chainClaims: [...chainClaims].sort((a, b) => a - b),
    seededInMs,
  };
}

/** Inserts the whole seed in batches, in one transaction. */
export async function seedScale(db: Db, size: SeedSize, log: (line: string) => void): Promise<SeedFacts> {
  const started = performance.now();
  const grant = (holderId: string, claimValue: number, allow = true, priorityOfPermission = 1) => ({
    id: crypto.randomUUID(),
    holderId,
    claimValue,
    claimType: claimTypeOfValue(claimValue),
    allow,
    priorityOfPermission,
  });
  const link = (holderId: string, target: string, priorityOfPermission = 1) => ({
    id: crypto.randomUUID(),
    holderId,
    claimGroupId: target,
    priorityOfPermission,
  });

  const users = Array.from({ length: size.users }, (_, k) => {
    const i = k + 1;
    return {
      id: uuid(1, i),
      oidcId: userOidcId(i),
      name: userName(i),
      userName: `bench.user.${pad(i, 5)}`,
      email: `user${pad(i, 5)}@bench.test`,
    };
  });
  const userGroups = Array.from({ length: size.userGroups }, (_, k) => ({ id: uuid(2, k + 1), name: userGroupName(k + 1) }));
  const groups = Array.from({ length: size.claimGroups }, (_, k) => ({ id: claimGroupId(k + 1), name: claimGroupName(k + 1) }));

  const members: { id: string; applicationUserId: string; applicationUserGroupId: string }[] = [];
  for (let g = 0; g < size.userGroups; g++) {
    for (let m = 0; m < size.membersPerGroup; m++) {
      const user = users[(g * size.membersPerGroup + m) % size.users];
      if (user) members.push({ id: crypto.randomUUID(), applicationUserId: user.id, applicationUserGroupId: userGroups[g]!.id });
    }
  }

  const groupGrants = groups.flatMap((g, k) => claimsOfGroup(k + 1).map((c) => grant(g.id, c)));
  const nested: ReturnType<typeof link>[] = [];
  const chains = Math.floor(size.claimGroups / (size.nesting + 1));
  for (let k = 1; k <= size.claimGroups; k++) {
    const chain = chainOf(k, size);
    // Each chain: head (level 0) → level 1 → … → level `nesting`.
    if (chain && chain.level < size.nesting) nested.push(link(claimGroupId(k), claimGroupId(k + 1)));
    // Some cross-links, always to a higher number (no cycles): every fifth group also nests a later chain's tail.
    const tailOf = (c: number) => c * (size.nesting + 1);
    if (k % 5 === 0 && chains > 1) {
      const target = tailOf(1 + (hash(k, 7) % chains));
      if (target > k + 1) nested.push(link(claimGroupId(k), claimGroupId(target), 1 + (hash(k, 8) % 3)));
    }
  }

  // User groups: two claim groups (one a chain head) and two claims, one of them a deny of higher priority now and then.
  const chainHeads = Array.from({ length: Math.max(chains, 1) }, (_, c) => claimGroupId(c * (size.nesting + 1) + 1));
  const ugLinks = userGroups.flatMap((g, k) => {
    const head = chainHeads[k % chainHeads.length] as string;
    const other = claimGroupId(1 + (hash(k, 9) % size.claimGroups));
    return other === head ? [link(g.id, head)] : [link(g.id, head), link(g.id, other, 2)];
  });
  const ugGrants = userGroups.flatMap((g, k) => {
    const a = ALL_DEFAULT_CLAIMS[hash(k, 10) % ALL_DEFAULT_CLAIMS.length] as number;
    const b = ALL_DEFAULT_CLAIMS[hash(k, 11) % ALL_DEFAULT_CLAIMS.length] as number;
    return a === b ? [grant(g.id, a)] : [grant(g.id, a), grant(g.id, b, k % 7 !== 3, k % 7 === 3 ? 5 : 1)];
  });
  // Every tenth user: one claim group and one claim of their own.
  const direct = users.filter((_, k) => directClaimOfUser(k + 1) !== null);
  const userLinks = direct.map((u, k) => link(u.id, claimGroupId(1 + (hash(k, 12) % size.claimGroups))));
  const userGrants = users.flatMap((u, k) => {
    const claim = directClaimOfUser(k + 1);
    return claim === null ? [] : [grant(u.id, claim)];
  });

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await inBatches(users, 1000, (b) => t.insert(applicationUsers).values(b));
    await inBatches(userGroups, 1000, (b) => t.insert(applicationUserGroups).values(b));
    await inBatches(groups, 1000, (b) => t.insert(claimGroups).values(b));
    await inBatches(members, 2000, (b) => t.insert(memberships).values(b));
    await inBatches(groupGrants, 2000, (b) => t.insert(claimGrantsClaimGroups).values(b));
    await inBatches(nested, 2000, (b) => t.insert(claimGroupLinksClaimGroups).values(b));
    await inBatches(ugLinks, 2000, (b) => t.insert(claimGroupLinksUserGroups).values(b));
    await inBatches(ugGrants, 2000, (b) => t.insert(claimGrantsUserGroups).values(b));
    await inBatches(userLinks, 2000, (b) => t.insert(claimGroupLinksUsers).values(b));
    await inBatches(userGrants, 2000, (b) => t.insert(claimGrantsUsers).values(b));
  });
  const ms = performance.now() - started;
  log(
    `seeded ${users.length} users, ${userGroups.length} user groups (${members.length} memberships), ` +
      `${groups.length} claim groups (${groupGrants.length} claims, ${nested.length} nestings), ` +
      `${ugLinks.length + userLinks.length} holder links, ${ugGrants.length + userGrants.length} holder claims in ${(ms / 1000).toFixed(1)} s`,
  );
  return seedFacts(size, ms);
}

/**
 * A typed query whose every prefix narrows the match set strictly (so each keystroke changes the options), chosen
 * among `names` starting at `preferred`. Returns the target's index in `names` and the prefixes to type.
 */
export function narrowingQuery(
  names: readonly string[],
  preferred: number,
  accept: (index: number) => boolean = () => true,
  length = 4,
): { target: number; prefixes: string[] } {
  const lower = names.map((n) => n.toLowerCase());
  for (let offset = 0; offset < names.length; offset++) {
    const target = (preferred + offset) % names.length;
    if (!accept(target)) continue;
    const name = lower[target] as string;
    const w = name.slice(name.lastIndexOf(' ') + 1);
    const prefixes = Array.from({ length: length }, (_, k) => w.slice(0, k + 1));
    const counts = [names.length, ...prefixes.map((p) => lower.filter((n) => n.includes(p)).length)];
    if (counts.every((c, k) => k === 0 || c < (counts[k - 1] as number))) return { target, prefixes };
  }
  throw new Error('No narrowing query found');
}
