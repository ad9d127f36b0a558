/**
 * Data at the scale the permission screens are built for (docs/decisions.md, Scale of the permission screens) for the fake: thousands of users in user groups, and claim groups nested in
 * chains, added beside the seed. Stories and tests use it to see the permission screens as a large organisation
 * would (pickers that search the server, one page at a time). Deterministic: the same size gives the same rows.
 */
import { catalogueClaim } from '../domain/claim-catalogue';
import { ALL_DEFAULT_CLAIMS } from '../domain/built-in-claim-groups';
import type { FakeDb } from './db';
import { seedDate } from './seed';

/** How much {@link addScaleData} adds. */
export interface ScaleSize {
  /** Users, named `Scale User 00001 Kivyzi`…. @default 10000 */
  users?: number;
  /** User groups of `membersPerGroup` users each. @default 1000 */
  userGroups?: number;
  /** @default 10 */
  membersPerGroup?: number;
  /** Claim groups, in chains of `nesting` nested levels below each chain's head. @default 2000 */
  claimGroups?: number;
  /** @default 10 */
  nesting?: number;
}

const CONSONANTS = ['b', 'd', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'y'];

/** A deterministic 32-bit hash. */
function hash(n: number, salt: number): number {
  let x = (Math.imul(n, 0x9e3779b1) + Math.imul(salt, 0x85ebca6b)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x ^= x >>> 15;
  return x >>> 0;
}

/** A pronounceable word of three syllables, e.g. `Kivemo`: something to type into a picker. */
function word(n: number, salt: number): string {
  let h = hash(n, salt);
  let out = '';
  for (let i = 0; i < 3; i += 1) {
    out += (CONSONANTS[h % CONSONANTS.length] as string) + (VOWELS[(h >>> 4) % VOWELS.length] as string);
    h >>>= 7;
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** A v4-shaped id: `5ca1e00k-…-nnnnnnnnnnnn` (k: 1 users, 2 user groups, 3 claim groups). */
const scaleId = (kind: number, n: number) => `5ca1e00${kind}-0000-4000-8000-${pad(n, 12)}`;

/** The id of the `n`th scale user (from 1). */
export const scaleUserId = (n: number) => scaleId(1, n);
/** The id of the `n`th scale user group (from 1). */
export const scaleUserGroupId = (n: number) => scaleId(2, n);
/** The id of the `n`th scale claim group (from 1). */
export const scaleClaimGroupId = (n: number) => scaleId(3, n);

/**
 * Adds users, user groups (with members, a chain's head claim group and a claim each) and claim groups (five claims
 * each, nested in chains of `nesting` levels) to the fake's tables, beside whatever they hold. Answers the counts.
 */
export function addScaleData(db: FakeDb, size: ScaleSize = {}): Required<ScaleSize> {
  const s: Required<ScaleSize> = {
    users: size.users ?? 10_000,
    userGroups: size.userGroups ?? 1_000,
    membersPerGroup: size.membersPerGroup ?? 10,
    claimGroups: size.claimGroups ?? 2_000,
    nesting: size.nesting ?? 10,
  };
  const at = seedDate(0);
  const audit = { isDeleted: false, createdDateTime: at, lastUpdatedDateTime: at };
  let row = 0;
  const rowId = () => scaleId(9, (row += 1));
  const grant = (holderKind: 'user' | 'userGroup' | 'claimGroup', recordId: string, claimValue: number) => ({
    id: rowId(),
    holderKind,
    recordId,
    claimValue,
    claimType: catalogueClaim(claimValue)?.claimType ?? 1,
    allow: true,
    priorityOfPermission: 1,
    ...audit,
  });
  const claimOf = (n: number, salt: number) => ALL_DEFAULT_CLAIMS[hash(n, salt) % ALL_DEFAULT_CLAIMS.length] as number;

  for (let i = 1; i <= s.users; i += 1) {
    db.applicationUsers.push({
      id: scaleUserId(i),
      oidcId: `scale-user-${pad(i, 5)}`,
      name: `Scale User ${pad(i, 5)} ${word(i, 1)}`,
      userName: `scale.user.${pad(i, 5)}`,
      email: `user${pad(i, 5)}@scale.test`,
      phoneNumber: null,
      isEnabled: true,
      failedLoginAttempts: 0,
      ...audit,
    });
  }
  const block = s.nesting + 1;
  for (let i = 1; i <= s.claimGroups; i += 1) {
    db.claimGroups.push({ id: scaleClaimGroupId(i), name: `Scale Role ${pad(i, 4)} ${word(i, 3)}`, builtInGroup: false, ...audit });
    const claims = new Set<number>();
    for (let k = 0; claims.size < 5 && k < 50; k += 1) claims.add(claimOf(i, 100 + k));
    for (const claim of claims) db.claimGrants.push(grant('claimGroup', scaleClaimGroupId(i), claim));
    // Chains: each block's groups nest the next one, down to `nesting` levels.
    const level = (i - 1) % block;
    if (level < s.nesting && i < s.claimGroups) {
      db.claimGroupLinks.push({
        id: rowId(),
        holderKind: 'claimGroup',
        holderId: scaleClaimGroupId(i),
        recordId: scaleClaimGroupId(i + 1),
        priorityOfPermission: 1,
        ...audit,
      });
    }
  }
  const chains = Math.max(1, Math.floor(s.claimGroups / block));
  for (let g = 1; g <= s.userGroups; g += 1) {
    const id = scaleUserGroupId(g);
    db.applicationUserGroups.push({ id, name: `Scale Team ${pad(g, 4)} ${word(g, 2)}`, ...audit });
    for (let m = 0; m < s.membersPerGroup && s.users > 0; m += 1) {
      const user = (((g - 1) * s.membersPerGroup + m) % s.users) + 1;
      db.memberships.push({ id: rowId(), applicationUserId: scaleUserId(user), applicationUserGroupId: id, ...audit });
    }
    if (s.claimGroups > 0) {
      const head = (((g - 1) % chains) * block) + 1;
      db.claimGroupLinks.push({
        id: rowId(),
        holderKind: 'userGroup',
        holderId: id,
        recordId: scaleClaimGroupId(Math.min(head, s.claimGroups)),
        priorityOfPermission: 1,
        ...audit,
      });
    }
    db.claimGrants.push(grant('userGroup', id, claimOf(g, 10)));
  }
  return s;
}
