/**
 * `npm run bench:forms`: the form instance list at scale (200 forms in 20 groups, 100,000 instances with answers and
 * statuses), seeded through the server's own data layer (drizzle, batched inserts) and measured over HTTP against the
 * real server on PGlite and on a throw-away PostgreSQL (the one the tests start): the calls the instance list makes
 * (first and next page, each filter, each sort, `$search` in the answers, the count) as p50 / p95 and bytes, and the
 * CSV export of every instance with the process's memory sampled while it streams. Prints a table with each goal's
 * PASS or GAP and writes bench/forms/results.json.
 *
 * Then, in Chromium through the real host build (bench/forms/browser.ts): navigation → usable table on the Form
 * Instances route and keystroke → results of its search box.
 *
 * Options: --small (2,000 instances, to try the bench quickly), --iterations N (calls per row, default 20),
 * --skip-pglite, --skip-postgres, --reseed (rebuild the cached PGlite database), --no-browser, --no-build (reuse
 * the last host build in .out/host-dist), --runs N (browser runs, default 3), --browser-only (the browser's figures
 * alone, to .out/results-browser.json), --exports-only (the CSV and XLSX alone, to .out/results-exports.json), --timeline (print what each navigation loaded when), --profile
 * (a CPU profile of the last navigation, to .out/navigation-<back end>.cpuprofile, its heaviest functions printed). Ports: free ones, on 127.0.0.1.
 * See bench/forms/README.md for how each figure is measured.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerHandle } from '../../example-host/server/server';
import * as odata from '../../src/api/odata';
import type { ODataQueryOptions } from '../../src/api/odata';
import type { FormInstance } from '../../src/api/types';
import { FormInstanceStatus } from '../../src/api/enums';
import { startTemporaryPostgres } from '../../tests/server/postgres';
import { freePort } from '../../tests/e2e/stack';
import { INSTANCES_PATH, measureBrowser, type BrowserResults } from './browser';
import { bytes, ms, summarise, type Summary } from '../admin/stats';
import { BATCH, CITIES, FULL_SIZE, formId, groupId, isSeeded, LAYOUT, ONE_FORM_SIZES, seed, SEED_VERSION, settle, SMALL_SIZE, surname, updateSeedLayouts, type SeedResult, type SeedSize } from './seed';
import { answerFieldsOf, answerFilter } from '../../src/forms-admin/FormInstanceList/answer-columns';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
const outDir = path.join(root, 'bench/forms/.out');
const log = (line: string) => process.stdout.write(`[bench:forms] ${line}\n`);

/** The goals this bench checks. */
const GOALS = {
  listP95Ms: 100,
  /** A summary of the answers (`GET /api/Forms/InstanceSummary`), p95. */
  summaryMs: 1_000,
  csvMs: 10_000,
  /** The XLSX export of every instance, streamed. */
  xlsxMs: 20_000,
  /** A page with answer columns sorted by an answer, or filtered on one, p95. */
  answerListP95Ms: 150,
  /** Navigation → usable table in Chromium (the worst measured run). */
  tableUsableMs: 500,
  /** Last keystroke in the search box → the filtered table painted (the median of the runs of each term). */
  searchResultsMs: 150,
} as const;

// ---------------------------------------------------------------- calls

/** Typed into the list's search box in Chromium: a common word (~10 % of the rows) and a rare surname. */
const SEARCH_TERMS = [CITIES[2] as string, surname(4_242)];

interface CallSpec {
  name: string;
  /** Which kind of goal the row counts towards. */
  kind: 'list' | 'count' | 'summary' | 'answers';
  query: ODataQueryOptions<FormInstance>;
}

interface CallResult {
  name: string;
  kind: CallSpec['kind'];
  url: string;
  status: number;
  latency: Summary;
  bytes: number;
  items: string | null;
  error?: string;
}

/** What the instance list asks for a page (FormInstanceList: answers left out, the form and schema expanded). */
const LIST_SELECT = ['formInstanceId', 'formSchemaId', 'formId', 'status', 'isDeleted', 'createdDateTime', 'lastUpdatedDateTime'] as (keyof FormInstance)[];
const LIST_EXPAND = { form: { select: ['formId', 'name', 'formGroupId'] }, formSchema: { select: ['formSchemaId', 'version'] } } as unknown as ODataQueryOptions<FormInstance>['expand'];
const NOT_DELETED = odata.eq<FormInstance>('isDeleted', false);

function page(filter: odata.Filter<FormInstance>[], extra: Partial<ODataQueryOptions<FormInstance>> = {}): ODataQueryOptions<FormInstance> {
  return {
    filter: odata.and<FormInstance>(NOT_DELETED, ...filter),
    orderBy: [['lastUpdatedDateTime', 'desc']],
    top: 20,
    skip: 0,
    count: true,
    select: LIST_SELECT,
    expand: LIST_EXPAND,
    ...extra,
  };
}

function listCalls(size: SeedSize): CallSpec[] {
  const g = Math.min(3, size.groups - 1);
  const f = Math.min(17, size.forms - 1);
  const groupForms = Array.from({ length: size.forms / size.groups }, (_, k) => odata.guid(formId(g * (size.forms / size.groups) + k)));
  const month = (from: string, to: string) => [odata.ge<FormInstance>('createdDateTime', new Date(from)), odata.lt<FormInstance>('createdDateTime', new Date(to))];
  const rare = surname(4_242);
  const deep = Math.floor(size.instances / 40 / 20) * 20;
  const specs: CallSpec[] = [
    { name: 'first page (updated desc, 20, count)', kind: 'list', query: page([]) },
    { name: 'next page ($skip=20)', kind: 'list', query: page([], { skip: 20 }) },
    { name: `page ${deep / 20 + 1} ($skip=${deep})`, kind: 'list', query: page([], { skip: deep }) },
    { name: '100 a page', kind: 'list', query: page([], { top: 100 }) },
    { name: 'form: formId eq', kind: 'list', query: page([odata.eq<FormInstance>('formId', odata.guid(formId(f)))]) },
    { name: 'group: form/formGroupId eq', kind: 'list', query: page([odata.eq<FormInstance & { form: unknown }>('form/formGroupId', odata.guid(groupId(g))) as odata.Filter<FormInstance>]) },
    { name: "group: formId in (group's 10 forms)", kind: 'list', query: page([odata.in<FormInstance>('formId', groupForms)]) },
    { name: 'status in (Submitted)', kind: 'list', query: page([odata.in<FormInstance>('status', [FormInstanceStatus.Submitted])]) },
    { name: 'status in (Created, InProgress)', kind: 'list', query: page([odata.in<FormInstance>('status', [FormInstanceStatus.Created, FormInstanceStatus.InProgress])]) },
    { name: 'created in one month', kind: 'list', query: page(month('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z')) },
    {
      name: 'updated in one month',
      kind: 'list',
      query: page([odata.ge<FormInstance>('lastUpdatedDateTime', new Date('2025-03-01T00:00:00Z')), odata.lt<FormInstance>('lastUpdatedDateTime', new Date('2025-04-01T00:00:00Z'))]),
    },
    { name: `$search common word (${CITIES[2]}, ~10 %)`, kind: 'list', query: { ...page([]), search: odata.searchWords(CITIES[2] as string) } },
    { name: `$search rare surname (${rare})`, kind: 'list', query: { ...page([]), search: odata.searchWords(rare) } },
    { name: '$search two words (topic + city)', kind: 'list', query: { ...page([]), search: odata.searchWords(`festival ${CITIES[4] as string}`) } },
    { name: '$search 3 letters (ber)', kind: 'list', query: { ...page([]), search: odata.searchWords('ber') } },
    { name: '$search prefix being typed (Richt)', kind: 'list', query: { ...page([]), search: odata.searchWords('Richt') } },
    {
      name: 'group + status + search',
      kind: 'list',
      query: {
        ...page([
          odata.eq<FormInstance & { form: unknown }>('form/formGroupId', odata.guid(groupId(g))) as odata.Filter<FormInstance>,
          odata.in<FormInstance>('status', [FormInstanceStatus.Submitted, FormInstanceStatus.Completed]),
        ]),
        search: odata.searchWords(CITIES[0] as string),
      },
    },
    { name: 'form + created month', kind: 'list', query: page([odata.eq<FormInstance>('formId', odata.guid(formId(f))), ...month('2025-03-01T00:00:00Z', '2025-06-01T00:00:00Z')]) },
    { name: 'deleted view (isDeleted eq true)', kind: 'list', query: { ...page([]), filter: odata.eq<FormInstance>('isDeleted', true) } },
  ];
  for (const column of ['createdDateTime', 'lastUpdatedDateTime', 'status'] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      if (column === 'lastUpdatedDateTime' && direction === 'desc') continue;
      specs.push({ name: `sort ${column} ${direction}`, kind: 'list', query: page([], { orderBy: [[column, direction]] }) });
    }
  }
  specs.push({ name: 'sort status desc, filtered to a form', kind: 'list', query: page([odata.eq<FormInstance>('formId', odata.guid(formId(f)))], { orderBy: [['status', 'desc']] }) });
  specs.push({ name: 'count only ($top=0)', kind: 'count', query: { filter: NOT_DELETED, top: 0, count: true } });
  // Answer columns (Form Instances with one form chosen): the answers read with the page ($select data), sorted by
  // one, and a filter on an answer written as the screen writes it (answerFilter: a text contains the typed words).
  const answerColumn = (path: string) => answerFieldsOf(LAYOUT).find((column) => column.path === path);
  const city = answerColumn('/address/city');
  const cityFilter = city ? answerFilter(city, CITIES[2] as string) : null;
  const withAnswers = [...LIST_SELECT, 'data'] as (keyof FormInstance)[];
  const ofForm = odata.eq<FormInstance>('formId', odata.guid(formId(f)));
  specs.push({ name: 'three answer columns, sorted by last name (a form)', kind: 'answers', query: page([ofForm], { select: withAnswers, orderBy: [['data/applicant/lastName' as keyof FormInstance, 'asc']] }) });
  specs.push({ name: 'three answer columns, sorted by amount desc (a form)', kind: 'answers', query: page([ofForm], { select: withAnswers, orderBy: [['data/amount' as keyof FormInstance, 'desc']] }) });
  if (cityFilter) specs.push({ name: `filter on an answer: city contains ${CITIES[2]} (a form)`, kind: 'answers', query: page([ofForm, cityFilter], { select: withAnswers }) });
  if (cityFilter) specs.push({ name: `filter on an answer: city contains ${CITIES[2]} (every form)`, kind: 'answers', query: page([cityFilter], { select: withAnswers }) });
  // The summary of the answers (Form Instances' 'Summary' tab): of one form, and of every instance at once.
  specs.push({ name: 'summary of one form', kind: 'summary', query: { filter: odata.and<FormInstance>(NOT_DELETED, odata.eq<FormInstance>('formId', odata.guid(formId(f)))) } });
  specs.push({ name: 'summary of every instance', kind: 'summary', query: { filter: NOT_DELETED } });
  specs.push({ name: 'count of a status', kind: 'count', query: { filter: odata.and<FormInstance>(NOT_DELETED, odata.in<FormInstance>('status', [FormInstanceStatus.Submitted])), top: 0, count: true } });
  return specs;
}

/** The prefix of the rows measured on the database whose instances are all of one form. */
const ONE_FORM = 'one form of';

/**
 * On the second database (every instance in one form, {@link ONE_FORM_SIZES}): that form's summary, a page of it with
 * three answer columns sorted by an answer, and a filter on an answer in it.
 */
function oneFormCalls(size: SeedSize): CallSpec[] {
  const label = `${ONE_FORM} ${size.instances.toLocaleString('en')}`;
  const ofForm = odata.eq<FormInstance>('formId', odata.guid(formId(0)));
  const withAnswers = [...LIST_SELECT, 'data'] as (keyof FormInstance)[];
  const city = answerFieldsOf(LAYOUT).find((column) => column.path === '/address/city');
  const cityFilter = city ? answerFilter(city, CITIES[2] as string) : null;
  const specs: CallSpec[] = [
    { name: `${label}: summary of the form`, kind: 'summary', query: { filter: odata.and<FormInstance>(NOT_DELETED, ofForm) } },
    { name: `${label}: three answer columns, sorted by last name`, kind: 'answers', query: page([ofForm], { select: withAnswers, orderBy: [['data/applicant/lastName' as keyof FormInstance, 'asc']] }) },
  ];
  if (cityFilter) specs.push({ name: `${label}: filter on an answer: city contains ${CITIES[2]}`, kind: 'answers', query: page([ofForm, cityFilter], { select: withAnswers }) });
  return specs;
}

async function measureCalls(base: string, token: string, specs: readonly CallSpec[], iterations: number): Promise<CallResult[]> {
  const results: CallResult[] = [];
  for (const spec of specs) {
    const url = spec.kind === 'summary' ? `${base}/api/Forms/InstanceSummary?${odata.buildQuery(spec.query)}` : `${base}/odata/FormInstanceOData?${odata.buildQuery(spec.query)}`;
    const samples: number[] = [];
    let status = 0;
    let size = 0;
    let items: string | null = null;
    let error: string | undefined;
    const call = async () => {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
      const text = await response.text();
      const elapsed = performance.now() - t0;
      status = response.status;
      size = Buffer.byteLength(text);
      return { elapsed, text };
    };
    try {
      const first = await call();
      if (status !== 200) throw new Error(`HTTP ${status}: ${first.text.slice(0, 300)}`);
      const body = JSON.parse(first.text) as { value?: unknown[]; '@odata.count'?: number; instances?: number; questions?: unknown[] };
      items = spec.kind === 'summary' ? `${body.questions?.length ?? 0} questions over ${body.instances ?? '?'}` : `${body.value?.length ?? 0} of ${body['@odata.count'] ?? '?'}`;
      const started = performance.now();
      for (let i = 0; i < iterations; i++) {
        samples.push((await call()).elapsed);
        // Bounded: a call series stops after 20 s (at least 5 calls).
        if (i >= 4 && performance.now() - started > 20_000) break;
      }
    } catch (e) {
      error = (e as Error).message;
    }
    const result: CallResult = { name: spec.name, kind: spec.kind, url: url.slice(base.length), status, latency: summarise(samples), bytes: size, items, ...(error ? { error } : {}) };
    results.push(result);
    log(`  ${spec.name}: HTTP ${status}, p50 ${ms(result.latency.p50)}, p95 ${ms(result.latency.p95)}, ${bytes(size)}${items ? `, ${items}` : ''}${error ? ` — ${error}` : ''}`);
  }
  return results;
}

/** How long the CSV export may run before the bench stops it (six times the goal). */
const CSV_LIMIT_MS = 60_000;

interface CsvResult {
  status: number;
  ms: number;
  firstByteMs: number;
  bytes: number;
  rows: number;
  baseline: { rss: number; heapUsed: number };
  peak: { rss: number; heapUsed: number };
  /** Peak over baseline: what streaming the export added. */
  growth: { rss: number; heapUsed: number };
  error?: string;
}

/**
 * Every non-deleted instance as CSV, read as a stream (the bench counts bytes and line breaks and keeps nothing), while
 * the memory of this process, which runs the server too, is sampled every 20 ms.
 */
async function measureCsv(base: string, token: string, file: 'Csv' | 'Xlsx' = 'Csv'): Promise<CsvResult> {
  globalThis.gc?.();
  const baseline = { rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed };
  const peak = { ...baseline };
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  let firstByteMs = 0;
  let size = 0;
  let lines = 0;
  let status = 0;
  let error: string | undefined;
  try {
    const query = odata.buildQuery<FormInstance>({ filter: NOT_DELETED, orderBy: [['lastUpdatedDateTime', 'desc']] });
    // Bounded: an export still running after CSV_LIMIT_MS is stopped, and the rows it gave by then are reported.
    const response = await fetch(`${base}/api/Forms/ExportInstances${file}?${query}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(CSV_LIMIT_MS) });
    status = response.status;
    if (!response.body) throw new Error('no body');
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByteMs) firstByteMs = performance.now() - t0;
      size += value.byteLength;
      for (let k = 0; k < value.length; k++) if (value[k] === 10) lines++;
    }
  } catch (e) {
    error = (e as Error).message;
  } finally {
    clearInterval(timer);
  }
  const took = performance.now() - t0;
  const m = process.memoryUsage();
  peak.rss = Math.max(peak.rss, m.rss);
  peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  const result: CsvResult = {
    status,
    ms: took,
    firstByteMs,
    bytes: size,
    // Answers hold no line breaks, so every line but the header is a row (an XLSX is zipped: its rows are not counted).
    rows: file === 'Csv' ? Math.max(0, lines - 1) : 0,
    baseline,
    peak,
    growth: { rss: peak.rss - baseline.rss, heapUsed: peak.heapUsed - baseline.heapUsed },
    ...(error ? { error } : {}),
  };
  log(
    `  ${file.toUpperCase()} export: HTTP ${status}, ${(took / 1000).toFixed(1)} s (first byte ${ms(firstByteMs)}), ${bytes(size)}, ${result.rows.toLocaleString('en')} rows, ` +
      `peak RSS +${bytes(result.growth.rss)}, heap +${bytes(result.growth.heapUsed)}${error ? ` — ${error}` : ''}`,
  );
  return result;
}

// ---------------------------------------------------------------- run

interface BackendResult {
  backend: 'PGlite' | 'PostgreSQL';
  /** Set when these figures were carried over from an earlier run (its date and revision). */
  from?: string;
  seed: SeedResult | null;
  seedReused: boolean;
  calls: CallResult[];
  /** The seed of the database whose instances are all of one form (its rows are the calls named `one form of …`). */
  oneFormSeed?: SeedResult | null;
  oneFormSeedReused?: boolean;
  csv: CsvResult | null;
  /** The XLSX export of every instance (bytes and time; its rows are not counted). */
  xlsx?: CsvResult | null;
  browser: BrowserResults | null;
  /** `--compare`: each build's navigations and searches, measured in turns on the same server and database. */
  compared?: { build: string; round: number; browser: BrowserResults }[];
  problems: string[];
}

/** What the browser half needs: the built host and how many runs. */
interface BrowserOptions {
  hostDist: string;
  runs: number;
  /** Print each measured navigation's timeline (`--timeline`). */
  timeline: boolean;
  /** Profile the last measured navigation (`--profile`: .out/navigation-<back end>.cpuprofile). */
  profile: boolean;
  /**
   * `--compare DIR`: another build, measured in turns with `hostDist` (`rounds` rounds, each build `runs` navigations a
   * round) on the same server and database, so both meet the same load. The server serves a link that each turn points
   * at its build (the static host reads its files per request).
   */
  compare?: { hostDist: string; rounds: number };
}

/** The folder the server serves when two builds are compared: a link to the build whose turn it is. */
const servingLink = path.join(outDir, 'host-serving');
async function serve(hostDist: string): Promise<void> {
  await rm(servingLink, { force: true, recursive: false });
  await symlink(path.resolve(hostDist), servingLink, 'dir');
}

async function runBackend(
  backend: BackendResult['backend'],
  open: { dataDir?: string; databaseUrl?: string },
  size: SeedSize,
  iterations: number,
  cached: SeedResult | null,
  browserOptions: BrowserOptions | null,
  mode: 'full' | 'one form' | 'browser only' | 'exports only' = 'full',
): Promise<BackendResult> {
  log(`${backend}: starting the server on 127.0.0.1 (free ports)`);
  const handle: ServerHandle = await startServer({
    // Known ports: the identity provider's issuer (which the browser signs in at) names its port.
    port: await freePort(),
    oidcPort: await freePort(),
    ...(open.dataDir ? { dataDir: open.dataDir } : {}),
    ...(open.databaseUrl ? { databaseUrl: open.databaseUrl } : {}),
    hostDist: browserOptions?.compare ? (await serve(browserOptions.hostDist), servingLink) : (browserOptions?.hostDist ?? null),
    hostOrigins: [],
    accessTokenTtlSeconds: 3600,
    log: (entry) => {
      if (entry.level === 'error') log(`server error: ${JSON.stringify(entry).slice(0, 500)}`);
    },
  });
  const result: BackendResult = { backend, seed: null, seedReused: false, calls: [], csv: null, xlsx: null, browser: null, problems: [] };
  try {
    if (cached && (await isSeeded(handle.db, size))) {
      result.seed = cached;
      result.seedReused = true;
      log(`${backend}: reusing the seeded database (seeded in ${(cached.ms / 1000).toFixed(1)} s; --reseed rebuilds it)`);
      // What autovacuum would have done after a migration that rewrote a table (PGlite has none): the statistics, and
      // the visibility map without which every index-only count reads the rows again.
      await settle(handle.db, log);
      await updateSeedLayouts(handle.db);
    } else {
      log(`${backend}: seeding ${size.instances.toLocaleString('en')} instances in batches of ${BATCH}…`);
      result.seed = await seed(handle.db, size, log);
      log(`${backend}: seeded in ${(result.seed.ms / 1000).toFixed(1)} s (${result.seed.instancesPerSecond.toLocaleString('en')} instances/s)`);
    }
    const token = await handle.mintAccessToken(
      { sub: 'admin', name: 'Ada Admin', email: 'admin@example.com', preferred_username: 'admin' },
      { expiresInSeconds: 3600 },
    );
    if (mode === 'one form') {
      log(`${backend}: the calls of one form of ${size.instances.toLocaleString('en')} instances (${iterations} each after a warm-up)`);
      result.calls = await measureCalls(handle.url, token, oneFormCalls(size), iterations);
      return result;
    }
    if (mode === 'full' || mode === 'exports only') {
      if (mode === 'full') {
        log(`${backend}: list calls (${iterations} each after a warm-up)`);
        result.calls = await measureCalls(handle.url, token, listCalls(size), iterations);
      }
      log(`${backend}: CSV export of every instance`);
      result.csv = await measureCsv(handle.url, token);
      log(`${backend}: XLSX export of every instance`);
      result.xlsx = await measureCsv(handle.url, token, 'Xlsx');
    }
    if (browserOptions && mode !== 'exports only') {
      log(`${backend}: Chromium on ${INSTANCES_PATH} of the built host (${browserOptions.runs} runs after a warm-up)`);
      // The total each term shows, so the browser waits for the final term's results (not a prefix's).
      const terms: { term: string; total: number }[] = [];
      for (const term of SEARCH_TERMS) {
        const query = odata.buildQuery<FormInstance>({ filter: NOT_DELETED, search: odata.searchWords(term), top: 0, count: true });
        const counted = await fetch(`${handle.url}/odata/FormInstanceOData?${query}`, { headers: { authorization: `Bearer ${token}` } });
        terms.push({ term, total: ((await counted.json()) as { '@odata.count': number })['@odata.count'] });
      }
      const measure = () =>
        measureBrowser({
          base: handle.url,
          runs: browserOptions.runs,
          terms,
          username: 'admin',
          password: 'admin-password',
          log,
          timeline: browserOptions.timeline,
          ...(browserOptions.profile ? { profile: path.join(outDir, `navigation-${backend}.cpuprofile`) } : {}),
        });
      if (browserOptions.compare) {
        result.compared = [];
        const builds = [browserOptions.hostDist, browserOptions.compare.hostDist];
        for (let round = 1; round <= browserOptions.compare.rounds; round++) {
          for (const build of builds) {
            await serve(build);
            log(`${backend}: round ${round}, build ${path.relative(root, build) || build} (load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
            const browser = await measure();
            result.compared.push({ build, round, browser });
            if (build === browserOptions.hostDist) result.browser = browser;
          }
        }
        for (const build of builds) {
          const mine = result.compared.filter((c) => c.build === build);
          const usable = mine.flatMap((c) => c.browser.navigations.filter((n) => !n.warmup).map((n) => n.usableMs));
          const searches = mine.flatMap((c) => c.browser.searches.map((x) => x.ms));
          const show = (values: (number | null)[]) => values.map((v) => (v === null ? '—' : Math.round(v))).join(', ');
          log(`${backend}: ${path.relative(root, build) || build}: navigation → usable ${show(usable)} ms; search ${show(searches)} ms`);
        }
      } else result.browser = await measure();
    }
  } catch (e) {
    result.problems.push((e as Error).message);
  } finally {
    await handle.stop();
  }
  return result;
}

function gitRevision(): string {
  const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'example-host'], { cwd: root, encoding: 'utf8' });
  return `${rev.stdout.trim() || '?'}${dirty.stdout.trim() ? ' + uncommitted changes in src/ or example-host/' : ''}`;
}

const verdict = (value: number | null | undefined, goal: number) => (value === null || value === undefined ? 'not measured' : value <= goal ? 'PASS' : `GAP (+${ms(value - goal)})`);

function renderReport(heading: string, backends: readonly BackendResult[], expected: number): string {
  const lines = [heading, ''];
  const names = [...new Set(backends.flatMap((b) => b.calls.map((c) => c.name)))];
  const header = ['call', ...backends.flatMap((b) => [`${b.backend} p50`, `${b.backend} p95`, `${b.backend} goal`]), 'bytes', 'rows'];
  lines.push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  for (const name of names) {
    const cells = [name];
    let size = '';
    let items = '';
    for (const b of backends) {
      const c = b.calls.find((x) => x.name === name);
      cells.push(ms(c?.latency.p50), ms(c?.latency.p95), c?.error ? `ERROR ${c.error.slice(0, 60)}` : verdict(c?.latency.p95, c?.kind === 'summary' ? GOALS.summaryMs : c?.kind === 'answers' ? GOALS.answerListP95Ms : GOALS.listP95Ms));
      if (c) {
        size = bytes(c.bytes);
        items = c.items ?? '';
      }
    }
    lines.push(`| ${[...cells, size, items].join(' | ')} |`);
  }
  lines.push('');
  for (const b of backends) {
    const seedLine = b.seed ? `seeded ${b.seed.size.instances.toLocaleString('en')} instances in ${(b.seed.ms / 1000).toFixed(1)} s${b.seedReused ? ' (cached)' : ''}` : 'not seeded';
    lines.push(`${b.backend}: ${seedLine}${b.from ? ` — figures carried over from the run of ${b.from}` : ''}`);
    if (b.oneFormSeed) {
      const one = b.oneFormSeed;
      lines.push(`${b.backend}: the database of one form (rows '${ONE_FORM} …'): seeded ${one.size.instances.toLocaleString('en')} instances in one form in ${(one.ms / 1000).toFixed(1)} s${b.oneFormSeedReused ? ' (cached)' : ''}`);
    }
    const c = b.csv;
    if (c) {
      const complete = c.rows === expected;
      lines.push(
        `${b.backend}: CSV export ${c.rows.toLocaleString('en')} rows (${complete ? 'all' : `expected ${expected.toLocaleString('en')}`}), ${bytes(c.bytes)} in ${(c.ms / 1000).toFixed(1)} s, ` +
          `first byte ${ms(c.firstByteMs)}, peak RSS ${bytes(c.peak.rss)} (+${bytes(c.growth.rss)}), peak heap ${bytes(c.peak.heapUsed)} (+${bytes(c.growth.heapUsed)}) — ` +
          `≤ 10 s: ${complete && c.status === 200 ? verdict(c.ms, GOALS.csvMs) : `GAP (HTTP ${c.status}${c.error ? `, ${c.error}` : ''})`}`,
      );
    }
    const x = b.xlsx;
    if (x) {
      lines.push(
        `${b.backend}: XLSX export of every instance, ${bytes(x.bytes)} in ${(x.ms / 1000).toFixed(1)} s, first byte ${ms(x.firstByteMs)}, peak RSS ${bytes(x.peak.rss)} (+${bytes(x.growth.rss)}), ` +
          `peak heap ${bytes(x.peak.heapUsed)} (+${bytes(x.growth.heapUsed)}) — ≤ 20 s: ${x.status === 200 && !x.error ? verdict(x.ms, GOALS.xlsxMs) : `GAP (HTTP ${x.status}${x.error ? `, ${x.error}` : ''})`}`,
      );
    }
    const w = b.browser;
    if (w) {
      const nav = w.navigations.filter((n) => !n.warmup && n.usableMs !== null).map((n) => n.usableMs as number);
      const worst = nav.length ? Math.max(...nav) : null;
      lines.push(
        `${b.backend}: Chromium ${INSTANCES_PATH}: navigation → usable table ${nav.map((v) => ms(v)).join(', ') || '—'} (worst ${ms(worst)}) — ≤ ${GOALS.tableUsableMs} ms: ${verdict(worst, GOALS.tableUsableMs)}`,
      );
      for (const term of [...new Set(w.searches.map((x) => x.term))]) {
        const times = w.searches.filter((x) => x.term === term && x.ms !== null).map((x) => x.ms as number);
        const median = times.length ? summarise(times).p50 : null;
        const shown = w.searches.find((x) => x.term === term && x.pagination)?.pagination ?? '';
        lines.push(
          `${b.backend}: Chromium search "${term}" (${shown}): last key → results ${times.map((v) => ms(v)).join(', ') || '—'} (median ${ms(median)}) — ≤ ${GOALS.searchResultsMs} ms: ${verdict(median, GOALS.searchResultsMs)}`,
        );
      }
      const lists = w.calls.filter((c) => c.path.endsWith('/FormInstanceOData') && c.ms !== null);
      if (lists.length) {
        const s = summarise(lists.map((c) => c.ms as number));
        const wire = lists.map((c) => c.wireBytes ?? 0);
        lines.push(`${b.backend}: Chromium saw ${lists.length} instance list calls: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, ${bytes(Math.max(...wire))} at most on the wire`);
      }
      for (const p of w.problems) lines.push(`${b.backend}: Chromium problem: ${p}`);
    }
    for (const p of b.problems) lines.push(`${b.backend}: problem: ${p}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let small = false;
  let iterations = 20;
  let pglite = true;
  let postgres = true;
  let reseed = false;
  let browserRuns: number | null = 3;
  let build = true;
  let oneForm = true;
  let browserOnly = false;
  let exportsOnly = false;
  let timeline = false;
  let profile = false;
  let hostDistOption: string | null = null;
  let compareDist: string | null = null;
  let rounds = 2;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--small') small = true;
    else if (a === '--iterations') {
      iterations = Number(argv[++i]);
      if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1000) throw new Error('--iterations needs an integer from 1 to 1000');
    } else if (a === '--skip-pglite') pglite = false;
    else if (a === '--skip-postgres') postgres = false;
    else if (a === '--reseed') reseed = true;
    else if (a === '--no-browser') browserRuns = null;
    else if (a === '--no-build') build = false;
    else if (a === '--skip-one-form') oneForm = false;
    else if (a === '--browser-only') browserOnly = true;
    else if (a === '--exports-only') exportsOnly = true;
    else if (a === '--timeline') timeline = true;
    else if (a === '--profile') profile = true;
    else if (a === '--host-dist') {
      // Another build of the host (e.g. of an earlier commit, to compare): used as it is, never rebuilt.
      hostDistOption = path.resolve(argv[++i] ?? '');
      if (!existsSync(path.join(hostDistOption, 'index.html'))) throw new Error(`--host-dist ${hostDistOption}: no index.html there`);
      build = false;
    }
    else if (a === '--compare') {
      // Another build of the host measured in turns with this one (see BrowserOptions.compare).
      compareDist = path.resolve(argv[++i] ?? '');
      if (!existsSync(path.join(compareDist, 'index.html'))) throw new Error(`--compare ${compareDist}: no index.html there`);
    } else if (a === '--rounds') {
      rounds = Number(argv[++i]);
      if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) throw new Error('--rounds needs an integer from 1 to 20');
    }
    else if (a === '--runs') {
      browserRuns = Number(argv[++i]);
      if (!Number.isInteger(browserRuns) || browserRuns < 1 || browserRuns > 50) throw new Error('--runs needs an integer from 1 to 50');
    }
    else throw new Error(`Unknown option ${a} (see bench/forms/README.md)`);
  }
  const size = small ? SMALL_SIZE : FULL_SIZE;
  const started = performance.now();
  await mkdir(outDir, { recursive: true });
  let browserOptions: BrowserOptions | null = null;
  if (browserRuns !== null) {
    const hostDist = hostDistOption ?? path.join(outDir, 'host-dist');
    if (build || !existsSync(path.join(hostDist, 'index.html'))) {
      log(`building the example host (vite build → ${path.relative(root, hostDist)})…`);
      const t0 = performance.now();
      const built = spawnSync('npx', ['vite', 'build', '-c', 'example-host/vite.config.ts', '--outDir', hostDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
      if (built.status !== 0) throw new Error('The example host did not build (see above); --no-browser measures the rest.');
      log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } else log(`reusing ${path.relative(root, hostDist)} (--no-build)`);
    browserOptions = { hostDist, runs: browserRuns, timeline, profile, ...(compareDist ? { compare: { hostDist: compareDist, rounds } } : {}) };
  }
  const backends: BackendResult[] = [];

  const oneFormSize = small ? ONE_FORM_SIZES.small : ONE_FORM_SIZES.full;
  /** The figures of the one-form database added to the back end's own (its calls' rows and its seed). */
  const withOneForm = (result: BackendResult, oneForm: BackendResult): BackendResult => ({
    ...result,
    calls: [...result.calls, ...oneForm.calls],
    oneFormSeed: oneForm.seed,
    oneFormSeedReused: oneForm.seedReused,
    problems: [...result.problems, ...oneForm.problems.map((p) => `one form: ${p}`)],
  });
  /** A back end on a cached PGlite folder (`name`), rebuilt when its marker names another seed. */
  const onPglite = async (name: string, seedSize: SeedSize, mode: 'full' | 'one form' | 'browser only' | 'exports only') => {
    const dataDir = path.join(outDir, name);
    const markerFile = `${dataDir}.seed.json`;
    const marker = existsSync(markerFile) ? (JSON.parse(await readFile(markerFile, 'utf8')) as SeedResult) : null;
    const markerOk = marker?.version === SEED_VERSION && JSON.stringify(marker.size) === JSON.stringify(seedSize);
    if (reseed || !markerOk) {
      await rm(dataDir, { recursive: true, force: true });
      await rm(markerFile, { force: true });
    }
    const result = await runBackend('PGlite', { dataDir }, seedSize, iterations, markerOk && !reseed ? marker : null, mode === 'one form' ? null : browserOptions, mode);
    if (result.seed && !result.seedReused) await writeFile(markerFile, `${JSON.stringify(result.seed, null, 2)}\n`);
    return result;
  };
  /** A back end on a throw-away PostgreSQL server, seeded afresh. */
  const onPostgres = async (seedSize: SeedSize, mode: 'full' | 'one form' | 'browser only' | 'exports only') => {
    log(`PostgreSQL: starting a throw-away server (tests/server/postgres.ts)${mode === 'one form' ? ' for the database of one form' : ''}`);
    const pg = await startTemporaryPostgres();
    try {
      return await runBackend('PostgreSQL', { databaseUrl: pg.url }, seedSize, iterations, null, mode === 'one form' ? null : browserOptions, mode);
    } finally {
      await pg.stop();
    }
  };

  if (exportsOnly) {
    // The CSV and XLSX exports alone, written beside the results (which keep their figures).
    const only: BackendResult[] = [];
    if (pglite) only.push(await onPglite(small ? 'pglite-small' : 'pglite', size, 'exports only'));
    if (postgres) only.push(await onPostgres(size, 'exports only'));
    const file = path.join(outDir, 'results-exports.json');
    await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), revision: gitRevision(), size, backends: only }, null, 2)}\n`);
    log(`wrote ${path.relative(root, file)}`);
    return;
  }
  if (browserOnly) {
    // The browser's figures alone (no list calls, no exports, no second database): written beside the results, which
    // keep their figures.
    if (!browserOptions) throw new Error('--browser-only needs the browser (not --no-browser)');
    const only: BackendResult[] = [];
    if (pglite) only.push(await onPglite(small ? 'pglite-small' : 'pglite', size, 'browser only'));
    if (postgres) only.push(await onPostgres(size, 'browser only'));
    const file = path.join(outDir, 'results-browser.json');
    await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), revision: gitRevision(), size, backends: only }, null, 2)}\n`);
    for (const b of only) {
      const runs = (b.browser?.navigations ?? []).filter((n) => !n.warmup).map((n) => (n.usableMs === null ? '—' : `${Math.round(n.usableMs)} ms`));
      log(`${b.backend}: navigation → usable table ${runs.join(', ')}${b.problems.length ? ` (${b.problems.join('; ')})` : ''}`);
    }
    log(`wrote ${path.relative(root, file)}`);
    return;
  }
  if (pglite) {
    const result = await onPglite(small ? 'pglite-small' : 'pglite', size, 'full');
    backends.push(oneForm ? withOneForm(result, await onPglite(small ? 'pglite-one-form-small' : 'pglite-one-form', oneFormSize, 'one form')) : result);
  }
  if (postgres) {
    const result = await onPostgres(size, 'full');
    backends.push(oneForm ? withOneForm(result, await onPostgres(oneFormSize, 'one form')) : result);
  }

  // A back end skipped on this run keeps its last figures (from results.json, of the same size), marked as carried over.
  const file = path.join(root, 'bench/forms', small ? '.out/results-small.json' : 'results.json');
  if (existsSync(file)) {
    const previous = JSON.parse(await readFile(file, 'utf8')) as { size?: SeedSize; heading?: string; backends?: (BackendResult & { from?: string })[] };
    if (JSON.stringify(previous.size) === JSON.stringify(size)) {
      for (const b of previous.backends ?? []) {
        if (backends.some((x) => x.backend === b.backend)) continue;
        backends.push({ ...b, from: b.from ?? previous.heading?.split('\n')[1] ?? 'an earlier run' } as BackendResult);
      }
      backends.sort((a, b) => a.backend.localeCompare(b.backend));
    }
  }
  const expected = backends[0]?.calls.find((c) => c.name.startsWith('count only'))?.items?.split(' of ')[1];
  const heading =
    `Forms bench — ${size.groups} groups · ${size.forms} forms · ${size.instances.toLocaleString('en')} instances\n` +
    `${new Date().toISOString()} · ${gitRevision()} · ${os.cpus().length} CPU · Node ${process.version} · run ${((performance.now() - started) / 1000).toFixed(0)} s`;
  const report = renderReport(heading, backends, Number(expected ?? NaN));
  process.stdout.write(`\n${report}\n`);
  await writeFile(file, `${JSON.stringify({ heading, goals: GOALS, size, iterations, backends, report }, null, 2)}\n`);
  log(`wrote ${path.relative(root, file)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:forms] failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
