#!/usr/bin/env node
// Package checks on the real tarball: publint, Are the Types Wrong, scratch ESM and CJS projects that install the
// tarball and import the entry points, the README's install line with npm and with pnpm and its examples compiled in
// both installs, a scratch host at the lowest version of every peer that renders screens, and (CHECK_NEXT=1) the
// Next.js example.
// Writes .tmp/results/pack.json.
//
// The slow steps wait mostly on npm and on other processes: publint, attw and the three installs start together as soon
// as the tarball is packed; the checks that read an install's result wait for that install. The checks are printed in
// their order here, each with its seconds.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const scriptStarted = Date.now();
const tmp = join(root, '.tmp', 'pack');
// The last run's folder (two node_modules trees, ~50,000 files) is moved aside and removed while the checks run.
const previous = `${tmp}.old-${process.pid}`;
let removingPrevious = Promise.resolve();
if (existsSync(tmp)) {
  renameSync(tmp, previous);
  removingPrevious = rm(previous, { recursive: true, force: true }).catch(() => undefined);
}
mkdirSync(tmp, { recursive: true });

const run = (cmd, args, cwd = root) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });

const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' }),
);
const tarball = join(tmp, readdirSync(tmp).find((f) => f.endsWith('.tgz')));
console.log(`packed in ${((Date.now() - scriptStarted) / 1000).toFixed(1)} s`);

/**
 * What an install of the package unpacks, at most: the built code and declarations, the stylesheets and the README.
 * No source maps are published (docs/decisions.md, What ships): with their sources' text they were 8.7 of 13.4 MB.
 * Measured when set: 4,747,483 B unpacked in 94 files (1,142,506 B packed).
 */
const UNPACKED_BUDGET = 5_500_000;

/**
 * Starts a command without waiting for it; the promise holds its stdout and seconds, or the error (with stdout and
 * stderr) of a command that failed. It never rejects, so a check awaits it when it needs it.
 * @returns {Promise<{ ok: true, stdout: string, seconds: number } | { ok: false, error: Error & { stdout?: string, stderr?: string }, seconds: number }>}
 */
const start = (cmd, args, cwd = root) => {
  const begun = Date.now();
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } }, (error, stdout, stderr) => {
      const seconds = (Date.now() - begun) / 1000;
      resolve(error ? { ok: false, error: Object.assign(error, { stdout, stderr }), seconds } : { ok: true, stdout, seconds });
    });
  });
};
/** The stdout of a started command; throws its error when it failed. */
const outputOf = async (started) => {
  const result = await started;
  if (!result.ok) throw result.error;
  return result.stdout;
};

const checks = [];
/** Runs one check (sync or async) and prints it with its seconds. */
async function check(name, fn) {
  const begun = Date.now();
  const seconds = () => `${((Date.now() - begun) / 1000).toFixed(1)} s, done at ${((Date.now() - scriptStarted) / 1000).toFixed(1)} s`;
  try {
    const out = await fn();
    console.log(`✓ ${name} (${seconds()})${out ? `\n${out.trim()}` : ''}`);
    checks.push({ name, ok: true });
  } catch (error) {
    const detail = [error.stdout, error.stderr, error.message].filter(Boolean).join('\n');
    console.log(`✗ ${name} (${seconds()})\n${detail}`);
    checks.push({ name, ok: false });
  }
}

// The scratch project installs the README's install line as written, the package itself from the tarball, beside what
// a host has of its own: React 19 (the README asks for 19.2 or newer) and msw 2 (for `/testing`, as the README says).
const installLine = /```bash\n([\s\S]*?)```/.exec(readFileSync(join(root, 'README.md'), 'utf8').split('<!-- install-line -->')[1] ?? '')?.[1]?.replace(/\\\n/g, ' ').trim() ?? '';
if (!installLine.startsWith('npm install @ccq/forms-admin ')) throw new Error(`README.md's install line is not 'npm install @ccq/forms-admin …': '${installLine}'`);
const readmePackages = installLine.split(/\s+/).slice(2);
// A TypeScript host has React's types of its own too: the README's examples are compiled there (see below).
const hostTypes = ['@types/react@19', '@types/react-dom@19'];
const peers = [...readmePackages.filter((name) => name !== '@ccq/forms-admin'), 'react@19', 'react-dom@19', 'msw@2', ...hostTypes];
const scratch = join(tmp, 'scratch');
mkdirSync(scratch, { recursive: true });
writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, version: '0.0.0' }));

// The same line with pnpm, which lets a package import only its own dependencies (no hoisting): the README says the
// line works as `pnpm add`. pnpm comes from the npm registry at a pinned version; its store (every package's files,
// which it links into each install) is kept under .tmp across runs.
const PNPM = 'pnpm@12.21.0';
const pnpmHost = join(tmp, 'pnpm');
mkdirSync(pnpmHost, { recursive: true });
writeFileSync(join(pnpmHost, 'package.json'), JSON.stringify({ name: 'scratch-pnpm', private: true, version: '0.0.0' }));

// A host at the LOWEST version of every peer range the package declares (msw, the optional peer, included): the
// tarball and those versions must install together — npm refuses peers that conflict, as @mantine/* 9 does with any
// React below 19.2 — and screens must render there: the form renderer through react-dom/server, and Role Management
// in jsdom against the package's fake backend (scripts/lowest-peers-render.mjs).
const { peerDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The lowest version a range allows: `^19.2.0` → 19.2.0, `^5 || ^6` → 5.0.0; only lower bounds are understood. */
function lowestOf(range) {
  const floors = range.split('||').map((part) => {
    const m = /^\s*(?:\^|~|>=)?\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(part);
    if (!m) throw new Error(`cannot take the lowest version of the peer range '${range}'`);
    return [m[1], m[2] ?? '0', m[3] ?? '0'].map(Number);
  });
  floors.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return floors[0].join('.');
}
const lowestPeers = Object.entries(peerDependencies).map(([name, range]) => [name, lowestOf(range)]);
const lowest = join(tmp, 'lowest');
mkdirSync(lowest, { recursive: true });
writeFileSync(join(lowest, 'package.json'), JSON.stringify({ name: 'scratch-lowest', private: true, version: '0.0.0' }));

// The slow steps, all at once (two npm installs into their own folders share npm's cache safely; pnpm has its own store).
const install = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball];
const started = {
  publint: start('npx', ['publint', 'run', tarball, '--strict']),
  // The stylesheets are exports without types or JavaScript, which attw would report as failed resolutions.
  attw: start('npx', ['attw', tarball, '--profile', 'node16', '--format', 'table-flipped', '--no-emoji', '--exclude-entrypoints', './styles.css', './styles.layer.css']),
  scratch: start('npm', [...install, ...peers], scratch),
  lowest: start('npm', [...install, ...lowestPeers.map(([n, v]) => `${n}@${v}`)], lowest),
  pnpm: start(
    'npx',
    [
      '--yes',
      PNPM,
      'add',
      tarball,
      ...readmePackages.filter((name) => name !== '@ccq/forms-admin'),
      'react@19',
      'react-dom@19',
      ...hostTypes,
      '--ignore-scripts',
      '--reporter=append-only',
      '--store-dir',
      join(root, '.tmp', 'pnpm-store'),
    ],
    pnpmHost,
  ),
  // With CHECK_NEXT=1, the Next.js App Router example on this tarball (scripts/check-next.mjs: its install, next build,
  // next start and Chromium), checked at the end. npm test sets it; off when the script runs alone: next build is ~65-70 CPU-s on two cores.
  ...(process.env.CHECK_NEXT === '1' ? { next: start(process.execPath, [join(root, 'scripts', 'check-next.mjs'), '--tarball', tarball]) } : {}),
};

await check(`the tarball unpacks to at most ${UNPACKED_BUDGET.toLocaleString('en')} B and holds no source map`, () => {
  const maps = packed.files.map((f) => f.path).filter((path) => path.endsWith('.map'));
  if (maps.length) throw new Error(`the tarball holds source maps: ${maps.slice(0, 5).join(', ')}`);
  if (packed.unpackedSize > UNPACKED_BUDGET) throw new Error(`the tarball unpacks to ${packed.unpackedSize} B, over ${UNPACKED_BUDGET}`);
  return `${packed.unpackedSize.toLocaleString('en')} B unpacked in ${packed.entryCount} files (${packed.size.toLocaleString('en')} B packed)`;
});
await check('publint --strict', async () => {
  const out = await outputOf(started.publint);
  if (!/All good/i.test(out)) throw Object.assign(new Error('publint reported messages'), { stdout: out });
  return '';
});
await check('attw (node16 + bundler)', () => outputOf(started.attw));
/** What a host gets from the README's line: no charts library, no optional peer, and the stylesheet its example imports. */
function checkInstalled(dir) {
  // A host that never shows a chart installs no charts library: none arrives with the package either.
  const charts = ['@mantine/charts', 'recharts'].filter((name) => existsSync(join(dir, 'node_modules', name)));
  if (charts.length) throw new Error(`the install brought ${charts.join(', ')}`);
  // pdf.js and exceljs are optional peers (the README says who adds them): the line does not bring them either.
  const optional = ['pdfjs-dist', 'exceljs'].filter((name) => existsSync(join(dir, 'node_modules', name)));
  if (optional.length) throw new Error(`the install brought the optional peers ${optional.join(', ')}`);
  // The stylesheet the README's example imports, resolved through the package's exports (as a strict installer must).
  const styles = run('node', ['-e', "const f = require.resolve('@ccq/forms-admin/styles.css'); console.log(require('node:fs').readFileSync(f, 'utf8').includes('.mantine-datatable{') ? 'ok' : f)"], dir).trim();
  if (styles !== 'ok') throw new Error(`@ccq/forms-admin/styles.css (${styles}) is not mantine-datatable's stylesheet`);
}

/**
 * The README's examples (the host app, the public form page), as written, compiled in an install with strict
 * TypeScript: the repository's TypeScript, the installed packages' types. Stylesheet imports are typed as a bundler's
 * client types do.
 */
const readmeExamples = Object.fromEntries(
  ['host-app', 'public-form-page'].map((name) => {
    const code = /```tsx\n([\s\S]*?)```/.exec(readFileSync(join(root, 'README.md'), 'utf8').split(`<!-- example:${name} -->`)[1] ?? '')?.[1];
    if (!code) throw new Error(`README.md has no tsx block after <!-- example:${name} -->`);
    return [`readme-${name}.tsx`, code];
  }),
);
/**
 * The code samples of the Storybook guides (stories/docs/*.mdx): each ```tsx or ```ts block is a file of its own under
 * docs-samples/<page>/, at the path its first line names (`// app/…/page.tsx`, so one page's blocks may import each
 * other) or else as sample-<n>. They are compiled with the README's examples in the npm install, so a guide cannot
 * show code that does not compile against the published package. The test kit's sample runs in a test runner, whose
 * globals (describe/it and the hooks, as Vitest's `globals` and Jest give them) are declared for it.
 */
const docsDir = join(root, 'stories', 'docs');
const docSamples = {};
for (const page of readdirSync(docsDir).filter((f) => f.endsWith('.mdx')).sort()) {
  let n = 0;
  for (const [, lang, code] of readFileSync(join(docsDir, page), 'utf8').matchAll(/```(tsx?)\n([\s\S]*?)```/g)) {
    const named = /^\/\/ ([\w./[\]-]+\.tsx?)\b/.exec(code)?.[1];
    docSamples[join('docs-samples', page.replace(/\.mdx$/, ''), named ?? `sample-${(n += 1)}.${lang}`)] = code;
  }
}
const TEST_RUNNER_GLOBALS = `type Hook = (fn: () => unknown) => void;
declare const beforeAll: Hook, afterAll: Hook, beforeEach: Hook, afterEach: Hook;
declare function it(name: string, fn: () => unknown): void;
declare function describe(name: string, fn: () => void): void;
`;

/**
 * Compiles the README's examples (and `samples`) in an install. `libraries: true` checks the installed packages'
 * declarations too (`skipLibCheck: false`, about 18 CPU-s of the ~20: a thousand declaration files), which the pnpm
 * install does, as its stricter resolution is what they must pass; the npm install, with the same declarations,
 * checks only the code (and has Node's types, for the guides' Next.js and test kit samples).
 */
function compileReadmeExamples(dir, { samples = {}, libraries }) {
  const sources = { ...readmeExamples, ...samples };
  for (const [file, code] of Object.entries(sources)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), code);
  }
  writeFileSync(join(dir, 'css.d.ts'), `declare module '*.css';\n${Object.keys(samples).length ? TEST_RUNNER_GLOBALS : ''}`);
  const compilerOptions = {
    strict: true,
    skipLibCheck: !libraries,
    noEmit: true,
    noUnusedLocals: true,
    jsx: 'react-jsx',
    module: 'esnext',
    moduleResolution: 'bundler',
    target: 'es2022',
    // Mantine's declarations name ES2025's set types (ReadonlySetLike), as in Next.js' and Vite's tsconfig templates.
    lib: ['esnext', 'dom', 'dom.iterable'],
    types: libraries ? [] : ['node'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['css.d.ts', ...Object.keys(sources)] }));
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], dir);
  const guides = Object.keys(samples).length ? ` and the guides' ${Object.keys(samples).length} code samples` : '';
  return `${Object.keys(readmeExamples).join(' and ')}${guides} compile (strict${libraries ? ', skipLibCheck false' : ''})`;
}

await check(`install the README's line (${readmePackages.join(' ')}; the tarball for @ccq/forms-admin) into an empty project`, async () => {
  await outputOf(started.scratch);
  checkInstalled(scratch);
  return '';
});
await check("the README's examples and the Storybook guides' code samples compile in the npm install; the guides' install line is the README's", () => {
  for (const page of readdirSync(docsDir).filter((f) => f.endsWith('.mdx'))) {
    for (const [, line] of readFileSync(join(docsDir, page), 'utf8').matchAll(/```bash\n([\s\S]*?)```/g)) {
      const command = line.replace(/\\\n/g, ' ').trim().replace(/\s+/g, ' ');
      if (command.startsWith('npm install @ccq/forms-admin') && command !== installLine.replace(/\s+/g, ' ')) {
        throw new Error(`stories/docs/${page} installs '${command}', the README '${installLine}'`);
      }
    }
  }
  return compileReadmeExamples(scratch, { samples: docSamples, libraries: false });
});
await check(`the README's line with ${PNPM} (pnpm add …) installs; the README's examples compile there, the libraries' declarations checked too`, async () => {
  await outputOf(started.pnpm);
  checkInstalled(pnpmHost);
  return compileReadmeExamples(pnpmHost, { libraries: true });
});

writeFileSync(
  join(scratch, 'esm.mjs'),
  `import { APIProvider, useApi } from '@ccq/forms-admin';
import { createApiClient, ApiError, Permission } from '@ccq/forms-admin/api';
import * as viewer from '@ccq/forms-admin/viewer';
import { createFakeBackend } from '@ccq/forms-admin/testing';
import { createFormEngine, checkDataPath } from '@ccq/forms-admin/engine';
if (typeof createFormEngine !== 'function' || checkDataPath('/a/__proto__', { layout: { pages: [] } })?.code !== 'forbidden-segment') throw new Error('engine exports missing');
if (typeof APIProvider !== 'function' || typeof useApi !== 'function') throw new Error('root exports missing');
if (typeof createApiClient !== 'function' || typeof ApiError !== 'function' || Permission.GlobalDataAdmin !== 0) throw new Error('api exports missing');
if (typeof createFakeBackend !== 'function') throw new Error('testing exports missing');
if (Object.keys(viewer).length === 0) throw new Error('viewer exports missing');
const client = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
if (typeof client.healthCheck.get !== 'function') throw new Error('client shape');
console.log('esm ok');
`,
);
writeFileSync(
  join(scratch, 'cjs.cjs'),
  `const { APIProvider } = require('@ccq/forms-admin');
const { createApiClient, ApiError } = require('@ccq/forms-admin/api');
const viewer = require('@ccq/forms-admin/viewer');
const { createFakeBackend } = require('@ccq/forms-admin/testing');
const { createFormEngine } = require('@ccq/forms-admin/engine');
if (typeof createFormEngine !== 'function') throw new Error('engine entry missing');
if (typeof APIProvider !== 'function') throw new Error('root exports missing');
if (typeof createApiClient !== 'function' || typeof ApiError !== 'function') throw new Error('api exports missing');
if (typeof createFakeBackend !== 'function' || Object.keys(viewer).length === 0) throw new Error('entry missing');
console.log('cjs ok');
`,
);
await check('scratch ESM project imports the entry points', () => run('node', ['esm.mjs'], scratch));

// The built `/viewer` entry and every chunk it imports, as published: an integrator's public page must not carry the
// admin screens, the fake backend or MSW. Marks: the displayNames of the admin screens and of their shared
// parts (permission editor, "why can they?" panel, change history), the claim catalogue's own code (its refusal of bad
// claim-type flags; the claims' descriptions are texts of the English pack now, which the entry carries with every
// other text), the fake's factory name, and MSW imports.
const VIEWER_FORBIDDEN = [
  ...['RoleManagement', 'RoleManagementView', 'UserRoleManagement', 'UserRoleManagementView', 'PermissionEditor', 'PermissionEditorView', 'EffectivePermissionsPanel', 'PermissionHistoryPanel'].map(
    (name) => `'@ccq/forms-admin/${name}'`,
  ),
  "The parameter 'flags' must be a combination of 1, 2 and 4.",
  'createFakeBackend',
  // The German and French label packs (their own entries): a German and a French text, written in ASCII by the bundler.
  'Benutzer- und Rollenverwaltung',
  'Groupes de formulaires',
  'from "msw"',
  "from 'msw'",
  // The optional peers: a host that shows only the viewer installs neither pdf.js nor exceljs, so no chunk it loads
  // may import them (its bundler would refuse to build without them).
  'import("pdfjs-dist',
  "import('pdfjs-dist",
  'from "pdfjs-dist',
  "from 'pdfjs-dist",
  'import("exceljs")',
  "import('exceljs')",
  'from "exceljs"',
  "from 'exceljs'",
];
await check('the built /viewer entry reaches no admin screen, fake backend, MSW, pdf.js or exceljs', () => {
  const dist = join(scratch, 'node_modules', '@ccq', 'forms-admin', 'dist');
  const seen = new Set();
  const queue = ['viewer.js'];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(dist, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*["']\.\/([^"']+)["']/g)) queue.push(m[1]);
    for (const mark of VIEWER_FORBIDDEN) {
      // A displayName may be written with either quote by the bundler.
      const marks = mark.startsWith("'") ? [mark, `"${mark.slice(1, -1)}"`] : [mark];
      if (marks.some((m) => text.includes(m))) throw new Error(`dist/${file} (reached from dist/viewer.js) contains ${mark}`);
    }
  }
  const viewer = readFileSync(join(dist, 'viewer.js'), 'utf8');
  if (!/FormInstanceViewer/.test([...seen].map((f) => readFileSync(join(dist, f), 'utf8')).join('\n'))) {
    throw new Error('dist/viewer.js does not reach FormInstanceViewer');
  }
  return `${seen.size} files reached from dist/viewer.js (${viewer.length} bytes entry)`;
});
await check('scratch CJS project requires the entry points', () => run('node', ['cjs.cjs'], scratch));
// A host that type-checks its libraries (`skipLibCheck: false`) reads every type the published declarations import:
// mantine-datatable's types import @hello-pangea/dnd, which mantine-datatable does not install, so no declaration names them.
await check("the published declarations import no type of mantine-datatable (its types need a package it does not install)", () => {
  const dist = join(scratch, 'node_modules', '@ccq', 'forms-admin', 'dist');
  const files = readdirSync(dist, { recursive: true }).filter((f) => /\.d\.c?ts$/.test(f));
  const naming = files.filter((f) => /(?:from|import\()\s*["']mantine-datatable["']/.test(readFileSync(join(dist, f), 'utf8')));
  if (naming.length) throw new Error(`${naming.map((f) => `dist/${f}`).join(', ')} import mantine-datatable`);
  return `${files.length} declaration files`;
});
// A React Server Component host (Next.js App Router) imports the component entries as client modules: the built root
// and `/viewer` entries (ESM and CJS) start with the 'use client' directive, as does every published chunk that imports
// React, Mantine or TanStack Query; `/api`, `/engine` and `/testing` do not, and no file they reach carries it (a
// server-side import of the API client or the engine would otherwise get client references instead of functions).
const USE_CLIENT = /^\s*(["'])use client\1;?/;
/** The relative files a built file imports, by its own module syntax (ESM `from`/`import`, CJS `require`). */
const importsOf = (text) => [...text.matchAll(/(?:from|import|require\()\s*["']\.\/([^"']+)["']/g)].map((m) => m[1]);
/** A built file and every relative file it reaches. */
function reachedFrom(dist, entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(readFileSync(join(dist, file), 'utf8')));
  }
  return seen;
}
await check("the component entries start with 'use client'; /api, /engine and /testing reach no file that does", () => {
  const dist = join(scratch, 'node_modules', '@ccq', 'forms-admin', 'dist');
  const starts = (file) => USE_CLIENT.test(readFileSync(join(dist, file), 'utf8'));
  const problems = [];
  for (const entry of ['index', 'viewer']) {
    for (const ext of ['js', 'cjs']) if (!starts(`${entry}.${ext}`)) problems.push(`dist/${entry}.${ext} does not start with 'use client'`);
  }
  const uiImport = /(?:from\s*|import\s*\(?\s*|require\(\s*)["'](?:react|react-dom|react\/jsx-runtime|@mantine\/[^"']+|@tanstack\/react-query)["']/;
  let chunks = 0;
  for (const file of readdirSync(dist).filter((f) => /\.(c?js)$/.test(f))) {
    if (uiImport.test(readFileSync(join(dist, file), 'utf8'))) {
      chunks += 1;
      if (!starts(file)) problems.push(`dist/${file} imports React, Mantine or TanStack Query but does not start with 'use client'`);
    }
  }
  let serverFiles = 0;
  for (const entry of ['api', 'engine', 'testing']) {
    for (const ext of ['js', 'cjs']) {
      for (const file of reachedFrom(dist, `${entry}.${ext}`)) {
        serverFiles += 1;
        if (starts(file)) problems.push(`dist/${file} (reached from dist/${entry}.${ext}) starts with 'use client'`);
      }
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return `${chunks} files that import React start with 'use client'; ${serverFiles} files reached from /api, /engine, /testing do not`;
});

// The label packs `/locales/de` and `/locales/fr` are data: they import in plain Node (ESM and CJS) with React, Mantine
// and TanStack Query out of reach, hold every key of the English pack (the root's `englishLabels`) and of the form
// renderer's texts (`englishFormLabels`), and no file of theirs starts with 'use client' or imports a package (a Server
// Component may import them and hand them to the client components as props).
writeFileSync(
  join(scratch, 'locales.mjs'),
  `import { englishLabels, englishFormLabels as defaultFormLabels } from '@ccq/forms-admin';
const packs = { de: await import('@ccq/forms-admin/locales/de'), fr: await import('@ccq/forms-admin/locales/fr') };
const names = { de: ['germanLabels', 'germanFormLabels', 'germanLocale'], fr: ['frenchLabels', 'frenchFormLabels', 'frenchLocale'] };
const out = [];
for (const [lang, pack] of Object.entries(packs)) {
  const [labels, formLabels, locale] = names[lang].map((n) => pack[n]);
  const missing = Object.keys(englishLabels).filter((k) => typeof labels?.[k] !== 'string');
  const missingForm = Object.keys(defaultFormLabels).filter((k) => typeof formLabels?.[k] !== 'string');
  if (missing.length || missingForm.length) throw new Error(lang + ' lacks ' + [...missing, ...missingForm].slice(0, 5).join(', '));
  if (!locale?.startsWith(lang + '-')) throw new Error(lang + ' locale ' + locale);
  out.push(lang + ': ' + Object.keys(labels).length + ' + ' + Object.keys(formLabels).length + ' texts, ' + locale);
}
console.log(out.join('; '));
`,
);
writeFileSync(
  join(scratch, 'locales-plain.cjs'),
  `const Module = require('node:module');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (/^(react|react-dom|@mantine\\/|@tanstack\\/)/.test(request)) throw new Error(request + ' required');
  return resolveFilename.call(this, request, ...rest);
};
const de = require('@ccq/forms-admin/locales/de');
const fr = require('@ccq/forms-admin/locales/fr');
if (!de.germanLabels || !fr.frenchLabels || !de.germanFormLabels || !fr.frenchFormLabels) throw new Error('pack exports missing');
console.log('locales cjs ok');
`,
);
await check("/locales/de and /locales/fr hold every text, import without React (ESM, CJS), and carry no 'use client'", () => {
  const dist = join(scratch, 'node_modules', '@ccq', 'forms-admin', 'dist');
  const problems = [];
  for (const lang of ['de', 'fr']) {
    for (const ext of ['js', 'cjs']) {
      const text = readFileSync(join(dist, 'locales', `${lang}.${ext}`), 'utf8');
      if (USE_CLIENT.test(text)) problems.push(`dist/locales/${lang}.${ext} starts with 'use client'`);
      // A pack imports no package; the bundler's shared helper chunk (relative) is allowed, if it is React-free too.
      for (const spec of [...text.matchAll(/(?:\bfrom|\bimport|require\()\s*["']([^"']+)["']/g)].map((m) => m[1])) {
        if (!spec.startsWith('.')) {
          problems.push(`dist/locales/${lang}.${ext} imports ${spec} (a pack is data only)`);
          continue;
        }
        const chunk = readFileSync(join(dist, 'locales', spec), 'utf8');
        if (USE_CLIENT.test(chunk) || /(?:\bfrom|\bimport|require\()\s*["'][^."']/.test(chunk)) problems.push(`dist/locales/${lang}.${ext} reaches ${spec}, which is not plain data`);
      }
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return [run('node', ['locales.mjs'], scratch), run('node', ['--conditions=react-server', '-e', "import('@ccq/forms-admin/locales/de').then((m) => console.log('react-server ok', Object.keys(m.germanLabels).length))"], scratch), run('node', ['locales-plain.cjs'], scratch)].join('');
});

// `/api` and `/engine` import in plain Node with React, React DOM, Mantine and TanStack Query out of reach (an import
// of any of them fails, so no React context can be created at import), in ESM and CJS, and under the `react-server`
// export condition a React Server Component bundler resolves React with (that React has no createContext).
writeFileSync(
  join(scratch, 'forbid-ui-hooks.mjs'),
  `const UI = /^(react|react-dom|@mantine\\/|@tanstack\\/)/;
export async function resolve(specifier, context, next) {
  if (UI.test(specifier)) throw new Error(\`\${specifier} imported from \${context.parentURL}\`);
  return next(specifier, context);
}
`,
);
writeFileSync(
  join(scratch, 'server-safe.mjs'),
  `import { register } from 'node:module';
register('./forbid-ui-hooks.mjs', import.meta.url);
const api = await import('@ccq/forms-admin/api');
const engine = await import('@ccq/forms-admin/engine');
if (typeof api.createApiClient !== 'function' || typeof engine.createFormEngine !== 'function') throw new Error('exports missing');
const client = api.createApiClient({ baseUrl: 'http://127.0.0.1:9' });
if (typeof client.healthCheck.get !== 'function') throw new Error('client shape');
const form = engine.createFormEngine({ jsonSchema: { type: 'object', properties: {} }, layout: { pages: [] } });
if (!form) throw new Error('no engine');
console.log('server-safe esm ok');
`,
);
writeFileSync(
  join(scratch, 'server-safe.cjs'),
  `const Module = require('node:module');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (/^(react|react-dom|@mantine\\/|@tanstack\\/)/.test(request)) throw new Error(request + ' required');
  return resolveFilename.call(this, request, ...rest);
};
const api = require('@ccq/forms-admin/api');
const engine = require('@ccq/forms-admin/engine');
if (typeof api.createApiClient !== 'function' || typeof engine.createFormEngine !== 'function') throw new Error('exports missing');
console.log('server-safe cjs ok');
`,
);
await check('/api and /engine import in plain Node (ESM, CJS, react-server condition) without React, Mantine or TanStack Query', () =>
  [
    run('node', ['server-safe.mjs'], scratch),
    run('node', ['server-safe.cjs'], scratch),
    run('node', ['--conditions=react-server', 'server-safe.mjs'], scratch),
  ].join(''));

// A host that renders without React imports the engine alone: the built `/engine` entry and its chunks name no React,
// Mantine, TanStack Query or MSW.
await check('the built /engine entry reaches no React, Mantine, TanStack Query or MSW', () => {
  const dist = join(scratch, 'node_modules', '@ccq', 'forms-admin', 'dist');
  const seen = new Set();
  const queue = ['engine.js'];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(dist, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*["']\.\/([^"']+)["']/g)) queue.push(m[1]);
    const bare = [...text.matchAll(/(?:from|import)\s*["']([^."'][^"']*)["']/g)].map((m) => m[1]);
    const ui = bare.filter((spec) => /^(react|react-dom|@mantine\/|@tanstack\/|msw)/.test(spec));
    if (ui.length) throw new Error(`dist/${file} (reached from dist/engine.js) imports ${ui.join(', ')}`);
  }
  return `${seen.size} files reached from dist/engine.js`;
});

// What an integrator who embeds only the viewer pays, from the published files: the budget and the API areas it must
// not carry are in scripts/viewer-embed-budget.json (tests/viewer/embed-size.test.ts checks the same from source).
const embedBudget = JSON.parse(readFileSync(join(root, 'scripts', 'viewer-embed-budget.json'), 'utf8'));
let embedResult = null;
try {
  embedResult = await build({
    stdin: { contents: "export { APIProvider, FormInstanceViewer } from '@ccq/forms-admin/viewer';", resolveDir: scratch, loader: 'js' },
    bundle: true,
    // Split as a host's bundler splits: what is imported on demand (the file upload question's picker) is not counted.
    splitting: true,
    outdir: join(scratch, 'embed'),
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: ['react', 'react-dom', 'react/jsx-runtime', '@mantine/*', '@tanstack/react-query', 'oidc-client-ts', 'msw', 'msw/*'],
    logLevel: 'silent',
  });
} catch (error) {
  embedResult = error;
}
await check(`the embedded viewer (APIProvider + FormInstanceViewer) stays within ${embedBudget.gzipBytes} bytes gzipped, without other API areas`, () => {
  if (embedResult instanceof Error) throw embedResult;
  // What loads at once: the entry (stdin; each chunk imported on demand is an entry point too) and the chunks it imports
  // statically (keys of the metafile are relative to the cwd).
  const outputs = embedResult.metafile.outputs;
  const text = new Map(embedResult.outputFiles.map((file) => [relative(process.cwd(), file.path), file.text]));
  const atOnce = new Set();
  for (const queue = Object.keys(outputs).filter((name) => outputs[name].entryPoint === '<stdin>'); queue.length > 0; ) {
    const name = queue.shift();
    if (atOnce.has(name)) continue;
    atOnce.add(name);
    for (const imported of outputs[name].imports) if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path);
  }
  const code = [...atOnce].map((name) => text.get(name) ?? '').join('\n');
  const gzipped = gzipSync(code, { level: 9 }).length;
  const everything = [...text.values()].join('\n');
  const present = embedBudget.absentApiPaths.filter((path) => everything.includes(path));
  if (present.length) throw new Error(`the embedded viewer carries ${present.join(', ')}`);
  if (gzipped > embedBudget.gzipBytes) throw new Error(`the embedded viewer is ${gzipped} bytes gzipped, over ${embedBudget.gzipBytes}`);
  return `${gzipped} bytes gzipped`;
});

// The lowest peers' host (see above): the install, then the render.
await check(`install the tarball with the lowest peers (${lowestPeers.map(([n, v]) => `${n}@${v}`).join(', ')})`, async () => {
  await outputOf(started.lowest);
  const wrong = lowestPeers.filter(([n, v]) => JSON.parse(readFileSync(join(lowest, 'node_modules', n, 'package.json'), 'utf8')).version !== v);
  if (wrong.length) throw new Error(`installed other versions than asked for: ${wrong.map(([n]) => n).join(', ')}`);
  return '';
});
copyFileSync(join(root, 'scripts', 'lowest-peers-render.mjs'), join(lowest, 'render.mjs'));
await check('screens render with the lowest peers', () => run('node', ['render.mjs', root], lowest));

if (started.next) {
  await check('the Next.js App Router example (examples/next) builds, is rendered by the server, hydrates without warnings and answers', async () =>
    (await outputOf(started.next)).split('\n').filter((line) => /^[✓✗]|^Next\.js example/.test(line)).join('\n'));
}

await removingPrevious;
const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
mkdirSync(join(root, '.tmp', 'results'), { recursive: true });
writeFileSync(join(root, '.tmp', 'results', 'pack.json'), JSON.stringify({ passed, failed }));
console.log(`package checks: ${passed} passed, ${failed} failed (${((Date.now() - scriptStarted) / 1000).toFixed(1)} s)`);
process.exit(failed ? 1 : 0);
