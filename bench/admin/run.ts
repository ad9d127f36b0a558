/**
 * `npm run bench:admin`: the permission screens at the scale they are built for (10,000 users, 1,000 user groups of 10
 * members, 2,000 claim groups with claims and 10-level nesting), measured on the reference backend serving the built
 * example host, in Chromium. Prints a table with each goal's PASS or GAP and writes bench/admin/.out/results.json.
 *
 * Options: --reseed (rebuild the cached database), --no-build (reuse the last host build), --runs N (measured
 * navigations per screen, default 3), --iterations N (calls per API row, default 20), --skip-browser, --skip-api,
 * --small (a small seed in its own folder, to try the bench quickly). Ports: BENCH_ADMIN_PORT (default 5180) and
 * BENCH_ADMIN_OIDC_PORT (default 5181).
 * See bench/admin/README.md for how each figure is measured.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SEEDED_ACCOUNTS } from '../../example-host/server/accounts';
import { startServer, type ServerHandle } from '../../example-host/server/server';
import { BUILT_IN_CLAIM_GROUP_DEFINITIONS } from '../../src/domain/built-in-claim-groups';
import { claimKey } from '../../src/domain';
import { callKey, measureCalls, type CallResult, type CallSpec } from './api';
import { measureScreens, type BrowserResults, type ScreenSpec } from './browser';
import { measureEffectiveClaims, type ClaimsResult } from './claims';
import { claimsFigure, renderReport, screenFigures, GOALS, type Figure } from './report';
import {
  claimGroupName,
  claimsOfGroup,
  directClaimOfUser,
  FULL_SIZE,
  isSeeded,
  narrowingQuery,
  SEED_VERSION,
  seedFacts,
  seedScale,
  userName,
  type SeedFacts,
  type SeedSize,
} from './seed';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
const outDir = path.join(root, 'bench/admin/.out');
/** Keystrokes typed into each picker: at least this many… */
const TYPED_AT_LEAST = 4;
/** …and at most the whole generated word, until the target is offered. */
const TYPED_AT_MOST = 6;
const SMALL_SIZE: SeedSize = { users: 500, userGroups: 50, membersPerGroup: 10, claimGroups: 220, nesting: 10 };

interface Args {
  reseed: boolean;
  build: boolean;
  runs: number;
  iterations: number;
  browser: boolean;
  api: boolean;
  small: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { reseed: false, build: true, runs: 3, iterations: 20, browser: true, api: true, small: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a positive integer`);
      return n;
    };
    if (a === '--reseed') args.reseed = true;
    else if (a === '--no-build') args.build = false;
    else if (a === '--runs') args.runs = num();
    else if (a === '--iterations') args.iterations = num();
    else if (a === '--skip-browser') args.browser = false;
    else if (a === '--skip-api') args.api = false;
    else if (a === '--small') args.small = true;
    else throw new Error(`Unknown option ${a} (see bench/admin/README.md)`);
  }
  return args;
}

const log = (line: string) => process.stdout.write(`[bench:admin] ${line}\n`);

function gitRevision(): string {
  const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'example-host'], { cwd: root, encoding: 'utf8' });
  return `${rev.stdout.trim() || '?'}${dirty.stdout.trim() ? ' + uncommitted changes in src/ or example-host/' : ''}`;
}

function buildHost(target: string): number {
  const t0 = performance.now();
  const result = spawnSync(
    'npx',
    ['vite', 'build', '-c', 'example-host/vite.config.ts', '--outDir', target, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The example host did not build (see above).');
  return performance.now() - t0;
}

const SCREEN_CLAIM_GROUP_FLAGS = {
  includeClaims: 'true',
  IncludeApplicationUserGroups: 'false',
  IncludeApplicationUsers: 'false',
  includeClaimGroups: 'true',
};
const SCREEN_USER_FLAGS = { includeClaims: 'true', IncludeApplicationUserGroups: 'true', includeClaimGroups: 'true' };
const SCREEN_USER_GROUP_FLAGS = { includeClaims: 'true', includeApplicationUsers: 'true', includeClaimGroups: 'true' };

/** The calls of docs/spec.md, Calls the permission screens are specified to make, and the paged variants. */
function specCalls(iterations: number): CallSpec[] {
  const c = (name: string, path: string, query: Record<string, string>, note?: string, n = iterations): CallSpec => ({
    name,
    path: `/api/Claim/${path}`,
    query,
    iterations: n,
    origin: 'spec',
    ...(note ? { note } : {}),
  });
  const few = Math.min(iterations, 5);
  return [
    c('ClaimGroupsList (true,false,false,true)', 'ClaimGroupsList', SCREEN_CLAIM_GROUP_FLAGS),
    c('ApplicationList (true,true,true)', 'ApplicationList', SCREEN_USER_FLAGS),
    c('ApplicationUserGroupsList (true,true,true)', 'ApplicationUserGroupsList', SCREEN_USER_GROUP_FLAGS),
    c('ClaimGroupsPaged page=1', 'ClaimGroupsPaged', { ...SCREEN_CLAIM_GROUP_FLAGS, page: '1' }),
    c('ApplicationUsersPaged page=1', 'ApplicationUsersPaged', { ...SCREEN_USER_FLAGS, page: '1' }),
    c('ApplicationUserGroupsPaged page=1', 'ApplicationUserGroupsPaged', { ...SCREEN_USER_FLAGS, page: '1' }),
    c('ClaimGroupsPaged without page', 'ClaimGroupsPaged', SCREEN_CLAIM_GROUP_FLAGS, 'paging check', few),
    c('ApplicationUsersPaged without page', 'ApplicationUsersPaged', SCREEN_USER_FLAGS, 'paging check', few),
    c('ApplicationUserGroupsPaged without page', 'ApplicationUserGroupsPaged', SCREEN_USER_FLAGS, 'paging check', few),
  ];
}

/** Search / paged list endpoints declared in the route table beyond the spec's, called with their declared example. */
function discoveredCalls(handle: ServerHandle, known: Set<string>, iterations: number): CallSpec[] {
  const specNames = new Set(['ClaimGroupsPaged', 'ApplicationUsersPaged', 'ApplicationUserGroupsPaged']);
  return handle.registry
    .list()
    .filter((r) => r.method === 'GET' && /search|paged|page|find|lookup|option|suggest/i.test(r.path))
    .filter((r) => !specNames.has(r.path.split('/').pop() ?? ''))
    .map((r) => {
      const query = Object.fromEntries(Object.entries(r.example?.query ?? {}).map(([k, v]) => [k, String(v)]));
      return { name: `${r.path.replace('/api/Claim/', '')} (declared example)`, path: r.path, query, iterations, origin: 'discovered' as const };
    })
    .filter((s) => !known.has(callKey(s.path, s.query)));
}

/**
 * Distinct GET calls the screens made that the table does not have yet: at most 3 per shape (path and parameters
 * other than the typed `search` and the chosen group of `subGroupCandidatesOf`: a picker's keystrokes are one shape,
 * loading the chosen holder with its collections another), 30 in all.
 */
function observedCalls(browser: BrowserResults, known: Set<string>, iterations: number): CallSpec[] {
  const perShape = new Map<string, number>();
  const specs: CallSpec[] = [];
  for (const call of browser.calls) {
    if (call.method !== 'GET' || call.status !== 200) continue;
    const key = callKey(call.path, call.query);
    if (known.has(key)) continue;
    known.add(key);
    const params = new URLSearchParams(call.query);
    const shape = new URLSearchParams(params);
    shape.delete('search');
    if (shape.has('subGroupCandidatesOf')) shape.set('subGroupCandidatesOf', '…');
    const shapeKey = `${call.path}?${shape}`;
    const seen = perShape.get(shapeKey) ?? 0;
    if (seen >= 3 || specs.length >= 30) continue;
    perShape.set(shapeKey, seen + 1);
    // The name leaves out the include flags that are false, so that rows tell apart.
    const shown = [...params].filter(([, v]) => v !== 'false').map(([k, v]) => `${k}=${v.length > 12 ? `${v.slice(0, 8)}…` : v}`);
    const name = `${call.path.replace(/^\/api\//, '')}${shown.length ? `?${shown.join('&')}` : ''}`;
    specs.push({ name, path: call.path, query: Object.fromEntries(params), iterations, origin: 'observed' });
  }
  return specs;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const size = args.small ? SMALL_SIZE : FULL_SIZE;
  const dataDir = path.join(outDir, args.small ? 'pglite-small' : 'pglite');
  const markerFile = `${dataDir}.seed.json`;
  // Not under .out: ESLint (`eslint .`) would lint a built bundle there; node_modules is ignored by every tool.
  const hostDist = path.join(root, 'node_modules/.cache/bench-admin/host-dist');
  const port = Number(process.env.BENCH_ADMIN_PORT ?? 5180);
  const oidcPort = Number(process.env.BENCH_ADMIN_OIDC_PORT ?? 5181);
  const started = performance.now();
  const notMeasured: string[] = [];
  await mkdir(outDir, { recursive: true });

  let buildMs: number | null = null;
  if (args.browser) {
    if (args.build || !existsSync(path.join(hostDist, 'index.html'))) {
      log(`building the example host (vite build → ${path.relative(root, hostDist)})…`);
      try {
        buildMs = buildHost(hostDist);
        log(`built in ${(buildMs / 1000).toFixed(1)} s`);
      } catch (error) {
        // Other people's work in progress may not build: measure the rest.
        args.browser = false;
        notMeasured.push(`browser figures: ${(error as Error).message}`);
      }
    } else log(`reusing ${path.relative(root, hostDist)} (--no-build)`);
  }

  // The seed is cached in the data folder; a marker says which seed it holds.
  const marker = existsSync(markerFile)
    ? (JSON.parse(await readFile(markerFile, 'utf8')) as SeedFacts)
    : null;
  const markerOk = marker?.version === SEED_VERSION && JSON.stringify(marker.size) === JSON.stringify(size);
  if (args.reseed || !markerOk) {
    await rm(dataDir, { recursive: true, force: true });
    await rm(markerFile, { force: true });
  }

  log(`starting the server on 127.0.0.1:${port} (provider :${oidcPort}), data ${path.relative(root, dataDir)}`);
  const handle = await startServer({
    port,
    oidcPort,
    dataDir,
    hostDist: args.browser ? hostDist : null,
    hostOrigins: [],
    accessTokenTtlSeconds: 3600,
    log: (entry) => {
      if (entry.level === 'error') log(`server error: ${JSON.stringify(entry)}`);
    },
  });
  let facts: SeedFacts | null = null;
  let claims: ClaimsResult | null = null;
  let browser: BrowserResults | null = null;
  let screens: ScreenSpec[] = [];
  let calls: CallResult[] = [];
  try {
    if (markerOk && !args.reseed && (await isSeeded(handle.db, size))) {
      facts = seedFacts(size, marker.seededInMs);
      log('reusing the seeded database (--reseed rebuilds it)');
    } else {
      log('seeding…');
      facts = await seedScale(handle.db, size, log);
      await writeFile(markerFile, `${JSON.stringify(facts, null, 2)}\n`);
    }

    log('effective claims, uncached…');
    try {
      claims = await measureEffectiveClaims(handle, facts);
      notMeasured.push(...claims.problems.map((p) => `effective claims: ${p}`));
    } catch (error) {
      notMeasured.push(`effective claims: ${(error as Error).message}`);
    }

    if (args.browser) {
      const claimGroupNames = [
        ...BUILT_IN_CLAIM_GROUP_DEFINITIONS.map((d) => d.name),
        ...Array.from({ length: size.claimGroups }, (_, k) => claimGroupName(k + 1)),
      ];
      const builtIns = BUILT_IN_CLAIM_GROUP_DEFINITIONS.length;
      // Up to the whole six-letter word, every prefix narrowing the matches: 4 keystrokes at least, more while the
      // picker's page of matches does not offer the target yet.
      const role = narrowingQuery(claimGroupNames, builtIns + Math.min(1233, size.claimGroups - 1), (i) => i >= builtIns, TYPED_AT_MOST);
      const userNames = [...SEEDED_ACCOUNTS.map((a) => a.displayName), ...Array.from({ length: size.users }, (_, k) => userName(k + 1))];
      const accounts = SEEDED_ACCOUNTS.length;
      // A user who holds a claim directly, so that the panel has something to show checked.
      const user = narrowingQuery(
        userNames,
        accounts + Math.min(4319, size.users - 1),
        (i) => i >= accounts && directClaimOfUser(i - accounts + 1) !== null,
        TYPED_AT_MOST,
      );
      const roleIndex = role.target - builtIns + 1;
      const userIndex = user.target - accounts + 1;
      const userClaim = directClaimOfUser(userIndex);
      screens = [
        {
          key: 'roles',
          title: 'Role Management',
          path: '/admin/auth/assign-claims-to-roles',
          pickerLabels: ['Claim group', 'Role', 'Claim groups', 'Select claim group', 'Search claim groups'],
          target: { label: claimGroupNames[role.target] as string, prefixes: role.prefixes, minKeystrokes: TYPED_AT_LEAST },
          panel: { name: 'Configure Role', headingPrefix: 'Configure Role', headingIncludes: null, checkedKeys: claimsOfGroup(roleIndex).map(claimKey) },
        },
        {
          key: 'users',
          title: 'User & Role Management',
          path: '/admin/auth/assign-roles-to-users',
          pickerLabels: ['User', 'Users', 'Select user', 'Search users'],
          target: { label: userNames[user.target] as string, prefixes: user.prefixes, minKeystrokes: TYPED_AT_LEAST },
          panel: {
            name: 'Role & Permission Management',
            headingPrefix: 'Role & Permission Management',
            headingIncludes: null,
            checkedKeys: userClaim === null ? [] : [claimKey(userClaim)],
          },
        },
      ];
      const admin = SEEDED_ACCOUNTS.find((a) => a.sub === 'admin') ?? SEEDED_ACCOUNTS[0];
      if (!admin) throw new Error('No seeded admin account');
      log(`browser: ${args.runs} measured navigations per screen after a warm-up; typing ${role.prefixes.at(-1)} and ${user.prefixes.at(-1)}`);
      browser = await measureScreens({ base: handle.url, screens, runs: args.runs, username: admin.username, password: admin.password, log });
      for (const s of browser.screens) {
        for (const r of s.runs) for (const p of r.problems) notMeasured.push(`${s.title} ${r.warmup ? 'warm-up' : `run ${r.run}`}: ${p}`);
      }
      notMeasured.push(...browser.problems);
    } else if (!notMeasured.some((n) => n.startsWith('browser figures'))) notMeasured.push('browser figures: skipped (--skip-browser)');

    if (args.api) {
      const token = await handle.mintAccessToken(
        { sub: 'admin', name: 'Ada Admin', email: 'admin@example.com', preferred_username: 'admin' },
        { expiresInSeconds: 3600 },
      );
      const specs = specCalls(args.iterations);
      const known = new Set(specs.map((s) => callKey(s.path, s.query)));
      const discovered = discoveredCalls(handle, known, args.iterations);
      for (const d of discovered) known.add(callKey(d.path, d.query));
      const observed = browser ? observedCalls(browser, known, Math.min(args.iterations, 10)) : [];
      log(`API: ${specs.length} spec calls, ${discovered.length} discovered, ${observed.length} more seen on the screens`);
      calls = await measureCalls(handle.url, token, [...specs, ...discovered, ...observed], log);
      if (browser) {
        for (const call of calls) {
          const key = callKey(call.path, call.query);
          call.screens = [...new Set(browser.calls.filter((o) => callKey(o.path, o.query) === key).map((o) => o.screen))];
        }
      }
    } else notMeasured.push('API calls: skipped (--skip-api)');
  } finally {
    await handle.stop();
  }

  const figures: Figure[] = [];
  if (browser) {
    for (const s of browser.screens) figures.push(...screenFigures(s, s.key === 'roles' ? 'Configure Role' : 'Role & Permission Management'));
  }
  if (claims) figures.push(claimsFigure(claims));
  const totalMs = performance.now() - started;
  const heading =
    `Admin bench — ${size.users.toLocaleString('en')} users · ${size.userGroups.toLocaleString('en')} user groups × ${size.membersPerGroup} members · ` +
    `${size.claimGroups.toLocaleString('en')} claim groups (chains of ${size.nesting} nested levels)\n` +
    `${new Date().toISOString()} · ${gitRevision()} · ${os.cpus().length} CPU · Node ${process.version} · run ${(totalMs / 1000).toFixed(0)} s`;
  const report = renderReport({ heading, calls, browser, figures, notMeasured });
  process.stdout.write(`\n${report}\n`);

  const results = {
    heading,
    goals: GOALS,
    size,
    seed: facts,
    buildMs,
    totalMs,
    calls,
    figures,
    claims,
    screens,
    browser,
    notMeasured,
  };
  const file = path.join(outDir, args.small ? 'results-small.json' : 'results.json');
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${path.relative(root, file)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:admin] failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
