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

/**
 * Type errors of each source, compiled as .tsx files in tests/docs with the repository's compiler options (one program
 * for all: type-checking the library takes most of the time). CSS imports are typed as a bundler's client types do.
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
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return [...files.keys()].slice(0, sources.length).map((fileName) =>
    diagnostics.filter((d) => d.file?.fileName === fileName).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
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
