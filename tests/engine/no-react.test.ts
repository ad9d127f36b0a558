// @vitest-environment node
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../../src/engine');
const ALLOWED = [/^\.\/[\w-]+(\/[\w-]+)?$/, /^\.\.\/contract\/[\w-]+$/, /^\.\.\/domain\/[\w/-]+$/, /^\.\.\/api\/(types|enums)$/, /^@cfworker\/json-schema$/];
// One folder down (src/engine/authoring): its own files, the engine's, and the same layers below.
// src/contract (the contract's types, enums and JSON Pointer) is the layer the engine builds on; it imports nothing.
const ALLOWED_IN_FOLDER = [/^\.\/[\w-]+$/, /^\.\.\/[\w-]+$/, /^\.\.\/\.\.\/contract\/[\w-]+$/, /^\.\.\/\.\.\/domain\/[\w/-]+$/, /^\.\.\/\.\.\/api\/(types|enums)$/, /^@cfworker\/json-schema$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.[cm]?[jt]sx?$/.test(name) ? [path] : [];
  });
}

describe('src/engine is React-free and HTTP-free', () => {
  const files = sourceFiles(root);

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it('imports only itself, src/contract, src/domain, the contract types and the validator', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
      const allowed = relative(root, file).includes('/') ? ALLOWED_IN_FOLDER : ALLOWED;
      for (const spec of specifiers) if (!allowed.some((re) => re.test(spec))) offenders.push(`${relative(root, file)} → ${spec}`);
      if (file.endsWith('x')) offenders.push(`${relative(root, file)} is a JSX file`);
      if (/\bfetch\s*\(|XMLHttpRequest|\bdocument\.|\bwindow\./.test(text)) offenders.push(`${relative(root, file)} touches the DOM or the network`);
    }
    expect(offenders).toEqual([]);
  });
});
