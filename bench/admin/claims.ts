/**
 * Uncached effective-claims computation for a user whose claims come through 10 levels of nested claim groups,
 * called directly on the running server's claims service (what every request's claim check calls), with its caches
 * cleared before each call. Where the server's modules expose them, the loading of the user's claim graph and the
 * pure computation are timed apart as well.
 */
import type { ServerHandle } from '../../example-host/server/server';
import type { SeedFacts } from './seed';
import { summarise, type Summary } from './stats';

export interface ClaimsResult {
  user: string;
  nesting: number;
  /** Clear caches, then the service's effective claims for the user: what a request pays on a cache miss. */
  uncached: Summary;
  samples: number[];
  /** The warm-up calls before the measured ones (the first is the first call after the server started), in ms. */
  warmups: number[];
  /** How the cache was emptied before each call. */
  clearedWith: string;
  claimCount: number;
  /** Every claim of the chain is in the answer (the computation really went through every level). */
  reachesEveryLevel: boolean;
  /** Loading the user's claim graph from the database, when the server exposes a loader. */
  load: Summary | null;
  /** The domain computation over an already loaded graph, when exposed. */
  compute: Summary | null;
  loader: string | null;
  problems: string[];
}

type ClaimsServiceLike = {
  effectiveClaims(userId: string): Promise<ReadonlySet<number> | Iterable<number>>;
  clearUser?(userId: string): void;
  invalidateAll?(): void;
  clear?(): void;
};

type Fn = (...args: unknown[]) => unknown;

/**
 * Calls before the measured ones. A server process that has just opened its PGlite data folder runs its first few
 * dozen queries several times slower (V8 tiering up PostgreSQL's WebAssembly, pages entering its buffers): measured
 * after those, the figure is what a running server pays per cache miss; the first call and the warm-up calls are
 * reported beside it.
 */
const WARMUP_CALLS = 50;

/** Imports a module by a path the type checker does not resolve (modules are being moved while this runs). */
async function tryImport(specifier: string): Promise<Record<string, unknown> | null> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export async function measureEffectiveClaims(handle: ServerHandle, facts: SeedFacts, iterations = 50): Promise<ClaimsResult> {
  const problems: string[] = [];
  const service = handle.claims as unknown as ClaimsServiceLike;
  const userId = facts.deepUser.id;
  let clearedWith = 'nothing (no clear method found)';
  const clear = () => {
    if (typeof service.invalidateAll === 'function') {
      clearedWith = 'claims.invalidateAll()';
      service.invalidateAll();
    } else if (typeof service.clear === 'function') {
      clearedWith = 'claims.clear()';
      service.clear();
    } else if (typeof service.clearUser === 'function') {
      clearedWith = 'claims.clearUser(user)';
      service.clearUser(userId);
    }
  };

  const samples: number[] = [];
  const warmups: number[] = [];
  let last: Set<number> = new Set();
  // Warm-up calls first (JIT, the database's plan cache, its buffers: a running server's steady state), then the
  // measured ones. Every call, warm-up or measured, starts with the cache emptied: each is a cache miss.
  for (let i = 0; i < iterations + WARMUP_CALLS; i++) {
    clear();
    const t0 = performance.now();
    const claims = await service.effectiveClaims(userId);
    const elapsed = performance.now() - t0;
    if (i >= WARMUP_CALLS) samples.push(elapsed);
    else warmups.push(elapsed);
    last = new Set(claims as Iterable<number>);
  }
  const reachesEveryLevel = facts.chainClaims.every((c) => last.has(c));
  if (!reachesEveryLevel) problems.push('the effective claims lack some of the chain’s claims: the nesting was not followed');

  // The parts, where exposed: the graph loader (server) and the computation (domain).
  let load: Summary | null = null;
  let compute: Summary | null = null;
  let loader: string | null = null;
  const domain = await tryImport(new URL('../../src/domain/index.ts', import.meta.url).href);
  const computeFn = domain?.computeEffectiveClaims as Fn | undefined;
  for (const file of ['claims-service.ts', 'claims.ts', 'auth.ts']) {
    const mod = await tryImport(new URL(`../../example-host/server/${file}`, import.meta.url).href);
    const loadFn = mod?.loadClaimGraph as Fn | undefined;
    if (typeof loadFn !== 'function' || loadFn.length < 2) continue;
    loader = `example-host/server/${file} loadClaimGraph`;
    const loads: number[] = [];
    const computes: number[] = [];
    for (let i = 0; i < iterations + WARMUP_CALLS; i++) {
      const t0 = performance.now();
      const graph = await loadFn(handle.db, userId);
      const t1 = performance.now();
      if (typeof computeFn === 'function') computeFn(graph);
      const t2 = performance.now();
      if (i >= WARMUP_CALLS) {
        loads.push(t1 - t0);
        computes.push(t2 - t1);
      }
    }
    load = summarise(loads);
    compute = typeof computeFn === 'function' ? summarise(computes) : null;
    break;
  }
  if (!loader) problems.push('no loadClaimGraph(db, userId) found in the server: load and compute not timed apart');

  return {
    user: facts.deepUser.name,
    nesting: facts.size.nesting,
    uncached: summarise(samples),
    samples,
    warmups,
    clearedWith,
    claimCount: last.size,
    reachesEveryLevel,
    load,
    compute,
    loader,
    problems,
  };
}
