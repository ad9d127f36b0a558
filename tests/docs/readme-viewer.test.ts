// @vitest-environment node
/**
 * The README's public form page example is type-checked against the library as it is (with `@ccq/forms-admin/viewer`
 * resolved to `src/viewer.ts`), and says what an integrator needs around it: Mantine's provider and styles,
 * `APIProvider`'s `baseUrl`, CORS (`HOST_ORIGIN`) and where links point (`PUBLIC_FORM_BASE_URL`, `publicBaseUrl`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
const section = readme.split('<!-- example:public-form-page -->')[1] ?? '';
const example = /```tsx\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const notes = section.split('```').slice(2).join('```').split(/^#{2,3} /m)[0] ?? '';
/** The install section's sign-in example (a whole host app) and its install line. */
const hostApp = /```tsx\n([\s\S]*?)```/.exec(readme.split('<!-- example:host-app -->')[1] ?? '')?.[1] ?? '';
const installLine = /```bash\n([\s\S]*?)```/.exec(readme.split('<!-- install-line -->')[1] ?? '')?.[1]?.replace(/\\\n/g, ' ') ?? '';
/** The packages of the install line, `name` or `name@version`. */
const installSpecs = installLine.trim().split(/\s+/).slice(2);
const installed = installSpecs.map((spec) => spec.replace(/(?<=.)@.*$/, ''));
const packageJson = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, unknown> };

/** The package a bare import names (`@scope/name` or `name`), and the subpath after it (`./styles.css`, or `.`). */
function packageOf(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, length).join('/'), subpath: ['.', ...parts.slice(length)].join('/') };
}
const importsOf = (source: string) => [...source.matchAll(/^import (?:[^'"]+ from )?'([^']+)';/gm)].map((m) => m[1] ?? '');

/**
 * Type errors of each source, compiled as .tsx files in tests/docs with the repository's compiler options (one program
 * for all, each example checked alone). CSS imports are typed as a bundler's client types do.
 */
function typeErrors(sources: readonly string[]): string[][] {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json could not be read');
  const files = new Map(sources.map((source, i) => [`${root}tests/docs/readme-public-form-page-${i}.tsx`, source.replaceAll("'@ccq/forms-admin/viewer'", "'../../src/viewer'")]));
  files.set(`${root}tests/docs/readme-css.d.ts`, "declare module '*.css';\n");
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile(name, languageVersion, onError, shouldCreate) : ts.createSourceFile(name, text, languageVersion, true);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options: { ...config.options, noEmit: true, noUnusedLocals: true }, host });
  // Each example's own diagnostics (its syntax, its types, and the program's options and globals): the checker reads
  // of the library what the example reaches, where checking every file of the program took about 10 s of CPU.
  return [...files.keys()].slice(0, sources.length).map((fileName) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(fileName))
      .filter((d) => d.file?.fileName === fileName)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  );
}

describe("the README's public form page", () => {
  it('embeds FormInstanceViewer from the viewer entry inside MantineProvider, with the styles and an APIProvider baseUrl', () => {
    expect(example).toContain("import '@mantine/core/styles.css';");
    expect(example).toMatch(/from '@ccq\/forms-admin\/viewer'/);
    expect(example).toMatch(/<MantineProvider[\s\S]*<APIProvider baseUrl=\{api\}>[\s\S]*<FormInstanceViewer/);
    expect(example).toContain('titleOrder={2}');
  });

  it('says what the server needs: CORS through HOST_ORIGIN, and where links point', () => {
    expect(notes).toContain('HOST_ORIGIN');
    expect(notes).toContain('PUBLIC_FORM_BASE_URL');
    expect(notes).toContain('publicBaseUrl');
  });

  it('compiles, and would not with a wrong prop (the check is real)', () => {
    expect(example).not.toBe('');
    const [asWritten, wrong] = typeErrors([example, example.replace('titleOrder={2}', 'titleOrder={7}')]);
    expect(asWritten).toEqual([]);
    expect(wrong?.length).toBeGreaterThan(0);
  }, 120_000);
});

describe("the README's install line", () => {
  it('names every package the examples import (a strict installer such as pnpm resolves only those), and each subpath is exported', () => {
    expect(installLine).toMatch(/^npm install @ccq\/forms-admin /);
    expect(hostApp).toContain('<LoginCallback onRedirect={navigate} />');
    const imports = [...importsOf(hostApp), ...importsOf(example)];
    expect(imports).toContain('@ccq/forms-admin/styles.css');
    // React and React DOM are the host's own (the README asks for React 19.2 or newer); every other package is installed.
    const notInstalled = imports.map(packageOf).filter(({ name }) => !['react', 'react-dom'].includes(name) && !installed.includes(name));
    expect(notInstalled).toEqual([]);
    const ownSubpaths = imports.map(packageOf).filter(({ name }) => name === '@ccq/forms-admin').map(({ subpath }) => subpath);
    expect(ownSubpaths.filter((subpath) => !(subpath in packageJson.exports))).toEqual([]);
    // Every @mantine/* package on one named version: each takes @mantine/core of exactly its own version as a peer, and
    // the newest of each differ while Mantine publishes them one after another.
    const mantine = installSpecs.filter((spec) => spec.startsWith('@mantine/'));
    expect(mantine.length).toBeGreaterThanOrEqual(4);
    expect(new Set(mantine.map((spec) => /^@mantine\/[^@]+@(\d+\.\d+\.\d+)$/.exec(spec)?.[1] ?? `${spec} (no version)`)).size).toBe(1);
    // No charts package: the dashboard draws its own chart.
    expect(installed.filter((name) => /charts/.test(name))).toEqual([]);
  });
});
